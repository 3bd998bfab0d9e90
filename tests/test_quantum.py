"""Quantum and demi-quantum transforms (seed 000 §3.1, seed 001 §6.1) and their Nim,
Boolean Nim and Avoid True instances."""

from __future__ import annotations

import random
from collections.abc import Hashable
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.rulesets import ImpartialRuleset, ParseError, get
from grundy.search import Solver, Store
from grundy.search.naive import naive_grundy
from grundy.transforms.quantum import DemiQuantum, Quantum, QuantumMove


def ruleset(name: str) -> ImpartialRuleset[Any]:
    found = get(name)
    assert isinstance(found, ImpartialRuleset)
    return found


QNIM = ruleset("quantum-nim")
DQN = ruleset("demi-quantum-nim")

#: seed 001 Figure 6.1 (notes/ferland-thesis.md §5): position -> the player to move wins.
FIGURE_6_1 = {
    "2,2": True,
    "<(1,2)|(2,1)>": False,
    "<(0,2)|(1,0)|(1,1)>": True,
    "<(0,2)|(1,1)>": True,
    "<(0,2)|(1,1)|(0,1)>": True,
    "<(0,2)|(1,1)|(2,0)>": True,
    "0,1": True,
}


@pytest.mark.parametrize("width", [2, 3, 4, 10, None])
@pytest.mark.parametrize("text", list(FIGURE_6_1))
def test_figure_6_1_quantum_nim(text: str, width: int | None) -> None:
    game = Quantum(ruleset("nim"), width)
    position = game.parse(text)
    assert (Solver(game).grundy(position) != 0) is FIGURE_6_1[text]
    assert (naive_grundy(game, position) != 0) is FIGURE_6_1[text]


def test_figure_7_quantum_move_reaches_a_p_position() -> None:
    """(2,2) is P classically; ⟨(-1,0)|(0,-1)⟩ reaches ⟨(1,2)|(2,1)⟩, a P-position (TW:L289-294)."""
    nim = ruleset("nim")
    assert Solver(nim).grundy((2, 2)) == 0
    after = QNIM.play(QNIM.parse("2,2"), QuantumMove({(0, 1), (1, 1)}))
    assert after == QNIM.parse("<(1,2)|(2,1)>")
    assert QNIM.format_move(QuantumMove({(1, 1), (0, 1)})) == "<0-1|1-1>"
    assert QNIM.parse_move(QNIM.parse("2,2"), "<1-1|0-1>") == QuantumMove({(0, 1), (1, 1)})
    assert Solver(QNIM).grundy(after) == 0


def test_demi_quantum_nim_collapse_example() -> None:
    """TW:L306-322: move (0,0,0,0,-2,0) collapses realizations 2 and 4."""
    start = DQN.parse("<(5,3,0,4,2,2)|(1,3,3,2,1,0)|(0,0,4,6,5,7)|(4,2,5,0,1,2)>")
    assert DQN.play(start, (4, 2)) == DQN.parse("<(5,3,0,4,0,2)|(0,0,4,6,3,7)>")


def test_parametric_names() -> None:
    game = get("quantum(nim,3)")
    assert isinstance(game, Quantum) and game.width == 3 and game.name == "quantum(nim,3)"
    assert isinstance(get("demi-quantum(node-kayles)"), DemiQuantum)
    assert get("quantum(transverse-wave)").name == "quantum(transverse-wave)"


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("quantum-nim", "<(1,2)|2,1>", "realization 1"),
        ("quantum-nim", "<(1,2)", "does not end"),
        ("demi-quantum-nim", "<(1,-2)>", "negative"),
    ],
)
def test_parse_errors(name: str, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        ruleset(name).parse(text)


def test_bad_parametric_names() -> None:
    with pytest.raises(ParseError, match="too small"):
        get("quantum(nim,0)")
    with pytest.raises(ParseError, match="no width"):
        get("demi-quantum(nim,2)")


Rows = tuple[tuple[int, ...], ...]


def variant_d(position: Rows, width: int) -> set[tuple[frozenset[Any], Hashable]]:
    """Quantum Nim moves written straight from the definition (seed 001 @139370)."""
    def classical(heaps: tuple[int, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
        return {(i, q): (*heaps[:i], h - q, *heaps[i + 1:])
                for i, h in enumerate(heaps) for q in range(1, h + 1)}

    tables = [classical(b) for b in position]
    labels = sorted({label for table in tables for label in table})
    found = set()
    for k in range(1, width + 1):
        for chosen in combinations(labels, k):
            if all(any(m in t for t in tables) for m in chosen):
                result = tuple(sorted({t[m] for t in tables for m in chosen if m in t}))
                found.add((frozenset(chosen), result))
    return found


superpositions = st.lists(
    st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=3, unique=True
).map(lambda rows: tuple(sorted(rows)))


@settings(max_examples=60, deadline=None)
@given(superpositions, st.integers(1, 3))
def test_quantum_moves_follow_variant_d(position: Rows, width: int) -> None:
    game = Quantum(ruleset("nim"), width)
    ours = {
        (frozenset(m) if isinstance(m, QuantumMove) else frozenset([m]), child)
        for m, child in game.moves(position)
    }
    assert ours == variant_d(position, width)


@settings(max_examples=40, deadline=None)
@given(superpositions, st.integers(1, 3))
def test_quantum_nim_solver_matches_naive(position: Rows, width: int) -> None:
    game = Quantum(ruleset("nim"), width)
    assert Solver(game).grundy(position) == naive_grundy(game, position)


@settings(max_examples=40, deadline=None)
@given(superpositions)
def test_demi_quantum_is_one_wide_quantum(position: Rows) -> None:
    nim = ruleset("nim")
    assert list(Quantum(nim, 1).moves(position)) == list(DemiQuantum(nim).moves(position))
    assert Solver(DQN).grundy(position) == naive_grundy(DQN, position)


@pytest.mark.parametrize("name", ["nim", "node-kayles", "transverse-wave", "avoid-true"])
def test_one_wide_demi_quantum_is_classical(name: str) -> None:
    base = ruleset(name)
    game = DemiQuantum(base)
    rng = random.Random(name)
    for _ in range(20):
        position = base.random_position(rng, 4)
        assert naive_grundy(game, (position,)) == naive_grundy(base, position)


@pytest.mark.parametrize(
    "name",
    ["demi-quantum-nim", "demi-quantum-boolean-nim", "quantum-nim", "quantum-boolean-nim",
     "quantum-avoid-true", "quantum(transverse-wave,2)"],
)
def test_round_trip_keys_and_pictures(name: str) -> None:
    game = ruleset(name)
    rng = random.Random(name)
    solver = Solver(game)
    for text in game.examples:
        once = game.format(game.parse(text))
        assert game.format(game.parse(once)) == once
    for _ in range(15):
        position = game.random_position(rng, 3)
        assert game.parse(game.format(position)) == position
        assert solver.grundy(position) == naive_grundy(game, position)
        for move, _ in game.moves(position):
            assert game.parse_move(position, game.format_move(move)) == move
    assert game.render_svg(position).startswith("<svg")
    assert game.render_text(position)


@pytest.mark.parametrize("name", ["quantum-nim", "quantum(transverse-wave,2)"])
def test_store_keeps_quantum_values(name: str, tmp_path: Any) -> None:
    game = ruleset(name)
    position = game.random_position(random.Random(name), 3)
    with Store(tmp_path / "store.sqlite") as store:
        value = Solver(game, store=store).grundy(position)
    with Store(tmp_path / "store.sqlite") as store:
        assert store.get("grundy", game.name, game.key(position)) == value
