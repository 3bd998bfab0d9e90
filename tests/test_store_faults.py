"""The store under faults (issue 19 item 3): killed writers, concurrent writers,
files that are not stores, newer stores and damaged entries."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from grundy.cli.main import cli
from grundy.rulesets import get
from grundy.rulesets.graph_games.node_kayles import KaylesPosition
from grundy.rulesets.graphs import random_graph
from grundy.search import Solver, Store, StoreError
from grundy.search.store import VERSION

GRUNDY = [sys.executable, "-c", "from grundy.cli.main import main; main()"]
#: A search of about 40,000 positions that commits to the store as it goes (on the Python
#: engine: the native kernel solves it in one pass of milliseconds).
RULESET, POSITION = "subtraction", "2,5,7:40000"


def committed(path: Path) -> int:
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path, timeout=5) as db:
            return int(db.execute("SELECT COUNT(*) FROM solved").fetchone()[0])
    except sqlite3.OperationalError:  # the table is not created yet
        return 0


def test_killed_runs_resume_to_the_clean_value(tmp_path: Path) -> None:
    """kill -9 at random moments after some batches are committed, twice; then the
    resumed search agrees with a clean one, expands fewer positions, and SQLite's
    integrity check passes."""
    path = tmp_path / "store.sqlite"
    rng = random.Random(19)
    kills = 0
    for _ in range(2):
        before = committed(path)
        child = subprocess.Popen([*GRUNDY, "value", RULESET, POSITION, "--store", str(path),
                                  "--max-seconds", "0", "--engine", "python"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while committed(path) <= before and child.poll() is None:
            assert time.monotonic() < deadline, "no batch was committed within 60 s"
            time.sleep(0.05)
        time.sleep(rng.uniform(0, 0.5))
        if child.poll() is None:
            child.kill()
            kills += 1
        child.wait()
    assert kills, "the search finished before it could be killed: use a longer one"
    ruleset = get(RULESET)
    position = ruleset.parse(POSITION)
    clean = Solver(ruleset, engine="python")  # type: ignore[arg-type]
    expected = clean.grundy(position)
    with Store(path) as store:
        resumed = Solver(ruleset, store=store, engine="python")  # type: ignore[arg-type]
        assert resumed.grundy(position) == expected
    assert resumed.budget.nodes < clean.budget.nodes
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_killed_native_run_resumes_from_its_batches(tmp_path: Path) -> None:
    """The native Node Kayles kernel commits a batch of its table after every step (at
    most NATIVE_STEP positions or STEP_SECONDS); kill -9 after the first, and the next run
    expands fewer positions than a clean one and finds the same value."""
    ruleset = get("node-kayles")
    position = KaylesPosition(44, random_graph(random.Random(3), 44, 0.12, False), 0)
    path = tmp_path / "store.sqlite"
    child = subprocess.Popen([*GRUNDY, "value", "node-kayles", ruleset.format(position),
                              "--store", str(path), "--max-seconds", "0", "--engine", "native"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while committed(path) == 0 and child.poll() is None:
        assert time.monotonic() < deadline, "no batch was committed within 60 s"
        time.sleep(0.02)
    assert child.poll() is None, "the search finished before it could be killed"
    child.kill()
    child.wait()
    clean = Solver(ruleset, engine="native")  # type: ignore[arg-type]
    expected = clean.grundy(position)
    with Store(path) as store:
        resumed = Solver(ruleset, store=store, engine="native")  # type: ignore[arg-type]
        assert resumed.grundy(position) == expected
    assert resumed.budget.nodes < clean.budget.nodes


WRITER = """
import sys
from grundy.search import Store
with Store(sys.argv[1], batch=1) as store:
    for i in range(int(sys.argv[3])):
        store.put("grundy", "test", (sys.argv[2], i), i)
"""


def test_two_processes_write_one_store(tmp_path: Path) -> None:
    """Two writers committing every entry at once both finish, and nothing is lost."""
    path = tmp_path / "shared.sqlite"
    count = 400
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(count)],
                                stderr=subprocess.PIPE, text=True) for name in "ab"]
    for writer in writers:
        _, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors
        assert "locked" not in errors
    with Store(path) as store:
        assert store.count("test") == 2 * count


def one_line_error(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: error:"), result.output
    return lines[0]


def test_a_file_that_is_not_a_store(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all\n" * 100)
    assert "damaged" in one_line_error("value", "nim", "3,5", "--store", str(text))
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE accounts (name TEXT)")
    assert "not a grundy store" in one_line_error("value", "nim", "3,5", "--store", str(other))
    with sqlite3.connect(other) as db:  # and it was left alone
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert tables == {"accounts"}


def test_a_store_from_a_newer_grundy(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {VERSION + 1}")
    assert "newer grundy" in one_line_error("value", "nim", "3,5", "--store", str(path))


@pytest.mark.parametrize(("ruleset", "position"), [("subtraction", "1,2:7"),
                                                   ("domineering", "2x3")])
def test_tampered_entries(tmp_path: Path, ruleset: str, position: str) -> None:
    path = tmp_path / "tampered.sqlite"
    solved = CliRunner().invoke(cli, ["value", ruleset, position, "--store", str(path)])
    assert solved.exit_code == 0
    with sqlite3.connect(path) as db:
        assert db.execute("UPDATE solved SET value = 'abc'").rowcount > 0
    assert "damaged" in one_line_error("value", ruleset, position, "--store", str(path))


def test_a_corrupted_file(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.sqlite"
    with Store(path) as store:
        for i in range(3000):
            store.put("grundy", "test", i, i)
    data = bytearray(path.read_bytes())
    data[100:4096] = bytes(random.Random(1).randrange(256) for _ in range(3996))
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as caught, Store(path) as store:
        store.count()
        store.get("grundy", "test", 5)
    assert "\n" not in str(caught.value)
