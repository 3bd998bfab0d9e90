"""Strategic graph contraction (Ferland 2024, §6.2.1, Lemmas 6.2.2-6.2.3, seed 001
@143494): the classical winner of undirected geography wins the width-2 quantum game
from a classical start by this strategy, against every answer of the opponent; with
multiplicities (``WideContractionStrategy``) also the width-3 game, which the thesis
conjectures (@150500)."""

from __future__ import annotations

import random
from typing import cast

import pytest

from grundy.protocol import GrundyError, Move
from grundy.reductions.graph_contraction import (
    ContractionStrategy,
    WideContractionStrategy,
    _answers,
    hero_wins,
)
from grundy.reductions.quantum_geography import random_graph
from grundy.rulesets import get as ruleset
from grundy.rulesets.geography.algorithms import token_wins
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.search import Solver
from grundy.transforms.quantum import Quantum, QuantumMove, Superposition

GAME = cast(Quantum, ruleset("quantum(undirected-geography,2)"))
WIDE = cast(Quantum, ruleset("quantum(undirected-geography,3)"))
#: Every winning answer to ⟨2|3|5⟩ here keeps all three branches alive.
THREE_WAY = "7;0-2,0-3,0-4,0-5,1-2,1-3,1-5,2-3,2-4,2-5,2-6,3-4,3-5,3-6,4-5,5-6;start=0"


def parse(text: str) -> GeographyPosition:
    position = ruleset("undirected-geography").parse(text)
    assert isinstance(position, GeographyPosition)
    return position


def test_the_strategy_wins_every_line_on_random_graphs() -> None:
    """Both starts (hero first on N-positions, second on P-positions), every quantum and
    classical answer of the opponent, so in particular every perfect-play opponent."""
    rng = random.Random(622)
    for _ in range(150):
        position = random_graph(rng, rng.randint(2, 7), False, rng.choice([0.3, 0.5, 0.7]))
        assert hero_wins(position, GAME), ruleset("undirected-geography").format(position)


def test_perfect_play_opponents_on_larger_graphs() -> None:
    """Graphs of 9-11 vertices, too many lines to enumerate: the opponent plays a winning
    move whenever the quantum search finds one (none exists, by Thm 6.2.1), else a random
    move, quantum ones first; the strategy always has a legal answer and wins."""
    rng = random.Random(623)
    solver = Solver(GAME)
    quantum_moves = 0
    for _ in range(25):
        position = random_graph(rng, rng.randint(9, 11), False, rng.choice([0.3, 0.4, 0.5]))
        strategy = ContractionStrategy(position)
        current: Superposition = (position,)
        move: Move | None = None
        hero = token_wins(position.adj, position.token, (1 << position.n) - 1)
        while True:
            if hero:
                answer = strategy.reply(current, move)
                options = dict(GAME.moves(current))
                assert answer in options
                current = options[answer]
            hero = True
            choices = list(GAME.moves(current))
            if not choices:
                break  # the opponent is stuck
            assert solver.winning_move(current) is None
            wide = [c for c in choices if isinstance(c[0], QuantumMove)]
            move, current = rng.choice(wide if wide and rng.random() < 0.7 else choices)
            quantum_moves += isinstance(move, QuantumMove)
    assert quantum_moves > 25


class NoCollapse(ContractionStrategy):
    """The strategy without step E.1: never looks for a collapsing answer."""

    def partners(self, c: int) -> list[int]:
        return []


def test_the_collapsing_answer_is_needed() -> None:
    """On this 5-vertex graph (P, the hero second) the opponent's ⟨0|3⟩ beats a hero
    that only contracts: the check can fail."""
    position = parse("5;0-2,0-4,1-3,2-3,3-4;start=2")
    assert hero_wins(position, GAME)
    weak = NoCollapse(position)
    assert not all(_answers(weak.copy(), child, label, GAME)
                   for label, child in GAME.moves((position,)))


def test_a_contraction_happens() -> None:
    """A P-position whose opponent plays ⟨0|3⟩: vertex 4 is next to both, no answer
    collapses, so the hero moves to 4 and merges the classes of 0 and 3 (E.3); vertex 2
    stays a class of its own."""
    position = parse("5;0-1,0-2,0-4,1-3,2-3,3-4;start=1")
    strategy = ContractionStrategy(position)
    move = QuantumMove({0, 3})
    assert strategy.reply(dict(GAME.moves((position,)))[move], move) == 4
    assert strategy.classes == {1 << 0 | 1 << 3, 1 << 2}


