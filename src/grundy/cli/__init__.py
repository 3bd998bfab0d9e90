"""The ``grundy`` command line, and the terminal output its commands share.

Text is rich (headings, tables, colour) on a terminal and plain, unwrapped text
otherwise, so that pipes and tests see stable lines.  Progress of long searches
goes to stderr, and only when stderr is a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # rich loads with the first styled line: plain output never needs it
    from rich.progress import Progress, TaskID

    from grundy.search import ProgressCallback


class Output:
    """Lines, headings and tables for stdout (or stderr): rich on a terminal, plain otherwise."""

    def __init__(self, *, stderr: bool = False) -> None:
        from rich.console import Console

        self.stderr = stderr
        self.console = Console(stderr=stderr, highlight=False)
        self.styled = self.console.is_terminal

    def line(self, text: str = "", style: str = "") -> None:
        if self.styled:
            from rich.text import Text

            self.console.print(Text(text, style=style))
        else:
            click.echo(text, err=self.stderr)

    def paragraph(self, text: str, style: str = "", indent: int = 2) -> None:
        """``text`` indented, wrapped at words to the terminal's width (plain: one line)."""
        if self.styled:
            from rich.padding import Padding
            from rich.text import Text

            self.console.print(Padding(Text(text, style=style), (0, 0, 0, indent)))
        else:
            click.echo(" " * indent + text, err=self.stderr)

    @contextmanager
    def status(self) -> Iterator[Callable[[str], None]]:
        """A transient status line with a spinner, on a terminal only: call the function
        yielded with each new text (the progress of a long loop)."""
        if not self.styled:
            yield lambda text: None
            return
        with self.console.status("") as shown:
            yield lambda text: shown.update(text)

    def heading(self, title: str, subtitle: str = "") -> None:
        """A section title, underlined; ``subtitle`` (e.g. a citation) on the next line."""
        if self.styled:
            from rich.text import Text

            self.console.print()
            self.console.rule(Text(title, style="bold cyan"), align="left")
            if subtitle:
                self.console.print(Text(subtitle, style="dim"))
        else:
            click.echo(f"\n{title}\n{'=' * len(title)}", err=self.stderr)
            if subtitle:
                click.echo(subtitle, err=self.stderr)

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        styles: Sequence[str] = (),
    ) -> None:
        """Aligned columns; on a terminal row i gets the rich style ``styles[i]`` (if any)."""
        if self.styled:
            from rich.table import Table

            table = Table(header_style="bold")
            for header in headers:
                table.add_column(header, overflow="fold")
            for i, row in enumerate(rows):
                table.add_row(*row, style=styles[i] if i < len(styles) and styles[i] else None)
            self.console.print(table)
            return
        columns = zip(headers, *rows, strict=True)
        widths = [max(len(cell) for cell in column) for column in columns]
        for row in (headers, *rows):
            cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            click.echo("  ".join(cells).rstrip(), err=self.stderr)


class Spinner:
    """A transient spinner on stderr showing a search's progress (only if stderr is a TTY).

    Pass ``callback`` to a ``Budget``; the display starts at the first report (so
    quick searches show nothing) and ends when the ``with`` block around the
    search exits.
    """

    def __init__(self) -> None:
        self.enabled = sys.stderr.isatty()
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    @property
    def callback(self) -> ProgressCallback | None:
        return self._report if self.enabled else None

    def _report(self, nodes: int, table_size: int) -> None:
        if self._progress is None:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("searching: {task.fields[nodes]:,} positions expanded, "
                           "{task.fields[table]:,} in the table"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("search", total=None, nodes=0, table=0)
        assert self._task is not None
        self._progress.update(self._task, nodes=nodes, table=table_size)

    def __enter__(self) -> Spinner:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = self._task = None
