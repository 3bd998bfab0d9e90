"""The feature table: grundy beside CGSuite, cgt-tools and pycgt (issue 26 item 5).

The ruleset rows are grundy's registry (``all_rulesets``) plus the rulesets the other
tools ship that grundy does not, so a ruleset appears in grundy's column the day it
registers.  The operation rows are ``OPERATIONS``, the one list of what grundy computes
on values: each row names the grundy function that computes it (the test imports every
one, so the list cannot claim what the code lacks).  The other tools' columns are facts,
each cell the file of that tool where the feature lives (CGSuite: its class library
``lib/core/src/main/resources/org/cgsuite/lang/resources/game/``; cgt-tools: its crate
``cgt/`` and the cgt-py bindings; pycgt: its package).

``python -m grundy.features`` prints the page (``docs/features.md``, which
``tests/test_features.py`` keeps equal to the output).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from grundy.protocol import ImpartialRuleset, Ruleset
from grundy.rulesets import all_rulesets

TOOLS = ("CGSuite", "cgt-tools", "pycgt")


@dataclass(frozen=True)
class Feature:
    """One row: what it is, where grundy computes it (a dotted name, "" where grundy does
    not), and where each other tool does (a file, "" where it does not)."""

    name: str
    grundy: str = ""
    cgsuite: str = ""
    cgt_tools: str = ""
    pycgt: str = ""

    def cells(self) -> tuple[str, str, str]:
        return self.cgsuite, self.cgt_tools, self.pycgt


def resolve(dotted: str) -> Any:
    """The object a dotted name such as ``grundy.values.game.Game.heat`` names."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(f"nothing is called {dotted}")


G = "grundy.values.game.Game"
CSG = "CanonicalShortGame.cgs"
GAME = "Game.cgs"
CGT = "cgt_py CanonicalForm"
PYCGT = "pycgt/game.py"

#: What grundy computes on values, with the other tools beside it: the truth for the
#: operation rows of the feature table.
OPERATIONS: tuple[Feature, ...] = (
    Feature("canonical forms of short games", f"{G}.of", CSG, CGT, PYCGT),
    Feature("sums, negatives, comparison", f"{G}.__add__", CSG, CGT, PYCGT),
    Feature("outcome classes", f"{G}.outcome", GAME, "", PYCGT),
    Feature("birthday", f"{G}.birthday", CSG, CGT, PYCGT),
    Feature("left and right stops", f"{G}.left_stop", "CanonicalStopper.cgs", CGT,
            "pycgt/stops.py"),
    Feature("mean and temperature", f"{G}.temperature", CSG, CGT, "pycgt/thermal.py"),
    Feature("thermographs", "grundy.values.thermograph.thermograph", CSG, CGT, "pycgt/thermal.py"),
    Feature("cooling", f"{G}.cool", CSG, CGT, "pycgt/thermal.py"),
    Feature("heating and overheating", f"{G}.heat", CSG, "", "pycgt/thermal.py"),
    Feature("Norton product", f"{G}.norton", CSG),
    Feature("incentives", f"{G}.incentives", CSG, "", PYCGT),
    Feature("even and odd tempered", f"{G}.is_even_tempered", CSG),
    Feature("atomic weight", "grundy.values.infinitesimals.atomic_weight", GAME),
    Feature("reduced canonical form", "grundy.values.infinitesimals.reduced_canonical_form",
            GAME, CGT, "pycgt/reduced.py"),
    Feature("ordinal sum", f"{G}.ordinal_sum", GAME),
    Feature("conjunctive and selective sums", f"{G}.conjunctive_sum", GAME),
    Feature("followers", f"{G}.followers", GAME),
    Feature("confusion interval", f"{G}.confusion_interval", "", "", PYCGT),
    Feature("Grundy values of impartial rulesets", "grundy.search.engine.Solver.grundy",
            "ImpartialGame.cgs", "cgt/short/impartial/impartial_game.rs"),
    Feature("octal and take-and-break sequences",
            "grundy.rulesets.heaps.take_and_break.nim_sequence", "heap/TakeAndBreak.cgs"),
    Feature("misère canonical forms and genus", "grundy.values.misere.MisereGame",
            "misere/MisereCanonicalGame.cgs", "cgt/misere.rs"),
    Feature("nim multiplication (Conway product)", "grundy.values.nimber.nim_product",
            "Nimber.cgs"),
    Feature("Pow and PowTo (number and pseudonumber exponents)",
            "grundy.values.operations.pow_to", CSG),
    Feature("Subordinate (the ordinal sum undone)", "grundy.values.operations.subordinate",
            CSG),
    Feature("loopy games (stoppers, sides)", "grundy.values.loopy.Loopy.sides",
            "CanonicalStopper.cgs",
            "cgt/loopy/impartial/vertex.rs"),
    Feature("stops and pseudonumbers of stoppers", "grundy.values.loopy.Loopy.stops",
            "CanonicalStopper.cgs"),
    Feature("upsums and downsums of stoppers", "grundy.values.loopy_degree.upsum",
            "CanonicalStopper.cgs"),
    Feature("degrees of loopiness, varieties, stability", "grundy.values.loopy_degree.variety",
            "CanonicalStopper.cgs"),
)


CGT_P = "cgt/short/partizan/games/"
CGT_I = "cgt/short/impartial/games/"
TURNING = "strip/Turning.cgs"
PY = "pycgt/rulesets/"

