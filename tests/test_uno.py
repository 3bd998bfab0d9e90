"""Uncooperative Uno (seed 002 footnote 6, L340) and its reduction to Undirected Geography."""

from __future__ import annotations

import dataclasses
import random

import pytest

from grundy.protocol import ImpartialRuleset, ParseError
from grundy.reductions import get as reduction
from grundy.reductions.uno import uno_to_undirected_geography
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.geography.uno import UnoPosition
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.search import Solver
from grundy.search.naive import naive_grundy

UNO = get("uncooperative-uno")
assert isinstance(UNO, ImpartialRuleset)


def test_text_moves_and_solver() -> None:
    for text in UNO.examples:
        assert UNO.format(UNO.parse(text)) == text
    position = UNO.parse("G2,R1|B2,R3;top=G3")
    assert [UNO.format_move(m) for m, _ in UNO.moves(position)] == ["G2"]
    after = UNO.play(position, ("G", 2))
    assert UNO.format(after) == "B2,R3|R1;top=G2"
    # B2 answers G2 by rank; R1 cannot answer B2; R3 is never playable: B2 wins
    assert naive_grundy(UNO, position) == 0
    rng = random.Random(2)
    for _ in range(60):
        position = UNO.random_position(rng, rng.randint(1, 8))
        assert UNO.parse(UNO.format(position)) == position
        assert Solver(UNO).grundy(position) == naive_grundy(UNO, position)
    for bad, message in [("R1", "two hands"), ("R1,R1|G2", "twice"), ("1R|G2", "not a card"),
                         ("R1|G2;bottom=R2", "top=")]:
        with pytest.raises(ParseError, match=message):
            UNO.parse(bad)


def test_reduction_to_undirected_geography_is_verified() -> None:
    found = reduction("uncooperative-uno->undirected-geography")
    assert verify(found, instances=150, max_size=8).ok


def test_dropping_the_top_card_is_refuted() -> None:
    """Without the top card's restriction the first player may start anywhere."""
    def any_start(position: UnoPosition) -> GeographyPosition:
        return uno_to_undirected_geography(position._replace(top=None))

    broken = dataclasses.replace(reduction("uncooperative-uno->undirected-geography"),
                                 map_position=any_start)
    assert not verify(broken, instances=150, max_size=8).ok
