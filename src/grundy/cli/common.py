"""Shared pieces of the ``grundy`` commands: errors, options, position arguments.

Commands live in topic modules (one per issue area), which ``grundy.cli.main``
names and loads lazily (``grundy.cli.group``); all of them build on what is here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from grundy.cli import Spinner
from grundy.cli.group import NODES as NODES
from grundy.cli.group import SECONDS as SECONDS
from grundy.cli.group import BudgetError as BudgetError  # re-exported for the topic modules
from grundy.cli.group import CliError as CliError
from grundy.protocol import PartizanRuleset
from grundy.rulesets import GrundyError, ImpartialRuleset, get
from grundy.search import Budget, Solver, Store, default_store_path
from grundy.search.engine import ENGINES, Engine
from grundy.search.partizan import PartizanSolver
from grundy.transforms import Sum
from grundy.values import Outcome

F = TypeVar("F", bound=Callable[..., Any])


# -- shared options and helpers ---------------------------------------------------

GAME_ARGUMENT = click.argument("game", nargs=-1, metavar="RULESET POSITION [RULESET POSITION]...")
#: Lets positions such as ``-1`` through as arguments (the ruleset then names the problem).
GAME_SETTINGS: dict[str, Any] = {"ignore_unknown_options": True}


def json_option(command: F) -> F:
    return click.option(
        "--json", "as_json", is_flag=True, help="Print machine-readable JSON on stdout."
    )(command)


def search_options(command: F) -> F:
    options = [
        click.option("--max-nodes", type=NODES, metavar="N",
                     help="Give up a search after expanding N positions (exit status 3).  "
                          "In play: per computer move, which then moves at random."),
        click.option("--max-seconds", type=SECONDS, metavar="S",
                     help="Give up a search after S seconds (exit status 3); in play: per move."),
        click.option("--store", metavar="PATH",
                     help="Keep solved positions in this SQLite file across runs "
                          "('default': $GRUNDY_STORE or ~/.local/share/grundy/store.sqlite)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def engine_option(command: F) -> F:
    return click.option(
        "--engine", type=click.Choice(ENGINES), default="auto", show_default=True,
        help="Values from the native (Rust) kernel or the Python search; auto uses "
             "the native kernel where the ruleset has one and the position fits.",
    )(command)


@dataclass(frozen=True)
class Search:
    """The search options of one command."""

    max_nodes: int | None
    max_seconds: float | None
    store: str | None
    engine: Engine = "auto"

    def budget(self, spinner: Spinner) -> Budget:
        return Budget(self.max_nodes, self.max_seconds, spinner.callback)

    @contextmanager
    def opened_store(self) -> Iterator[Store | None]:
        """The store named by --store (None without it), closed afterwards."""
        store = None
        if self.store is not None:
            store = Store(default_store_path() if self.store == "default" else self.store)
        try:
            yield store
        finally:
            if store is not None:
                store.close()

    @contextmanager
    def solver(self, ruleset: ImpartialRuleset[Any], spinner: Spinner) -> Iterator[Solver[Any]]:
        """A solver with this budget and store; the store is flushed and closed afterwards."""
        with self.opened_store() as store:
            yield Solver(ruleset, self.budget(spinner), store, self.engine)

    @contextmanager
    def partizan_solver(self, ruleset: PartizanRuleset[Any],
                        spinner: Spinner) -> Iterator[PartizanSolver[Any]]:
        """The same for a partizan ruleset."""
        with self.opened_store() as store:
            yield PartizanSolver(ruleset, self.budget(spinner), store, self.engine)


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    if not isinstance(ruleset, ImpartialRuleset):
        raise GrundyError(f"{ruleset.name} is partizan: this command needs an impartial ruleset")
    return ruleset


def resolve(game: tuple[str, ...]) -> tuple[ImpartialRuleset[Any], Any]:
    """The ruleset and position named by RULESET POSITION pairs (several: their sum)."""
    for token in game:
        if token.startswith("--"):
            raise click.NoSuchOption(token)
    if not game or len(game) % 2:
        raise click.UsageError(
            "expected RULESET POSITION pairs, e.g. `grundy value nim 3,5,7` "
            "or `grundy value nim 3 nim 5` for a sum"
        )
    pairs = []
    for name, text in zip(game[::2], game[1::2], strict=True):
        if name.startswith("-"):
            raise click.NoSuchOption(name)
        ruleset = impartial(name)
        pairs.append((ruleset, ruleset.parse(text)))
    if len(pairs) == 1:
        return pairs[0]
    return Sum.of(pairs)


@contextmanager
def saving(path: str) -> Iterator[None]:
    """Writing a picture to ``path``: a format the plotter cannot write is one line, never
    a traceback (a folder that does not exist or a file that may not be written is an
    OSError, which ``GrundyGroup`` reports for every command)."""
    try:
        yield
    except ValueError as error:
        raise CliError(f"cannot save {path}: {error}; choose .png, .svg or .pdf") from None


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


def outcome_of(nimber: int) -> Outcome:
    return Outcome.N if nimber else Outcome.P


def echo_outcome(
    ruleset: Any, position: Any, outcome: Outcome, misere: bool, as_json: bool
) -> None:
    """Print an outcome class (normal or misère play), as text or JSON."""
    if as_json:
        key = "misere_outcome" if misere else "outcome"
        emit_json({**ruleset.to_json(position), key: outcome.value})
    else:
        play = "misère play" if misere else "normal play"
        click.echo(f"{outcome.value}\n{play}: {outcome.description}")
