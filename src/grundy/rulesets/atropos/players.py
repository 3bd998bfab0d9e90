"""Computer opponents for Atropos, for the CLI and the web workbench (seed 004).

Every player answers ``choose(position, restricted, colours, rng)``: a move
``(j, i, colour)`` on a playable circle with one of the allowed ``colours`` (all
three in plain Atropos; the die's face or the top card in the variants).

- ``RandomSafe`` — the applet's opponent (``004_d08755248cee49c5.txt`` L1435-1437):
  uniformly among the playable circles that have a non-losing colour, then a random
  non-losing colour; with none, red (or the first allowed colour) somewhere, losing.
- ``Heuristic`` — the AI course's recipe (L1443-1447): avoid immediate losses, trap
  the opponent when one move does it, avoid moves that let the opponent trap us
  next, then prefer the plays that leave the opponent the fewest safe replies and,
  among those, the fewest uncoloured neighbours of the play.
- ``Perfect`` — a winning move found by the outcome solver within a budget per move
  (plain Atropos, all three colours); the heuristic where the position is lost or
  the budget runs out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from grundy.protocol import GrundyError
from grundy.rulesets.atropos.board import COLOURS
from grundy.rulesets.atropos.rules import (
    AtroposMove,
    AtroposPosition,
    colour_cell,
    playable_cells,
    state_of,
)
from grundy.rulesets.atropos.search import AtroposSolver


def safe_moves(
    position: AtroposPosition, restricted: bool, colours: Sequence[int] = COLOURS
) -> list[AtroposMove]:
    """The moves with an allowed colour that make no bad triangle."""
    b = position.board
    return [
        (j, i, c)
        for j, i in playable_cells(position, restricted)
        for c in b.safe_colours(position.colours, b.index[(j, i)])
        if c in colours
    ]


def all_moves(
    position: AtroposPosition, restricted: bool, colours: Sequence[int] = COLOURS
) -> list[AtroposMove]:
    """Every move with an allowed colour, suicidal or not."""
    return [(j, i, c) for j, i in playable_cells(position, restricted) for c in colours]


class Player:
    """A computer opponent."""

    name: ClassVar[str]

    def choose(
        self,
        position: AtroposPosition,
        restricted: bool,
        colours: Sequence[int],
        rng: random.Random,
    ) -> AtroposMove:
        raise NotImplementedError


class RandomSafe(Player):
    name = "random-safe"

    def choose(self, position: AtroposPosition, restricted: bool, colours: Sequence[int],
               rng: random.Random) -> AtroposMove:
        safe = safe_moves(position, restricted, colours)
        if not safe:
            j, i = rng.choice(playable_cells(position, restricted))
            return j, i, colours[0]
        cell = rng.choice(sorted({(j, i) for j, i, _ in safe}))
        return rng.choice([m for m in safe if m[:2] == cell])


class Heuristic(Player):
    name = "heuristic"

    def choose(self, position: AtroposPosition, restricted: bool, colours: Sequence[int],
               rng: random.Random) -> AtroposMove:
        safe = safe_moves(position, restricted, colours)
        if not safe:
            return RandomSafe().choose(position, restricted, colours, rng)
        rng.shuffle(safe)
        scored = []
        for move in safe:
            child = colour_cell(position, move)
            replies = safe_moves(child, restricted)
            if not replies:
                return move  # the opponent has only suicidal moves: a trap
            trapped = any(not safe_moves(colour_cell(child, r), restricted) for r in replies)
            near = position.board.neighbours[child.last]
            free = sum(1 for k, c in enumerate(child.colours) if not c and near >> k & 1)
            scored.append(((trapped, len(replies), free), move))
        return min(scored, key=lambda item: item[0])[1]


class Perfect(Player):
    """Plays a winning move when the solver finds one within ``max_nodes`` per move."""

    name = "perfect"

    def __init__(self, max_nodes: int | None = 200_000, max_seconds: float | None = None) -> None:
        self.max_nodes, self.max_seconds = max_nodes, max_seconds
        self.solvers: dict[tuple[int, bool], AtroposSolver] = {}

    def choose(self, position: AtroposPosition, restricted: bool, colours: Sequence[int],
               rng: random.Random) -> AtroposMove:
        from grundy.search.budget import Budget, BudgetExceeded  # grundy.search imports us

        if tuple(sorted(colours)) == COLOURS:
            solver = self.solvers.setdefault(
                (position.n, restricted), AtroposSolver(position.n, restricted)
            )
            solver.budget = Budget(self.max_nodes, self.max_seconds)
            try:
                found = solver.winning_move(state_of(position, restricted))
            except BudgetExceeded:
                found = None
            if found is not None:
                u, colour = found
                return (*position.board.cells[u], colour)
        return Heuristic().choose(position, restricted, colours, rng)


PLAYERS: dict[str, type[Player]] = {p.name: p for p in (RandomSafe, Heuristic, Perfect)}


def player(name: str, max_nodes: int | None = 200_000) -> Player:
    """A new player by name: random-safe, heuristic or perfect (``max_nodes`` per move)."""
    if name not in PLAYERS:
        raise GrundyError(f"unknown opponent {name!r}: choose one of {', '.join(PLAYERS)}")
    return Perfect(max_nodes) if name == Perfect.name else PLAYERS[name]()
