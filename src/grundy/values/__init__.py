"""The algebra of game values.  Imports nothing else of grundy."""

from grundy.values.game import ConfusionInterval, Game, checked, simplest_number
from grundy.values.infinitesimals import AtomicWeightUndefined
from grundy.values.misere import MisereError, MisereGame
from grundy.values.nimber import format_nimber, mex, parse_nimber
from grundy.values.notation import NotationError, parse, to_latex
from grundy.values.outcome import Outcome
from grundy.values.thermograph import Thermograph

__all__ = [
    "AtomicWeightUndefined",
    "ConfusionInterval",
    "Game",
    "MisereError",
    "MisereGame",
    "NotationError",
    "Outcome",
    "Thermograph",
    "checked",
    "format_nimber",
    "mex",
    "parse",
    "parse_nimber",
    "simplest_number",
    "to_latex",
]
