"""The `>>>` examples of every docstring the API reference (docs/api.md) shows run as
doctests, so the examples on the site are checked at every run of the suite; and the
site's Griffe extension fences exactly those blocks as code."""

from __future__ import annotations

import doctest
import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def documented_modules() -> list[str]:
    """The modules of the objects docs/api.md renders (``::: grundy.x.Y``)."""
    modules = []
    for target in re.findall(r"^::: (\S+)", (DOCS / "api.md").read_text(), re.MULTILINE):
        parts = target.split(".")
        while parts:
            name = ".".join(parts)
            try:
                importlib.import_module(name)
            except ModuleNotFoundError:
                parts.pop()
                continue
            modules.append(name)
            break
    return sorted(set(modules))


@pytest.mark.parametrize("name", documented_modules())
def test_the_api_references_examples_run(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_api_reference_shows_examples() -> None:
    assert "grundy.api" in documented_modules()
    assert doctest.testmod(importlib.import_module("grundy.api")).attempted >= 5


def test_doctest_blocks_are_fenced_as_code() -> None:
    sys.path.insert(0, str(DOCS))
    try:
        from doctest_blocks import fence_doctests
    finally:
        sys.path.remove(str(DOCS))
    text = "Intro.\n\n    >>> 1 + 1\n    2\n\nAfter.\n>>> x = 1"
    assert fence_doctests(text) == (
        "Intro.\n\n    ```pycon\n    >>> 1 + 1\n    2\n    ```\n\nAfter.\n```pycon\n>>> x = 1\n```")


def test_the_cli_reference_shows_real_defaults_for_every_command() -> None:
    """What mkdocs-click renders for docs/cli.md, after the site's hooks (in a fresh
    interpreter: the hooks set the defaults of the command objects): every command,
    subcommands included, and never click's internal "unset" marker."""
    import subprocess

    code = ("import sys\nsys.path.insert(0, 'docs')\nimport hooks\n"
            "from mkdocs_click._docs import make_command_docs\n"
            "hooks.on_config(None)\n"
            "print('\\n'.join(make_command_docs('grundy', hooks.cli, depth=1, style='table')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True, cwd=DOCS.parent)
    assert "Sentinel" not in done.stdout and "UNSET" not in done.stdout
    for command in ("grundy value", "grundy values thermograph", "grundy census run",
                    "grundy matchmaker tables", "grundy constructions lattice"):
        assert f"{command}\n" in done.stdout or f"{command} " in done.stdout, command
    assert "| `--max-seconds` | seconds | Give up after S seconds" in done.stdout
