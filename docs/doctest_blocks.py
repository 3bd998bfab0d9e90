"""A Griffe extension for the API reference: docstrings' ``>>>`` examples as code.

The docstrings are Sphinx-style text, in which a doctest block (``>>>`` lines and
the output after them, up to a blank line) would render as nested quotations; this
wraps each such block in a fenced ``pycon`` code block before mkdocstrings renders
it.  The same examples run as doctests in the suite (tests/test_doctests.py).
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with every doctest block fenced as ``pycon`` code."""
    lines, out, inside = text.splitlines(), [], False
    for line in lines:
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not line.strip():
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the doctest blocks of every docstring Griffe loads."""

    def on_object(self, *, obj: griffe.Object, **_: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
