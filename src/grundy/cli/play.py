"""Play one game against the computer in the terminal (normal play), impartial or
partizan (the human takes one side).

Reads moves line by line from stdin, so it works the same in a terminal, from a
pipe, and under click's test runner, and ends cleanly at end of input.

A ruleset whose positions repeat (Fox and Geese, Backsliding Toads and Frogs, Wind-up)
is played through ``LoopySolver``: the perfect computer wins as fast as it can, else
keeps the draw, else resists longest (``LoopySolver.best_move``), and a position that
arises for the ``REPETITIONS``-th time with the same player to move ends the game in a
draw, as the start of such a game says.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any, cast

import click

from grundy.cli import Output, Spinner
from grundy.cli.common import Search, emit_json
from grundy.protocol import Move, PartizanRuleset, Player, Ruleset
from grundy.rulesets import GrundyError, IllegalMoveError, ImpartialRuleset
from grundy.search import Budget, BudgetExceeded, Solver
from grundy.search.loopy import LoopySolver
from grundy.search.partizan import PartizanSolver
from grundy.values.loopy import DRAW

HUMAN, COMPUTER = "human", "computer"
#: The computer's levels: a random move, a winning move whenever one exists, or the
#: ruleset's own rule of thumb (``heuristic_move(position, rng)``, where it has one).
LEVELS = ("random", "perfect", "heuristic")
QUIT = frozenset({"quit", "q", "exit"})
HINT = frozenset({"?", "hint"})
#: A position that arises this many times with the same player to move draws the game.
REPETITIONS = 3


class Game:
    """A game between the human at the terminal and the computer.

    ``human_side`` is the player the human plays in a partizan game (Left or Right;
    the computer plays the other) and None in an impartial one, where both players
    have the same moves.
    """

    def __init__(
        self,
        ruleset: Ruleset[Any],
        position: Any,
        solver: Solver[Any] | PartizanSolver[Any] | LoopySolver[Any],
        *,
        human_first: bool,
        human_side: Player | None,
        level: str,
        rng: random.Random,
        new_budget: Callable[[], Budget],
        spinner: Spinner,
        out: Output,
    ) -> None:
        self.ruleset = ruleset
        self.position = position
        self.solver = solver
        self.mover = HUMAN if human_first else COMPUTER
        self.sides = {HUMAN: human_side,
                      COMPUTER: None if human_side is None else human_side.opponent}
        self.level = level
        self.heuristic: Callable[[Any, random.Random], Move] | None = getattr(
            ruleset, "heuristic_move", None)
        if level == "heuristic" and self.heuristic is None:
            raise GrundyError(f"{ruleset.name} has no heuristic player: use --level random "
                              "or perfect")
        self.rng = rng
        self.new_budget = new_budget
        self.spinner = spinner
        self.out = out
        self.record: list[dict[str, str]] = []
        #: (position key, mover) -> how often it arose (games whose positions repeat)
        self.arisen: dict[tuple[Any, str], int] = {}

    def run(self) -> dict[str, Any]:
        """Play until someone cannot move or the human leaves; return the game's record."""
        rs = self.ruleset
        human = self.sides[HUMAN]
        if human is not None:
            self.out.line(f"{rs.summary} You play {_name(human)}, the computer "
                          f"{_name(human.opponent)}.")
        if rs.loopy:
            self.out.line(f"Positions can repeat here: a position that arises {REPETITIONS} "
                          "times with the same player to move ends the game in a draw.")
        while True:
            self.out.line()
            for line in rs.render_text(self.position).splitlines():
                self.out.line(line)
            if rs.loopy and self.repeated():
                self.out.line(f"This position has arisen {REPETITIONS} times with the same "
                              "player to move: a draw by repetition.", style="bold")
                return {"moves": self.record, "winner": None, "end": "repetition"}
            legal = self.legal()
            if not legal:
                winner = COMPUTER if self.mover == HUMAN else HUMAN
                self.out.line("You cannot move: the computer wins." if winner == COMPUTER
                              else "The computer cannot move: you win!", style="bold")
                return {"moves": self.record, "winner": winner, "end": "no move"}
            if self.mover == HUMAN:
                move = self.ask(legal)
                if move is None:
                    return {"moves": self.record, "winner": None, "end": "quit"}
            else:
                move = self.choose(legal)
                self.out.line(f"The computer plays {rs.format_move(move)}.", style="bold")
            self.position = next(child for label, child in legal if label == move)
            entry = {"player": self.mover, "move": rs.format_move(move),
                     "position": rs.format(self.position)}
            side = self.sides[self.mover]
            self.record.append(entry if side is None else {**entry, "side": side.value})
            self.mover = COMPUTER if self.mover == HUMAN else HUMAN

    def repeated(self) -> bool:
        """Count the position with its mover; True at its ``REPETITIONS``-th time."""
        state = (self.ruleset.key(self.position), self.mover)
        self.arisen[state] = self.arisen.get(state, 0) + 1
        return self.arisen[state] >= REPETITIONS

    def legal(self) -> list[tuple[Move, Any]]:
        """The moves of whoever is to move."""
        side = self.sides[self.mover]
        if side is None:
            return list(cast(ImpartialRuleset[Any], self.ruleset).moves(self.position))
        return list(cast(PartizanRuleset[Any], self.ruleset).moves(self.position, side))

    def ask(self, legal: list[tuple[Move, Any]]) -> Move | None:
        """The human's move; None when they quit or the input ends."""
        labels = ", ".join(self.ruleset.format_move(move) for move, _ in legal)
        self.out.line(f"Legal moves: {labels}")
        while True:
            click.echo("Your move (? for a hint, quit to stop): ", nl=False, err=self.out.stderr)
            line = sys.stdin.readline()
            if not line:
                self.out.line("\nEnd of input: game abandoned.")
                return None
            text = line.strip()
            if not sys.stdin.isatty():
                click.echo(text, err=self.out.stderr)
            if text.lower() in QUIT:
                self.out.line("Game abandoned.")
                return None
            if text.lower() in HINT:
                self.hint()
            elif text:
                try:
                    return self.parse_move(text)
                except IllegalMoveError as error:
                    self.out.line(str(error))

    def parse_move(self, text: str) -> Move:
        side = self.sides[HUMAN]
        if side is None:
            return cast(ImpartialRuleset[Any], self.ruleset).parse_move(self.position, text)
        return cast(PartizanRuleset[Any], self.ruleset).parse_move(self.position, text, side)

    def winning_moves(self) -> tuple[list[tuple[Move, Any]], list[tuple[Move, Any]]]:
        """The mover's winning moves and (positions that repeat) the moves that keep a
        draw (BudgetExceeded when the budget runs out)."""
        self.solver.budget = self.new_budget()
        side = self.sides[self.mover]
        with self.spinner:
            if isinstance(self.solver, LoopySolver):
                after = [(move, child, self.solver.wins_after(child, side))
                         for move, child in self.legal()]
                me = (side or Player.LEFT).value
                return ([(m, c) for m, c, winner in after if winner == me],
                        [(m, c) for m, c, winner in after if winner == DRAW])
            if isinstance(self.solver, Solver):
                return self.solver.winning_moves(self.position), []
            assert side is not None
            return self.solver.winning_moves(self.position, side), []

    def hint(self) -> None:
        try:
            winning, drawing = self.winning_moves()
        except BudgetExceeded as error:
            self.out.line(f"No hint: {error}")
            return
        if winning:
            labels = ", ".join(self.ruleset.format_move(move) for move, _ in winning)
            self.out.line(f"Winning moves: {labels}")
        elif drawing:
            labels = ", ".join(self.ruleset.format_move(move) for move, _ in drawing)
            self.out.line(f"No winning move; moves that keep the draw: {labels}")
        else:
            self.out.line("No winning move: every move loses against perfect play.")

    def choose(self, legal: list[tuple[Move, Any]]) -> Move:
        """A winning move if one exists and the level is perfect (positions that repeat:
        the fastest win, else a move that keeps the draw, else the longest resistance),
        the ruleset's heuristic move at level heuristic, else a random move."""
        if self.heuristic is not None and self.level == "heuristic":
            return self.heuristic(self.position, self.rng)
        if self.level == "perfect":
            self.solver.budget = self.new_budget()
            side = self.sides[self.mover]
            try:
                with self.spinner:
                    if isinstance(self.solver, LoopySolver):
                        best = self.solver.best_move(self.position, side, self.rng)
                        assert best is not None  # the caller checked there is a move
                        self.out.line(f"({best[1]})", style="dim")
                        return best[0]
                    if isinstance(self.solver, Solver):
                        move = self.solver.winning_move(self.position, self.rng)
                    else:
                        assert side is not None
                        move = self.solver.winning_move(self.position, side, self.rng)
                if move is not None:
                    return move
            except BudgetExceeded:
                self.out.line("(The search budget ran out: the computer plays at random.)")
        return self.rng.choice(legal)[0]


