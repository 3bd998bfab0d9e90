"""Black-white Geography and its equivalence with Geography on bipartite graphs (seed 003,
Appendix B, L534)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from grundy.protocol import GrundyError, ParseError, PartizanRuleset, Player
from grundy.reductions import get as reduction
from grundy.reductions.black_white import geography_to_black_white
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.geography.black_white import ColouredGeography
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import Outcome

BW = get("black-white-geography")
assert isinstance(BW, PartizanRuleset)
EQUIVALENCE = reduction("geography->black-white-geography")


def test_round_trip_and_moves() -> None:
    for text in BW.examples:
        assert BW.format(BW.parse(text)) == text
    position = BW.parse("3;0>1,0>2,1>2;start=0;black=1")
    assert [m for m, _ in BW.moves(position, Player.LEFT)] == [1]
    assert [m for m, _ in BW.moves(position, Player.RIGHT)] == [2]
    with pytest.raises(ParseError, match="start"):
        BW.parse("2;0>1;black=1")


def test_search_matches_the_naive_value_on_any_colouring() -> None:
    """On non-bipartite colourings both players may move: a real partizan game."""
    rng = random.Random(7)
    solver = PartizanSolver(BW)
    for _ in range(60):
        position = BW.random_position(rng, rng.randint(1, 7))
        assert solver.value(position) is naive_value(BW, position), BW.format(position)


def test_equivalence_on_bipartite_graphs_is_verified() -> None:
    assert verify(EQUIVALENCE, instances=150, max_size=9).ok


def test_the_wrong_colouring_is_refuted() -> None:
    """Colouring the token's side black leaves Black no move: the promise then fails."""
    def swapped(position: GeographyPosition) -> ColouredGeography:
        image = geography_to_black_white(position)
        return image._replace(black=((1 << image.n) - 1) & ~image.black)

    broken = dataclasses.replace(EQUIVALENCE, map_position=swapped)
    assert not verify(broken, instances=60, max_size=6).ok


def test_odd_cycles_are_refused_and_a_triangle_lets_both_move() -> None:
    geography = get("geography")
    with pytest.raises(GrundyError, match="odd cycle"):
        geography_to_black_white(geography.parse("3;0>1,1>2,2>0;start=0"))
    # On a triangle both players can move from the start; whoever moves first gets
    # stuck two moves later: 0 -> 1 (Black) -> 2 (White), or 0 -> 2 (White) -> 1 (Black).
    triangle = BW.parse("3;0>1,1>2,2>0,0>2,1>0,2>1;start=0;black=1")
    assert all(list(BW.moves(triangle, player)) for player in Player)
    assert PartizanSolver(BW).outcome(triangle) is Outcome.P
