"""The lean core and its extras (issue 18): the core imports no extra, and a command
that needs a missing extra names it in one line."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from grundy.census.analysis import CensusPlot
from grundy.cli.main import cli
from grundy.extras import MissingExtra

EXTRAS = ("fastapi", "uvicorn", "matplotlib", "numpy")


def test_the_core_imports_no_extra() -> None:
    code = ("import sys, grundy.cli.main, grundy.api; "
            f"print(','.join(m for m in {EXTRAS!r} if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == ""


@pytest.fixture
def without(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Pretend some modules are not installed."""
    real = importlib.util.find_spec

    def hide(*names: str) -> None:
        monkeypatch.setattr(importlib.util, "find_spec",
                            lambda name, *a: None if name in names else real(name, *a))
    return hide


@pytest.mark.parametrize(("args", "hidden", "extra"), [
    (["serve", "--port", "0"], ("fastapi",), "web"),
    (["serve", "--port", "0", "--census", "{tmp}"], ("matplotlib",), "plot"),
    (["values", "thermograph", "{4|2}", "--plot", "{tmp}/t.png"], ("matplotlib",), "plot"),
    (["values", "octal", "0.77", "--to", "20", "--plot", "{tmp}/k.png"], ("matplotlib",), "plot"),
])
def test_a_missing_extra_is_named_in_one_line(without: Any, tmp_path: Path, args: list[str],
                                              hidden: tuple[str, ...], extra: str) -> None:
    without(*hidden)
    result = CliRunner().invoke(cli, [arg.replace("{tmp}", str(tmp_path)) for arg in args])
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert f'pip install "grundy[{extra}]"' in line and hidden[0] in line


def test_svg_thermographs_need_no_extra(without: Any, tmp_path: Path) -> None:
    without("matplotlib")
    picture = tmp_path / "t.svg"
    result = CliRunner().invoke(cli, ["values", "thermograph", "{4|2}", "--plot", str(picture)])
    assert result.exit_code == 0, result.output
    assert picture.read_text().startswith("<svg") and "mean 3" in picture.read_text()


def test_a_census_plot_without_matplotlib_names_the_extra(without: Any,
                                                          tmp_path: Path) -> None:
    without("matplotlib")
    with pytest.raises(MissingExtra, match=r'plot extra.*pip install "grundy\[plot\]"'):
        CensusPlot(tmp_path).svg()
