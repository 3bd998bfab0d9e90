"""Impartial misère games: simplest forms, genus, tame/restive/wild (ONAG ch. 12;
WW ch. 13; Siegel 2013, Ch. V), checked against plain misère search."""

from __future__ import annotations

import doctest
import itertools
import random
from functools import cache, reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.search import Budget, BudgetExceeded
from grundy.search.misere_form import misere_form
from grundy.search.naive import naive_grundy, naive_misere_wins
from grundy.values import misere
from grundy.values.misere import MisereError, MisereGame, games_born_by, genus_terms

#: An impartial game as a literal tree: the tuple of its options.
Tree = tuple["Tree", ...]

trees: st.SearchStrategy[Tree] = st.recursive(
    st.just(()), lambda inner: st.lists(inner, max_size=3).map(tuple), max_leaves=6)


@cache
def simplest(tree: Tree) -> MisereGame:
    return MisereGame.of(simplest(t) for t in tree)


@cache
def misere_p(position: tuple[Tree, ...]) -> bool:
    """Plain search of a sum of trees: is it a misère P-position (mover loses)?"""
    moves = [(*position[:i], option, *position[i + 1:])
             for i, component in enumerate(position) for option in component]
    return bool(moves) and all(not misere_p(tuple(sorted(m))) for m in moves)


def nim(*heaps: int) -> MisereGame:
    return reduce(lambda a, b: a + b, (MisereGame.nimber(h) for h in heaps), MisereGame.zero())


def test_doctests() -> None:
    assert doctest.testmod(misere).failed == 0


def test_games_born_by_each_day() -> None:
    """ONAG ch. 12: 1, 2, 3, 5, 22 misère games are born by days 0-4."""
    assert [len(games_born_by(day)) for day in range(5)] == [1, 2, 3, 5, 22]


def test_classic_identities() -> None:
    """WW ch. 13: * + * = 0 in misère play, but *2 + *2 is not 0; {*} = 0."""
    assert nim(1, 1) is MisereGame.zero() and nim(1, 1, 1) is MisereGame.nimber(1)
    assert nim(2, 2) is not MisereGame.zero()
    assert MisereGame.parse("{*}") is MisereGame.zero()
    assert MisereGame.parse("{0,*2}") is MisereGame.nimber(1)
    assert str(MisereGame.parse("{*3, *2, *, 0}")) == "*4"


def test_genus_of_nim_heaps() -> None:
    """0 = 0^120, * = 1^031, *n = n^{n, n⊕2} for n ≥ 2 (ONAG ch. 12; WW ch. 13)."""
    assert MisereGame.zero().genus_text() == "0^120"
    assert MisereGame.nimber(1).genus_text() == "1^031"
    for n in range(2, 9):
        assert MisereGame.nimber(n).genus() == (n, (n, n ^ 2))
    assert MisereGame.nimber(8).genus_text() == "8^8,10"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=4))
def test_genus_of_nim_positions_is_misere_nim(heaps: list[int]) -> None:
    """Bouton's misère rule: with every heap ≤ 1 the genus is 0^120 or 1^031 by parity;
    otherwise x^{x, x⊕2}, x the nim-sum.  Every nim position is tame."""
    x = reduce(lambda a, b: a ^ b, heaps, 0)
    game = nim(*heaps)
    if all(h <= 1 for h in heaps):
        assert game.genus() == ((0, (1, 2, 0)) if x == 0 else (1, (0, 3, 1)))
    else:
        assert game.genus() == (x, (x, x ^ 2))
    assert game.tameness() == "tame"


@settings(max_examples=120, deadline=None)
@given(trees, trees)
def test_simplest_forms_keep_misere_outcomes_in_sums(a: Tree, b: Tree) -> None:
    assert (simplest(a) + simplest(b)).is_p == misere_p(tuple(sorted((a, b))))
    assert simplest(a).misere_value() == 0 if misere_p((a,)) else simplest(a).misere_value() > 0


POOL = [g for g in games_born_by(3)] + [nim(2, 2), nim(2, 3), MisereGame.parse("{0,{*2}}")]


@settings(max_examples=80, deadline=None)
@given(trees, trees)
def test_equal_simplest_forms_are_indistinguishable(a: Tree, b: Tree) -> None:
    if simplest(a) is simplest(b):
        for x in POOL:
            assert (simplest(a) + x).is_p == (simplest(b) + x).is_p


def test_the_22_games_of_day_four_are_told_apart() -> None:
    """Each pair of distinct simplest forms born by day 4 has a distinguishing game X
    (a sum of two of them) with o⁻(G + X) ≠ o⁻(H + X): the 22 classes are real."""
    day4 = games_born_by(4)
    pool = day4 + [a + b for a, b in itertools.combinations_with_replacement(day4, 2)]
    for g, h in itertools.combinations(day4, 2):
        assert any((g + x).is_p != (h + x).is_p for x in pool)


@settings(max_examples=80, deadline=None)
@given(trees)
def test_the_genus_has_settled_by_the_computed_depth(tree: Tree) -> None:
    """Conway: γn alternates with period 2 from some n on; eight more terms than
    ``genus`` computes show nothing new."""
    game = simplest(tree)
    shown = game.genus()[1]
    deeper = genus_terms(game, game.birthday + 12)
    assert deeper[:len(shown)] == shown
    tail = deeper[len(shown) - 2:]
    assert all(tail[i] == tail[i + 2] for i in range(len(tail) - 2))


def _nim_of_genus(game: MisereGame) -> MisereGame:
    plus, terms = game.genus()
    if terms == (1, 2, 0):
        return nim()
    if terms == (0, 3, 1):
        return nim(1)
    return nim(plus) if plus >= 2 else nim(2, 2 ^ plus)


@settings(max_examples=80, deadline=None)
@given(trees, trees)
def test_tame_games_add_like_nim_positions(a: Tree, b: Tree) -> None:
    """ONAG ch. 12: a tame game plays like the nim position of the same genus."""
    g, h = simplest(a), simplest(b)
    if g.tameness() == "tame" and h.tameness() == "tame":
        assert (g + h).genus() == (_nim_of_genus(g) + _nim_of_genus(h)).genus()


def test_restive_and_wild_examples() -> None:
    assert MisereGame.parse("{0,{*2}}").tameness() == "restive"
    assert MisereGame.parse("{0,{*2}}").genus_text() == "1^20"
    wild = MisereGame.parse("{{*2}, {*,*2,{*2}}, {*,{*2},*3}}")
    assert wild.tameness() == "wild" and wild.genus_text() == "1^20431"


@pytest.mark.parametrize("text", ["{*2", "*2 +", "x", "{0 *}", "*99"])
def test_bad_text_is_named(text: str) -> None:
    with pytest.raises(MisereError):
        MisereGame.parse(text)


@pytest.mark.parametrize("name", ["kayles", "dawsons-kayles", "nim", "node-kayles",
                                  "subtraction"])
def test_misere_forms_of_ruleset_positions_agree_with_plain_search(name: str) -> None:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    rng = random.Random(name)
    for _ in range(12):
        position = ruleset.random_position(rng, 4)
        form = misere_form(ruleset, position)
        assert form.is_p == (not naive_misere_wins(ruleset, position))
        assert form.nim_value() == naive_grundy(ruleset, position)


def test_misere_form_takes_a_budget() -> None:
    with pytest.raises(BudgetExceeded):
        misere_form(get("kayles"), (30,), Budget(max_nodes=5))
