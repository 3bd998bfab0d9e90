"""Ruleset -> ruleset constructions (sums, quantum and demi-quantum play)."""

from grundy.transforms.quantum import DemiQuantum, Quantum
from grundy.transforms.sum import Sum

__all__ = ["DemiQuantum", "Quantum", "Sum"]
