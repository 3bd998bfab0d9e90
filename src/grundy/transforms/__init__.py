"""Ruleset -> ruleset constructions (sums, quantum and demi-quantum play)."""

# The rulesets package first: its quantum_nim module subclasses grundy.transforms.quantum,
# so that module must be importable while the rulesets package is being initialised.
import grundy.rulesets  # noqa: F401  isort: skip
from grundy.transforms.quantum import DemiQuantum, Quantum
from grundy.transforms.sum import Sum

__all__ = ["DemiQuantum", "Quantum", "Sum"]
