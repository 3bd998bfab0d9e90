"""MkDocs hooks: pages draw positions and run their code when the site is built.

- ``<!-- svg RULESET | POSITION -->`` becomes the position's picture, drawn by the
  ruleset's own ``render_svg`` (the workbench's drawing), with a link to play it;
- a fenced block opened with ```` ```python run ```` is executed in a fresh namespace
  and followed by what it printed, so a page's theorems are checked at every build
  (``mkdocs build --strict`` fails when one raises).
"""

from __future__ import annotations

import contextlib
import io
import re
from typing import Any
from urllib.parse import quote

from grundy.rulesets import get

SVG = re.compile(r"<!-- svg (?P<name>[^|]+)\|(?P<position>.*?) -->")
RUN = re.compile(r"```python run\n(?P<code>.*?)```", re.DOTALL)


def picture(match: re.Match[str]) -> str:
    ruleset = get(match["name"].strip())
    text = match["position"].strip()
    svg = ruleset.render_svg(ruleset.parse(text))
    link = f"http://127.0.0.1:8000/play/{quote(ruleset.name)}?position={quote(text)}"
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


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    try:
        return RUN.sub(run, SVG.sub(picture, markdown))
    except Exception as error:  # name the page whose code or picture failed
        raise RuntimeError(f"{page.file.src_uri}: {type(error).__name__}: {error}") from error
