"""Drase Desktop: a battlemap for running Drase fights at a physical table."""

__version__ = "0.1.0"
