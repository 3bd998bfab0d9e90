"""grundy: a workbench for combinatorial games."""

__version__ = "0.1.0"
