"""The Python API of issue 18: the right solver for any ruleset, positions that print
as their text and draw themselves, values and pictures that render in Jupyter."""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import runpy
from pathlib import Path

import pytest

from grundy import api
from grundy.api import position, solver
from grundy.protocol import GrundyError, Player
from grundy.reductions.lattice import build
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import parse

ROOT = Path(__file__).parent.parent


def test_doctests() -> None:
    assert doctest.testmod(api).failed == 0


def test_solver_of_a_partizan_ruleset_is_a_clear_error() -> None:
    with pytest.raises(GrundyError, match=r"domineering is partizan.*PartizanSolver"):
        Solver(get("domineering"))  # type: ignore[arg-type]
    assert isinstance(solver("domineering"), PartizanSolver)
    assert isinstance(solver(get("nim")), Solver)


@pytest.mark.parametrize(("name", "text"), [
    ("transverse-wave", "PPG/GGP"), ("nim", "1,2,3"), ("node-kayles", "4;0-1,1-2,2-3"),
    ("domineering", "2x3"), ("col", "3;0-1,1-2"),
])
def test_positions_print_as_text_draw_and_solve(name: str, text: str) -> None:
    found = position(name, text)
    rules = get(name)
    assert str(found) == rules.format(rules.parse(text)) and repr(found) == f"{rules.name} {found}"
    assert found._repr_svg_().startswith("<svg")
    if rules.impartial:
        nimber = naive_grundy(rules, rules.parse(text))  # type: ignore[arg-type]
        assert found.value() == parse(f"*{nimber}")
        children = [child for _, child in rules.moves(rules.parse(text))]  # type: ignore[attr-defined]
        assert [after.raw for _, after in found.moves()] == children
    else:
        assert found.value() == naive_value(rules, rules.parse(text))  # type: ignore[arg-type]
        assert found.moves(Player.LEFT)
        with pytest.raises(TypeError, match="say whose moves"):
            found.moves()


def test_values_thermographs_and_the_lattice_render_in_jupyter() -> None:
    game = parse("{4|2}")
    outcome = game.outcome()
    assert game._repr_html_() == (f"<code>{game}</code> "
                                  f"<small>({outcome.value}: {outcome.description})</small>")
    assert game._repr_latex_() == r"$\{4 \mid 2\}$" and parse("^")._repr_latex_() == r"$\uparrow$"
    assert game.thermograph()._repr_svg_().startswith("<svg")
    assert "transverse-wave" in build()._repr_svg_()


def test_readme_python_example_is_the_checked_file() -> None:
    """The README's example is docs/examples/readme.py (which mypy --strict checks), and
    it runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = (ROOT / "docs" / "examples" / "readme.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
    assert example in blocks
    runpy.run_path(str(ROOT / "docs" / "examples" / "readme.py"))


def test_readme_value_operations_print_what_their_comments_say() -> None:
    """The README's value-operations example is docs/examples/value_operations.py; every
    line it prints is the comment on its print call."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    path = ROOT / "docs" / "examples" / "value_operations.py"
    example = path.read_text(encoding="utf-8")
    assert example in re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
    expected = [line.split("#", 1)[1].strip() for line in example.splitlines()
                if line.startswith("print(")]
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        runpy.run_path(str(path))
    assert printed.getvalue().splitlines() == expected
