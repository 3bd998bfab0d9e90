"""Ferland 2024 §6.3.4 and §6.5 (``001_56c9c94dd1ec088e.wrapped.txt``): quantum Tower Nim
keeps its classical strategy (Thm 6.3.7), quantum game trees are no taller than classical
ones (Prop 6.5.3), and quantum Node Kayles is solved by replaying move histories
(Thm 6.5.4)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable
from functools import cache
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset, PartizanRuleset, Player, Ruleset
from grundy.rulesets import get
from grundy.rulesets.geography.tower_nim import winning_move
from grundy.search import Solver
from grundy.transforms.quantum import PartizanQuantum, Quantum, replay_wins, superpose

TOWER = cast(ImpartialRuleset[tuple[int, ...]], get("tower-nim"))


def stacks(depth: int, largest: int) -> list[tuple[int, ...]]:
    return [stack for n in range(1, depth + 1)
            for stack in itertools.product(range(1, largest + 1), repeat=n)]


def strategy_wins(game: Quantum, position: tuple[Hashable, ...], winner_to_move: bool) -> bool:
    """Every line where the classical winner plays Ferland's move (a classical move) and
    the loser plays any quantum move ends with the loser unable to move.  The loser only
    ever faces a top pile of 1, one classical move, so the position stays classical."""
    if winner_to_move:
        (stack,) = position
        target = winning_move(cast(tuple[int, ...], stack))
        return strategy_wins(game, game.play(position, target), False)
    moves = list(game.moves(position))
    assert len(moves) <= 1 and len(position) == 1, position
    return all(strategy_wins(game, child, True) for _, child in moves)


@pytest.mark.parametrize("width", [2, 3, None])
def test_thm_6_3_7_quantum_tower_nim_keeps_the_classical_strategy(width: int | None) -> None:
    """Thm 6.3.7: a strategy that ignores the opponent's moves stays optimal: from every
    classical stack of depth ≤ 4 and piles ≤ 3, the quantum game has the classical winner
    and Ferland's move wins it against every quantum reply."""
    game = Quantum(TOWER, width)
    solver = Solver(game)
    for stack in stacks(4, 3):
        first_wins = bool(TOWER.fast_outcome(stack))
        assert solver.outcome(superpose([stack])).value == ("N" if first_wins else "P")
        assert strategy_wins(game, superpose([stack]), first_wins), stack


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=12))
def test_thm_6_3_7_strategy_on_random_stacks(piles: list[int]) -> None:
    stack = tuple(piles)
    game = Quantum(TOWER, None)
    assert strategy_wins(game, superpose([stack]), bool(TOWER.fast_outcome(stack)))


def height(ruleset: Ruleset[Any], position: Hashable) -> int:
    """The longest line of play (impartial) or of alternating play from either player
    (partizan)."""
    if isinstance(ruleset, ImpartialRuleset):
        @cache
        def tall(p: Hashable) -> int:
            return max((1 + tall(c) for c in ruleset.options(p)), default=0)
        return tall(position)
    assert isinstance(ruleset, PartizanRuleset)

    @cache
    def tall_from(p: Hashable, player: Player) -> int:
        return max((1 + tall_from(c, player.opponent) for c in ruleset.options(p, player)),
                   default=0)
    return max(tall_from(position, player) for player in Player)


PROP_6_5_3 = ["node-kayles", "tower-nim", "nim", "avoid-true", "undirected-geography",
              "snort", "black-white-node-kayles"]


@pytest.mark.parametrize("name", PROP_6_5_3)
@pytest.mark.parametrize("width", [2, None])
def test_prop_6_5_3_quantum_trees_are_no_taller(name: str, width: int | None) -> None:
    """Prop 6.5.3: from a classical start the quantum tree has the classical height; from
    a quantum start, the height of its tallest realization (a quantum move is feasible
    only where some realization survives, and a classical line of one realization
    keeps it alive)."""
    base = get(name)
    quantum = (PartizanQuantum(base, width) if isinstance(base, PartizanRuleset)
               else Quantum(base, width))  # type: ignore[arg-type]
    rng = random.Random(f"{name}/{width}")
    for _ in range(8):
        realizations = [base.random_position(rng, 3) for _ in range(rng.randint(1, 2))]
        classical = max(height(base, b) for b in realizations)
        assert height(quantum, superpose(realizations)) == classical


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["node-kayles", "tower-nim", "nim"]))
def test_thm_6_5_4_replay_solves_quantum_games(seed: int, name: str) -> None:
    """Thm 6.5.4: deciding quantum Node Kayles (width 2) by replaying move histories,
    never storing a superposition, agrees with the search over stored superpositions."""
    base = get(name)
    assert isinstance(base, ImpartialRuleset)
    start = base.random_position(random.Random(seed), 4)
    expected = Solver(Quantum(base, 2)).outcome(superpose([start])).value == "N"
    assert replay_wins(base, start, 2) == expected
