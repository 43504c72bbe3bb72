"""Builders and helpers the tests share (a package on pytest's pythonpath)."""
