"""The partizan quantum transform (seed 001 §6.4.4): Quantum Snort, Quantum Bigraph Node
Kayles, and Schaefer's Partition-Free QBF -> Avoid True reduction, classical and
quantum (§6.4.3)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError, PartizanRuleset, Player
from grundy.reductions import get as reduction
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.transforms.quantum import PartizanQuantum, QuantumMove, superpose


def partizan(name: str) -> PartizanRuleset[Any]:
    found = get(name)
    assert isinstance(found, PartizanRuleset)
    return found


def definition_moves(game: PartizanQuantum, position: tuple[Hashable, ...],
                     player: Player) -> set[tuple[frozenset[Any], Hashable]]:
    """Quantum moves written straight from variant D (seed 001 @139370) for one player."""
    base = partizan(game.base.name)
    tables = [dict(base.moves(b, player)) for b in position]
    labels = {label for table in tables for label in table}
    assert game.width is not None
    found: set[tuple[frozenset[Any], Hashable]] = set()
    for k in range(1, game.width + 1):
        for chosen in combinations(labels, k):
            if all(any(m in t for t in tables) for m in chosen):
                result = superpose(t[m] for t in tables for m in chosen if m in t)
                found.add((frozenset(chosen), result))
    return found


GAMES = ["quantum-snort", "quantum-bigraph-node-kayles", "quantum(col,3)",
         "demi-quantum(snort)"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.sampled_from(list(Player)))
def test_partizan_quantum_moves_follow_variant_d(name: str, seed: int, player: Player) -> None:
    game = partizan(name)
    assert isinstance(game, PartizanQuantum)
    position = game.random_position(random.Random(seed), 6)
    ours = {(frozenset(m) if isinstance(m, QuantumMove) else frozenset([m]), child)
            for m, child in game.moves(position, player)}
    assert ours == definition_moves(game, position, player)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_partizan_quantum_solver_matches_naive(name: str, seed: int) -> None:
    game = partizan(name)
    position = game.random_position(random.Random(seed), 6)
    assert PartizanSolver(game).value(position) == naive_value(game, position)


@pytest.mark.parametrize("name", ["snort", "black-white-node-kayles", "col"])
def test_one_wide_partizan_quantum_is_classical(name: str) -> None:
    base = partizan(name)
    one_wide = partizan(f"demi-quantum({name})")
    rng = random.Random(name)
    for _ in range(20):
        position = base.random_position(rng, 5)
        assert naive_value(one_wide, (position,)) == naive_value(base, position)


@pytest.mark.parametrize("name", ["quantum-snort", "quantum-bigraph-node-kayles",
                                  "quantum(partition-free-qbf,2)", "partition-free-qbf"])
def test_round_trip_moves_and_pictures(name: str) -> None:
    game = partizan(name)
    rng = random.Random(name)
    for text in game.examples:
        once = game.format(game.parse(text))
        assert game.format(game.parse(once)) == once
    for _ in range(10):
        position = game.random_position(rng, 4)
        assert game.parse(game.format(position)) == position
        for player in Player:
            for move, child in game.moves(position, player):
                text = game.format_move(move)
                assert game.play(position, game.parse_move(position, text, player), player) == child
    assert game.render_svg(position).startswith("<svg")


def test_quantum_move_text_in_any_order() -> None:
    game = partizan("quantum-snort")
    position = game.parse("3;0-1")
    move = game.parse_move(position, "<2|0>", Player.LEFT)
    assert move == QuantumMove({0, 2})
    assert game.play(position, move, Player.LEFT) == superpose(
        [partizan("snort").play(p, v, Player.LEFT) for p in position for v in (0, 2)])


@pytest.mark.parametrize(("name", "text", "fragment"), [
    ("partition-free-qbf", "0:(t1)", "at least one"),
    ("partition-free-qbf", "1:(t2)", "not a literal"),
    ("partition-free-qbf", "1:(t1); t1=1,t1=0", "twice"),
    ("partition-free-qbf", "9:(t1)", "limit"),
    ("quantum-snort", "<(3;0-1)|3;0-1>", "realization 1"),
])
def test_bad_positions_are_one_line_errors(name: str, text: str, fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment):
        get(name).parse(text)


def test_partition_free_qbf_last_assignment_must_win() -> None:
    """(t1|f1)&(~t1|~f1): False's last assignment must falsify the formula, and can
    (f1 = t1 ... no: f1 = not t1 satisfies both, f1 = t1 falsifies one clause)."""
    game = partizan("partition-free-qbf")
    after = game.parse("1:(t1|f1)&(~t1|~f1); t1=1")
    assert [game.format_move(m) for m, _ in game.moves(after, Player.RIGHT)] == ["f1=1"]
    assert PartizanSolver(game).wins_first(game.parse("1:(t1|f1)&(~t1|~f1)"), Player.LEFT) \
        is False


def test_schaefer_reduction_classical_and_quantum() -> None:
    """Thm 6.3.3 / 6.4.13: True wins the formula game iff the first player wins Schaefer's
    Avoid True instance, classically and under width-2 quantum play from a classical
    start; the verifier refutes the reversed promise."""
    classical = reduction("partition-free-qbf->avoid-true")
    assert verify(classical, instances=60, max_size=5).ok
    quantum = reduction("quantum-partition-free-qbf->quantum-avoid-true")
    assert verify(quantum, instances=12, max_size=4).ok
    promise = quantum.promise
    assert promise is not None
    reversed_ = dataclasses.replace(quantum, promise=lambda a, b: not promise(a, b))
    assert not verify(reversed_, instances=5).ok
