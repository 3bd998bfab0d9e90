"""Rulesets: one module per family of games, each reading like its paper's ruleset box.

Importing this package imports every module in it, and each ruleset module
registers its rulesets with ``@register``; so a new module needs no edit here.
"""

import importlib
import pkgutil

from grundy.rulesets.base import (
    Citation,
    GrundyError,
    IllegalMoveError,
    ImpartialRuleset,
    ParseError,
    Ruleset,
)
from grundy.rulesets.registry import UnknownRulesetError, all_rulesets, get, register

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_module.name}")

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
