"""The workbench's JSON API: every endpoint, with good and bad input.

Values, hints and computer moves are checked against the naive reference solver on
random small positions; errors must be one line naming the problem.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.protocol import PartizanRuleset, Player
from grundy.reductions import Kind, all_reductions
from grundy.rulesets import ImpartialRuleset, all_rulesets, get
from grundy.search import Store
from grundy.search.naive import naive_grundy
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import Outcome, format_nimber
from grundy.web import Limits, Workbench, create_app
from grundy.web.service import Busy, describe

SMALL = ["transverse-wave", "node-kayles", "nim", "crosswise-and", "geography"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    store = tmp_path_factory.mktemp("store") / "store.sqlite"
    with TestClient(create_app(store)) as client:
        yield client


def test_solved_values_are_kept_in_the_store(tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    with TestClient(create_app(store)) as client:
        post(client, "/api/analyse", ruleset="transverse-wave", position="(012)(034)(0156)(2578)")
    with Store(store) as saved:
        assert saved.count("transverse-wave") > 0


def post(client: TestClient, path: str, **body: Any) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def error(client: TestClient, path: str, status: int, **body: Any) -> str:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert isinstance(message, str) and message and "\n" not in message
    return message


def side(name: str) -> str | None:
    return None if isinstance(get(name), ImpartialRuleset) else "L"


# -- rulesets, features, pages ------------------------------------------------------


def test_rulesets_lists_every_registered_ruleset(client: TestClient) -> None:
    body = client.get("/api/rulesets").json()
    assert [entry["name"] for entry in body] == [r.name for r in all_rulesets()]
    for entry, ruleset in zip(body, all_rulesets(), strict=True):
        assert entry["impartial"] == ruleset.impartial
        assert entry["citation"] == str(ruleset.citation)
        assert ("thumbnail" in entry) == bool(ruleset.examples)
        assert entry.get("thumbnail", "<svg").startswith("<svg")


def test_one_ruleset_by_alias_and_unknown(client: TestClient) -> None:
    body = client.get("/api/rulesets/tw").json()
    assert body["name"] == "transverse-wave"
    assert body["levels"] == ["random", "perfect"]
    response = client.get("/api/rulesets/transverse-wavy")
    assert response.status_code == 404
    assert "did you mean transverse-wave" in response.json()["error"]


def test_features(client: TestClient) -> None:
    body = client.get("/api/features").json()
    assert set(body) == {"values_calculator", "reductions"}
    assert body["values_calculator"] is True
    assert isinstance(body["reductions"], int)


def test_pages_and_static_files(client: TestClient) -> None:
    assert "gallery.js" in client.get("/").text
    assert "play.js" in client.get("/play/nim").text
    assert client.get("/play/no-such-game").status_code == 404
    assert "lattice.js" in client.get("/lattice").text
    assert "calc.js" in client.get("/play/nim").text
    assert "function" in client.get("/static/play.js").text
    assert client.get("/static/../app.py").status_code == 404


# -- positions ----------------------------------------------------------------------


def test_position_view_lists_the_moves(client: TestClient) -> None:
    body = post(client, "/api/position", ruleset="transverse-wave", position="PPG/GGP")
    assert body["position"] == "PPG/GGP" and body["player"] is None
    assert body["svg"].startswith("<svg") and not body["terminal"]
    tw = get("transverse-wave")
    expected = [(tw.format_move(m), tw.format(c)) for m, c in tw.moves(tw.parse("PPG/GGP"))]
    assert [(m["label"], m["position"]) for m in body["moves"]] == expected
    assert body["moves"][0]["data"] == {"width": 3, "rows": ["PPP", "PGP"]}
    assert post(client, "/api/position", ruleset="tw", position="PPP")["terminal"]


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_every_example_is_shown(client: TestClient, ruleset: Any) -> None:
    for example in ruleset.examples:
        response = client.post("/api/position", json={
            "ruleset": ruleset.name, "position": example, "player": side(ruleset.name)})
        if response.status_code == 413:  # over the size cap: refused with the reason
            assert "size cap" in response.json()["error"]
            continue
        assert response.status_code == 200, response.text
        assert response.json()["position"] == ruleset.format(ruleset.parse(example))


def test_bad_positions_get_one_line_errors(client: TestClient) -> None:
    message = error(client, "/api/position", 400, ruleset="tw", position="PPX")
    assert message == "row 0 has unknown cell 'X': cells are P and G"
    error(client, "/api/position", 400, ruleset="nim", position="__import__('os').system('true')")
    assert "position" in error(client, "/api/position", 400, ruleset="nim")
    assert "ruleset" in error(client, "/api/position", 400, ruleset=3, position="1")
    error(client, "/api/position", 404, ruleset="chess", position="1")
    assert "size cap" in error(client, "/api/position", 413, ruleset="nim", position="1000")
    assert "at most" in error(client, "/api/position", 413, ruleset="nim", position="1," * 2000)
    response = client.post("/api/position", content=b"{not json", headers={
        "Content-Type": "application/json"})
    assert response.status_code == 400


def test_partizan_rulesets_need_a_player(client: TestClient) -> None:
    ruleset, example = get("partizan-subtraction"), "1,3|2,3:4"
    assert "player 'L' or 'R'" in error(
        client, "/api/position", 400, ruleset=ruleset.name, position=example)
    body = post(client, "/api/position", ruleset=ruleset.name, position=example, player="R")
    assert body["player"] == "R" and [m["label"] for m in body["moves"]] == ["0-2", "0-3"]
    after = post(client, "/api/play", ruleset=ruleset.name, position=example, move="0-3",
                 player="R")
    assert after["player"] == "L" and after["position"] == "1,3|2,3:1"


@st.composite
def partizan_positions(draw: st.DrawFn) -> tuple[str, str]:
    ruleset = get("partizan-subtraction")
    position = ruleset.random_position(random.Random(draw(st.integers(0, 10**6))),
                                       draw(st.integers(1, 4)))
    return ruleset.name, ruleset.format(position)


def left_and_right_win_first(game: Any) -> Outcome:
    left = any(left_and_right_win_first(g) in {Outcome.L, Outcome.P} for g in game.left)
    right = any(left_and_right_win_first(g) in {Outcome.R, Outcome.P} for g in game.right)
    return (Outcome.N if right else Outcome.L) if left else (Outcome.R if right else Outcome.P)


@settings(max_examples=20, deadline=None)
@given(partizan_positions(), st.sampled_from(["L", "R"]))
def test_partizan_values_hints_and_moves_match_the_naive_reference(
    client: TestClient, game: tuple[str, str], player: str
) -> None:
    name, text = game
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    position = ruleset.parse(text)
    value = naive_value(ruleset, position)
    body = post(client, "/api/analyse", ruleset=name, position=text, player=player)
    assert body["solved"] and body["value"] == str(value)
    assert body["outcome"] == left_and_right_win_first(value).value
    mover = Player(player)
    wins = {Outcome.P, Outcome.L if mover is Player.LEFT else Outcome.R}
    hint = post(client, "/api/hint", ruleset=name, position=text, player=player)
    children = [naive_value(ruleset, child) for _, child in ruleset.moves(position, mover)]
    assert [m["value"] for m in hint["moves"]] == [str(c) for c in children]
    assert [m["winning"] for m in hint["moves"]] == [
        left_and_right_win_first(c) in wins for c in children]
    if not children:
        return
    reply = post(client, "/api/computer", ruleset=name, position=text, player=player, seed=5)
    assert reply["view"]["player"] == mover.opponent.value
    if any(m["winning"] for m in hint["moves"]):
        image = naive_value(ruleset, ruleset.parse(reply["view"]["position"]))
        assert left_and_right_win_first(image) in wins and reply["note"] == "a winning move"


def test_random_positions(client: TestClient) -> None:
    body = post(client, "/api/random", ruleset="tw", size=5, seed=7)
    tw = get("transverse-wave")
    assert body["position"] == tw.format(tw.random_position(random.Random(7), 5))
    assert "size 0" in error(client, "/api/random", 413, ruleset="tw", size=0)
    error(client, "/api/random", 413, ruleset="tw", size=10**9)
    error(client, "/api/random", 400, ruleset="tw", size="big")


def test_play(client: TestClient) -> None:
    body = post(client, "/api/play", ruleset="tw", position="PPG/GGP", move="1")
    assert body["position"] == "PPP/GPP"
    message = error(client, "/api/play", 400, ruleset="tw", position="PPG/GGP", move="7")
    assert message == "'7' is not a legal move here; legal moves: 0, 1, 2"
    error(client, "/api/play", 400, ruleset="tw", position="PPP", move="0")


# -- analysis -------------------------------------------------------------------------


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(SMALL))
    ruleset = get(name)
    position = ruleset.random_position(random.Random(draw(st.integers(0, 10**6))),
                                       draw(st.integers(1, 5)))
    return name, ruleset.format(position)


@settings(max_examples=25, deadline=None)
@given(small_positions())
def test_analyse_and_hint_match_the_naive_reference(
    client: TestClient, game: tuple[str, str]
) -> None:
    name, text = game
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    position = ruleset.parse(text)
    value = naive_grundy(ruleset, position)
    body = post(client, "/api/analyse", ruleset=name, position=text)
    assert body["solved"] and body["value"] == format_nimber(value)
    assert body["outcome"] == ("N" if value else "P")
    hint = post(client, "/api/hint", ruleset=name, position=text)
    children = [naive_grundy(ruleset, child) for _, child in ruleset.moves(position)]
    assert [m["value"] for m in hint["moves"]] == [format_nimber(v) for v in children]
    assert [m["winning"] for m in hint["moves"]] == [v == 0 for v in children]


@settings(max_examples=25, deadline=None)
@given(small_positions(), st.integers(0, 1000))
def test_the_perfect_computer_moves_to_value_zero(
    client: TestClient, game: tuple[str, str], seed: int
) -> None:
    name, text = game
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    position = ruleset.parse(text)
    if not any(True for _ in ruleset.moves(position)):
        assert "game is over" in error(client, "/api/computer", 400, ruleset=name, position=text)
        return
    reply = post(client, "/api/computer", ruleset=name, position=text, level="perfect", seed=seed)
    after = naive_grundy(ruleset, ruleset.parse(reply["view"]["position"]))
    if naive_grundy(ruleset, position):
        assert after == 0 and reply["note"] == "a winning move"
    else:
        assert reply["note"].startswith("no winning move exists")
    legal = {ruleset.format_move(m) for m, _ in ruleset.moves(position)}
    assert reply["move"] in legal
    randomly = post(client, "/api/computer", ruleset=name, position=text, level="random", seed=seed)
    assert randomly["move"] in legal and randomly["note"] == "a random move"


def test_computer_levels_are_checked(client: TestClient) -> None:
    message = error(client, "/api/computer", 400, ruleset="nim", position="3", level="genius")
    assert message == "unknown level 'genius' for nim: use random, perfect"


BIG = "40;" + ",".join(f"{i}-{i + 1}" for i in range(39)) + ",0-20,5-30,7-33,11-25"


def test_searches_stop_within_their_budget(client: TestClient) -> None:
    for path in ("/api/analyse", "/api/hint"):
        body = post(client, path, ruleset="node-kayles", position=BIG, max_nodes=5)
        assert not body["solved"]
        assert body["message"].startswith("not solved within the budget")
    reply = post(client, "/api/computer", ruleset="node-kayles", position=BIG, seed=3,
                 max_seconds=0.001)
    assert reply["note"] in {"not solved within the budget: a random move", "a winning move",
                             "no winning move exists (a P-position): a random move"}
    error(client, "/api/analyse", 400, ruleset="nim", position="3", max_seconds=-1)


# -- the pool -------------------------------------------------------------------------


#: A search that runs until its budget stops it (about 100,000 positions).
SLOW_SEARCH = ("chomp", "16x16")  # no native kernel, millions of positions


def test_a_full_pool_refuses_at_once_and_recovers() -> None:
    async def scenario() -> None:
        bench = Workbench(None, Limits(workers=1, queue=1, per_client=5))
        try:
            running = asyncio.ensure_future(bench.search(bench.analyse, *SLOW_SEARCH, 1.0, None))
            waiting = asyncio.ensure_future(bench.search(bench.analyse, *SLOW_SEARCH, 1.0, None))
            await asyncio.sleep(0)
            with pytest.raises(Busy, match="try again"):
                await bench.search(bench.analyse, "nim", "3")
            assert (await running)["solved"] is False
            assert (await waiting)["solved"] is False
            assert (await bench.search(bench.analyse, "nim", "3"))["value"] == "*3"
        finally:
            bench.close()

    asyncio.run(scenario())


def test_one_client_cannot_take_every_slot() -> None:
    async def scenario() -> None:
        bench = Workbench(None, Limits(workers=1, queue=8, per_client=1))
        try:
            mine = asyncio.ensure_future(bench.search(bench.analyse, *SLOW_SEARCH, 1.0, None,
                                                      client="a"))
            await asyncio.sleep(0)
            with pytest.raises(Busy, match="you already have 1"):
                await bench.search(bench.analyse, "nim", "3", client="a")
            other = await bench.search(bench.analyse, "nim", "3", client="b")
            assert other["value"] == "*3"
            assert (await mine)["solved"] is False
        finally:
            bench.close()

    asyncio.run(scenario())


def test_a_full_pool_is_status_429_and_play_goes_on(tmp_path: Path) -> None:
    app = create_app(None, Limits(workers=1, queue=0))
    bench: Workbench = app.state.workbench
    with TestClient(app) as client:
        holder = threading.Thread(target=lambda: client.post(
            "/api/analyse",
            json={"ruleset": SLOW_SEARCH[0], "position": SLOW_SEARCH[1], "max_seconds": 10}))
        holder.start()
        try:
            deadline = time.monotonic() + 10
            while not bench._waiting and time.monotonic() < deadline:
                time.sleep(0.01)
            response = client.post("/api/analyse", json={"ruleset": "nim", "position": "3"})
            assert response.status_code == 429
            assert "busy" in response.json()["error"]
            # drawing and moving need no search: they are answered all the same
            post(client, "/api/position", ruleset="nim", position="3")
            post(client, "/api/play", ruleset="nim", position="3", move="0-1")
        finally:
            holder.join()


# -- reductions -----------------------------------------------------------------------


def test_reductions_map_positions_and_compare_values(client: TestClient) -> None:
    registered = {ruleset.name for ruleset in all_rulesets()}
    expected = [r for r in all_reductions()
                if r.source == "transverse-wave" and r.target in registered]
    listed = client.get("/api/reductions/tw").json()
    assert [entry["name"] for entry in listed] == [r.name for r in expected]
    tw = get("transverse-wave")
    for reduction in expected:
        body = post(client, "/api/reduce", reduction=reduction.name, position="PPG/GGP")
        target = get(reduction.target)
        assert body["source"]["value"] == format_nimber(naive_grundy(tw, tw.parse("PPG/GGP")))
        assert body["target"]["position"] == target.format(
            reduction.map_position(tw.parse("PPG/GGP")))
        if reduction.kind is not Kind.WINNABILITY_PRESERVING:
            assert body["target"]["value"] == body["source"]["value"]
    error(client, "/api/reduce", 404, reduction="no-such-reduction", position="PPG")
    if expected:
        error(client, "/api/reduce", 400, reduction=expected[0].name, position="PPX")
    assert client.get("/api/reductions/chess").status_code == 404


def test_serve_refuses_a_store_it_cannot_open(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    result = CliRunner().invoke(cli, ["serve", "--store", str(blocker / "store.sqlite")])
    assert result.exit_code == 2
    assert result.output.startswith("grundy: error: cannot open store")


def test_a_ruleset_with_a_heuristic_gets_the_heuristic_level() -> None:
    """A ruleset offers a heuristic player by a ``heuristic_move(position, rng)`` method."""

    class GreedyNim(type(get("nim"))):  # type: ignore[misc]
        def heuristic_move(self, position: tuple[int, ...], rng: random.Random) -> Any:
            heap = max(range(len(position)), key=position.__getitem__)
            return heap, position[heap]  # empty the largest heap

    greedy = GreedyNim()
    assert describe(greedy)["levels"] == ["random", "perfect", "heuristic"]
    assert describe(get("nim"))["levels"] == ["random", "perfect"]
    bench = Workbench()
    position = (2, 5, 3)
    legal = list(greedy.moves(position))
    move, note = bench._choose(greedy, position, legal, "heuristic", random.Random(0), None, None)
    assert (move, note) == ((1, 5), "heuristic move")
    bench.close()


# -- values calculator ----------------------------------------------------------------

#: Slow in the values code (a sum over nested nimber options, each within the notation's
#: cap of 256): over 30 s, far over 0.2 s.
SLOW = "{{*200|*3}|*100} + {*150|{*50|*7}}"


def test_calc_value_stops_and_thermograph(client: TestClient) -> None:
    body = post(client, "/api/calc", expression=" {4|2} + {3|-1} ")
    assert body["value"] == "{7|5||3|1}" and body["outcome"] == "L"
    assert (body["mean"], body["temperature"]) == ("4", "2")
    assert (body["left_stop"], body["right_stop"]) == ("5", "3")
    assert body["thermograph"]["left_wall"] == [["-1", "5"], ["1", "5"], ["2", "4"]]
    assert body["thermograph"]["right_wall"] == [["-1", "3"], ["1", "3"], ["2", "4"]]
    assert body["svg"].startswith("<svg") and 'class="mast"' in body["svg"]
    assert post(client, "/api/calc", expression="^ + *")["value"] == "^*"
    star = post(client, "/api/calc", expression="*")
    assert (star["outcome"], star["temperature"]) == ("N", "0")


def test_calc_bad_notation_and_length_cap(client: TestClient) -> None:
    error(client, "/api/calc", 400, expression="{1|")
    error(client, "/api/calc", 400, expression="__import__('os')")
    assert "empty" in error(client, "/api/calc", 400, expression="  ")
    assert "too long" in error(client, "/api/calc", 400, expression="1+" * 12_500 + "1")
    error(client, "/api/calc", 400, expression="1" * 150_000)  # the request field's own cap


def test_calc_reads_a_pasted_printed_value_back(client: TestClient) -> None:
    """A value the search printed (Snort on P12, 2,008 characters) pasted into the
    calculator comes back as the same canonical text."""
    snort = get("snort")
    assert isinstance(snort, PartizanRuleset)
    text = str(PartizanSolver(snort).value(snort.parse(
        "12;" + ",".join(f"{i}-{i + 1}" for i in range(11)))))
    assert len(text) > 2_000
    assert post(client, "/api/calc", expression=text)["value"] == text


def test_calc_timeout_kills_and_replaces_the_worker(client: TestClient) -> None:
    message = error(client, "/api/calc", 413, expression=SLOW, max_seconds=0.2)
    assert "not solved within the budget" in message
    assert post(client, "/api/calc", expression="{1|0}")["value"] == "{1|0}"


def test_thermograph_svg_of_an_integer() -> None:
    from grundy.values import parse

    picture = parse("3").thermograph().svg()
    assert picture.startswith("<svg") and "temperature -1" in picture


# -- lattice ------------------------------------------------------------------------


def test_lattice_lists_every_reduction_between_rulesets(client: TestClient) -> None:
    body = client.get("/api/lattice").json()
    assert body["svg"].startswith("<svg")
    names = {ruleset.name for ruleset in all_rulesets()}
    expected = {r.name for r in all_reductions() if r.source in names and r.target in names}
    assert {r["name"] for r in body["reductions"]} == expected
    assert any("transverse-wave" in node for node in body["nodes"])
    chosen = [r for r in body["reductions"] if r["source"] == "transverse-wave"]
    assert chosen
    for reduction in chosen:  # each one maps its example position
        mapped = post(client, "/api/reduce", reduction=reduction["name"],
                      position=reduction["example"], max_seconds=2)
        assert mapped["target"]["ruleset"] == reduction["target"]
