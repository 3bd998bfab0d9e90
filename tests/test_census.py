"""Censuses: families, chunked runs on Dask, Parquet results, DuckDB queries, analyses,
split solves, and the two reliability checks (a worker killed mid-census, the whole
census process killed and resumed)."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
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
from grundy.census.compute import solve_chunk
from grundy.census.extra import require
from grundy.census.family import sample_rng
from grundy.census.nauty import decode_graph6
from grundy.cli.main import cli
from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.graphs import certificate, coloured_certificate
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
        Family(text).chunks(get("epmx" if text == "sizes:1-3" else "node-kayles"), 10)
    assert "\n" not in str(error.value)


# -- graphs up to isomorphism, by nauty ---------------------------------------------------

def ensure_nauty() -> None:
    """Debian's nauty (geng, gentreeg), installed with apt-get when missing on CI or as root
    (one test worker at a time), as the browser tests install Chromium."""
    if shutil.which("nauty-geng") or shutil.which("geng"):
        return
    may_install = os.environ.get("CI") == "true" or os.geteuid() == 0
    if may_install and shutil.which("apt-get"):
        with open("/tmp/grundy-nauty-install.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not shutil.which("nauty-geng"):
                env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
                subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
                subprocess.run(["apt-get", "install", "-y", "-qq", "nauty"], check=False, env=env)
    if not shutil.which("nauty-geng"):
        message = "Debian's nauty is not installed: apt-get install -y nauty"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture
def nauty() -> None:
    ensure_nauty()


def graph_entries(ruleset: str, family: str, size: int | None = None) -> list[tuple[Any, ...]]:
    rs = get(ruleset)
    return [entry for chunk in Family(family).chunks(rs, size) for entry in chunk.entries(rs)]


def key_of(position: Any) -> Any:
    return certificate(position.adj, (1 << position.n) - 1)


@pytest.mark.usefixtures("nauty")
@pytest.mark.parametrize(("family", "counts"), [
    ("graphs:1-7", [1, 2, 4, 11, 34, 156, 1044]),            # OEIS A000088
    ("graphs:1-8:connected", [1, 1, 2, 6, 21, 112, 853, 11117]),  # A001349
    ("graphs:1-7:bipartite", [1, 2, 3, 7, 13, 35, 88]),      # A033995
    ("graphs:6:edges=5-6", [15 + 21]),                       # A008406
    ("trees:1-12", [1, 1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551]),  # A000055
])
def test_graph_families_hold_one_graph_per_isomorphism_class(family: str,
                                                             counts: list[int]) -> None:
    entries = graph_entries("node-kayles", family, 97)
    first = entries[0][1]
    assert Counter(n for _, n, _, _ in entries) == {first + i: k for i, k in enumerate(counts)}
    assert [index for index, *_ in entries] == list(range(len(entries)))
    keys = [key_of(position) for *_, position in entries]
    assert len(set(keys)) == len(keys)  # no two isomorphic
    nk = get("node-kayles")
    for _, n, text, position in entries[:300]:
        assert nk.parse(text) == position and position.n == n


@pytest.mark.usefixtures("nauty")
def test_graphs_are_every_labelled_graph_up_to_isomorphism() -> None:
    nk = get("node-kayles")
    for n in range(1, 6):
        labelled = [p for p in nk.small_positions(n)]
        assert {key_of(p) for *_, p in graph_entries("node-kayles", f"graphs:{n}", 5)} \
            == {key_of(p) for p in labelled}
        assert {key_of(p) for *_, p in graph_entries("node-kayles", f"graphs:{n}:connected")} \
            == {key_of(p) for p in labelled if len(nk.components(p)) == 1}
    assert {key_of(p) for *_, p in graph_entries("node-kayles", "trees:7")} \
        == {key_of(p) for *_, p in graph_entries("node-kayles", "graphs:7:connected:edges=6")}


def graph6(n: int, edges: set[tuple[int, int]]) -> bytes:
    """McKay's graph6 of a graph on at most 62 vertices, written out plainly (the test's
    own encoder, for the decoder)."""
    bits = [int((i, j) in edges) for j in range(1, n) for i in range(j)]
    bits += [0] * (-len(bits) % 6)
    return bytes([n + 63] + [63 + int("".join(map(str, bits[k:k + 6])), 2)
                             for k in range(0, len(bits), 6)])


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 62).flatmap(lambda n: st.tuples(st.just(n), st.sets(
    st.tuples(st.integers(0, max(0, n - 1)), st.integers(0, max(0, n - 1))).filter(
        lambda e: e[0] < e[1]), max_size=80))))
def test_graph6_decodes_what_it_encodes(graph: tuple[int, set[tuple[int, int]]]) -> None:
    n, edges = graph
    assert decode_graph6(graph6(n, edges)) == (n, sorted(edges), 0)


def test_graph6_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(GrundyError, match="needs 3 bytes, not 2"):
        decode_graph6(b"Dh")


@pytest.mark.usefixtures("nauty")
@pytest.mark.parametrize(("name", "family", "compute"), [
    ("node-kayles", "graphs:1-7", "nimber"), ("node-kayles", "trees:1-9", "nimber"),
    ("snort", "graphs:1-5", "canonical"), ("col", "graphs:1-5", "canonical")])
def test_graph_census_values_match_the_naive_references(name: str, family: str,
                                                        compute: str) -> None:
    ruleset = get(name)
    for chunk in Family(family).chunks(ruleset, 23):
        got = solve_chunk(name, chunk, (compute,))
        entries = list(chunk.entries(ruleset))
        assert got["position"] == [text for _, _, text, _ in entries]
        if isinstance(ruleset, ImpartialRuleset):
            assert got["nimber"] == [naive_grundy(ruleset, p) for *_, p in entries]
        else:
            assert got["value"] == [str(naive_value(ruleset, p)) for *_, p in entries]


def coloured_key(position: Any) -> Any:
    everything = (1 << position.n) - 1
    return coloured_certificate(position.adj, everything, (position.black, position.white))


@pytest.mark.usefixtures("nauty")
def test_black_white_graphs_are_every_colouring_up_to_isomorphism() -> None:
    """One graph per class of colour-keeping isomorphisms: OEIS A000666 counts them (the
    graphs with loops: a loop marks a black vertex), and on up to 4 vertices they are
    exactly the classes of every labelled black-white graph."""
    entries = graph_entries("black-white-node-kayles", "graphs:1-6:black-white", 200)
    assert Counter(n for _, n, _, _ in entries) == dict(zip(range(1, 7), [2, 6, 20, 90, 544, 5096],
                                                            strict=True))
    assert [index for index, *_ in entries] == list(range(len(entries)))
    keys = [coloured_key(position) for *_, position in entries]
    assert len(set(keys)) == len(keys)
    col = get("black-white-col")  # every vertex black or white: its small positions
    for n in range(1, 5):
        assert {coloured_key(p) for _, size, _, p in entries if size == n} \
            == {coloured_key(p) for p in col.small_positions(n)}
    rs = get("black-white-node-kayles")
    for _, n, text, position in entries[::50]:
        assert rs.parse(text) == position and position.n == n
        assert position.black | position.white == (1 << n) - 1


@pytest.mark.usefixtures("nauty")
def test_black_white_census_values_match_the_naive_reference() -> None:
    ruleset = get("black-white-node-kayles")
    for chunk in Family("graphs:1-4:black-white").chunks(ruleset, 37):
        got = solve_chunk(ruleset.name, chunk, ("canonical",))
        entries = list(chunk.entries(ruleset))
        assert got["position"] == [text for _, _, text, _ in entries]
        assert got["value"] == [str(naive_value(ruleset, p)) for *_, p in entries]


@pytest.mark.usefixtures("nauty")
@pytest.mark.parametrize(("ruleset", "text", "message"), [
    ("node-kayles", "graphs:0-3", "vertex counts from 1 to 32"),
    ("node-kayles", "graphs:40", "vertex counts from 1 to 32"),
    ("node-kayles", "graphs:5:planar", "unknown option 'planar'"),
    ("node-kayles", "trees:5:connected", "unknown option 'connected'"),
    ("node-kayles", "graphs:5:edges=x", "is not a range"),
    ("nim", "graphs:3", "nim is no graph game"),
    ("black-white-col", "graphs:3", "needs every vertex tinted.*add :black-white"),
    ("node-kayles", "graphs:3:black-white", "node-kayles is not one; try black-white-node"),
    ("black-white-node-kayles", "trees:3:black-white", "unknown option 'black-white'"),
])
def test_bad_graph_families_are_one_line_errors(ruleset: str, text: str, message: str) -> None:
    with pytest.raises(GrundyError, match=message) as error:
        Family(text).chunks(get(ruleset))
    assert "\n" not in str(error.value)


def test_a_missing_nauty_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(GrundyError, match="apt-get install nauty"):
        Family("graphs:4").chunks(get("node-kayles"))


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
    manifest = tmp_path / "tw" / "census.json"
    recorded = json.loads(manifest.read_text())
    manifest.write_text(json.dumps({**recorded, "cutting": "cut otherwise"}))
    with pytest.raises(GrundyError, match="cut into other chunks now"):
        run(census, tmp_path / "tw", resume=True, client=client)
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
    solver = Solver(chomp)
    assert [row[4] for row in rows(where)] == [
        solver.grundy(chomp.parse(f"4x{n}")) for n in range(16, 28)]
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


@pytest.mark.usefixtures("nauty")
def test_a_census_on_a_cluster_started_by_dasks_own_commands(client: Any,
                                                              tmp_path: Path) -> None:
    """`dask scheduler` and two `dask worker` processes on 127.0.0.1 (free ports, the
    address read from the scheduler file), a census through them with --scheduler, one
    worker killed mid-run: the census completes, each graph once, identical to a run on
    the local cluster."""
    bin_dir = Path(sys.executable).parent
    address_file = tmp_path / "scheduler.json"
    started: list[subprocess.Popen[bytes]] = []

    def start(*args: str) -> subprocess.Popen[bytes]:
        process = subprocess.Popen([str(bin_dir / "dask"), *args], cwd=tmp_path,
                                   start_new_session=True, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        started.append(process)
        return process

    census = Census("node-kayles", "graphs:1-8", chunk_size=100)
    total = len(census.chunks())
    remote = tmp_path / "remote"
    try:
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
              "--scheduler-file", str(address_file))
        workers = [start("worker", "--scheduler-file", str(address_file), "--host", "127.0.0.1",
                         "--nthreads", "1", "--no-nanny", "--no-dashboard") for _ in range(2)]
        with distributed.Client(scheduler_file=str(address_file), timeout="120s") as watcher:
            watcher.wait_for_workers(2, timeout=300)
            address = watcher.scheduler.address
        assert address.startswith("tcp://127.0.0.1:")
        process = subprocess.Popen(
            [str(bin_dir / "grundy"), "census", census.ruleset, census.family, "--chunk-size",
             "100", "--out", str(remote), "--scheduler", address, "--max-seconds", "0"],
            start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        started.append(process)
        wait_for_chunks(remote, 3)
        os.killpg(workers[0].pid, signal.SIGKILL)  # no nanny: this worker is gone for good
        left = len(list(remote.glob("chunk-*.parquet")))
        out, err = process.communicate(timeout=900)
        assert process.returncode == 0, err.decode()
        assert f"{total} chunks in {remote} ({total} solved now: 13598 positions" in out.decode()
    finally:
        for running in started:
            if running.poll() is None:
                os.killpg(running.pid, signal.SIGKILL)
            running.wait()
    assert left < total  # the worker died mid-census
    run(census, tmp_path / "local", client=client)
    assert rows(remote) == rows(tmp_path / "local")
    assert [row[0] for row in rows(remote)] == list(range(13598))
