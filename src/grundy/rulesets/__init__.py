"""Rulesets: one module per family of games, each reading like its paper's ruleset box.

Each ruleset module registers its rulesets with ``@register``; the registry imports
every module of this package on its first look-up (``registry.load_all``), so a new
module needs no edit here.
"""

from grundy.protocol import (
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
