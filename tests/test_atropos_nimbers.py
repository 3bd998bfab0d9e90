"""Atropos nimbers in Rust (issue 27.1) against the Python search, under both suicide
conventions, and the census of every position reachable from the start."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import api
from grundy.cli.main import cli
from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.atropos.rules import (
    AtroposPosition,
    bad_triangles,
    colour_cell,
    start,
    state_of,
)
from grundy.rulesets.atropos.search import first_player_wins, nimber_census
from grundy.search import Budget, BudgetExceeded, Solver
from grundy.values import Game

NAMES = ["atropos", "unrestricted-atropos", "atropos-with-suicide",
         "unrestricted-atropos-with-suicide"]


def ruleset(name: str) -> ImpartialRuleset[AtroposPosition]:
    found = get(name)
    assert isinstance(found, ImpartialRuleset)
    return found


def random_position(rng: random.Random, name: str, n: int, moves: int) -> AtroposPosition:
    """``moves`` random moves from the start (fewer if the game ends), suicidal ones
    included where the rules keep them."""
    rules, position = ruleset(name), start(n)
    for _ in range(moves):
        options = [child for _, child in rules.moves(position)]
        if not options or bad_triangles(position):
            break
        position = rng.choice(options)
    return position


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(0, 10), st.randoms(use_true_random=False))
def test_native_nimbers_agree_with_the_python_search(
    name: str, n: int, moves: int, rng: random.Random
) -> None:
    position = random_position(rng, name, n, moves if n < 4 else max(moves, 4))
    native = Solver(ruleset(name), engine="native").grundy(position)
    assert native == Solver(ruleset(name), engine="python").grundy(position)


def test_grundy_value_prints_the_nimber() -> None:
    """Issue 27: the example printed *3 before Atropos was searched for outcomes only."""
    for engine in ("auto", "native", "python"):
        result = CliRunner().invoke(
            cli, ["value", "atropos", "./.G/.BB/.Bg./.....", "--engine", engine])
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[0] == "*3"
    moves = CliRunner().invoke(cli, ["moves", "atropos", "./.G/.BB/.Bg./.....", "--json"])
    assert moves.exit_code == 0, moves.output
    assert api.position("atropos", "./.G/.BB/.Bg./.....").value() == Game.nimber(3)


def test_a_lost_position_is_valued_by_the_outcome_search() -> None:
    """Size 6 is lost (0) by the fast outcome search, in far fewer states than its
    nimber search needs (it is stopped by the same budget)."""
    assert not first_player_wins(6)
    assert Solver(ruleset("atropos"), Budget(max_nodes=1_000_000)).grundy(start(6)) == 0
    with pytest.raises(BudgetExceeded):
        Solver(ruleset("atropos"), Budget(max_nodes=1_000_000)).grundy(
            colour_cell(start(6), (1, 1, 1)))


@pytest.mark.parametrize(("n", "largest"), [(2, (1, 2)), (3, (4, 5)), (4, (4, 5))])
def test_the_census_finds_the_largest_value_the_python_walk_finds(
    n: int, largest: tuple[int, int]
) -> None:
    """The Python walk over every reachable position (tests/test_atropos.py) gives the
    largest values; the census's witnesses have the values it says (by the Python
    search)."""
    for suicide, expected in zip((False, True), largest, strict=True):
        census = nimber_census(n, state_of(start(n)), suicide=suicide)
        assert census.largest == expected
        name = "atropos-with-suicide" if suicide else "atropos"
        solver = Solver(ruleset(name), engine="python")
        for value, path in enumerate(census.witnesses):
            if not census.counts[value]:
                continue
            position = start(n)
            for k, colour in path:
                position = colour_cell(position, (*position.board.cells[k], colour))
            assert solver.grundy(position) == value


def test_the_census_cli_and_a_bounded_table() -> None:
    result = CliRunner().invoke(cli, ["atropos", "nimbers", "4", "--suicide", "--table", "64"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("value *2; largest value reachable *5")
    whole = nimber_census(4, state_of(start(4)), suicide=True)
    bounded = nimber_census(4, state_of(start(4)), suicide=True, capacity=64)
    assert (bounded.nimber, bounded.largest) == (whole.nimber, whole.largest)
    assert bounded.nodes >= whole.nodes == sum(whole.counts)


def test_ferland_s_largest_nimber_is_exceeded_at_size_5() -> None:
    """Ferland 2024 (seed 001 L1558) gives *6 as Atropos's largest value; with suicidal
    moves as moves to a value-1 end (Burke 2009, Def 2.1.6) this size-5 position, found
    by ``grundy atropos nimbers 5 --suicide``, is *7 (docs/errata.md); dropped, *6."""
    text = "./../.../RRR./.RrB."
    for name, expected in (("atropos", 6), ("atropos-with-suicide", 7)):
        rules = ruleset(name)
        position = rules.parse(text)
        for engine in ("native", "python"):
            assert Solver(rules, engine=engine).grundy(position) == expected
