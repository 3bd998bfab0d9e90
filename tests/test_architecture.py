"""The house keeps its layers: every import between grundy's packages points down.

values <- protocol <- search <- rulesets <- transforms <- reductions <- cli/web (see
docs/architecture.md).  Imports inside functions and under TYPE_CHECKING count too,
and so do modules named in a string (``importlib``).
A new top-level package must be placed in LAYERS before it can import anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "grundy"

#: Each top-level part of grundy and its layer: a part imports only parts of lower layers.
LAYERS: dict[str, int] = {
    "bibliography": 0,
    "_native": -1,  # the Rust kernels (crate native/), which import nothing of ours
    "values": 0,
    "protocol": 1,
    "extras": 2,
    "search": 2,
    "rulesets": 3,
    "transforms": 4,
    "reductions": 5,
    "census": 5,
    "oracles": 5,
    "web": 6,
    "api": 6,
    "features": 6,
    "cli": 7,
    "__main__": 8,  # python -m grundy
}
#: Parts a module may name as a string (``importlib.import_module``) though they sit above
#: it: the registry imports the modules of its plug-in packages on its first look-up, so
#: that ``get("quantum-nim")`` finds the rulesets ``transforms`` registers.
NAMED_UPWARD = {("rulesets/registry.py", "transforms")}


def part_of(path: Path) -> str:
    relative = path.relative_to(SRC)
    return relative.parts[0].removesuffix(".py")


def imported_parts(path: Path) -> set[str]:
    """The top-level parts of grundy that ``path`` imports, by absolute name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
            if node.module == "grundy":  # submodules, not attributes such as __version__
                names = [f"grundy.{alias.name}" for alias in node.names
                         if (SRC / alias.name).is_dir() or (SRC / f"{alias.name}.py").exists()]
        elif isinstance(node, ast.ImportFrom) and node.level:
            pytest.fail(f"{path}: relative import; write grundy.… in full")
        for name in names:
            parts = name.split(".")
            if parts[0] == "grundy" and len(parts) > 1:
                found.add(parts[1])
    return found


def named_parts(path: Path) -> set[str]:
    """The top-level parts of grundy that ``path`` names in a string such as
    ``"grundy.web.app"``: modules imported by name count as imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parts = node.value.split(".")
            if parts[0] == "grundy" and len(parts) > 1 and parts[1] in LAYERS:
                found.add(parts[1])
    return found


MODULES = sorted(p for p in SRC.rglob("*.py") if p.name != "__init__.py" or p.parent != SRC)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_down(path: Path) -> None:
    part = part_of(path)
    assert part in LAYERS, f"{part} is not placed in a layer: add it to LAYERS"
    name = str(path.relative_to(SRC))
    named = {other for other in named_parts(path) if (name, other) not in NAMED_UPWARD}
    upward = {
        other for other in (imported_parts(path) | named) - {part}
        if other not in LAYERS or LAYERS[other] >= LAYERS[part]
    }
    assert not upward, f"{path.relative_to(SRC)} imports upward or sideways: {sorted(upward)}"


def test_search_and_values_know_no_ruleset() -> None:
    """The issue's own statement of the rule, checked by name."""
    banned = {"rulesets", "transforms", "reductions", "cli", "web"}
    for path in MODULES:
        if part_of(path) in {"search", "values", "protocol", "bibliography"}:
            assert not imported_parts(path) & banned, path


def test_every_ruleset_module_sits_in_a_family_package() -> None:
    shared = {"__init__.py", "registry.py", "drawing.py", "graphs.py"}
    flat = sorted(p.name for p in (SRC / "rulesets").glob("*.py") if p.name not in shared)
    assert not flat, f"ruleset modules outside a family package: {flat}"


def test_the_architecture_page_and_the_readme_name_every_family_package() -> None:
    families = sorted(p.name for p in (SRC / "rulesets").iterdir()
                      if (p / "__init__.py").exists())
    for page in ("docs/architecture.md", "README.md"):
        text = (SRC.parents[1] / page).read_text(encoding="utf-8")
        assert not [f for f in families if f"{f}/" not in text], page


def test_the_worked_example_in_the_architecture_page_runs() -> None:
    """docs/architecture.md's ruleset, run as written (bar @register, so that it stays out
    of the registry), against Kayles' published nim sequence (Winning Ways, Ch. 4)."""
    from grundy.search.engine import Solver

    page = (SRC.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = page.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(block.replace("@register\n", ""), namespace)
    kayles = namespace["Kayles"]()  # type: ignore[operator]
    solver = Solver(kayles)
    sequence = [solver.grundy(kayles.parse(str(n))) for n in range(1, 13)]
    assert sequence == [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert solver.grundy(kayles.parse("3,5")) == 3 ^ 4
