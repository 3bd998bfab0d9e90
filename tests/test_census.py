"""Censuses: families, chunked runs on Dask, Parquet results, DuckDB queries, analyses,
split solves, and the two reliability checks (a worker killed mid-census, the whole
census process killed and resumed)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.census import (
    Census,
    CensusPlot,
    Family,
    find_period,
    first_counterexample,
    histogram,
    query,
    run,
    sequence,
    split_solve,
)
from grundy.census.extra import require
from grundy.census.family import sample_rng
from grundy.cli.main import cli
from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.rulesets import get
from grundy.search import Budget, Solver, Store
from grundy.search.naive import naive_grundy
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import mex

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A 2-worker LocalCluster shared by the tests that do not kill anything."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as made:
        yield made


def rows(directory: Path) -> list[tuple[Any, ...]]:
    return query(directory, "SELECT * FROM census ORDER BY index").rows


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


# -- families ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", [7, 50])
def test_size_chunks_cover_every_small_position_once_in_order(size: int) -> None:
    nk = get("node-kayles")
    chunks = Family("sizes:1-4").chunks(nk, size)
    got = [(i, n, p) for chunk in chunks for i, n, p in chunk.positions(nk)]
    expected = [p for n in range(1, 5) for p in nk.small_positions(n)]
    assert [p for _, _, p in got] == expected
    assert [i for i, _, _ in got] == list(range(len(expected)))
    assert [c.number for c in chunks] == list(range(len(chunks)))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["node-kayles", "transverse-wave", "boolean-nim", "nim"]),
       st.integers(0, 5), st.integers(0, 200))
def test_listing_from_an_index_skips_exactly_that_many(name: str, size: int,
                                                      start: int) -> None:
    ruleset = get(name)
    listing = list(ruleset.small_positions(size))
    assert list(ruleset.small_positions_from(size, start)) == listing[start:]
    assert ruleset.count_small_positions(size) in (None, len(listing))


def test_large_sizes_are_counted_without_listing_them() -> None:
    nk = get("node-kayles")
    chunks = Family("sizes:7-7").chunks(nk, 500)
    assert chunks[-1].stop == 2 ** 21 and len(chunks) == -(-2 ** 21 // 500)
    last = list(chunks[-1].positions(nk))
    assert [i for i, _, _ in last] == list(range(chunks[-1].start, 2 ** 21))
    complete = ",".join(f"{a}-{b}" for a in range(7) for b in range(a + 1, 7))
    assert last[-1][2] == nk.parse(f"7;{complete}")


@pytest.mark.parametrize(("family", "size", "count"), [
    ("sizes:1-4", 100, 4),            # 73 graphs: one chunk per size (chunks keep to a size)
    ("random:8:25000", 250, 100),     # a hundred chunks
    ("sizes:1-7", 21_311, 5 + 2 + 99),  # 2,131,019 graphs: sizes 1-5, 2^15 in 2, 2^21 in 99
    ("random:8:9000000", 50_000, 180),  # the largest chunk, and more of them
])
def test_without_a_chunk_size_a_family_is_cut_in_about_a_hundred(family: str, size: int,
                                                                 count: int) -> None:
    chunks = Family(family).chunks(get("node-kayles"))
    assert len(chunks) == count
    assert max(chunk.stop - chunk.start for chunk in chunks) <= size
    assert [chunk.start for chunk in chunks[1:]] == [chunk.stop for chunk in chunks[:-1]]
    assert Family(family).chunks(get("node-kayles"), size) == chunks


def test_random_samples_do_not_depend_on_the_chunking() -> None:
    tw = get("transverse-wave")
    one = [p for c in Family("random:8:30", seed=3).chunks(tw, 4) for _, _, p in c.positions(tw)]
    other = [p for c in Family("random:8:30", seed=3).chunks(tw, 30)
             for _, _, p in c.positions(tw)]
    assert one == other == [tw.random_position(sample_rng(3, i), 8) for i in range(30)]
    assert Family("random:8:30", seed=4).chunks(tw, 30) != Family("random:8:30").chunks(tw, 30)


def test_named_sequences_are_the_graphs_they_name() -> None:
    nk = get("node-kayles")
    (chunk,) = Family("grids:2:3-3").chunks(nk, 10)
    (_, n, grid), = chunk.positions(nk)
    assert n == 3 and nk.format(grid) == "6;0-1,0-3,1-2,1-4,2-5,3-4,4-5"
    (chunk,) = Family("cycles:5-5").chunks(nk, 10)
    assert [nk.format(p) for _, _, p in chunk.positions(nk)] == ["5;0-1,0-4,1-2,2-3,3-4"]
    (chunk,) = Family("template:2-3:1,2:{n}").chunks(get("subtraction"), 10)
    assert chunk.texts == ((2, "1,2:2"), (3, "1,2:3"))


@pytest.mark.parametrize("text", ["sizes:5-2", "random:8", "cycles:1-5", "grids:x:1-2",
                                  "template:1-3:1,2:7", "paths:1-999999", "blobs:1-2",
                                  "file:/nonexistent/positions.txt", "sizes:1-3"])
def test_bad_families_are_one_line_errors(text: str) -> None:
    with pytest.raises(GrundyError) as error:
        Family(text).chunks(get("col" if text == "sizes:1-3" else "node-kayles"), 10)
    assert "\n" not in str(error.value)


# -- periods ----------------------------------------------------------------------------

def subtraction_values(subtraction_set: tuple[int, ...], count: int) -> list[int]:
    values: list[int] = []
    for n in range(count):
        values.append(mex(values[n - s] for s in subtraction_set if s <= n))
    return values


def test_period_of_a_known_subtraction_game_is_proved() -> None:
    # S = {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from the start (Winning Ways, ch. 4)
    found = find_period(subtraction_values((1, 3, 4), 40), 0, max_take=4)
    assert found is not None and (found.preperiod, found.period, found.proven) == (0, 7, True)
    short = find_period(subtraction_values((1, 3, 4), 16), 0, max_take=4)
    assert short is not None and not short.proven and short.needed == 2 * 7 + 4 - 1


def test_pre_period_is_found_and_offsets_are_kept() -> None:
    values = [5, 9, 9, 4, *([1, 2, 3] * 6)]
    found = find_period(values, first=10)
    assert found is not None and (found.preperiod, found.period, found.through) == (14, 3, 31)
    assert find_period([0, 1, 2, 3, 4, 5, 6]) is None


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 7), min_size=1, max_size=3), st.integers(20, 80))
def test_a_proved_period_holds_far_beyond_the_values_seen(subtraction: set[int],
                                                          count: int) -> None:
    take = tuple(sorted(subtraction))
    found = find_period(subtraction_values(take, count), 0, max_take=max(take))
    longer = subtraction_values(take, 4 * count)
    if found is not None and found.proven:
        for n in range(found.preperiod, len(longer) - found.period):
            assert longer[n + found.period] == longer[n]


# -- runs -------------------------------------------------------------------------------

def test_census_values_match_the_naive_reference(client: Any, tmp_path: Path) -> None:
    census = Census("node-kayles", "sizes:0-4", ("nimber", "outcome", "misere"), chunk_size=9)
    summary = run(census, tmp_path / "nk", client=client)
    assert summary.chunks == summary.solved_now == len(census.chunks())
    nk = impartial("node-kayles")
    positions = [p for n in range(5) for p in nk.small_positions(n)]
    got = rows(tmp_path / "nk")
    assert [row[0] for row in got] == list(range(len(positions)))
    for (_, n, text, solved, nimber, value, outcome, misere), position in zip(
            got, positions, strict=True):
        assert nk.parse(text) == position and solved and n == len(position.adj)
        assert nimber == naive_grundy(nk, position)
        assert value == ("0" if nimber == 0 else "*" if nimber == 1 else f"*{nimber}")
        assert outcome == ("N" if nimber else "P")
        assert misere == Solver(nk).misere_outcome(position).value
    again = run(census, tmp_path / "nk", resume=True, client=client)
    assert again.solved_now == 0


def test_partizan_census_and_budgets(client: Any, tmp_path: Path) -> None:
    dom = get("domineering")
    census = Census("domineering", "template:1-4:2x{n}", ("canonical", "temperature"))
    run(census, tmp_path / "dom", client=client)
    for _, n, text, solved, value, temperature in rows(tmp_path / "dom"):
        game = naive_value(dom, dom.parse(text))
        assert solved and value == str(game) and temperature == str(game.temperature())
        assert text == f"2x{n}"
    budget = Census("subtraction", "template:40-50:2,5,9:{n}", max_nodes=2)
    run(budget, tmp_path / "budget", client=client)
    unsolved = query(tmp_path / "budget", "SELECT count(*) FROM census WHERE NOT solved "
                                          "AND nimber IS NULL").rows
    assert unsolved[0][0] > 0


def test_a_missing_chunk_is_all_that_resume_solves(client: Any, tmp_path: Path) -> None:
    census = Census("transverse-wave", "random:6:60", ("nimber",), seed=1, chunk_size=10)
    run(census, tmp_path / "tw", client=client)
    before = rows(tmp_path / "tw")
    (tmp_path / "tw" / "chunk-000003.parquet").unlink()
    (tmp_path / "tw" / ".chunk-000004.parquet.99.tmp").write_bytes(b"half a file")
    again = run(census, tmp_path / "tw", resume=True, client=client)
    assert (again.solved_now, again.positions_now) == (1, 10)
    assert rows(tmp_path / "tw") == before
    assert not list((tmp_path / "tw").glob(".*.tmp"))
    with pytest.raises(GrundyError, match="already holds a census"):
        run(census, tmp_path / "tw", client=client)
    with pytest.raises(GrundyError, match="seed 1 there, 2 here"):
        run(Census("transverse-wave", "random:6:60", ("nimber",), seed=2, chunk_size=10),
            tmp_path / "tw", resume=True, client=client)


def test_analyses(client: Any, tmp_path: Path) -> None:
    where = tmp_path / "seq"
    store = tmp_path / "shared.sqlite"
    run(Census("node-kayles", "paths:0-20", ("nimber",)), where, client=client, store=str(store))
    with Store(store) as shared:  # the workers wrote what they solved
        assert shared.count("node-kayles") > 0
    first, values = sequence(where)
    kayles = impartial("node-kayles")
    assert first == 0 and values == [naive_grundy(kayles, kayles.parse(f"{n};" + ",".join(
        f"{i}-{i + 1}" for i in range(n - 1)))) for n in range(21)]
    found = first_counterexample(where, lambda position, value: value < 3)
    assert found is not None and found.value == 3 and found.n == values.index(3)
    assert first_counterexample(where, lambda position, value: value <= max(values)) is None
    run(Census("node-kayles", "sizes:1-3", ("nimber",)), tmp_path / "h", client=client)
    counts = Counter((n, naive_grundy(kayles, p)) for n in (1, 2, 3)
                     for p in kayles.small_positions(n))
    assert sorted(histogram(tmp_path / "h")) == sorted((n, v, k) for (n, v), k in counts.items())
    with pytest.raises(GrundyError, match="one position per n"):
        sequence(tmp_path / "h")


def test_the_workbench_serves_its_census_plot_and_nothing_else(client: Any,
                                                               tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from grundy.web import create_app

    where = tmp_path / "paths"
    run(Census("node-kayles", "paths:0-12", ("nimber",)), where, client=client)
    with TestClient(create_app(None, census=where)) as web:
        manifest = web.get("/api/census").json()
        assert manifest["ruleset"] == "node-kayles" and manifest["family"] == "paths:0-12"
        picture = web.get(manifest["plot"])
        assert picture.headers["content-type"].startswith("image/svg+xml")
        assert "<svg" in picture.text and "</svg>" in picture.text
        assert web.get("/census").status_code == 200
        for path in ("/census/../pyproject.toml", "/census/plot.svg/../../x", "/census/x.svg"):
            assert web.get(path).status_code == 404
    drawn = CensusPlot(where)._repr_svg_()  # Jupyter draws the same plot
    assert "<svg" in drawn and "node-kayles, paths:0-12" in drawn
    with TestClient(create_app(None)) as web:
        response = web.get("/census/plot.svg")
        assert response.status_code == 404 and "--census DIR" in response.json()["error"]
    with pytest.raises(GrundyError, match="holds no census"):
        create_app(None, census=tmp_path)


def test_split_solve_merges_to_the_engine_value(client: Any, tmp_path: Path) -> None:
    nk = impartial("node-kayles")
    position = nk.random_position(sample_rng(5, 0), 18)
    store = str(tmp_path / "split.sqlite")
    result = split_solve("node-kayles", position, depth=2, client=client, store=store)
    assert result.value == Solver(nk).grundy(position) and result.leaves > 1
    with Store(store) as opened:  # the root's value is in the store: nothing to expand
        assert Solver(nk, Budget(max_nodes=0), opened).grundy(position) == result.value
    dom = get("domineering")
    board = dom.parse("4x4")
    merged = split_solve("domineering", board, depth=1, client=client)
    assert merged.value == PartizanSolver(dom).value(board)
    assert merged.outcome.value == "N"


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 2))
def test_split_solve_agrees_with_the_naive_reference(client: Any, seed: int, depth: int) -> None:
    nk = impartial("node-kayles")
    position = nk.random_position(sample_rng(seed, 1), 9)
    result = split_solve("node-kayles", position, depth=depth, client=client)
    assert result.value == naive_grundy(nk, position)


# -- command line ------------------------------------------------------------------------

def test_cli_census_query_and_export(client: Any, tmp_path: Path) -> None:
    runner = CliRunner()
    out = str(tmp_path / "cli")
    address = ["--scheduler", client.scheduler.address]
    done = runner.invoke(cli, ["census", "subtraction", "template:0-40:1,3,4:{n}", "--out", out,
                               *address, "--sequence", "--conjecture",
                               "lambda position, value: value != 3", "--plot",
                               str(tmp_path / "seq.png"), "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert report["sequence"]["period"] == {"period": 7, "preperiod": 0, "proven": True,
                                            "needed": 17}
    assert report["counterexample"]["position"] == "1,3,4:5"
    assert (tmp_path / "seq.png").stat().st_size > 1000
    sql = "SELECT nimber, count(*) AS k FROM census GROUP BY nimber ORDER BY nimber"
    csv = runner.invoke(cli, ["census", "query", sql, "--census", out, "--format", "csv"])
    assert csv.output.splitlines() == ["nimber,k", "0,12", "1,12", "2,11", "3,6"]
    target = tmp_path / "out.json"
    assert runner.invoke(cli, ["census", "query", sql, "--census", out, "--format", "json",
                               "--output", str(target)]).exit_code == 0
    assert json.loads(target.read_text())[3] == {"nimber": 3, "k": 6}
    bad = runner.invoke(cli, ["census", "query", "SELECT nope FROM census", "--census", out])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "nope" in bad.output
    again = runner.invoke(cli, ["census", "--resume", "--out", out, *address, "--histogram"])
    assert again.exit_code == 0 and "(0 solved now" in again.output
    broken = tmp_path / "broken.txt"
    broken.write_text("3;0-1\n3;0-7\n")
    failed = runner.invoke(cli, ["census", "node-kayles", f"file:{broken}", "--out",
                                 str(tmp_path / "broken"), *address])
    assert failed.exit_code == 2 and failed.output.count("\n") == 1, failed.output
    assert "file position 2 ('3;0-7'): vertex 7 is out of range" in failed.output
    split = runner.invoke(cli, ["census", "split", "node-kayles", "5;0-1,1-2,2-3,3-4", *address,
                                "--json"])
    assert json.loads(split.output)["value"] == "*3"


@pytest.mark.parametrize("args", [
    ["census", "node-kayles", "squares:1-3", "--out", "x"],
    ["census", "col", "paths:1-3", "--out", "x", "--compute", "nimber"],
    ["census", "nim", "heaps:1-3", "--out", "x", "--compute", "volume"],
    ["census", "nim", "heaps:1-3", "--out", "x", "--conjecture", "lambda p, v:"],
    ["census", "nim", "heaps:1-3", "--out", "x", "--scheduler", "tcp://127.0.0.1:9"],
    ["census", "query", "SELECT 1", "--census", "nowhere"],
])
def test_bad_input_is_one_line(args: list[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert result.output.startswith("grundy: error: ")


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "duckdb", None)
    with pytest.raises(GrundyError, match=r"a census needs duckdb \(the census extra\)"):
        require("duckdb")


# -- reliability ---------------------------------------------------------------------------

def wait_for_chunks(directory: Path, count: int, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while len(list(directory.glob("chunk-*.parquet"))) < count:
        assert time.monotonic() < deadline, "the census wrote no chunk in time"
        time.sleep(0.01)


def slow(seed: int) -> Census:
    """12 chunks of one Chomp board each, 4x16 to 4x27, solved by the Python engine: the
    first takes about 0.3 s and the rest, even reusing its table, about 3 s more, so a census
    killed after its first chunk still has most of its work left (random Node Kayles graphs
    no longer do: the native kernel solves them in milliseconds). The seed is not used by
    this family; it stays so the census record is complete."""
    return Census("chomp", "template:16-27:4x{n}", ("nimber",), seed=seed, chunk_size=1)


def test_a_worker_killed_mid_census_loses_nothing_and_doubles_nothing(
        client: Any, tmp_path: Path) -> None:
    where = tmp_path / "killed"
    errors: list[BaseException] = []

    def census() -> None:
        try:
            run(slow(8), where, client=client)
        except BaseException as error:  # reported by the assertion below
            errors.append(error)

    thread = threading.Thread(target=census)
    thread.start()
    wait_for_chunks(where, 1)
    victim = next(iter(client.run(os.getpid).values()))
    os.kill(victim, signal.SIGKILL)  # a worker of the 2-worker cluster; its nanny restarts it
    assert len(list(where.glob("chunk-*.parquet"))) < 12  # killed mid-census
    thread.join(timeout=300)
    assert not errors and not thread.is_alive()
    indices = query(where, "SELECT index FROM census ORDER BY index").rows
    assert indices == [(i,) for i in range(12)]
    chomp = impartial("chomp")
    assert [row[4] for row in rows(where)] == [
        Solver(chomp).grundy(chomp.parse(f"4x{n}")) for n in range(16, 28)]
    client.wait_for_workers(2)


def test_a_killed_census_resumes_to_the_same_results(client: Any, tmp_path: Path) -> None:
    killed, whole = tmp_path / "killed", tmp_path / "whole"
    census = slow(7)
    command = [str(Path(sys.executable).parent / "grundy"), "census", census.ruleset,
               census.family, "--seed", str(census.seed), "--chunk-size", "1", "--out", str(killed),
               "--workers", "1"]
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    try:
        wait_for_chunks(killed, 1)
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the census and its cluster, at once
        process.wait()
    left = len(list(killed.glob("chunk-*.parquet")))
    assert 1 <= left < 12
    resumed = CliRunner().invoke(cli, ["census", "--resume", "--out", str(killed),
                                       "--scheduler", client.scheduler.address])
    assert resumed.exit_code == 0, resumed.output
    assert f"({12 - left} solved now" in resumed.output
    run(census, whole, client=client)
    assert rows(killed) == rows(whole)
