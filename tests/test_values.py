"""Canonical partizan games: the seed facts, algebraic laws, and a naive reference.

Facts from seed 001 Ch. 2 (``001_56c9c94dd1ec088e.wrapped.txt``) as listed in
``notes/ferland-thesis.md`` §1, and the pure-value facts of seed 003 Appendix A
(``003_b9b71f74cb16b358.txt`` L490-530, ``notes/black-white-games.md`` §2 and §4).
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.values import Game, Outcome, parse, simplest_number
from grundy.values.naive import (
    LEAF,
    Tree,
    canonical,
    definition_le,
    definition_sum,
    naive_outcome,
    negate,
    wins_moving_first,
)

ZERO, ONE, STAR, UP = Game.zero(), Game.integer(1), Game.nimber(1), Game.up()


def q(text: str) -> Fraction:
    return Fraction(text)


trees = st.recursive(
    st.just(LEAF),
    lambda inner: st.tuples(st.lists(inner, max_size=3).map(tuple),
                            st.lists(inner, max_size=3).map(tuple)),
    max_leaves=7,
)
games = trees.map(canonical)
dyadics = st.builds(lambda a, k: Fraction(a, 2**k), st.integers(-40, 40), st.integers(0, 4))


# -- seed 001 Ch. 2 ---------------------------------------------------------------------


def test_numbers_l278() -> None:
    assert Game.of([ZERO], [ONE]) is Game.number(q("1/2")) is parse("1/2")
    assert Game.of([Game.number(q("1/2"))], [ONE]) is Game.number(q("3/4"))
    assert Game.of([ONE], [Game.integer(2)]) is Game.number(q("3/2"))
    assert Game.of([Game.integer(-2)], [Game.integer(-1)]) is Game.number(q("-3/2"))
    half = Game.number(q("1/2"))
    assert half + half - ONE is ZERO
    assert (half + half + Game.integer(-1)).outcome() is Outcome.P


def test_up_l294() -> None:
    assert UP is Game.of([ZERO], [STAR])
    assert UP.outcome() is Outcome.L
    assert (UP + STAR).outcome() is Outcome.N
    assert (Game.up(2) + STAR).outcome() is Outcome.L
    # "if we add any negative number to ↑ ... Right will win" (L295)
    assert (UP + Game.number(q("-1/8"))).outcome() is Outcome.R


def test_switch_4_2_l347_l336() -> None:
    g = parse("{4|2}")
    assert (g.temperature(), g.mean()) == (1, 3)
    assert (g.left_stop(), g.right_stop()) == (4, 2)
    interval = g.confusion_interval()
    assert (interval.low, interval.high, interval.low_closed, interval.high_closed) == (
        2, 4, True, True)
    assert (g + Game.integer(-3) + STAR).outcome() is Outcome.N  # L310


def test_switch_8_minus_6_l357() -> None:
    g = parse("{8|-6}")
    assert g.temperature() == 7 and g.mean() == 1
    assert g.cool(7) is parse("{1|1}") is Game.integer(1) + STAR
    assert str(g.cool(7)) == "1*"
    assert str(g.confusion_interval()) == "[-6, 8]"
    assert g.cool(7).heat(7) is g


def test_stops_of_4_2_3_minus_2_l303() -> None:
    g = parse("{4|2 || 3|-2}")
    assert g is Game.integer(2)
    assert (g.left_stop(), g.right_stop()) == (2, 2)


def test_temperatures_of_the_three_classes_l347() -> None:
    assert STAR.temperature() == 0 and Game.integer(-3).temperature() == -1
    assert UP.temperature() == 0


def born_by(day: int) -> set[Game]:
    games = {ZERO}
    for _ in range(day):
        pool = sorted(games, key=lambda g: g.id)
        subsets = [s for r in range(len(pool) + 1) for s in itertools.combinations(pool, r)]
        games = {Game.of(a, b) for a in subsets for b in subsets}
    return games


def test_games_born_by_day_l383() -> None:
    assert [len(born_by(day)) for day in range(3)] == [1, 4, 22]
    assert {g.birthday for g in born_by(2)} == {0, 1, 2}
    assert sorted(str(g) for g in born_by(1)) == ["*", "-1", "0", "1"]


# -- seed 003 Appendix A: pure values --------------------------------------------------


def test_appendix_a_small_games_l494() -> None:
    assert ZERO.outcome() is Outcome.P
    assert ONE.outcome() is Outcome.L and ONE > ZERO
    assert Game.integer(-1).outcome() is Outcome.R and Game.integer(-1) < ZERO
    assert STAR.outcome() is Outcome.N and STAR.confused_with(ZERO)
    assert Game.of([Game.integer(-1)], [ONE]) is ZERO  # v(({-1},{1})) = 0 (L530)


def test_simplest_numbers_l525() -> None:
    cases = [((0, 1), "1/2"), ((1, None), "2"), ((q("-3/2"), 5), "0"),
             ((q("1/4"), q("1/2")), "3/8"), ((None, -2), "-3"), ((None, None), "0")]
    for (low, high), expected in cases:
        assert simplest_number(low, high) == q(expected)
    with pytest.raises(ValueError, match="strictly between"):
        simplest_number(1, 1)


@given(dyadics, dyadics)
def test_simplest_number_is_the_game_of_its_ends(a: Fraction, b: Fraction) -> None:
    a, b = min(a, b), max(a, b) + (a == b)
    x = simplest_number(a, b)
    assert a < x < b
    assert Game.of([Game.number(a)], [Game.number(b)]) is Game.number(x)


# -- constructors, fast paths, bad input --------------------------------------------------


def test_constructors_and_kinds() -> None:
    assert Game.nimber(3).nimber_value() == 3 and Game.nimber(3).is_nimber
    assert not UP.is_nimber and UP.nimber_value() is None and not UP.is_number
    assert Game.number(q("3/8")).number() == q("3/8") and STAR.number() is None
    assert Game.up(-2) is -Game.up(2)
    assert UP.is_infinitesimal and STAR.is_infinitesimal and not ONE.is_infinitesimal
    assert (UP + STAR).is_all_small and not parse("{1|-1}").is_all_small
    assert Game.integer(1000).birthday == 1000
    with pytest.raises(ValueError, match="dyadic"):
        Game.number(q("1/3"))
    with pytest.raises(ValueError, match="natural number"):
        Game.nimber(-1)
    with pytest.raises(TypeError, match=r"Game\.of"):
        Game()


@pytest.mark.parametrize("x", ["0", "1", "-2", "3/4", "-5/8"])
@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 4])
@pytest.mark.parametrize("m", [0, 1, 2, 3])
def test_uptimal_fast_path_matches_the_definition(x: str, n: int, m: int) -> None:
    """x + n·↑ + *m through the fast paths against sums built from the definition."""
    ups = ZERO
    for _ in range(abs(n)):
        ups = definition_sum(ups, UP if n > 0 else -UP)
    fast = Game.number(q(x)) + Game.up(n) + Game.nimber(m)
    slow = definition_sum(definition_sum(ups, canonical(nimber_tree(m))), Game.number(q(x)))
    assert fast is slow
    assert fast.uptimal() == (q(x), n, m)
    for other in (ZERO, STAR, UP, Game.up(2) + STAR, Game.number(q(x))):
        assert (fast <= other) == definition_le(fast, other)
        assert (other <= fast) == definition_le(other, fast)


@settings(max_examples=150, deadline=None)
@given(games, st.sampled_from([q("0"), q("1"), q("-3/4")]), st.integers(-2, 2),
       st.integers(0, 2), st.booleans())
def test_uptimal_recognition_matches_a_search_of_every_candidate(
        game: Game, x: Fraction, n: int, m: int, uptimal: bool) -> None:
    """Half the games are x + n·↑ + *m (found exactly), half random (found only when some
    candidate with |n| and m up to the birthday equals them); all-small as the definition."""
    if uptimal:
        game = Game.number(x) + Game.up(n) + Game.nimber(m)

    def all_small(g: Game) -> bool:
        return not (g.left or g.right) or (bool(g.left and g.right) and all(
            all_small(h) for h in g.left + g.right))

    assert game.is_all_small is all_small(game)
    found = game.uptimal()
    bound = game.birthday + 1
    stop = game.left_stop()
    candidates = [(stop, k, j) for k in range(-bound, bound + 1) for j in range(bound + 1)
                  if Game.number(stop) + Game.up(k) + Game.nimber(j) is game]
    assert found == (candidates[0] if candidates else None)
    if uptimal:
        assert found == (x, n, m)


def nimber_tree(m: int) -> Tree:
    options = tuple(nimber_tree(k) for k in range(m))
    return (options, options)


# -- the naive reference on random games ----------------------------------------------


@settings(max_examples=150, deadline=None)
@given(trees, trees)
def test_order_and_outcome_match_plain_search(a: Tree, b: Tree) -> None:
    g, h = canonical(a), canonical(b)
    assert (g - h).outcome() is naive_outcome(a, negate(b))
    assert g.outcome() is naive_outcome(a)
    assert (g <= h) == (not wins_moving_first((a, negate(b)), True))
    assert (g <= h) == definition_le(g, h)
    assert g.confused_with(h) == ((g - h).outcome() is Outcome.N)
    assert g.less_or_confused(h) == (not h <= g)
    assert g.greater_or_confused(h) == (not g <= h)


@settings(max_examples=100, deadline=None)
@given(trees, trees)
def test_sum_matches_the_definition(a: Tree, b: Tree) -> None:
    assert canonical(a) + canonical(b) is definition_sum(canonical(a), canonical(b))


# -- algebraic laws -------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(games, games, games)
def test_group_laws(g: Game, h: Game, k: Game) -> None:
    assert g - g is ZERO
    assert g + h is h + g
    assert (g + h) + k is g + (h + k)
    assert -g + g is ZERO and -(g + h) is -g - h
    assert (-g).left == tuple(sorted((-x for x in g.right), key=lambda x: x.id))
    assert g + ZERO is g


@settings(max_examples=150, deadline=None)
@given(games, games)
def test_order_is_the_outcome_of_the_difference(g: Game, h: Game) -> None:
    assert (g >= h) == ((g - h).outcome() in (Outcome.L, Outcome.P))
    assert (g > h) == ((g - h).outcome() is Outcome.L)
    assert (g == h) == ((g - h).outcome() is Outcome.P)
    assert (g < h) == (h > g)


@settings(max_examples=150, deadline=None)
@given(games)
def test_canonical_form_is_idempotent(g: Game) -> None:
    assert Game.of(g.left, g.right) is g
    for option in g.left:  # no dominated options
        assert not any(option < other for other in g.left)
    for option in g.left:  # no reversible options
        assert not any(back <= g for back in option.right)
    for option in g.right:
        assert not any(other < option for other in g.right)
        assert not any(g <= back for back in option.left)


@settings(max_examples=150, deadline=None)
@given(games)
def test_kinds_agree_with_definitions(g: Game) -> None:
    number = g.number()
    assert g.is_number == (number is not None)
    if number is not None:
        assert g is Game.number(number) and g.left_stop() == g.right_stop() == number
    else:
        assert g.left_stop() >= g.right_stop()
    nimber = g.nimber_value()
    if nimber is not None:
        assert g is Game.nimber(nimber)
    assert g.is_infinitesimal == all(
        Game.number(-eps) < g < Game.number(eps) for eps in (Fraction(1, 64), Fraction(1)))
    assert g.birthday == 1 + max((o.birthday for o in g.left + g.right), default=-1)


@settings(max_examples=150, deadline=None)
@given(games, st.integers(-24, 24).map(lambda a: Fraction(a, 4)))
def test_confusion_interval_holds_exactly_the_confused_numbers(g: Game, x: Fraction) -> None:
    interval = g.confusion_interval()
    assert (x in interval) == g.confused_with(Game.number(x))
    assert (g.left_stop() in interval) == g.confused_with(Game.number(g.left_stop()))


# -- errata (docs/errata.md, seed 001) -----------------------------------------------------

ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()


def num(g: Game) -> Fraction:
    x = g.number()
    assert x is not None
    return x


def first_counterexample(rule: Callable[[Fraction, Fraction], Fraction]) -> str:
    """The first {a | b} over numbers born by day 2 (by birthday, then size) where the
    value is not ``rule(a, b)``."""
    numbers = sorted((g for g in born_by(2) if g.is_number), key=lambda g: g.birthday)
    pairs = sorted(((a, b) for a in numbers for b in numbers if a < b),
                   key=lambda p: (max(p[0].birthday, p[1].birthday),
                                  abs(num(p[0])) + abs(num(p[1])), num(p[0])))
    for a, b in pairs:
        value = num(Game.of([a], [b]))
        if rule(num(a), num(b)) != value:
            return f"{{{a} | {b}}} = {value}"
    raise AssertionError("the rule holds")


def test_erratum_value_of_a_dyadic_game() -> None:
    printed = first_counterexample(lambda low, high: (high - low) / 2)
    midpoint = first_counterexample(lambda low, high: (high + low) / 2)
    assert printed == "{-1 | 0} = -1/2"
    assert midpoint == "{-1 | 1/2} = 0"
    assert "{−1 | 0} = −1/2, printed 1/2" in ERRATA and "{−1 | 1/2} = 0" in ERRATA
    for x in (Fraction(1, 2), Fraction(-3, 4), Fraction(5, 8)):  # canonical forms: midpoint
        g = Game.number(x)
        assert num(g.left[0]) + num(g.right[0]) == 2 * x


def test_erratum_stops_and_temperature() -> None:
    g = parse("{4|2 || 3|-2}")
    assert (g.left_stop(), g.right_stop()) == (2, 2) and "the stops of {4|2 || 3|−2}" in ERRATA
    assert parse("{4|2}").temperature() == 1 and "Printed: {4|2} has temperature 2" in ERRATA
    assert parse("{4|2}").cool(1) is parse("3*")


def test_erratum_numbers_have_temperature_minus_one() -> None:
    numbers = sorted((g for g in born_by(2) if g.is_number),
                     key=lambda g: (g.birthday, -num(g)))
    smallest = next(g for g in numbers if g.temperature() != -1)
    assert str(smallest) == "1/2" and smallest.temperature() == Fraction(-1, 2)
    assert smallest.cool(Fraction(-1, 2)) is parse("1/2*")
    assert "Smallest counterexample (by birthday): 1/2 = {0|1}" in ERRATA
    assert all(Game.integer(n).temperature() == -1 for n in range(-5, 6))


@pytest.mark.parametrize("module", ["grundy.values.game", "grundy.values.notation",
                                    "grundy.search.partizan"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_the_values_interned_at_import_are_canonical_and_named() -> None:
    """``import grundy.values`` interns a small cache of values (in a fresh interpreter,
    so that nothing else has been built): exactly the quarters from −3 to 3, *, *2, ↑, ↓,
    ↑*, ↓* and ±1, each a canonical form."""
    script = """
from fractions import Fraction
from grundy.values.game import _TABLE, Game
interned = set(_TABLE.values())
star, up = Game.nimber(1), Game.up()
named = {Game.number(Fraction(k, 4)) for k in range(-12, 13)} | {
    star, Game.nimber(2), up, -up, up + star, -up + star, Game.of([Game.integer(1)],
                                                                  [Game.integer(-1)])}
assert interned == named, sorted(map(str, interned ^ named))
assert all(Game.of(g.left, g.right) is g for g in interned)
"""
    subprocess.run([sys.executable, "-c", script], check=True)
