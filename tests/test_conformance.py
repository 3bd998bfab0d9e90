"""The conformance sweep: every registered ruleset on every surface (issue 25 item 1).

The table is the registry itself (``all_rulesets``, what ``grundy rulesets --json``
lists), read when the suite is collected, so a ruleset is swept the day it registers.
For each ruleset, its first example and a random small position must, on every
surface (the Python API, the command line in-process, the web JSON API and the play
page's HTML), rulesets whose positions repeat included (their values are loopy
values, their outcomes may be draws):

- load, and round-trip through the ruleset's text format;
- draw themselves as SVG that parses;
- show a value, an outcome or a budget message within a node budget (never a time
  budget, so that no answer depends on the machine's speed).

The first example must moreover be *solved* within the play page's default node
budget: it is what a newcomer sees first.  The browser half of the sweep (clicks,
computer moves, hints at two window sizes) is in ``test_web_conformance.py``.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from grundy.api import position, solver
from grundy.cli.main import cli
from grundy.protocol import ImpartialRuleset, PartizanRuleset, Player, Ruleset
from grundy.rulesets import all_rulesets, get
from grundy.search import Budget, BudgetExceeded
from grundy.search.loopy import LoopySolver
from grundy.values import Outcome
from grundy.values.loopy import LoopyOutcome
from grundy.web import Limits, create_app

NAMES = [ruleset.name for ruleset in all_rulesets()]
#: The sweep's node budget for random positions on every surface (small: the answer
#: may be the budget message, which is a conforming answer too).
NODES = 20_000
#: The size and seeds of the random small positions.
SIZE = 3
SEED = 25
#: What the command line may exit with: 0 answered, 3 out of budget.
ANSWERED, OUT_OF_BUDGET = 0, 3


def random_text(ruleset: Ruleset[Any]) -> str:
    """A random small position of ``ruleset``, in its text format."""
    return ruleset.format(ruleset.random_position(random.Random(SEED), SIZE))


def texts(name: str) -> list[str]:
    """The positions swept for one ruleset: its first example and a random small one."""
    ruleset = get(name)
    return [ruleset.examples[0], random_text(ruleset)]


def player_of(ruleset: Ruleset[Any]) -> str | None:
    return "L" if isinstance(ruleset, PartizanRuleset) else None


def test_the_sweep_covers_the_whole_registry() -> None:
    """The table is the registry, and every ruleset gives examples to sweep."""
    assert NAMES and len(set(NAMES)) == len(NAMES)
    runner = CliRunner()
    listed = runner.invoke(cli, ["rulesets", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [entry["name"] for entry in json.loads(listed.output)] == NAMES
    for name in NAMES:
        assert get(name).examples, f"{name} has no example for its page and the sweep"


# -- the Python API ----------------------------------------------------------------


def parses_as_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on malformed SVG
    assert root.tag.rpartition("}")[2] == "svg", root.tag
    return root


@pytest.mark.parametrize("name", NAMES)
def test_api_loads_round_trips_and_draws(name: str) -> None:
    ruleset = get(name)
    for text in texts(name):
        shown = position(name, text)
        again = position(name, shown.text)
        assert again.text == shown.text, f"{name}: {text!r} does not round-trip"
        assert ruleset.key(again.raw) == ruleset.key(shown.raw)
        parses_as_svg(shown._repr_svg_())
        assert ruleset.render_text(shown.raw)
        json.dumps(ruleset.to_json(shown.raw))


@pytest.mark.parametrize("name", NAMES)
def test_first_example_is_solved_within_the_page_budget(name: str) -> None:
    """The first example is what a play page opens with: it must be solved (a value
    and an outcome) within the page's default node budget."""
    ruleset = get(name)
    found = position(name, ruleset.examples[0])
    search = solver(ruleset, Budget(max_nodes=Limits().nodes))
    try:
        outcome = search.outcome(found.raw)
        if isinstance(search, LoopySolver):  # positions repeat: a loopy value
            assert str(search.value(found.raw))
        elif isinstance(ruleset, ImpartialRuleset):
            assert search.grundy(found.raw) >= 0
        elif isinstance(ruleset, PartizanRuleset):
            assert str(search.value(found.raw))
    except BudgetExceeded:
        pytest.fail(f"{name}: the first example {ruleset.examples[0]!r} is not solved "
                    f"within {Limits().nodes:,} positions")
    # with draws (D, and the mixed classes NHat, PHat, NCheck, PCheck) where positions repeat
    classes = LoopyOutcome if ruleset.loopy else Outcome
    assert outcome.value in {kind.value for kind in classes}


