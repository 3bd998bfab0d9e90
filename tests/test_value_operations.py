"""Value operations (issue 16, item 1): worked examples from Winning Ways, ONAG and
Siegel's Combinatorial Game Theory, and the theorems they rest on as properties."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.values import Game, Outcome, infinitesimals, operations, parse
from grundy.values.infinitesimals import (
    AtomicWeightUndefined,
    atomic_weight,
    far_star,
    inf_le,
    ish,
    reduced_canonical_form,
)
from grundy.values.naive import LEAF, Tree, canonical, naive_outcome
from grundy.values.operations import (
    conjunctive_sum,
    followers,
    heat,
    incentives,
    is_dicotic,
    is_even_tempered,
    is_odd_tempered,
    norton_product,
    ordinal_sum,
    overheat,
    selective_sum,
)

ZERO, ONE, STAR, UP = Game.zero(), Game.integer(1), Game.nimber(1), Game.up()

trees = st.recursive(
    st.just(LEAF),
    lambda inner: st.tuples(st.lists(inner, max_size=3).map(tuple),
                            st.lists(inner, max_size=3).map(tuple)),
    max_leaves=7,
)
games = trees.map(canonical)


def _dicotic(tree: Tree) -> Tree:
    """Make a tree dicotic: a node with options on one side only loses them."""
    left, right = tree
    if not left or not right:
        return LEAF
    return (tuple(_dicotic(t) for t in left), tuple(_dicotic(t) for t in right))


all_small = trees.map(lambda t: canonical(_dicotic(t)))
positives = st.sampled_from(["1", "2", "^", "^^*", "{2|1}+3", "1/2"]).map(parse)


def test_doctests() -> None:
    assert doctest.testmod(operations).failed == 0
    assert doctest.testmod(infinitesimals).failed == 0


# -- atomic weight (WW ch. 8; Siegel 2013, Ch. II §7) ----------------------------------


@pytest.mark.parametrize(("game", "weight"), [
    ("^", "1"), ("v", "-1"), ("^*", "1"), ("^^", "2"), ("^3*5", "3"), ("*", "0"),
    ("*7", "0"), ("0", "0"), ("{0|^}", "2"), ("{0|v}", "0"), ("{^|v}", "0"),
])
def test_atomic_weights_of_ups_and_nimbers(game: str, weight: str) -> None:
    assert atomic_weight(parse(game)) is parse(weight)


def test_atomic_weight_can_be_a_non_integer_game() -> None:
    # G° = {aw(⇑) − 2 | aw(⇓) + 2} = {0|0} = * is not an integer, so it is the answer.
    assert atomic_weight(parse("{^^|vv}")) is STAR
    # {⇑* ... }: options of weight 3 and −3 give {1|-1} = ±1
    assert atomic_weight(parse("{^3|v3}")) is parse("+-1")


@pytest.mark.parametrize("game", ["1", "{1|0}", "1/2", "{0||0|-2}", "{0|{0|}}"])
def test_atomic_weight_is_not_defined_off_all_small_games(game: str) -> None:
    with pytest.raises(AtomicWeightUndefined, match="not defined"):
        parse(game).atomic_weight()


@settings(max_examples=120, deadline=None)
@given(all_small, all_small)
def test_atomic_weights_add(g: Game, h: Game) -> None:
    assert atomic_weight(g + h) is atomic_weight(g) + atomic_weight(h)


@settings(max_examples=120, deadline=None)
@given(games)
def test_atomic_weight_undoes_the_norton_product_by_up(g: Game) -> None:
    """Siegel 2013, Ch. II §7: aw(G.↑) = G for every G (eccentric cases included)."""
    assert atomic_weight(norton_product(g, UP)) is g


@settings(max_examples=120, deadline=None)
@given(all_small)
def test_two_ahead_rule(g: Game) -> None:
    """WW ch. 8: aw ≥ 2 means Left wins; aw ≥ 1 means Left wins moving first."""
    weight = atomic_weight(g)
    if weight >= Game.integer(2):
        assert g > ZERO
    if weight >= ONE:
        assert ZERO.less_or_confused(g)
    if weight <= Game.integer(-2):
        assert g < ZERO


@settings(max_examples=80, deadline=None)
@given(all_small)
def test_the_far_star_is_far_enough(g: Game) -> None:
    star, farther = far_star(g), Game.nimber(4 * (far_star(g).nimber_value() or 1))
    assert (g > star, g < star) == (g > farther, g < farther)


# -- ish and the reduced canonical form (Siegel 2013, Ch. II §6) ------------------------


def test_ish_examples() -> None:
    assert ish(parse("2^*"), parse("2")) and ish(parse("{0|v}"), ZERO)
    assert not ish(parse("+-1"), ZERO) and not ish(parse("1/2"), ZERO)
    assert parse("{1|0}+^").ish(parse("{1|0}"))
    assert inf_le(UP, ZERO) and inf_le(ZERO, UP) and not inf_le(ONE, parse("{1|0}"))


@pytest.mark.parametrize(("game", "reduced"), [
    ("3^*", "3"), ("{0|v}", "0"), ("{2|^}", "{2|0}"), ("{1*|-1}", "+-1"), ("{1|0}+^", "{1|0}"),
    ("{4|2}", "{4|2}"), ("{3||2|1*}", "{3||2|1}"), ("{1|0}+{1|0}", "{1|0}+{1|0}"),
])
def test_reduced_canonical_forms(game: str, reduced: str) -> None:
    assert reduced_canonical_form(parse(game)) is parse(reduced)


@settings(max_examples=150, deadline=None)
@given(games, games, all_small)
def test_reduced_canonical_form_is_the_ish_class(g: Game, h: Game, small: Game) -> None:
    reduced = g.reduced()
    assert ish(reduced, g) and reduced.reduced() is reduced
    assert reduced.birthday <= g.birthday
    assert (g + small).reduced() is reduced  # all-small games are infinitesimal
    assert ish(g, h) == (h.reduced() is reduced)


# -- heating, overheating, Norton product (WW ch. 6; ONAG ch. 15; Siegel Ch. II) -------


def test_heating_examples() -> None:
    assert heat(STAR, ONE) is parse("+-1")  # ∫*, the switch ±1
    assert heat(UP, ONE) is parse("{1||0|-2}")
    assert heat(parse("1/2"), ONE) is parse("1/2")  # numbers stay put
    assert heat(STAR, STAR) is parse("{*|*}")  # heating by a game: {0 + * | 0 − *} = 0
    assert Game.nimber(2).heat(Fraction(1, 2)) is heat(Game.nimber(2), parse("1/2"))


@settings(max_examples=150, deadline=None)
@given(games, st.sampled_from([1, 2, 3]))
def test_heating_then_cooling_gives_the_game_back(g: Game, t: int) -> None:
    assert g.heat(t).cool(t) is g


@pytest.mark.parametrize(("game", "frozen"), [
    ("+-1", "*"), ("{3|-1}", "1*"), ("{4|2}", "3*"), ("{5|3||-3}", "1/2*"),
    ("{1|-1}+{2|-2}", "*"),  # ±1 is cooled past its temperature, ±2 to *: WW ch. 6
    ("1/2", "1/2"), ("^", "^"), ("*2", "*2"),  # numbers and tepid games are already cold
])
def test_freezing_examples(game: str, frozen: str) -> None:
    assert parse(game).freeze() is parse(frozen)


@settings(max_examples=150, deadline=None)
@given(games)
def test_a_frozen_game_is_infinitely_close_to_its_mean(g: Game) -> None:
    frozen = g.freeze()
    assert ish(frozen, Game.number(g.mean())) and frozen.mean() == g.mean()
    assert frozen.temperature() <= 0 and frozen.freeze() is frozen


def test_overheating_examples() -> None:
    assert overheat(Game.integer(3), Game.integer(2), STAR) is Game.integer(6)  # n·s
    assert overheat(parse("1/2"), ONE, parse("1*")) is parse("{1*|*}")
    assert overheat(STAR, ONE, ONE) is heat(STAR, ONE)  # no integers inside but 0 = 0·s


def test_norton_product_examples() -> None:
    assert norton_product(Game.integer(3), UP) is Game.up(3)
    assert norton_product(Game.integer(-2), UP) is Game.up(-2)
    assert norton_product(parse("1/2"), ONE) is parse("1/2")
    assert norton_product(parse("1/2"), Game.integer(2)) is parse("1*")  # 1* + 1* = 2
    half_up = norton_product(parse("1/2"), UP)
    assert half_up + half_up is UP


@settings(max_examples=100, deadline=None)
@given(games, games, positives)
def test_norton_product_is_additive_and_monotone(g: Game, h: Game, unit: Game) -> None:
    """Siegel 2013, Ch. II: for U > 0, G ↦ G.U is an order-embedding homomorphism."""
    assert norton_product(g + h, unit) is norton_product(g, unit) + norton_product(h, unit)
    assert (g <= h) == (norton_product(g, unit) <= norton_product(h, unit))


# -- incentives, followers, birthday, tempers, dicotic ----------------------------------


def test_incentives_followers_birthdays() -> None:
    assert set(incentives(UP)) == {parse("v"), parse("^*")}
    assert incentives(parse("{4|2}")) == (parse("{2|0}"),)  # both incentives equal
    assert incentives(ZERO) == ()
    assert set(followers(UP)) == {ZERO, STAR, UP} and UP.followers() == followers(UP)
    assert len(followers(Game.nimber(5))) == 6
    birthdays = {"0": 0, "*": 1, "^": 2, "*2": 2, "1/2": 2, "^^": 3, "+-1": 2, "3": 3}
    assert {text: parse(text).birthday for text in birthdays} == birthdays


@pytest.mark.parametrize(("game", "even", "odd"), [
    ("0", True, False), ("1/2", True, False), ("*", False, True), ("+-1", False, True),
    ("{2|1}", False, True), ("^", False, False), ("^*", False, False), ("*2", False, False),
    ("{3|1||-1|-3}", True, False),
])
def test_tempers(game: str, even: bool, odd: bool) -> None:
    assert (is_even_tempered(parse(game)), is_odd_tempered(parse(game))) == (even, odd)
    assert (parse(game).is_even_tempered, parse(game).is_odd_tempered) == (even, odd)


@settings(max_examples=150, deadline=None)
@given(games, games)
def test_tempers_add_like_parities(g: Game, h: Game) -> None:
    parities = [(1 if x.is_odd_tempered else 0) if x.is_odd_tempered or x.is_even_tempered
                else None for x in (g, h)]
    if None not in parities:
        total = g + h
        odd = sum(p for p in parities if p is not None) % 2
        assert total.is_odd_tempered if odd else total.is_even_tempered


@settings(max_examples=150, deadline=None)
@given(trees)
def test_dicotic_forms_have_all_small_canonical_forms(tree: Tree) -> None:
    small = canonical(_dicotic(tree))
    assert is_dicotic(small) and small.is_all_small
    g = canonical(tree)
    assert is_dicotic(g) == g.is_all_small


# -- ordinal, conjunctive and selective sums (ONAG ch. 14-15; WW ch. 2, 9) -------------


def _hackenbush_string(edges: list[bool]) -> Game:
    """A Red-Blue Hackenbush string (True = blue), as ordinal sums from the ground."""
    value = ZERO
    for blue in edges:
        value = ordinal_sum(value, ONE if blue else -ONE)
    return value


def _berlekamp(edges: list[bool]) -> Fraction:
    """Berlekamp's rule for strings: ±1 per edge until the colour first changes, then
    ±1/2, ±1/4, ... (WW vol. 1, Hackenbush strings)."""
    value, step, changed = Fraction(0), Fraction(1), False
    for i, blue in enumerate(edges):
        changed = changed or (i > 0 and blue != edges[0])
        if changed:
            step /= 2
        value += step if blue else -step
    return value


def test_ordinal_sum_examples() -> None:
    assert ordinal_sum(ONE, -ONE) is parse("1/2")
    assert _hackenbush_string([True, False, False]) is parse("1/4")
    assert _hackenbush_string([False, True, True]) is parse("-1/4")
    assert ordinal_sum(STAR, ONE) is parse("^*")  # a blue edge on a green one
    assert ordinal_sum(UP, ZERO) is UP


@settings(max_examples=150, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=9))
def test_hackenbush_strings_follow_berlekamps_rule(edges: list[bool]) -> None:
    assert _hackenbush_string(edges).number() == _berlekamp(edges)


@settings(max_examples=150, deadline=None)
@given(games, games)
def test_ordinal_sum_sign_rule(g: Game, h: Game) -> None:
    """G:H − G has the outcome of H (the colon principle, ONAG ch. 15)."""
    assert (ordinal_sum(g, h) - g).outcome() is h.outcome()


def test_conjunctive_and_selective_sums_of_nim_heaps() -> None:
    """ONAG ch. 14: a selective compound of impartial games is a P-position exactly when
    every component is; a conjunctive one ends with its first finished component."""
    for a in range(4):
        for b in range(4):
            x, y = Game.nimber(a), Game.nimber(b)
            assert (selective_sum(x, y).outcome() is Outcome.P) == (a == b == 0)
            assert (conjunctive_sum(x, y).outcome() is Outcome.P) == (a == 0 or b == 0)


@settings(max_examples=100, deadline=None)
@given(games, games)
def test_compounds_commute_and_play_out(g: Game, h: Game) -> None:
    assert conjunctive_sum(g, h) is conjunctive_sum(h, g)
    assert selective_sum(g, h) is selective_sum(h, g)
    assert selective_sum(g, ZERO) is g and conjunctive_sum(g, ZERO) is ZERO
    # the compound's outcome is that of plain play on the two canonical forms
    assert conjunctive_sum(g, h).outcome() is naive_outcome(_conjunctive_tree(g, h))
    assert selective_sum(g, h).outcome() is naive_outcome(_selective_tree(g, h))


def _tree(g: Game) -> Tree:
    return (tuple(_tree(x) for x in g.left), tuple(_tree(x) for x in g.right))


def _conjunctive_tree(g: Game, h: Game) -> Tree:
    return (tuple(_conjunctive_tree(x, y) for x in g.left for y in h.left),
            tuple(_conjunctive_tree(x, y) for x in g.right for y in h.right))


def _selective_tree(g: Game, h: Game) -> Tree:
    def side(a: tuple[Game, ...], b: tuple[Game, ...]) -> tuple[Tree, ...]:
        return (tuple(_selective_tree(x, h) for x in a) + tuple(_selective_tree(g, y) for y in b)
                + tuple(_selective_tree(x, y) for x in a for y in b))

    return (side(g.left, h.left), side(g.right, h.right))
