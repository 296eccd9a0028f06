"""Card Table: canasta-family games and Cassino. The rules under ``game`` import no pygame."""

__version__ = "0.1.0"
