"""``grundy bench``: the benchmarks of a source checkout (hidden from ``--help``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click

from grundy.cli.group import CliError


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
               add_help_option=False)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def bench(args: tuple[str, ...]) -> None:
    """Run the benchmarks (python -m bench ARGS) from the repository root.

    The benchmarks always print JSON lines, so --json is accepted and dropped.
    """
    if not (Path.cwd() / "bench" / "__main__.py").is_file():
        raise CliError("no bench/__main__.py here: run `grundy bench` in the repository root")
    passed = [arg for arg in args if arg != "--json"]
    sys.exit(subprocess.call([sys.executable, "-m", "bench", *passed]))
