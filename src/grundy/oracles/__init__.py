"""The three-oracle model and the algorithms that work in it (Ferland 2024, Ch. 5)."""

from grundy.oracles.algorithms import Location, identify_nimber, locate
from grundy.oracles.model import Counting, OracleError, Oracles, RulesetOracles, ValueOracles

__all__ = [
    "Counting",
    "Location",
    "OracleError",
    "Oracles",
    "RulesetOracles",
    "ValueOracles",
    "identify_nimber",
    "locate",
]
