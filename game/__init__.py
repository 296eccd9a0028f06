"""Card Table: canasta-family games and Cassino. The rules under ``game`` import no pygame."""

from importlib.metadata import PackageNotFoundError, version

try:
    # The one version: pyproject.toml's, as installed.
    __version__ = version("cardtable")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
