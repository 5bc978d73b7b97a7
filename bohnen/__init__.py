"""bohnen: the reference digital edition of three bean card games."""

__version__ = "0.1.0"
