"""The ``grundy`` command's groups: lazy loading, hidden aliases, errors and budgets.

A ``GrundyGroup`` names its commands as ``"module:attribute"`` strings and imports a
command's module only when that command runs (or when help lists it), so
``grundy value`` never loads the reductions, the web stack or the plots.  Old names
stay callable as hidden aliases: they run the same command but are not listed.

This module imports nothing but click at load time: ``grundy.cli.main`` builds the
whole tree from it, and the command line starts before any of the library loads.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from typing import IO, Any

import click


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
DEFAULT_SECONDS_OF = {"calc": 10.0, "thermograph": 10.0,
                      # `matchmaker tables --engine python --smallest --max-n 16`: a minute
                      "tables": 600.0}
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
        from grundy.search.budget import MAX_SECONDS, BadBudget, check_seconds

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
        from grundy.search.budget import MAX_NODES, BadBudget, check_nodes

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
        ["--max-seconds"], type=SECONDS, metavar="S", default=default,
        help=f"Give up after S seconds (exit status 3); default {default:g}, 0 for no limit, "
             "at most a day (86400).")


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
        from grundy.search.budget import hard_deadline

        seconds = default if max_seconds is None else max_seconds or None
        if takes:
            kwargs["max_seconds"] = seconds
        with hard_deadline(None if seconds is None else seconds + GRACE_SECONDS):
            return callback(*args, **kwargs)

    run.bounded = True  # type: ignore[attr-defined]
    command.callback = run
    return command


def load(target: str) -> click.Command:
    """The command at ``"module:attribute"``, imported now."""
    module, _, attribute = target.partition(":")
    command = getattr(importlib.import_module(module), attribute)
    assert isinstance(command, click.Command), target
    return command


class GrundyGroup(click.Group):
    """A command group whose commands load lazily, with hidden aliases; it turns
    ``GrundyError`` (and a file that cannot be written or read) into a one-line error
    and exit status, and gives every command a time budget (``bounded``).

    ``lazy`` maps a listed name to ``"module:attribute"``; ``aliases`` maps an old,
    unlisted name to a listed one (``"values thermograph"`` for a subcommand) or to
    ``"module:attribute"``.
    """

    def __init__(self, *args: Any, lazy: Mapping[str, str] | None = None,
                 aliases: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.aliases = dict(aliases or {})

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(bounded(cmd), name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The listed names, in the order they were declared (everyday ones first)."""
        return list(dict.fromkeys([*self.lazy, *self.commands]))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name in self.lazy:
            command = bounded(load(self.lazy[cmd_name]))
            self.commands[cmd_name] = command
            return command
        if cmd_name in self.aliases:
            return self.resolve_alias(ctx, self.aliases[cmd_name])
        return None

    def resolve_alias(self, ctx: click.Context, target: str) -> click.Command | None:
        if ":" in target:
            return bounded(load(target))
        command: click.Command | None = self
        for part in target.split():
            assert isinstance(command, click.Group), target
            command = command.get_command(ctx, part)
        return command

    def load_all(self) -> None:
        """Load every listed command, in this group and its subgroups (the reference
        pages document them all)."""
        ctx = click.Context(self)
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if isinstance(command, GrundyGroup):
                command.load_all()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException:
            raise
        except Exception as error:
            from grundy.protocol import GrundyError
            from grundy.search.budget import BudgetExceeded

            if isinstance(error, BudgetExceeded):
                raise BudgetError(str(error)) from None
            if isinstance(error, GrundyError):
                raise CliError(str(error)) from None
            if isinstance(error, OSError):  # e.g. --svg into a folder that does not exist
                where = f"{error.filename}: " if error.filename else ""
                raise CliError(f"{where}{error.strerror or error}; check the path and its "
                               "permissions") from None
            raise


class DefaultGroup(GrundyGroup):
    """A group whose ``default`` subcommand runs when the first argument names none of
    its commands: ``grundy census SPEC...`` is ``grundy census run SPEC...``, and
    ``grundy values misere "*2+*2"`` is ``grundy values misere form "*2+*2"`` (the
    commands of earlier releases keep working)."""

    def __init__(self, *args: Any, default: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.default = default

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.list_commands(ctx) and args[0] not in self.aliases:
            args = [self.default, *args]
        return super().resolve_command(ctx, args)
