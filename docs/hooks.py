"""MkDocs hooks: pages draw positions and run their code when the site is built.

- ``<!-- svg RULESET | POSITION -->`` becomes the position's picture, drawn by the
  ruleset's own ``render_svg`` (the workbench's drawing), with a link to play it on
  the server that serves the site (``grundy serve --docs site``: a root-relative link);
- a fenced block opened with ```` ```python run ```` is executed in a fresh namespace
  and followed by what it printed, so a page's theorems are checked at every build
  (``mkdocs build --strict`` fails when one raises);
- ``<!-- chart COLUMN -->`` after a table draws that column as bars on a log scale,
  labelled by the first column (the benchmarks page's plots, from its own tables);
- the command-line reference (mkdocs-click) sees every command, loaded, and the
  defaults click really uses (a flag's False, an option's None) where an option
  declares none.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from typing import Any
from urllib.parse import quote

import click

from grundy.cli.main import cli
from grundy.rulesets import get
from grundy.values.svg import svg_document, text

SVG = re.compile(r"<!-- svg (?P<name>[^|]+)\|(?P<position>.*?) -->")
RUN = re.compile(r"```python run\n(?P<code>.*?)```", re.DOTALL)
CHART = re.compile(r"(?P<table>(?:^\|.*\|\n)+)\n?<!-- chart (?P<column>[^>]+?) -->", re.MULTILINE)
#: click's marker for "no default declared" (click >= 8.3; older releases use None).
UNSET = getattr(click.core, "UNSET", None)
NUMBER = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?")


def picture(match: re.Match[str]) -> str:
    ruleset = get(match["name"].strip())
    text = match["position"].strip()
    svg = ruleset.render_svg(ruleset.parse(text))
    link = f"/play/{quote(ruleset.name)}?position={quote(text)}"
    return (f'<figure class="position" markdown="0">{svg}<figcaption><code>{ruleset.name} '
            f'{text}</code> · <a href="{link}">play it in the workbench</a> '
            "(<code>grundy serve</code>)</figcaption></figure>")


def run(match: re.Match[str]) -> str:
    code = match["code"]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<docs>", "exec"), {"__name__": "__docs__"})  # the page's own code
    output = printed.getvalue().rstrip() or "(nothing printed)"
    return f"```python\n{code}```\n\n```text\n{output}\n```"


def chart(match: re.Match[str]) -> str:
    rows = [[cell.strip() for cell in line.strip("|").split("|")]
            for line in match["table"].strip().splitlines()]
    head, body = rows[0], rows[2:]
    column = head.index(match["column"].strip())
    bars = [(row[0], float(found[0].replace(",", "")), row[column]) for row in body
            if (found := NUMBER.findall(row[column]))]
    top = max(math.log10(value) for _, value, _ in bars) or 1.0
    label_w, bar_w, line = 330, 300, 24
    shapes = []
    for k, (label, value, cell) in enumerate(bars):
        y = 10 + line * k
        width = max(2.0, bar_w * math.log10(max(value, 1.0)) / top)
        shapes.append(text(label_w - 6, y + 9, label.strip("*")[:48], 11).replace(
            'text-anchor="middle"', 'text-anchor="end"'))
        shapes.append(f'<rect x="{label_w}" y="{y}" width="{width:.1f}" height="18" '
                      'fill="#3f51b5"/>')
        shapes.append(text(label_w + width + 6, y + 9, cell.replace("**", ""), 11).replace(
            'text-anchor="middle"', 'text-anchor="start"'))
    svg = svg_document(label_w + bar_w + 190, 20 + line * len(bars), shapes,
                       f"{head[column]} (log scale)")
    return f"{match['table']}\n<figure markdown=\"0\">{svg}<figcaption>{head[column]}, " \
           "log scale</figcaption></figure>\n"


def real_defaults(command: click.Command) -> None:
    """Give every option of ``command`` (and its subcommands) that declares no default
    the one click uses when it is not given, so the reference never shows click's
    internal "unset" marker."""
    context = click.Context(command)
    for param in command.get_params(context):  # --help included
        if isinstance(param, click.Option) and UNSET is not None and param.default is UNSET:
            used = param.get_default(context, call=False)
            param.default = None if used is UNSET else used
    if isinstance(command, click.Group):
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None:
                real_defaults(sub)


def on_config(config: Any, **_: Any) -> Any:
    cli.load_all()
    real_defaults(cli)
    return config


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    try:
        return CHART.sub(chart, RUN.sub(run, SVG.sub(picture, markdown)))
    except Exception as error:  # name the page whose code or picture failed
        raise RuntimeError(f"{page.file.src_uri}: {type(error).__name__}: {error}") from error
