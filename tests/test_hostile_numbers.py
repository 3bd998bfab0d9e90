"""Hostile numbers where they enter (issue 30): every budget option of every command,
the budget of the API and of the web fields, and move generation that searches, which
runs under the budget of the search around it.

The commands are found by walking the click group tree, so a command moved into a
group (or a new one) is tested without being listed here.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import click
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz_support import EXAMPLES
from grundy.api import position
from grundy.cli.main import cli
from grundy.protocol import TooBig
from grundy.reductions.geography_constructions import MAX_BUILT, binomial_tree, nimber_generation
from grundy.rulesets import get
from grundy.search import Budget, BudgetExceeded, Solver, hard_deadline
from grundy.search.budget import MAX_NODES, MAX_SECONDS, BadBudget, check_nodes, check_seconds
from grundy.web import Limits, Workbench, create_app

#: Time budgets out of range: non-finite, negative, past a day, not a number.
BAD_SECONDS = ["inf", "1e300", "nan", "-inf", "-1", "86401", "1e20", "abc", ""]
#: Node budgets out of range: zero, negative, past MAX_NODES, 2**63 and 2**64, not a number.
BAD_NODES = ["0", "-5", str(MAX_NODES + 1), str(2**63), str(2**64), "1" + "0" * 400, "1e3",
             "x"]


def commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], click.Command]]:
    """Every command under ``group`` (recursively), with the words that invoke it."""
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None:
            continue
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def taking(option: str) -> list[tuple[str, ...]]:
    return [path for path, command in commands(cli)
            if any(option in param.opts for param in command.params)]


SECONDS_COMMANDS = taking("--max-seconds")
NODES_COMMANDS = taking("--max-nodes")


def test_the_walk_finds_the_budgeted_commands() -> None:
    """The walk reaches nested commands and the commands the issue names."""
    assert ("value",) in SECONDS_COMMANDS and ("moves",) in NODES_COMMANDS
    assert any(len(path) > 1 for path in SECONDS_COMMANDS), "no command inside a group"


def one_line_error(argv: list[str]) -> str:
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 2, (argv, result.output)
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit), (argv, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: error:"), (argv, result.stderr)
    return lines[0]


@pytest.mark.parametrize("path", SECONDS_COMMANDS, ids=" ".join)
def test_every_time_budget_refuses_hostile_numbers(path: tuple[str, ...]) -> None:
    for bad in BAD_SECONDS:
        message = one_line_error([*path, "--max-seconds", bad])
        assert "--max-seconds" in message and f"{MAX_SECONDS:g}" in message, message


@pytest.mark.parametrize("path", NODES_COMMANDS, ids=" ".join)
def test_every_node_budget_refuses_hostile_numbers(path: tuple[str, ...]) -> None:
    for bad in BAD_NODES:
        message = one_line_error([*path, "--max-nodes", bad])
        assert "--max-nodes" in message, message


def test_the_issues_commands() -> None:
    """The commands of the issue: one line, exit 2; the edges of the range are taken."""
    for bad in ("inf", "1e300"):
        message = one_line_error(["value", "node-kayles", "5;0-1,1-2", "--max-seconds", bad])
        assert "0 (no limit) to 86400" in message
    for good in ("0", "86400", "0.5"):
        result = CliRunner().invoke(cli, ["value", "node-kayles", "5;0-1,1-2",
                                          "--max-seconds", good, "--max-nodes", str(MAX_NODES)])
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("*")


# -- the library ---------------------------------------------------------------------

FLOATS = st.one_of(st.floats(), st.integers(-(2**70), 2**70), st.sampled_from(
    [math.inf, -math.inf, math.nan, -0.0, 0, MAX_SECONDS, math.nextafter(MAX_SECONDS, math.inf),
     2**63, 2**64, 1e300]))


@settings(max_examples=EXAMPLES * 5, deadline=None)
@given(FLOATS)
def test_budget_seconds_are_checked(seconds: float) -> None:
    """A Budget and a deadline take exactly the finite seconds from 0 to a day."""
    good = math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS
    for make in (lambda: Budget(max_seconds=seconds), lambda: check_seconds(seconds)):
        if good:
            make()
        else:
            with pytest.raises(BadBudget) as refused:
                make()
            assert "\n" not in str(refused.value) and "86400" in str(refused.value)
    if not good and not (math.isfinite(seconds) and 0 <= seconds <= 2 * MAX_SECONDS):
        with pytest.raises(BadBudget), hard_deadline(seconds):
            pass


@settings(max_examples=EXAMPLES * 5, deadline=None)
@given(st.one_of(st.integers(-(2**70), 2**70), st.sampled_from([2**63, 2**64, MAX_NODES,
                                                                 MAX_NODES + 1, True, 1.5])))
def test_budget_nodes_are_checked(nodes: Any) -> None:
    good = type(nodes) is int and 0 <= nodes <= MAX_NODES
    if good:
        assert Budget(max_nodes=nodes).max_nodes == check_nodes(nodes) == nodes
    else:
        with pytest.raises(BadBudget, match="out of range"):
            Budget(max_nodes=nodes)


# -- the web -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(None)) as client:
        yield client


@pytest.mark.parametrize("field,value", [
    ("max_seconds", 1e300), ("max_seconds", 86401), ("max_seconds", -1), ("max_seconds", 0),
    ("max_nodes", 2**64), ("max_nodes", MAX_NODES + 1), ("max_nodes", 0)])
def test_web_budget_fields(client: TestClient, field: str, value: float) -> None:
    for path in ("/api/analyse", "/api/hint"):
        response = client.post(path, json={"ruleset": "nim", "position": "3,5", field: value})
        assert response.status_code == 400, response.text
        message = response.json()["error"]
        assert field in message and "\n" not in message


def test_web_non_finite_seconds(client: TestClient) -> None:
    """JSON has no infinity, but Python's parser reads ``Infinity`` and ``NaN``."""
    for word in ("Infinity", "NaN", "-Infinity"):
        response = client.post("/api/analyse", content=(
            f'{{"ruleset": "nim", "position": "3,5", "max_seconds": {word}}}'),
            headers={"content-type": "application/json"})
        assert response.status_code == 400, response.text


