"""The persistent store: resume from disk, survive a killed process."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graph_games.node_kayles import KaylesPosition
from grundy.rulesets.graphs import random_graph
from grundy.search import Budget, BudgetExceeded, Solver, Store, StoreError, engine
from grundy.search.engine import Engine


def tw() -> ImpartialRuleset[object]:
    ruleset = get("transverse-wave")
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


@pytest.mark.parametrize("engine", ["python", "native"])
def test_repeated_questions_are_answered_from_disk(tmp_path: Path, engine: Engine) -> None:
    grid = tw().parse("10:(012)(034)(0156)(2578)")
    with Store(tmp_path / "s.sqlite") as store:
        assert Solver(tw(), store=store, engine=engine).grundy(grid) == 7
        assert store.count("transverse-wave") > 0
    with Store(tmp_path / "s.sqlite") as store:
        again = Solver(tw(), store=store, engine=engine)
        assert again.grundy(grid) == 7
        assert again.budget.nodes == 0  # nothing expanded: the root came from disk


def test_stopped_search_resumes(tmp_path: Path) -> None:
    """The Python engine stores every solved key."""
    grid = tw().parse("10:(012)(034)(0156)(2578)")
    with Store(tmp_path / "s.sqlite") as store:
        with pytest.raises(BudgetExceeded):
            Solver(tw(), Budget(max_nodes=4), store=store, engine="python").grundy(grid)
        saved = store.count()
    assert saved > 0
    with Store(tmp_path / "s.sqlite") as store:
        resumed = Solver(tw(), store=store, engine="python")
        assert resumed.grundy(grid) == 7
        fresh = Solver(tw(), engine="python")
        fresh.grundy(grid)
        assert resumed.budget.nodes < fresh.budget.nodes


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


#: One position per native kernel that keeps a table, each a few thousand positions deep.
NATIVE = [
    ("node-kayles", lambda: KaylesPosition(30, random_graph(random.Random(1), 30, 0.12, False), 0)),
    ("geography", lambda: GeographyPosition(24, random_graph(random.Random(1), 24, 0.12, True),
                                            0, 0)),
    ("transverse-wave", lambda: tw().parse(
        "GGGGGGGGPGGGGGGP/GGGGPPGPPPGGPGGG/GGPGGGGGGGPGGGGP/GGGPGGGPGPGGGPGG/"
        "GPPPGPPGGGGGGGGP/GPGGGGGPPGGGPGGP/GGPGGGGGGGGPGGGP/GGPPGGGGGGGGPPPG")),
]


@pytest.mark.parametrize(("name", "position"), NATIVE, ids=[name for name, _ in NATIVE])
def test_a_stopped_native_search_resumes_from_its_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, position: Callable[[], Any]
) -> None:
    """The native kernel's table goes to the store in batches (one per step of the
    search); a run stopped half-way leaves half the work there, and the next run on the
    same graph reads it back and expands only the rest."""
    monkeypatch.setattr(engine, "NATIVE_STEP", 100)
    ruleset = impartial(name)
    fresh = Solver(ruleset, engine="native")
    expected = fresh.grundy(position())
    half = fresh.budget.nodes // 2
    assert half > 3 * engine.NATIVE_STEP
    with Store(tmp_path / "s.sqlite") as store:
        with pytest.raises(BudgetExceeded):
            Solver(ruleset, Budget(max_nodes=half), store=store, engine="native").grundy(
                position())
        assert store.count() >= 4  # three batches or more, and their count
    with Store(tmp_path / "s.sqlite") as store:
        resumed = Solver(ruleset, store=store, engine="native")
        assert resumed.grundy(position()) == expected
    assert resumed.budget.nodes < fresh.budget.nodes - half // 2


def test_a_damaged_native_batch_is_one_line(tmp_path: Path) -> None:
    ruleset = impartial("node-kayles")
    position = NATIVE[0][1]()
    with Store(tmp_path / "s.sqlite") as store:
        store.put_batch(ruleset.name, tuple(position.adj), b"\x01\x00\x00\x00\x07")
        with pytest.raises(StoreError, match="damaged node-kayles native entry"):
            Solver(ruleset, store=store, engine="native").grundy(position)


def test_killed_process_leaves_a_consistent_store(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite"
    script = textwrap.dedent(
        f"""
        import itertools
        from grundy.rulesets import get
        from grundy.search import Solver, Store
        store = Store({str(path)!r}, batch=50)
        subtraction = get("subtraction")
        print("started", flush=True)
        for n in itertools.count(1):  # keep writing new values until killed
            Solver(subtraction, store=store).grundy(subtraction.parse(f"1,4,9:{{100 * n}}"))
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "started"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if path.exists() and Path(str(path) + "-wal").exists():
            break
    time.sleep(0.5)
    process.send_signal(signal.SIGKILL)
    process.wait()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT COUNT(*) FROM solved").fetchone()[0] > 0
    with Store(path) as store:
        assert Solver(tw(), store=store).grundy(tw().parse("(01)(234)(035)")) == 4


def test_keys_with_huge_ints_are_stored(tmp_path: Path) -> None:
    """Graph keys hold vertex masks; past ~14,000 vertices their decimal text is refused
    by Python, so keys are written with hexadecimal ints."""
    huge = (1 << 20_000) | 1
    with Store(tmp_path / "s.sqlite") as store:
        store.put("grundy", "geography", (huge, 3), 2)
        store.flush()
        assert store.get("grundy", "geography", (huge, 3)) == 2
        assert store.get("grundy", "geography", (huge + 2, 3)) is None
