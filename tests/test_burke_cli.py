"""The Matchmaker and Dictator commands (grundy.cli.burke), through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from grundy.cli.main import cli
from grundy.rulesets import get
from grundy.search.naive import naive_grundy


def run(*args: str) -> Result:
    return CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None}).invoke(cli, list(args))


def test_matchmaker_tables_states_conventions_and_agrees_up_to_five() -> None:
    result = run("matchmaker", "tables", "--max-n", "5")
    assert result.exit_code == 0, result.output
    assert "1 < i < n" in result.stdout and "without crossing a matched pair" in result.stdout
    assert "14 of 14 printed cells" in result.stdout
    loose = run("matchmaker", "tables", "--max-n", "3", "--loose", "--json")
    assert loose.exit_code == 1  # (1,0,0) differs without the exclusion
    data = json.loads(loose.stdout)
    assert data["mismatches"] == 1 and {"class": [1, 0, 0], "printed": [1],
                                        "computed": [0, 1], "witnesses": {"0": "2:2-1"}} \
        in data["cells"]


def test_tables_beyond_their_limits_are_refused() -> None:
    """Sizes are checked before anything is built: one-line errors naming the limit (20 a
    side natively; the Python evaluator stops at 14, or 16 with --smallest)."""
    assert "21 is not in the range 1<=x<=20" in run(
        "matchmaker", "tables", "--max-n", "21", "--smallest").stderr
    beyond = run("matchmaker", "tables", "--max-n", "15", "--engine", "python")
    assert beyond.exit_code == 2 and beyond.stderr.strip() == (
        "grundy: error: --engine python builds the tables up to 14 a side: give --max-n 14 "
        "or less, or leave out --engine python")
    assert "up to 16 a side" in run("matchmaker", "tables", "--max-n", "17", "--smallest",
                                    "--engine", "python").stderr
    searched = run("matchmaker", "tables", "--max-n", "10", "--search")
    assert searched.exit_code == 2
    assert searched.stderr.strip() == ("grundy: error: --search solves every board: give "
                                       "--max-n 9 or less, or leave out --search")


def test_tables_by_search_and_by_classes_agree_and_the_verifier_runs() -> None:
    by_search = json.loads(run("matchmaker", "tables", "--max-n", "5", "--search", "--json").stdout)
    by_class = json.loads(run("matchmaker", "tables", "--max-n", "5", "--json").stdout)
    in_python = json.loads(run("matchmaker", "tables", "--max-n", "5", "--json", "--engine",
                               "python").stdout)
    assert by_search == by_class == in_python and len(by_class["cells"]) == 14
    nine = run("matchmaker", "tables", "--max-n", "9", "--json")
    assert nine.exit_code == 1 and json.loads(nine.stdout)["mismatches"] == 5
    cells = {tuple(c["class"]): c for c in json.loads(nine.stdout)["cells"]}
    assert cells[5, 0, 1]["witnesses"] == {"0": "9:6-4,7-6,8-7,9-8"}
    smallest = run("matchmaker", "tables", "--max-n", "9", "--smallest")
    assert smallest.exit_code == 0 and "55 of 55 printed cells" in smallest.stdout
    verified = run("matchmaker", "verify", "5:")
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.startswith("5: is *3, from ")
    assert "1,546 boards checked" in verified.stdout
    data = json.loads(run("matchmaker", "verify", "4:1-2", "--json").stdout)
    stubborn = get("stubborn-matchmaker")
    assert data["failure"] is None
    assert data["value"] == naive_grundy(stubborn, stubborn.parse("4:1-2"))
    too_big = run("matchmaker", "verify", "9:")
    assert too_big.exit_code == 2 and "at most 8 a side" in too_big.stderr


def test_conjecture_checker_reports_counterexamples() -> None:
    failing = run("matchmaker", "conjecture", "neighbour-pairs", "--ruleset", "matchmaker",
                  "--max-n", "4", "--show", "1")
    assert failing.exit_code == 1
    assert "71 cases, 4 counterexamples" in failing.stdout
    assert "2: (*2) -> 4:1-3,2-4 (*6)" in failing.stdout
    holding = run("matchmaker", "conjecture", "uncrossing", "--max-n", "4", "--json")
    assert holding.exit_code == 0 and json.loads(holding.stdout)["counterexamples"] == 0


def test_transform_and_class() -> None:
    result = run("matchmaker", "transform", "stubborn-matchmaker", "4:1-1,2-2,3-4", "--un-z", "2,2")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].startswith("transform: 2:1-2  class (1, 0, 0)")
    bad = run("matchmaker", "transform", "matchmaker", "3:1-2", "--shift-west", "x")
    assert bad.exit_code == 2 and "grundy: error: 'x': give 1 whole number" in bad.stderr


def test_dictator_prove_and_verify_round_trip() -> None:
    proved = run("dictator", "prove", "ABDC;BACD", "--json")
    data = json.loads(proved.stdout)
    assert data["pareto_violated"] and data["chain_proof"].startswith("{A,C}, {A,B,D}")
    verified = run("dictator", "verify", "ABDC;BACD", data["certificate"])
    assert verified.exit_code == 0 and "D is above A in every ballot" in verified.stdout
    forged = run("dictator", "verify", "ABDC;BACD", "AC=BADC;BACD")
    assert forged.exit_code == 2 and "A and B change places" in forged.stderr
    unprovable = run("dictator", "prove", "A_D_;__DA")
    assert "no chain proof" in unprovable.stdout and "Pareto violated" in unprovable.stdout
    assert "tree proof (Def 3.4.15), 2 cases:" in unprovable.stdout
    assert "  cases at ballot 1, slot 2:" in unprovable.stdout
    partial = json.loads(run("dictator", "prove", "_DB_;_BD_", "--json").stdout)
    assert partial["certificate"] == "BD=_DB_;_DB_" and partial["tree_proof"] is None
    assert run("dictator", "verify", "_DB_;_BD_", partial["certificate"]).exit_code == 0
    assert run("dictator", "verify", "_DB_;_BD_", "BD=D_B_;_DB_").exit_code == 2


def test_dictator_tree_proofs_print_and_verify(tmp_path: Path) -> None:
    printed = run("dictator", "prove", "A_D_;__DA").stdout
    tree = printed[printed.index("tree proof"):].split("\n", 1)[1]
    (tmp_path / "tree.txt").write_text(tree)
    verified = run("dictator", "verify", "A_D_;__DA", str(tmp_path / "tree.txt"), "--tree")
    assert verified.exit_code == 0, verified.output
    assert "whose 2 branches each end" in verified.stdout
    (tmp_path / "cut.txt").write_text(tree.replace("  C:", "  D:"))
    cut = run("dictator", "verify", "A_D_;__DA", str(tmp_path / "cut.txt"), "--tree")
    assert cut.exit_code == 2 and "the cases must be exactly B, C" in cut.stderr


def test_dictator_values_through_the_generic_commands() -> None:
    assert run("value", "basic-dictator", "____;____;____").stdout.startswith("0")
    assert run("value", "basic-dictator", "A_;__").exit_code == 2
