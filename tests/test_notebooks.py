"""The example notebooks (one per paper, docs/notebooks/) run from top to bottom, and
their pictures and values render (so they cannot rot)."""

from __future__ import annotations

from pathlib import Path

import nbclient
import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "docs" / "notebooks").glob("*.ipynb"))


def test_one_notebook_per_paper() -> None:
    papers = sorted((Path(__file__).parent.parent / "docs" / "papers").glob("*.md"))
    assert [n.stem for n in NOTEBOOKS] == [p.stem for p in papers]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebook_runs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    shown = [output for cell in notebook.cells if cell.cell_type == "code"
             for output in cell.outputs]
    assert shown and not [o for o in shown if o.output_type == "error"]
    rich = {"image/svg+xml", "text/html"}  # positions, values, thermographs draw themselves
    assert any(rich & set(output.get("data", {})) for output in shown)
