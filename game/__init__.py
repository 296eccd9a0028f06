"""Card Table: canasta-family games and Cassino. The rules under ``game`` import no pygame."""

DISTRIBUTION = "cardtable"


def __getattr__(name: str) -> str:
    # PEP 562: the version is looked up when first asked for (the main menu's footer, the
    # log's first line, --version), not by every ``import game``.
    if name == "__version__":
        globals()["__version__"] = value = installed_version()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def installed_version() -> str:
    """The one version: pyproject.toml's, as installed ("0+unknown" in a source tree that was
    never installed).

    Read from the installed ``cardtable-*.dist-info/METADATA`` on sys.path, in the order
    importlib.metadata searches it, without importing importlib.metadata, which takes 50 ms
    for the email package it brings, before the main menu's first frame (docs/startup.md).
    Anything else (an egg, a zip, an unusual file) is left to importlib.metadata itself.
    """
    import os
    import sys

    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            lowered = name.lower()
            if not lowered.startswith(DISTRIBUTION + "-"):
                continue
            if lowered.endswith(".dist-info"):
                version = _metadata_version(os.path.join(folder or ".", name, "METADATA"))
                if version:
                    return version
            if lowered.endswith((".dist-info", ".egg-info")):
                return _importlib_version()  # found, but not a plain METADATA file
    return _importlib_version()


def _metadata_version(path: str) -> str | None:
    """The ``Version:`` header of a core metadata file (None if unreadable or absent)."""
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    break  # the headers end at the first empty line
                key, _, value = line.partition(":")
                if key.strip().lower() == "version":
                    return value.strip() or None
    except (OSError, UnicodeDecodeError):
        return None
    return None


def _importlib_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"
