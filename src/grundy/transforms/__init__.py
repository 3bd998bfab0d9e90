"""Ruleset -> ruleset constructions (sums; later quantum and demi-quantum)."""

from grundy.transforms.sum import Sum

__all__ = ["Sum"]