# -- move generation under the search's budget ------------------------------------------

def test_proof_dictator_moves_run_under_the_search_budget() -> None:
    """Each candidate move of Tree-Proof Dictator searches for a proof: with a node budget
    the listing stops (`grundy moves` says so) instead of running for many seconds."""
    ruleset = get("tree-proof-dictator")
    solver = Solver(ruleset, Budget(max_nodes=50))  # type: ignore[arg-type]
    with pytest.raises(BudgetExceeded):
        solver.move_values(ruleset.parse("_D___"))
    assert solver.budget.nodes > 50
    result = CliRunner().invoke(cli, ["moves", "tree-proof-dictator", "_D___",
                                      "--max-nodes", "50"])
    assert result.exit_code == 3 and "node budget" in result.stderr, result.output


@pytest.mark.parametrize("name", ["tree-proof-dictator", "chain-proof-dictator"])
@pytest.mark.parametrize("text", ["A_D_;__DA", "ABDC;BACD", "_DB_;D_B_"])
def test_budgeted_moves_are_the_moves(name: str, text: str) -> None:
    """Under a budget large enough, the moves are those generated without one."""
    ruleset = get(name)
    position = ruleset.parse(text)
    with Budget(max_nodes=10**9).active():
        budgeted = list(ruleset.moves(position))  # type: ignore[call-arg]
    assert budgeted == list(ruleset.moves(position))  # type: ignore[call-arg]


def test_quantum_moves_stop_with_the_search() -> None:
    """Quantum moves superpose every set of classical moves: a spent time budget stops
    their generation at once."""
    ruleset = get("quantum(nim)")
    position = ruleset.parse("<(9,9,9)|(8,8,8)>")
    spent = Budget(max_seconds=0.0)
    with pytest.raises(BudgetExceeded), spent.active():
        for _ in ruleset.moves(position):  # type: ignore[call-arg]
            pass


def test_api_moves_take_a_budget() -> None:
    """``grundy.api``: a position's moves run under the budget given (or its solver's)."""
    board = position("tree-proof-dictator", "_D___")
    with pytest.raises(BudgetExceeded):
        board.moves(budget=Budget(max_nodes=3))
    small = position("chain-proof-dictator", "A_D_;__DA")
    assert [(move, child.raw) for move, child in small.moves(budget=Budget(max_nodes=10**9))] \
        == list(small.ruleset.moves(small.raw))  # type: ignore[call-arg]


def test_web_hint_answers_not_within_the_budget() -> None:
    """A hint on a board whose moves search: "not solved within the budget", the worker
    free again, instead of a search that outlives its budget."""
    answer = Workbench(None).hint("tree-proof-dictator", "_D___", None, None, 50)
    assert answer["solved"] is False and "within the budget" in answer["message"]


# -- constructions asked for huge values -------------------------------------------------

def test_constructions_stop_at_the_geography_limit() -> None:
    """A construction of a huge value is refused at ``MAX_BUILT`` vertices, never built;
    the largest ones that fit are built (Algorithm 1 has 5n² - 15n - 4 vertices)."""
    assert binomial_tree(13).n == 2**13 <= MAX_BUILT
    assert nimber_generation(46).n == 5 * 46**2 - 15 * 46 - 4 <= MAX_BUILT
    for build in (lambda: binomial_tree(14), lambda: nimber_generation(47),
                  lambda: nimber_generation(10**20), lambda: binomial_tree(2**64)):
        with pytest.raises(TooBig, match="more than 10,000 vertices"):
            build()
    message = one_line_error(["generate", "undirected-geography", "--nimber", str(10**20)])
    assert "smaller value" in message


def test_web_view_answers_not_within_the_budget() -> None:
    """The play page's moves under a spent budget: a one-line "not within the budget"
    refusal (413), not a worker held until its deadline."""
    bench = Workbench(None, Limits(light_seconds=0.0))
    with pytest.raises(TooBig, match="not found within the budget") as refused:
        bench.position("tree-proof-dictator", "_D___")
    assert "\n" not in str(refused.value)
    assert bench.position("nim", "1,2")["moves"]  # moves that need no search are listed
