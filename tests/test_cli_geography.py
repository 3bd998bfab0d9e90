"""``grundy encode``, ``grundy encode-sum`` and ``grundy generate`` (seed 002 Thm 11/17,
seed 001 Alg 1), driven through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from grundy.cli.main import cli
from grundy.rulesets import get
from grundy.rulesets.geography.algorithms import branch_and_bound
from grundy.search import Solver


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def value_of(ruleset: str, text: str) -> int:
    rules = get(ruleset)
    position = rules.parse(text)
    if ruleset == "undirected-geography":
        return branch_and_bound(position.adj, position.token)[0]
    return Solver(rules).grundy(position)  # type: ignore[arg-type]


def test_encode_prints_a_geography_position_of_the_same_nimber() -> None:
    result = run("constructions", "encode", "transverse-wave", "(01)(2)", "--as", "geography")
    assert result.exit_code == 0, result.output
    assert value_of("geography", result.stdout.strip()) == 2


def test_encode_sum_xors_the_nimbers(tmp_path: Path) -> None:
    dot, svg = tmp_path / "sum.dot", tmp_path / "sum.svg"
    result = run("constructions", "encode-sum", "nim", "2", "node-kayles", "3;0-1,1-2", "--json",
                 "--dot", str(dot), "--svg", str(svg))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "geography" and data["vertices"] > 0
    assert value_of("geography", data["position"]) == 2 ^ 2  # P3 in Node Kayles is *2
    assert dot.read_text().startswith("digraph") and "->" in dot.read_text()
    assert svg.read_text().startswith("<svg")


def test_generate_undirected_geography_of_value_7(tmp_path: Path) -> None:
    result = run("constructions", "generate", "undirected-geography", "--nimber", "7",
                 "--dot", str(tmp_path / "g.dot"))
    assert result.exit_code == 0, result.output
    text = result.stdout.strip()
    assert text.startswith("136;")
    assert value_of("undirected-geography", text) == 7
    assert (tmp_path / "g.dot").read_text().startswith("graph")
    tree = run("constructions", "generate", "undirected-geography", "--nimber", "3",
               "--construction", "binomial-tree", "--json")
    assert json.loads(tree.output)["vertices"] == 8


def test_bad_input_is_one_line_and_exit_2() -> None:
    result = run("constructions", "encode", "nim", "1,x", "--as", "geography")
    assert result.exit_code == 2
    assert "heap 1 is 'x'" in result.output
    huge = run("constructions", "encode", "nim", "9,9,9,9", "--as", "geography")
    assert huge.exit_code == 2 and "encode a smaller position" in huge.output
    assert run("constructions", "encode", "nim", "1", "--as", "chess").exit_code == 2