#: Where the other tools ship each ruleset (by grundy's name for it).
RULESETS: dict[str, tuple[str, str, str]] = {
    "amazons": ("grid/Amazons.cgs", f"{CGT_P}amazons.rs", ""),
    "clobber": ("grid/constants.cgs", "", f"{PY}clobber.py"),
    "anti-clobber": ("grid/constants.cgs", "", ""),
    "diagonal-clobber": ("grid/GenClobber.cgs", "", ""),
    "king-clobber": ("grid/constants.cgs", "", ""),
    "rook-clobber": ("grid/constants.cgs", "", ""),
    "queen-clobber": ("grid/constants.cgs", "", ""),
    "hot-clobber": ("grid/constants.cgs", "", ""),
    "col": ("graph/constants.cgs", "cgt_py Col", f"{PY}graphs.py"),
    "snort": ("graph/constants.cgs", f"{CGT_P}snort.rs", f"{PY}graphs.py"),
    "cram": ("grid/constants.cgs", "", f"{PY}cram.py"),
    "cutcake": ("heap/GenCutcake.cgs", "", ""),
    "domineering": ("grid/Domineering.cgs", f"{CGT_P}domineering.rs", f"{PY}domineering.py"),
    "fission": ("grid/Fission.cgs", f"{CGT_P}fission.rs", ""),
    "konane": ("", f"{CGT_P}konane.rs", ""),
    "ski-jumps": ("", f"{CGT_P}ski_jumps.rs", ""),
    "digraph-placement": ("", f"{CGT_P}digraph_placement.rs", ""),
    "toppling-dominoes": ("strip/TopplingDominoes.cgs", f"{CGT_P}toppling_dominoes.rs", ""),
    "toads-and-frogs": ("strip/constants.cgs", f"{CGT_P}toads_and_frogs.rs",
                        f"{PY}toads_and_frogs.py"),
    "elephants-and-rhinos": ("strip/constants.cgs", "", ""),
    "backsliding-toads-and-frogs": ("strip/constants.cgs", "", ""),
    "fox-and-geese": ("grid/constants.cgs", "", ""),
    "ceylonese-fox-and-geese": ("grid/constants.cgs", "", ""),
    "hackenbush": ("graph/GenHackenbush.cgs", "", f"{PY}nim.py"),
    "arc-kayles": ("graph/GenArcKayles.cgs", "", ""),
    "partizan-arc-kayles": ("graph/PartizanArcKayles.cgs", "", ""),
    "nim": ("heap/constants.cgs", "", f"{PY}nim.py"),
    "kayles": ("heap/constants.cgs", "", ""),
    "dawsons-kayles": ("heap/constants.cgs", "", ""),
    "grundys-game": ("heap/constants.cgs", "", ""),
    "subtraction": ("heap/constants.cgs", f"{CGT_I}subtraction.rs", ""),
    "partizan-subtraction": ("heap/constants.cgs", "", ""),
    "wythoff": ("heap/constants.cgs", "", ""),
    "generalized-wythoff": ("heap/GenWythoff.cgs", "", ""),
    "fibonacci-nim": ("heap/constants.cgs", "", ""),
    "quicksort": ("", f"{CGT_I}quicksort.rs", ""),
    "wind-up": ("", "cgt/loopy/impartial/games/wind_up.rs", ""),
    "turning-turtles": (TURNING, "", ""),
    "mock-turtles": (TURNING, "", ""),
    "moebius": (TURNING, "", ""),
    "mogul": (TURNING, "", ""),
    "moidores": (TURNING, "", ""),
    "ruler": (TURNING, "", ""),
}


def ruleset_rows() -> list[Feature]:
    """Every registered ruleset, then the others' rulesets grundy has not registered."""
    rows = []
    registered: dict[str, Ruleset[Any]] = {}
    for ruleset in all_rulesets():
        registered[ruleset.name] = ruleset
    for name, ruleset in registered.items():
        cells = RULESETS.get(name, ("", "", ""))
        kind = "impartial" if isinstance(ruleset, ImpartialRuleset) else "partizan"
        rows.append(Feature(f"{name} ({kind}; {ruleset.citation})", name, *cells))
    rows += [Feature(name, "", *cells) for name, cells in RULESETS.items()
             if name not in registered]
    return rows


def _cell(where: str) -> str:
    return f"yes: `{where}`" if where else "—"


def _table(rows: list[Feature], first: str) -> list[str]:
    lines = [f"| {first} | grundy | {' | '.join(TOOLS)} |", "|---|---|---|---|---|"]
    for row in rows:
        cells = " | ".join(_cell(where) for where in row.cells())
        lines.append(f"| {row.name} | {'yes' if row.grundy else '—'} | {cells} |")
    return lines


def page() -> str:
    """The feature table page, in Markdown."""
    rulesets = ruleset_rows()
    ours = sum(1 for row in rulesets if row.grundy)
    return "\n".join([
        "# Features beside CGSuite, cgt-tools and pycgt",
        "",
        "Generated by `python -m grundy.features > docs/features.md` from grundy's ruleset "
        "registry and its list of operations (`grundy.features.OPERATIONS`); a test fails "
        "when this page is stale.  A cell of another tool names the file where it has the "
        "feature: CGSuite's class library (`lib/core/src/main/resources/org/cgsuite/lang/"
        "resources/game/`), cgt-tools' crate (`cgt/`) or its Python bindings (cgt-py "
        "0.11), pycgt's package.  CGSuite's turning games are instances of its `Turning` "
        "schema (turning codes such as `1-3`, Mock Turtles).",
        "",
        f"## Rulesets ({ours} in grundy)",
        "",
        *_table(rulesets, "ruleset"),
        "",
        "## Operations on values",
        "",
        *_table(list(OPERATIONS), "operation"),
        "",
    ])


if __name__ == "__main__":
    print(page(), end="")