def test_wider_moves_are_refused() -> None:
    position = parse("4;0-1,0-2,0-3;start=0")
    strategy = ContractionStrategy(position)
    with pytest.raises(GrundyError, match="width at most 2"):
        strategy.reply((position,), QuantumMove({1, 2, 3}))


@pytest.mark.parametrize(("game", "graphs"), [(GAME, 80), (WIDE, 150)])
def test_the_wide_strategy_wins_every_line(game: Quantum, graphs: int) -> None:
    """Widths 2 and 3, both starts, every classical and quantum answer of the opponent."""
    rng = random.Random(6212)
    for _ in range(graphs):
        position = random_graph(rng, rng.randint(2, 7), False, rng.choice([0.3, 0.5, 0.7]))
        assert hero_wins(position, game, WideContractionStrategy), \
            ruleset("undirected-geography").format(position)


def test_three_branches_must_sometimes_stay() -> None:
    """The opponent's ⟨2|3|5⟩ on THREE_WAY: the quantum search finds the hero's winning
    classical answers 1, 4 and 6, each next to all of 2, 3, 5, so no winning answer
    collapses a branch and the thesis' one-vertex-per-class invariant must break.  The
    wide strategy answers 1 and merges {2, 3, 5} with two vertices left per realization,
    and wins; capping that multiplicity at 1 loses."""
    start = parse(THREE_WAY)
    solver = Solver(WIDE)
    assert solver.outcome((start,)).value == "P"
    move = QuantumMove({2, 3, 5})
    after = dict(WIDE.moves((start,)))[move]
    winning = [x for x, child in WIDE.moves(after)
               if not isinstance(x, QuantumMove) and solver.outcome(child).value == "P"]
    assert sorted(cast(list[int], winning)) == [1, 4, 6]
    assert all(start.adj[t] >> cast(int, x) & 1 for x in winning for t in (2, 3, 5))
    hero = WideContractionStrategy(start)
    assert hero.reply(after, move) == 1 and hero.classes[0b101100] == 2
    assert hero_wins(start, WIDE, WideContractionStrategy)

    class Capped(WideContractionStrategy):
        def after(self, survivors: list[int], x: int) -> dict[int, int] | None:
            classes = super().after(survivors, x)
            return None if classes is None else dict.fromkeys(classes, 1)

    assert not hero_wins(start, WIDE, Capped)


def test_the_wide_strategy_needs_its_lookahead() -> None:
    """Choosing answers by fewest merges alone, without the matching test on the class
    graph, loses already on the path 2-3-0-1 with the token on 3."""
    class Blind(WideContractionStrategy):
        def villain_loses(self, classes: dict[int, int], x: int) -> bool:
            return True

    position = parse("4;0-1,0-3,2-3;start=3")
    assert hero_wins(position, WIDE, WideContractionStrategy)
    assert not hero_wins(position, WIDE, Blind)


def test_the_wide_strategy_against_perfect_play_on_larger_graphs() -> None:
    """Width 3 on 30 graphs of 8-10 vertices: the opponent plays a winning move whenever the
    quantum search finds one (none ever exists), else a random one, wide ones first."""
    rng = random.Random(6213)
    solver = Solver(WIDE)
    wide_moves = 0
    for _ in range(30):
        position = random_graph(rng, rng.randint(8, 10), False, rng.choice([0.4, 0.5, 0.6]))
        strategy = WideContractionStrategy(position)
        current: Superposition = (position,)
        move: Move | None = None
        hero = token_wins(position.adj, position.token, (1 << position.n) - 1)
        while True:
            if hero:
                options = dict(WIDE.moves(current))
                answer = strategy.reply(current, move)
                assert answer in options
                current = options[answer]
            hero = True
            choices = list(WIDE.moves(current))
            if not choices:
                break
            assert solver.winning_move(current) is None
            wide = [c for c in choices if isinstance(c[0], QuantumMove) and len(c[0]) == 3]
            move, current = rng.choice(wide if wide and rng.random() < 0.7 else choices)
            wide_moves += isinstance(move, QuantumMove) and len(move) == 3
    assert wide_moves >= 15
