"""Play one game against the computer in the terminal (normal play).

Reads moves line by line from stdin, so it works the same in a terminal, from a
pipe, and under click's test runner, and ends cleanly at end of input.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

import click

from grundy.cli import Output, Spinner
from grundy.rulesets import IllegalMoveError, ImpartialRuleset
from grundy.rulesets.base import Move
from grundy.search import Budget, BudgetExceeded, Solver

HUMAN, COMPUTER = "human", "computer"
QUIT = frozenset({"quit", "q", "exit"})
HINT = frozenset({"?", "hint"})


class Game:
    """A game between the human at the terminal and the computer."""

    def __init__(
        self,
        ruleset: ImpartialRuleset[Any],
        position: Any,
        solver: Solver[Any],
        *,
        human_first: bool,
        perfect: bool,
        rng: random.Random,
        new_budget: Callable[[], Budget],
        spinner: Spinner,
        out: Output,
    ) -> None:
        self.ruleset = ruleset
        self.position = position
        self.solver = solver
        self.mover = HUMAN if human_first else COMPUTER
        self.perfect = perfect
        self.rng = rng
        self.new_budget = new_budget
        self.spinner = spinner
        self.out = out
        self.record: list[dict[str, str]] = []

    def run(self) -> dict[str, Any]:
        """Play until someone cannot move or the human leaves; return the game's record."""
        rs = self.ruleset
        while True:
            self.out.line()
            for line in rs.render_text(self.position).splitlines():
                self.out.line(line)
            legal = list(rs.moves(self.position))
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
            self.position = rs.play(self.position, move)
            self.record.append({"player": self.mover, "move": rs.format_move(move),
                                "position": rs.format(self.position)})
            self.mover = COMPUTER if self.mover == HUMAN else HUMAN

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
                    return self.ruleset.parse_move(self.position, text)
                except IllegalMoveError as error:
                    self.out.line(str(error))

    def hint(self) -> None:
        try:
            self.solver.budget = self.new_budget()
            with self.spinner:
                winning = self.solver.winning_moves(self.position)
        except BudgetExceeded as error:
            self.out.line(f"No hint: {error}")
            return
        if winning:
            labels = ", ".join(self.ruleset.format_move(move) for move, _ in winning)
            self.out.line(f"Winning moves: {labels}")
        else:
            self.out.line("No winning move: every move loses against perfect play (a P-position).")

    def choose(self, legal: list[tuple[Move, Any]]) -> Move:
        """A winning move if one exists and the level is perfect, else a random move."""
        if self.perfect:
            try:
                self.solver.budget = self.new_budget()
                with self.spinner:
                    move = self.solver.winning_move(self.position, self.rng)
                if move is not None:
                    return move
            except BudgetExceeded:
                self.out.line("(The search budget ran out: the computer plays at random.)")
        return self.rng.choice(legal)[0]
