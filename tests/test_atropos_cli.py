"""`grundy atropos ...` (seed 004), driven through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from grundy.cli.main import cli

FIG_6_4 = "[32][103][3002][10123][300122][12121]LastPlay:(1,1,3,2)"


def run(*args: str, stdin: str | None = None) -> Result:
    runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None})
    return runner.invoke(cli, ["atropos", *args], input=stdin)


def test_outcome_from_the_start() -> None:
    result = run("outcome", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["player_to_move_wins"] is True and data["winning_move"]
    result = run("outcome", "5")
    assert result.output.startswith("P: the player to move loses")
    assert run("outcome", "3", "--unrestricted").output.startswith("N:")


def test_outcome_on_two_threads_is_the_same() -> None:
    one = json.loads(run("outcome", "6", "--json").output)
    two = json.loads(run("outcome", "6", "--threads", "2", "--json").output)
    assert two["player_to_move_wins"] is one["player_to_move_wins"] is False
    assert run("outcome", "6", "--threads", "2", "--max-nodes", "100").exit_code == 3
    both = run("outcome", "4", "--threads", "2", "--workers", "2")
    assert both.exit_code != 0 and "do not combine" in both.output


def test_a_bounded_table_keeps_the_answer_and_bad_sizes_are_one_line() -> None:
    full = json.loads(run("outcome", "6", "--json").output)
    small = json.loads(run("outcome", "6", "--table", "100", "--json").output)
    assert small["player_to_move_wins"] is full["player_to_move_wins"] is False
    # 100 states rounded down to 64 slots: the table holds fewer states, so more are expanded
    assert small["states_solved"] <= 64 < full["states_solved"]
    assert small["positions_expanded"] > full["positions_expanded"]
    threaded = json.loads(run("outcome", "5", "--table", "64", "--threads", "2", "--json").output)
    assert threaded["player_to_move_wins"] is False
    for bad, message in [("0", "give a positive number of states"),
                         ("-3", "give a positive number of states"),
                         (str(10**15), "more than this machine's")]:
        result = run("outcome", "4", "--table", bad)
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
        assert result.output.startswith(f"grundy: error: --table {int(bad):,}")
        assert message in result.output


def test_outcome_reports_its_progress_on_stderr() -> None:
    # A run longer than --progress seconds reports (any run is longer than a nanosecond).
    result = run("outcome", "5", "--progress", "1e-9", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["player_to_move_wins"] is False
    decided = [line for line in result.stderr.splitlines() if " decided: " in line]
    assert len(decided) == 16 and all("the opponent wins" in line for line in decided)
    assert decided[0].startswith("first move 1 of 16 (R1,1) decided")
    assert "states/s" in result.stderr and "to go" in result.stderr
    assert run("outcome", "5", "--progress", "0").stderr == ""


def test_estimate_projects_the_work_by_sampling() -> None:
    data = json.loads(run("estimate", "4", "--samples", "5", "--json").output)
    assert data["classes"] > 5 and len(data["samples"]) == 5
    assert data["estimate"] == round(data["classes"] * sum(data["samples"]) / 5)
    assert "solving all of them on their own" in run("estimate", "4").output
    assert run("estimate", "10").exit_code == 2


def test_outcome_budget_and_store(tmp_path: Path) -> None:
    result = run("outcome", "6", "--max-nodes", "100")
    assert result.exit_code == 3 and "node budget" in result.output
    store = str(tmp_path / "s.sqlite")
    assert run("outcome", "4", "--store", store).exit_code == 0
    assert "(0 expanded" in run("outcome", "4", "--store", store).output


def test_bad_position_is_one_line() -> None:
    result = run("show", "[13][302]")
    assert result.exit_code == 2
    assert result.output.startswith("grundy: error: 2 rows is too few")


def test_show_and_svg(tmp_path: Path) -> None:
    svg = tmp_path / "board.svg"
    result = run("show", "./r./...", "--colour-blind", "--svg", str(svg))
    assert result.exit_code == 0, result.output
    assert "*|" in result.output and "LastPlay:(1,2,1,2)" in result.output
    assert svg.read_text().startswith("<svg")
    data = json.loads(run("show", "3", "--json").output)
    assert data["playable"]["1,1"] == "R" and data["playable"]["3,1"] == "G"


def test_dice_odds() -> None:
    data = json.loads(run("dice", FIG_6_4, "--die", "d6", "--json").output)
    assert data == [{"die": "d6", "faces": ["R", "B", "Y", "RB", "RY", "BY"],
                     "lose_this_turn": "1/6", "win_next_turn": "11/36"}]
    assert "19 faces" in run("dice", FIG_6_4).output


def test_conjectures_table() -> None:
    data = json.loads(run("conjectures", "--max-size", "3", "--json").output)
    assert [row["first_player_wins"] for row in data] == [False, False, True]
    assert all(row["conjecture_5.2.1"] for row in data)


def test_play_against_the_computer() -> None:
    result = run("play", "--size", "3", "--level", "random", "--seed", "1", "--json",
                 stdin="R1,1\nB1,3\nG3,1\n")
    assert result.exit_code == 0, result.output
    record = json.loads(result.output.splitlines()[-1])
    assert record["moves"][0] == {"player": "human", "move": "R1,1",
                                  "position": record["moves"][0]["position"]}
    computers = run("play", "--variant", "three-player", "--seat", "0", "--seed", "3", "--json")
    assert json.loads(computers.output.splitlines()[-1])["winner"] in (1, 2, 3)
