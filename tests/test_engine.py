"""The impartial engine against the naive reference, on every registered ruleset."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import all_rulesets, get
from grundy.search import Budget, BudgetExceeded, Solver, grundy_of_sum
from grundy.search.engine import Engine
from grundy.search.naive import naive_grundy, naive_misere_wins
from grundy.transforms import Sum
from grundy.values import Outcome

#: The short impartial rulesets (those whose positions repeat: ``test_loopy_rulesets.py``).
IMPARTIAL = [r for r in all_rulesets() if isinstance(r, ImpartialRuleset) and not r.loopy]
#: Every ruleset with the default engine, and those with a native kernel in Python too.
ENGINES = [
    pytest.param(ruleset, engine, id=f"{ruleset.name}-{engine}")
    for ruleset in IMPARTIAL
    for engine in ("auto", "python")
    if engine == "auto" or ruleset.native_kernel() is not None
]


def small_positions(ruleset: ImpartialRuleset[Any], count: int = 40) -> list[Any]:
    rng = random.Random(ruleset.name)
    return [ruleset.random_position(rng, rng.randint(1, 7)) for _ in range(count)]


@pytest.mark.parametrize(("ruleset", "engine"), ENGINES)
def test_engine_matches_naive_reference(ruleset: ImpartialRuleset[Any], engine: Engine) -> None:
    solver = Solver(ruleset, engine=engine)  # one shared table across positions, as in real use
    for position in small_positions(ruleset):
        expected = naive_grundy(ruleset, position)
        assert solver.grundy(position) == expected, ruleset.format(position)
        fresh = Solver(ruleset, engine=engine)  # outcome search without the Grundy table's help
        assert (fresh.outcome(position) is Outcome.N) == (expected != 0)
        assert (solver.misere_outcome(position) is Outcome.N) == naive_misere_wins(
            ruleset, position
        )


@pytest.mark.parametrize(("ruleset", "engine"), ENGINES)
def test_winning_moves_lead_to_zero(ruleset: ImpartialRuleset[Any], engine: Engine) -> None:
    solver = Solver(ruleset, engine=engine)
    for position in small_positions(ruleset, 15):
        winning = solver.winning_moves(position)
        assert bool(winning) == (solver.grundy(position) != 0)
        assert all(naive_grundy(ruleset, child) == 0 for _, child in winning)
        for move, child in solver.misere_winning_moves(position):
            assert not naive_misere_wins(ruleset, child), ruleset.format_move(move)


@pytest.mark.parametrize("ruleset", IMPARTIAL, ids=lambda r: r.name)
def test_text_round_trip_and_examples(ruleset: ImpartialRuleset[Any]) -> None:
    for position in small_positions(ruleset, 20):
        assert ruleset.parse(ruleset.format(position)) == position
        assert ruleset.render_svg(position).startswith("<svg")
        assert ruleset.to_json(position)["ruleset"] == ruleset.name
    for example in ruleset.examples:
        ruleset.parse(example)


def test_registry_finds_names_and_aliases() -> None:
    assert get("transverse-wave") is get("TW") is get("Transverse_Wave")
    with pytest.raises(KeyError, match="did you mean transverse-wave"):
        get("transverse-wav")


def test_five_thousand_moves_deep() -> None:
    """The iterative search has no recursion limit: a 5,000-move game (S = {1})."""
    ruleset = get("subtraction")
    assert isinstance(ruleset, ImpartialRuleset)
    position = ruleset.parse("1:5000")
    solver = Solver(ruleset)
    assert solver.grundy(position) == 0
    assert solver.outcome(ruleset.parse("1:5001")) is Outcome.N
    assert Solver(ruleset).misere_outcome(position) is Outcome.N  # odd moves left after one
    assert Solver(ruleset).misere_outcome(ruleset.parse("1:5001")) is Outcome.P


@pytest.mark.parametrize("engine", ["native", "python"])
def test_node_budget_stops_cleanly(engine: Engine) -> None:
    tw = get("transverse-wave")
    assert isinstance(tw, ImpartialRuleset)
    grid = tw.parse("(012)(034)(0156)(2578)")
    solver = Solver(tw, Budget(max_nodes=5), engine=engine)
    with pytest.raises(BudgetExceeded, match="node budget"):
        solver.grundy(grid)
    solver.budget.max_nodes = None
    assert solver.grundy(grid) == 6  # what was solved before the stop is reused


@pytest.mark.parametrize("engine", ["native", "python"])
def test_time_budget_and_progress(engine: Engine) -> None:
    tw = get("transverse-wave")
    assert isinstance(tw, ImpartialRuleset)
    reports: list[tuple[int, int]] = []
    budget = Budget(max_seconds=0.0, check_every=1, progress=lambda n, t: reports.append((n, t)))
    with pytest.raises(BudgetExceeded, match="time budget"):
        Solver(tw, budget, engine=engine).grundy(tw.parse("(012)(034)(0156)(2578)"))
    assert reports and reports[0][0] >= 1


def test_sum_of_positions_from_different_rulesets() -> None:
    nim, tw = get("nim"), get("transverse-wave")
    assert isinstance(nim, ImpartialRuleset) and isinstance(tw, ImpartialRuleset)
    parts = [(nim, (3, 5)), (tw, tw.parse("(01)(234)(035)"))]
    assert grundy_of_sum(parts) == 3 ^ 5 ^ 4
    ruleset, position = Sum.of(parts)
    assert Solver(ruleset).grundy(position) == 2 == naive_grundy(ruleset, position)
    assert (Solver(ruleset).misere_outcome(position) is Outcome.N) == naive_misere_wins(
        ruleset, position
    )
    parsed_ruleset, parsed = Sum.parse_sum("nim:3,5 + tw:(01)(234)(035)")
    assert parsed_ruleset.format(parsed) == ruleset.format(position)


@pytest.mark.parametrize("ruleset", IMPARTIAL, ids=lambda r: r.name)
def test_winning_move_is_found_exactly_in_n_positions(ruleset: ImpartialRuleset[Any]) -> None:
    solver = Solver(ruleset)
    rng = random.Random(0)
    for position in small_positions(ruleset, 15):
        move = solver.winning_move(position, rng)
        if naive_grundy(ruleset, position) == 0:
            assert move is None
        else:
            assert move is not None
            assert naive_grundy(ruleset, ruleset.play(position, move)) == 0


def test_a_step_of_the_last_positions_stopped_by_its_own_time_is_not_over_budget() -> None:
    """A native step given every position left that stops on the step's own clock (a
    loaded machine) reports at most that many: the search goes on; one stopped by its node
    limit reports one more, and the budget is exceeded."""
    budget = Budget(max_nodes=100)
    budget.charge_step(60, False, 100, 0)  # stopped by the step's time: 40 left
    budget.charge_step(10, False, 40, 0)
    assert budget.nodes == 70
    with pytest.raises(BudgetExceeded, match="100 positions"):
        budget.charge_step(31, False, 30, 0)


def test_budget_spans_every_call_of_one_task() -> None:
    """The node count and clock run across calls: move_values stays within the budget."""
    tw = get("transverse-wave")
    assert isinstance(tw, ImpartialRuleset)
    grid = tw.parse("(012)(034)(0156)(2578)")
    unlimited = Solver(tw)
    unlimited.move_values(grid)
    budget = Budget(max_nodes=unlimited.budget.nodes - 1)
    with pytest.raises(BudgetExceeded):
        Solver(tw, budget).move_values(grid)
