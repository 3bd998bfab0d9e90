"""Matchmaker with individual preference lists (seed 004 L460) and the universal-ranking
games as its special cases."""

from __future__ import annotations

import dataclasses
import random

import pytest

from grundy.protocol import ImpartialRuleset, ParseError
from grundy.reductions import get as reduction
from grundy.reductions.matchmaker import universal
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.matchmaker.individual import IndividualMatchmaker, Preferences
from grundy.rulesets.matchmaker.rules import Matching
from grundy.search import Solver
from grundy.search.naive import naive_grundy

GAMES = [get("individual-matchmaker"), get("individual-stubborn-matchmaker")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_text_and_solver(game: ImpartialRuleset[Preferences]) -> None:
    for text in game.examples:
        assert game.format(game.parse(text)) == text
    rng = random.Random(game.name)
    for size in range(7):
        position = game.random_position(rng, size)
        assert game.parse(game.format(position)) == position
        assert Solver(game).grundy(position) == naive_grundy(game, position)


@pytest.mark.parametrize("name", ["matchmaker->individual-matchmaker",
                                  "stubborn-matchmaker->individual-stubborn-matchmaker"])
def test_universal_ranking_is_the_special_case(name: str) -> None:
    assert verify(reduction(name), instances=60, max_size=7, exhaustive=3).ok


def test_empty_boards_agree_with_the_thesis_numbers() -> None:
    """Matchmaker 1..4 per side: 1, 2, 0, 2; Stubborn: 1, 2, 0, 1 (reading notes §2)."""
    plain, stubborn = GAMES
    assert [naive_grundy(plain, universal((0,) * n)) for n in range(1, 5)] == [1, 2, 0, 2]
    assert [naive_grundy(stubborn, universal((0,) * n)) for n in range(1, 5)] == [1, 2, 0, 1]


def test_own_rankings_change_the_game() -> None:
    """Two per side, everyone's first choice the other side's candidate 2: only (2, 2)
    can be first to pair with anyone preferred... the rankings decide the legal moves."""
    game = GAMES[0]
    position = game.parse("2:1-1;W=2,1/1,2;E=2,1/1,2")
    # w1 prefers e2 to e1, e2 prefers w1 to nobody: (1, 2) is legal; with the universal
    # ranking it is not (w1 already has e1, its favourite)
    assert (1, 2) in [m for m, _ in game.moves(position)]
    assert (1, 2) not in [m for m, _ in game.moves(universal((1, 0)))]
    assert naive_grundy(game, position) != naive_grundy(game, universal((1, 0)))


def test_a_reversed_ranking_is_refuted_as_a_special_case() -> None:
    def backwards(matching: Matching) -> Preferences:
        n = len(matching)
        return Preferences(matching, (tuple(range(n, 0, -1)),) * n, (tuple(range(n, 0, -1)),) * n)

    broken = dataclasses.replace(reduction("matchmaker->individual-matchmaker"),
                                 map_position=backwards)
    assert not verify(broken, instances=30).ok


def test_bad_rankings() -> None:
    game = GAMES[0]
    for bad, message in [("2:;W=1,1/1,2", "once each"), ("2:;W=1,2", "2 candidates"),
                         ("2:;X=1,2/2,1", "unexpected")]:
        with pytest.raises(ParseError, match=message):
            game.parse(bad)


def test_individual_rankings_can_make_play_cycle() -> None:
    """docs/errata.md: L460's "we already have a game" fails at two per side -- w1 ranks
    e1 first, w2 ranks e2 first, e1 ranks w2 first, e2 ranks w1 first; from the empty
    board 1-1, 2-1, 2-2, 1-2, 1-1 is a cycle of legal proposals."""
    game = GAMES[0]
    assert isinstance(game, IndividualMatchmaker)
    cycle = game.find_cycle(Preferences((0, 0), ((1, 2), (2, 1)), ((2, 1), (1, 2))))
    assert cycle == [(1, 0), (0, 1), (0, 2), (2, 0), (1, 0)]
    with pytest.raises(ParseError, match="cycle"):
        game.parse("2:;W=1,2/2,1;E=2,1/1,2")
    assert game.find_cycle(universal((0, 0, 0))) is None
