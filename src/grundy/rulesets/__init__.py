"""Rulesets: one module per family of games, each reading like its paper's ruleset box."""

from grundy.rulesets import (  # noqa: F401  (importing registers the rulesets)
    avoid_true,
    geography,
    nim,
    node_kayles,
    subtraction,
    transverse_wave,
)
from grundy.rulesets.base import (
    Citation,
    GrundyError,
    IllegalMoveError,
    ImpartialRuleset,
    ParseError,
    Ruleset,
)
from grundy.rulesets.registry import UnknownRulesetError, all_rulesets, get, register

__all__ = [
    "Citation",
    "GrundyError",
    "IllegalMoveError",
    "ImpartialRuleset",
    "ParseError",
    "Ruleset",
    "UnknownRulesetError",
    "all_rulesets",
    "get",
    "register",
]
