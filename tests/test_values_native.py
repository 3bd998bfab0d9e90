"""Values computed in the native store (``grundy.values.native``: Rust thermographs and
sums) against the Python algorithms, which stay the oracle."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.protocol import Player
from grundy.rulesets import get
from grundy.rulesets.grids.domineering import Board
from grundy.rulesets.heaps.superstars import StarSum, Superstars, sum_wins_first
from grundy.search.partizan import PartizanSolver
from grundy.values import Game, Outcome, native, parse
from grundy.values.naive import definition_sum
from grundy.values.thermograph import Thermograph, thermograph
from test_values import games

pytestmark = pytest.mark.skipif(not native.available(), reason="grundy._native is not built")


def python_thermograph(game: Game) -> Thermograph:
    """The Python algorithm, options first, in a table of its own (no cache shared with
    the native path)."""
    made: dict[int, Thermograph] = {}
    for follower in game._bottom_up(lambda g: g.id not in made):
        made[follower.id] = thermograph(follower, lambda g: made[g.id])
    return made[game.id]


def python_stops(game: Game) -> tuple[Fraction, Fraction]:
    """L(G) = max R(G^L), R(G) = min L(G^R), a number its own stops (seed 001 L305)."""
    x = game.number()
    if x is not None:
        return x, x
    return (max(python_stops(g)[1] for g in game.left),
            min(python_stops(g)[0] for g in game.right))


@settings(max_examples=200, deadline=None)
@given(st.one_of(games, st.builds(lambda g, h: g + h, games, games)))
def test_native_thermographs_and_stops_match_python(g: Game) -> None:
    ours = Thermograph(*native.thermograph(g))
    assert ours == python_thermograph(g)
    assert native.stops(g) == python_stops(g) == (g.left_stop(), g.right_stop())
    assert native.game_of(native.native_id(g)) is g  # the copy is the same canonical form


@settings(max_examples=200, deadline=None)
@given(games, games)
def test_native_sums_match_the_definition(g: Game, h: Game) -> None:
    assert native.sum_of(g, h) is definition_sum(g, h)


def test_the_game_api_uses_the_native_path_with_the_same_answers() -> None:
    """Mean, temperature, walls and sums through ``Game`` on values whose thermographs have
    several breakpoints, against the Python path (``python_only``) on a fresh copy."""
    for text in ("{4|2}", "{{3|1}|{0|-2}} + *", "+-{3|2} + ^", "{5|{2|-1}} + 1/4",
                 "{1Tiny(2)|-3/8}", "{{7|3},{5|4}|{-1|-6}}"):
        game = parse(text)
        assert game.thermograph() == python_thermograph(game)
        assert (game.mean(), game.temperature()) == (
            python_thermograph(game).mast, python_thermograph(game).temperature)


def test_python_only_switches_the_native_path_off() -> None:
    with native.python_only():
        assert not native.available()
    assert native.available()


def test_numbers_past_the_native_range_stay_in_python() -> None:
    """A game holding a number too fine for the native arithmetic stays out of the store."""
    fine = Game.of([Game.number(Fraction(1, 2**30))], [Game.integer(-1)])
    assert not fine._tame and fine.left_stop() == Fraction(1, 2**30)
    assert fine.thermograph() == python_thermograph(fine)
    assert fine + fine is definition_sum(fine, fine)


_stars = st.lists(
    st.tuples(st.lists(st.integers(0, 9), min_size=1, max_size=3),
              st.lists(st.integers(0, 9), min_size=1, max_size=3)),
    min_size=1, max_size=3)


@settings(max_examples=60, deadline=None)
@given(_stars, st.integers(0, 7))
def test_superstar_sums_match_the_slow_path(stars: list[tuple[list[int], list[int]]],
                                            heap: int) -> None:
    """Random small superstar sums: the value (native sums) against sums by the definition
    of the components' values, and the direct win/loss search of the ruleset."""
    position = StarSum(tuple((tuple(sorted(set(a))), tuple(sorted(set(b)))) for a, b in stars),
                       (heap,) if heap else ())
    value = PartizanSolver(Superstars()).value(position)
    slow = Game.nimber(heap)
    for a, b in position.stars:
        slow = definition_sum(slow, Game.of([Game.nimber(x) for x in a],
                                            [Game.nimber(x) for x in b]))
    assert value is slow


def test_ferland_theorem_4_2_4_example() -> None:
    """The example sum of seed 001 (``001_56c9c94dd1ec088e.wrapped.txt`` L754-772): its
    value as the ruleset computes it equals the sum the notation reads, its outcome is the
    direct search's, and the printed value reads back as itself."""
    text = "{*,*2,*16|0}+{*7,*4,*32|0}+{0|*,*2}+{0|*10,*8,*9}+*15"
    ruleset = Superstars()
    value = PartizanSolver(ruleset).value(ruleset.parse(text))
    assert value is parse(text.replace("+", " + "))
    assert parse(str(value)) is value
    position = ruleset.parse(text)
    left, right = (sum_wins_first(position, p) for p in (Player.LEFT, Player.RIGHT))
    assert left and right and value.outcome() is Outcome.N


@st.composite
def domineering_boards(draw: st.DrawFn) -> tuple[int, int, int]:
    """A board of up to 4 by 5 cells with some cells filled: (rows, columns, empty)."""
    rows, columns = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    return rows, columns, draw(st.integers(0, (1 << rows * columns) - 1))


@settings(max_examples=60, deadline=None)
@given(domineering_boards())
def test_kernel_values_answer_from_the_shared_store_without_a_copy(
        shape: tuple[int, int, int]) -> None:
    """The Domineering kernel interns its values in the values layer's store, so stops and
    thermographs are read where the kernel left them (the store does not grow) and agree
    with the Python algorithms."""
    value = PartizanSolver(get("domineering"), engine="native").value(Board(*shape))
    store = native.shared_store()
    size = len(store)
    assert value.thermograph() == python_thermograph(value)
    assert (value.left_stop(), value.right_stop()) == python_stops(value)
    assert len(store) == size  # nothing was copied in


def test_a_kernel_interns_in_the_store_it_was_given() -> None:
    store = _native.GameStore()
    kernel = _native.Domineering(store)
    root, _ = kernel.value(3, 3, 0b111_111_111)
    assert root is not None and kernel.store is store
    assert store.closure(root) == kernel.closure(root)
    assert store.stops(root) == ((1, 0), (-1, 0))  # 3x3 = ±1
    alone, _ = _native.Domineering().value(3, 3, 0b111_111_111)  # a store of its own
    assert alone is not None
