"""The algebra of game values.  Imports nothing else of grundy."""

from grundy.values.nimber import format_nimber, mex, parse_nimber
from grundy.values.outcome import Outcome

__all__ = ["Outcome", "format_nimber", "mex", "parse_nimber"]
