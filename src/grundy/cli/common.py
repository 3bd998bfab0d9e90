"""Shared pieces of the ``grundy`` commands: errors, options, position arguments.

Commands live in ``grundy.cli.main`` and in topic modules (one per issue area),
which ``main`` registers; all of them build on what is here.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any, TypeVar

import click

from grundy.cli import Spinner
from grundy.protocol import PartizanRuleset
from grundy.rulesets import GrundyError, ImpartialRuleset, get
from grundy.search import (
    Budget,
    BudgetExceeded,
    Solver,
    Store,
    default_store_path,
    hard_deadline,
)
from grundy.search.budget import MAX_NODES, MAX_SECONDS, BadBudget, check_nodes, check_seconds
from grundy.search.engine import ENGINES, Engine
from grundy.search.partizan import PartizanSolver
from grundy.transforms import Sum
from grundy.values import Outcome

F = TypeVar("F", bound=Callable[..., Any])


class CliError(click.ClickException):
    """A library error, shown as one line on stderr (exit status 2)."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"grundy: error: {self.format_message()}", err=True)


class BudgetError(CliError):
    """A search that ran out of budget (exit status 3)."""

    exit_code = 3


#: Default time budget of a command, in seconds (``--max-seconds 0``: none).
DEFAULT_SECONDS = 60.0
#: Shorter defaults where an answer is expected at once.
DEFAULT_SECONDS_OF = {"calc": 10.0, "thermograph": 10.0}
#: Commands that run as long as the person wants: interactive games (their budget is
#: per computer move), the server, the benchmarks.
OPEN_ENDED = frozenset({"play", "serve", "bench"})
#: How long past its budget a command may run before the deadline stops all its work
#: (searches stop on their own budget first, with a count of what they expanded).
GRACE_SECONDS = 1.0


class Seconds(click.ParamType):  # type: ignore[type-arg]  # generic in recent click
    """A time budget option: a finite number of seconds from 0 (no limit) to a day
    (``search.budget.check_seconds``); anything else is one line, exit status 2."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        option = param.opts[0] if param is not None and param.opts else "the time budget"
        try:
            seconds = check_seconds(float(value), option, zero="no limit")
        except (TypeError, ValueError) as error:
            problem = str(error) if isinstance(error, BadBudget) else \
                f"{option} {value!r} is not a number: give seconds from 0 (no limit) " \
                f"to {MAX_SECONDS:g}"
            raise CliError(problem) from None
        assert seconds is not None
        return seconds


class Nodes(click.ParamType):  # type: ignore[type-arg]  # generic in recent click
    """A node budget option: a whole number of positions from 1 to ``MAX_NODES``
    (``search.budget.check_nodes``); anything else is one line, exit status 2."""

    name = "nodes"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        option = param.opts[0] if param is not None and param.opts else "the node budget"
        try:
            nodes = check_nodes(value if isinstance(value, int) else int(str(value).strip()),
                                option, least=1)
        except ValueError as error:
            problem = str(error) if isinstance(error, BadBudget) else \
                f"{option} {value!r} is not a whole number: give positions from 1 to " \
                f"{MAX_NODES:,}"
            raise CliError(problem) from None
        assert nodes is not None
        return nodes


SECONDS = Seconds()
NODES = Nodes()


def max_seconds_option(default: float) -> click.Option:
    return click.Option(
        ["--max-seconds"], type=SECONDS, metavar="S",
        help=f"Give up after S seconds (exit status 3); default {default:g}, 0 for no limit, "
             f"at most {MAX_SECONDS:g} (a day).")


def bounded(command: click.Command) -> click.Command:
    """Give ``command`` (and every subcommand of a group) a time budget over all its
    work: ``--max-seconds`` (added where missing), by default ``DEFAULT_SECONDS``."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            bounded(sub)
        return command
    callback = command.callback
    if command.name in OPEN_ENDED or callback is None or getattr(callback, "bounded", False):
        return command
    default = DEFAULT_SECONDS_OF.get(command.name or "", DEFAULT_SECONDS)
    takes = False
    for index, param in enumerate(command.params):
        if param.name == "max_seconds":
            command.params[index], takes = max_seconds_option(default), True
    if not takes:
        command.params.append(max_seconds_option(default))

    @functools.wraps(callback)
    def run(*args: Any, max_seconds: float | None = None, **kwargs: Any) -> Any:
        seconds = default if max_seconds is None else max_seconds or None
        if takes:
            kwargs["max_seconds"] = seconds
        with hard_deadline(None if seconds is None else seconds + GRACE_SECONDS):
            return callback(*args, **kwargs)

    run.bounded = True  # type: ignore[attr-defined]
    command.callback = run
    return command


class GrundyGroup(click.Group):
    """A command group that turns ``GrundyError`` (and a file that cannot be written or
    read) into a one-line error and exit status, and gives every command a time budget
    (``bounded``)."""

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(bounded(cmd), name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BudgetExceeded as error:
            raise BudgetError(str(error)) from None
        except GrundyError as error:
            raise CliError(str(error)) from None
        except OSError as error:  # e.g. --svg into a folder that does not exist
            where = f"{error.filename}: " if error.filename else ""
            raise CliError(f"{where}{error.strerror or error}; check the path and its "
                           "permissions") from None


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
