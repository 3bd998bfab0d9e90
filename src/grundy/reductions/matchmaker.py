"""Matchmaker and Stubborn Matchmaker are the individual-preference games where every
candidate ranks the other side by index (seed 004, ``004_d08755248cee49c5.txt`` L460,
L486-500): the same matching, the universal rankings, the same move labels."""

from __future__ import annotations

from typing import Any

from grundy.protocol import Citation, Move
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.matchmaker.individual import Preferences, by_index
from grundy.rulesets.matchmaker.rules import Matching

BURKE = "004_d08755248cee49c5.txt"


def universal(matching: Matching) -> Preferences:
    """The matching with everyone ranking the other side by index."""
    return Preferences(matching, by_index(len(matching)), by_index(len(matching)))


def same_label(_: Any, move: Move) -> Move:
    return move


for _source, _target, _lines in (
    ("matchmaker", "individual-matchmaker", "L460, L486"),
    ("stubborn-matchmaker", "individual-stubborn-matchmaker", "L460, L496-500"),
):
    register(Reduction(
        name=f"{_source}->{_target}", source=_source, target=_target, kind=Kind.SPECIAL_CASE,
        map_position=universal, citation=Citation(BURKE, _lines, "universal ranking"),
        summary="everyone ranks the other side by index", map_move=same_label,
    ))
