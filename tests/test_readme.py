"""Every `grundy ...` command README.md shows runs and exits 0.

The commands are read from README.md itself (lines `.venv/bin/grundy ...` and
`$ grundy ...`), so an example cannot go stale: a renamed command or a changed format
fails here.  Each runs within a time budget ten times its default (`--max-seconds`), so
that the test stays bounded without depending on the machine's speed.  Interactive
games get `quit` on their standard input; files the examples write go to a temporary
folder.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from grundy.cli.group import DEFAULT_SECONDS
from grundy.cli.main import cli

README = Path(__file__).resolve().parent.parent / "README.md"
COMMAND = re.compile(r"^(?:\.venv/bin/|\$ )grundy (?P<args>.*?)(?:\s{2,}#.*)?$", re.MULTILINE)
#: What `$(cat graph.txt)` reads in the census example: the reader's own graph.
GRAPH = "6;0-1,1-2,2-3,3-4,4-5,5-0"


def commands() -> list[str]:
    return [match["args"].strip() for match in COMMAND.finditer(README.read_text())]


def budgeted(words: list[str]) -> list[str]:
    """``words`` with ``--max-seconds`` ten times the default where the command takes one
    and the example gives none."""
    command: click.Command | None = cli
    rest = list(words)
    while isinstance(command, click.Group) and rest:
        _, command, rest = command.resolve_command(click.Context(command), rest)
    assert command is not None
    takes = any("--max-seconds" in getattr(param, "opts", ()) for param in command.params)
    if takes and "--max-seconds" not in words:
        return [*words, "--max-seconds", str(10 * DEFAULT_SECONDS)]
    return words


def run(args: str) -> None:
    words = budgeted(shlex.split(args.replace('"$(cat graph.txt)"', shlex.quote(GRAPH))))
    runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None})
    result = runner.invoke(cli, words, input="quit\n", prog_name="grundy")
    assert result.exit_code == 0, (args, result.output, result.exception)


def test_the_readme_shows_commands() -> None:
    shown = commands()
    assert len(shown) > 30
    assert any(args.startswith("census ") for args in shown)


@pytest.mark.slow
@pytest.mark.parametrize("args", [args for args in commands() if not args.startswith("census")])
def test_readme_command_runs(args: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run(args)


@pytest.mark.slow
def test_readme_census_commands_run_in_order(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The census examples build on each other (the query reads the first one's output)."""
    monkeypatch.chdir(tmp_path)
    for args in commands():
        if args.startswith("census"):
            run(args)
