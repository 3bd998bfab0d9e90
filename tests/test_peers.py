"""Differential tests against the peers (issue 16, item 5): pycgt and cgt-py (from the
``bench`` extra) compute the same canonical values on random small positions of the
rulesets they share with grundy.  Their games are rebuilt as grundy Games from their
option lists, never from their printed notation."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset, PartizanRuleset
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.partizan import PartizanSolver
from grundy.values import Game

SEEDS = st.integers(0, 2**32)


def converter(left: Callable[[Any], Any], right: Callable[[Any], Any],
              key: Callable[[Any], Any]) -> Callable[[Any], Game]:
    """Rebuild a peer's game as a grundy Game from its Left and Right options."""
    memo: dict[Any, Game] = {}

    def convert(game: Any) -> Game:
        k = key(game)
        if k not in memo:
            memo[k] = Game.of(map(convert, left(game)), map(convert, right(game)))
        return memo[k]

    return convert


def ours(name: str, seed: int, size: int) -> tuple[str, Game]:
    """A random position of ``name`` (as text) and its value by grundy's solver."""
    ruleset = get(name)
    position = ruleset.random_position(random.Random(seed), size)
    if isinstance(ruleset, ImpartialRuleset):
        return ruleset.format(position), Game.nimber(Solver(ruleset).grundy(position))
    assert isinstance(ruleset, PartizanRuleset)
    return ruleset.format(position), PartizanSolver(ruleset).value(position)


# -- pycgt ---------------------------------------------------------------------------
def pycgt_game(value: Any) -> Game:
    return converter(lambda g: g.left, lambda g: g.right, lambda g: g)(value)


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(1, 9))
def test_clobber_agrees_with_pycgt(seed: int, size: int) -> None:
    clobber = pytest.importorskip("pycgt.rulesets.clobber")
    text, value = ours("clobber", seed, size)
    assert pycgt_game(clobber.value(clobber.board(text.replace("/", "\n")))) is value, text


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(1, 9))
def test_toads_and_frogs_agree_with_pycgt(seed: int, size: int) -> None:
    toads = pytest.importorskip("pycgt.rulesets.toads_and_frogs")
    text, value = ours("toads-and-frogs", seed, size)
    assert pycgt_game(toads.value(text.lower())) is value, text


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.integers(1, 9))
def test_cram_agrees_with_pycgt(seed: int, size: int) -> None:
    cram = pytest.importorskip("pycgt.rulesets.cram")
    text, value = ours("cram", seed, size)
    assert pycgt_game(cram.parse(text.replace("/", "\n"))) is value, text


# -- cgt-py --------------------------------------------------------------------------
def cgt_py_game(value: Any) -> Game:
    return converter(lambda g: g.left_options, lambda g: g.right_options, repr)(value)


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(1, 9))
def test_konane_agrees_with_cgt_py(seed: int, size: int) -> None:
    cgt_py = pytest.importorskip("cgt_py")
    text, value = ours("konane", seed, size)
    assert cgt_py_game(cgt_py.Konane(text.replace("/", "|")).canonical_form) is value, text


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.integers(1, 6))
def test_amazons_agrees_with_cgt_py(seed: int, size: int) -> None:
    cgt_py = pytest.importorskip("cgt_py")
    text, value = ours("amazons", seed, size)
    assert cgt_py_game(cgt_py.Amazons(text.replace("/", "|")).canonical_form) is value, text


@pytest.mark.parametrize(("name", "text"), [
    ("clobber", "xoxo/oxox"), ("clobber", "xxo/oox/x.o"), ("toads-and-frogs", "TTT..FFF"),
    ("toads-and-frogs", "TT.T.FF.F"), ("cram", "3x4"), ("cram", "..../.#../...."),
])
def test_larger_positions_agree_with_pycgt(name: str, text: str) -> None:
    pytest.importorskip("pycgt")
    from pycgt.rulesets import clobber, cram, toads_and_frogs

    ruleset = get(name)
    position = ruleset.parse(text)
    if isinstance(ruleset, ImpartialRuleset):
        value = Game.nimber(Solver(ruleset).grundy(position))
        peer = cram.parse(ruleset.render_text(position))
    else:
        assert isinstance(ruleset, PartizanRuleset)
        value = PartizanSolver(ruleset).value(position)
        peer = (clobber.value(clobber.board(text.replace("/", "\n"))) if name == "clobber"
                else toads_and_frogs.value(text.lower()))
    assert pycgt_game(peer) is value


@pytest.mark.parametrize(("name", "text"), [
    ("konane", "xox./o.o./.ox."), ("konane", "xoxo/oxox/xo../ox.."),
    ("amazons", "x../.../..o"), ("amazons", "x.../...o"),
])
def test_larger_positions_agree_with_cgt_py(name: str, text: str) -> None:
    cgt_py = pytest.importorskip("cgt_py")
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    peer = getattr(cgt_py, name.capitalize())(text.replace("/", "|")).canonical_form
    assert cgt_py_game(peer) is PartizanSolver(ruleset).value(ruleset.parse(text))