def _name(side: Player) -> str:
    return "Left (Black)" if side is Player.LEFT else "Right (White)"


def play_game(ruleset: Ruleset[Any], position: Any, *, first: str, side: str, level: str,
              seed: int | None, search: Search, as_json: bool) -> None:
    """One game at the terminal (``grundy play``, ``grundy atropos play``): the human
    plays ``side`` in a partizan game; with ``as_json`` the game goes to stderr and its
    record, as JSON, to stdout."""
    spinner = Spinner()
    human_side = Player(side) if isinstance(ruleset, PartizanRuleset) else None
    solver: AbstractContextManager[Solver[Any] | PartizanSolver[Any] | LoopySolver[Any]] = (
        nullcontext(LoopySolver(ruleset, search.budget(spinner))) if ruleset.loopy
        else search.partizan_solver(ruleset, spinner) if isinstance(ruleset, PartizanRuleset)
        else search.solver(cast(ImpartialRuleset[Any], ruleset), spinner))
    with solver as opened:
        record = Game(
            ruleset, position, opened,
            human_first=first == HUMAN,
            human_side=human_side,
            level=level,
            rng=random.Random(seed),
            new_budget=lambda: search.budget(spinner),
            spinner=spinner,
            out=Output(stderr=as_json),
        ).run()
    if as_json:
        sides = {} if human_side is None else {"side": human_side.value}
        emit_json({"start": ruleset.to_json(position), "first": first, **sides,
                   "level": level, "seed": seed, **record})
