"""Issue 18 (the workbench as players would want it): API and CLI checks that failed
before the fixes.  Browser checks are in test_web_browser.py."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.protocol import GrundyError
from grundy.rulesets import get
from grundy.rulesets.atropos.search import first_player_wins
from grundy.rulesets.drawing import layered_layout
from grundy.search import Budget, Solver
from grundy.search.naive import naive_grundy
from grundy.values import Outcome
from grundy.web import create_app
from hard_positions import sparse_kayles_graph


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path_factory.mktemp("s") / "store.sqlite")) as client:
        yield client


# -- 3. Atropos uses its own fast solver ---------------------------------------------------


def test_web_solves_atropos_5_and_hints(client: TestClient) -> None:
    """Size 5 took the generic search past the budget; the Atropos solver takes ~1 s."""
    body = {"ruleset": "atropos", "position": "5", "max_seconds": 10}  # room for a busy machine
    result = client.post("/api/analyse", json=body).json()
    assert result["solved"], result
    expected = Outcome.N if first_player_wins(5) else Outcome.P
    assert result["outcome"] == expected.value
    hint = client.post("/api/hint", json=body).json()
    assert hint["solved"], hint
    assert any(m["winning"] for m in hint["moves"]) == (expected is Outcome.N)


def test_web_budget_message_speaks_of_web_controls(client: TestClient) -> None:
    body = {"ruleset": "node-kayles", "max_nodes": 1, "position": sparse_kayles_graph()}
    result = client.post("/api/analyse", json=body).json()
    assert not result["solved"]
    assert "Budget field" in result["message"] and "--" not in result["message"]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["atropos", "unrestricted-atropos",
                                              "atropos-with-suicide"]))
def test_atropos_own_outcome_matches_the_naive_search(seed: int, name: str) -> None:
    ruleset = get(name)
    position = ruleset.random_position(random.Random(seed), 6)  # sizes up to 2: small
    fast = Solver(ruleset, Budget(max_seconds=30)).outcome(position)
    assert fast is (Outcome.P if naive_grundy(ruleset, position) == 0 else Outcome.N)


def test_grundy_value_atropos_uses_the_fast_solver() -> None:
    """A lost position is valued 0 by the fast outcome search, without its nimber search
    (issue 27: other positions print their nimbers)."""
    assert not first_player_wins(5)
    result = CliRunner().invoke(cli, ["value", "atropos", "5", "--max-nodes", "100000"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:2] == ["0", "P: second player (previous mover) wins"]


# -- 6. the layered layout of the lattice ----------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(20, 200), st.integers(15, 120)), min_size=1, max_size=9),
       st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=14))
def test_layered_layout_keeps_boxes_and_bends_apart(
    sizes: list[tuple[int, int]], pairs: set[tuple[int, int]]
) -> None:
    n = len(sizes)
    edges = sorted((a, b) for a, b in pairs if a < b < n)  # a DAG: arcs go up the numbering
    drawn = layered_layout([(float(w), float(h)) for w, h in sizes], edges)
    boxes = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2)
             for (x, y), (w, h) in zip(drawn.centres, sizes, strict=True)]
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= drawn.width and a[1] >= 0 and a[3] <= drawn.height
        for b in boxes[:i]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    for (a, b), route in zip(edges, drawn.routes, strict=True):
        assert route[0][1] == boxes[a][1] and route[-1][1] == boxes[b][3]  # top to bottom
        for x, y in route[1:-1]:  # bends pass between boxes
            assert not any(left < x < right and top < y < bottom
                           for left, top, right, bottom in boxes)


# -- 7, 8. grundy show for partizan rulesets; one play loop ---------------------------------


def test_show_draws_partizan_positions(tmp_path: Path) -> None:
    picture = tmp_path / "d.svg"
    result = CliRunner().invoke(cli, ["show", "domineering", "3x3", "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    assert "a b c" in result.output and picture.read_text().startswith("<svg")


def test_atropos_play_is_grundy_play() -> None:
    """The same options, prompt, hints and record as `grundy play atropos`."""
    moves = "?\nR1,1\n?\nB1,2\nG2,1\nR3,1\nB1,3\nG2,2\nquit\n"
    ours = CliRunner().invoke(cli, ["atropos", "play", "--size", "3", "--level", "random",
                                    "--first", "human", "--seed", "4", "--json"], input=moves)
    theirs = CliRunner().invoke(cli, ["play", "atropos", "3", "--level", "random",
                                      "--first", "human", "--seed", "4", "--json"], input=moves)
    assert ours.exit_code == theirs.exit_code == 0, ours.output
    assert ours.output == theirs.output
    assert "Your move (? for a hint" in ours.output and "Winning moves" in ours.output
    heuristic = CliRunner().invoke(cli, ["play", "atropos", "3", "--level", "heuristic",
                                         "--first", "computer", "--json"], input="quit\n")
    assert heuristic.exit_code == 0, heuristic.output


def test_encode_prints_a_summary_before_the_position() -> None:
    result = CliRunner().invoke(cli, ["constructions", "encode", "nim", "1,2", "--as", "geography"])
    assert result.exit_code == 0, result.output
    summary, position = result.stderr.strip(), result.stdout.strip()
    assert summary.startswith("geography: 120 vertices") and "\n" not in summary
    assert position.startswith("120;") and "vertices" not in position


# -- the workbench links to the documentation site ------------------------------------------


def test_every_page_links_to_the_documentation(client: TestClient) -> None:
    for page in ("/", "/play/nim", "/lattice", "/matchmaker"):
        assert 'href="/docs/"' in client.get(page).text, page
    missing = client.get("/docs/")  # started without --docs: how to build and serve it
    assert missing.status_code == 404
    assert "make docs" in missing.text and "grundy serve --docs site" in missing.text


def test_the_documentation_site_is_served_at_docs(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "papers" / "transverse-wave").mkdir(parents=True)
    (site / "index.html").write_text("<script>document.title = 'grundy'</script>")
    (site / "papers" / "transverse-wave" / "index.html").write_text("Transverse Wave")
    with TestClient(create_app(None, docs=site)) as web:
        home = web.get("/docs/")
        assert home.status_code == 200 and "document.title" in home.text
        # MkDocs Material's pages start with inline scripts; the workbench's own do not
        assert "script-src 'self' 'unsafe-inline'" in home.headers["content-security-policy"]
        assert "script-src" not in web.get("/").headers["content-security-policy"]
        assert web.get("/docs/papers/transverse-wave/").text == "Transverse Wave"
    with pytest.raises(GrundyError, match=r"holds no documentation site.*make docs"):
        create_app(None, docs=tmp_path)
    result = CliRunner().invoke(cli, ["serve", "--port", "0", "--store", "none",
                                      "--docs", str(tmp_path)])
    assert result.exit_code == 2 and "make docs" in result.stderr