@pytest.mark.parametrize("name", NAMES)
def test_api_random_position_answers_within_a_node_budget(name: str) -> None:
    ruleset = get(name)
    found = position(name, random_text(ruleset))
    try:
        assert solver(ruleset, Budget(max_nodes=NODES)).outcome(found.raw).value
    except BudgetExceeded as exceeded:
        assert "budget" in str(exceeded)
    player = Player.LEFT if isinstance(ruleset, PartizanRuleset) else None
    for _, child in found.moves(player):
        assert child.text == position(name, child.text).text


# -- the command line (in-process) -----------------------------------------------


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"grundy {' '.join(args)} raised {result.exception!r}")
    return result.exit_code, result.output


@pytest.mark.parametrize("name", NAMES)
def test_cli_value_moves_show(name: str, tmp_path: Path) -> None:
    for i, text in enumerate(texts(name)):
        budget = ["--max-nodes", str(Limits().nodes if i == 0 else NODES)]
        for command in ("value", "moves"):
            status, out = run(command, name, text, *budget, "--json")
            assert status in {ANSWERED, OUT_OF_BUDGET}, out
            if status == ANSWERED:
                answer = json.loads(out)
                assert answer.get("value") or answer.get("outcome"), answer
            else:
                assert "budget" in out, out
            if i == 0:
                assert status == ANSWERED, f"{name}: the first example is not solved: {out}"
        status, out = run("value", name, text, *budget)
        assert status in {ANSWERED, OUT_OF_BUDGET} and out.strip(), out
        picture = tmp_path / f"{i}.svg"
        status, out = run("show", name, text, "--svg", str(picture), "--json")
        assert status == ANSWERED, out
        shown = json.loads(out)
        assert isinstance(shown, dict) and shown
        parses_as_svg(picture.read_text(encoding="utf-8"))
        status, out = run("show", name, text)
        assert status == ANSWERED and out.strip(), out


# -- the web JSON API and the play page's HTML -------------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    store = tmp_path_factory.mktemp("store") / "store.sqlite"
    with TestClient(create_app(store)) as client:
        yield client


def post(client: TestClient, path: str, **body: Any) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, f"{path} {body}: {response.text}"
    return response.json()


def answered(result: dict[str, Any]) -> bool:
    """A value and an outcome, or the budget message (both conforming)."""
    if result["solved"]:
        return bool(result.get("value") or result.get("moves") is not None)
    return "not solved within the budget" in result["message"]


@pytest.mark.parametrize("name", NAMES)
def test_web_page_and_json_api(client: TestClient, name: str) -> None:
    ruleset = get(name)
    page = client.get(f"/play/{name}")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    player = player_of(ruleset)
    example = post(client, "/api/position", ruleset=name, position=ruleset.examples[0],
                   player=player)
    if example["terminal"] and player is not None:  # the page starts with who can move
        player = "R"
        example = post(client, "/api/position", ruleset=name, position=ruleset.examples[0],
                       player=player)
    drawn = post(client, "/api/random", ruleset=name, size=SIZE, seed=SEED, player=player)
    for view in (example, drawn):
        parses_as_svg(view["svg"])
        again = post(client, "/api/position", ruleset=name, position=view["position"],
                     player=player)
        assert again["position"] == view["position"]
        assert answered(post(client, "/api/analyse", ruleset=name, position=view["position"],
                             player=player, max_nodes=NODES, max_seconds=10))
    assert example["moves"], f"{name}: the first example has no move to play"
    assert answered(post(client, "/api/hint", ruleset=name, position=example["position"],
                         player=player, max_nodes=NODES, max_seconds=10))
    first = example["moves"][0]
    after = post(client, "/api/play", ruleset=name, position=example["position"],
                 move=first["label"], player=player)
    assert after["position"] == first["position"]
    reply = post(client, "/api/computer", ruleset=name, position=example["position"],
                 player=player, level="random", seed=SEED)
    assert reply["move"] in {move["label"] for move in example["moves"]}
