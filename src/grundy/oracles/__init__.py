"""The three-oracle model and the algorithms that work in it (Ferland 2024, Ch. 5)."""

from grundy.oracles.algorithms import Location, identify_nimber, locate
from grundy.oracles.model import Counting, OracleError, Oracles, RulesetOracles, ValueOracles
from grundy.oracles.winning_way import WinningWay, winning_way_nimber

__all__ = [
    "Counting",
    "Location",
    "OracleError",
    "Oracles",
    "RulesetOracles",
    "ValueOracles",
    "WinningWay",
    "identify_nimber",
    "locate",
    "winning_way_nimber",
]
