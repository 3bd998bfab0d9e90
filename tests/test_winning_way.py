"""Thm 3.4.2 as a ruleset-independent procedure (Ferland 2024; seed 001 L504-509): the
nimber from outcome queries alone, against the direct search, within 2h + 1 queries."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.oracles import Counting, RulesetOracles, WinningWay, winning_way_nimber
from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.search.naive import naive_grundy


def rules(name: str) -> ImpartialRuleset[Hashable]:
    return cast(ImpartialRuleset[Hashable], get(name))


def height(ruleset: ImpartialRuleset[Hashable], position: Hashable) -> int:
    """The length of the longest play from ``position``."""
    memo: dict[Hashable, int] = {}

    def h(p: Hashable) -> int:
        if p not in memo:
            memo[p] = 1 + max((h(c) for c in ruleset.options(p)), default=-1)
        return memo[p]

    return h(position)


def degree(ruleset: ImpartialRuleset[Hashable], position: Hashable) -> int:
    """The most options any position reachable from ``position`` has."""
    seen: set[Hashable] = set()
    stack, most = [position], 0
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        children = list(ruleset.options(p))
        most = max(most, len(children))
        stack.extend(children)
    return most


def check(name: str, text: str) -> tuple[int, int, int]:
    """Thm 3.4.2 against the naive search; returns (nimber, queries, height)."""
    ruleset = rules(name)
    position = ruleset.parse(text)
    nimber, queries, branched = winning_way_nimber(ruleset, position)
    assert nimber == naive_grundy(ruleset, position)
    h = height(ruleset, position)
    if degree(ruleset, position) <= 2:
        assert branched == 0 and nimber <= 2
        assert queries <= 2 * h + 1  # the theorem's bound: two queries a level
    return nimber, queries, h


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(0, 60))
def test_subtraction_games_with_two_moves(a: int, b: int, heap: int) -> None:
    check("subtraction", f"{min(a, b)},{max(a, b)}:{heap}" if a != b else f"{a}:{heap}")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 9), st.data())
def test_geography_with_out_degree_two(n: int, data: st.DataObject) -> None:
    arcs = []
    for v in range(n):
        others = [w for w in range(n) if w != v]
        targets = data.draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
        arcs += [f"{v}>{w}" for w in targets]
    check("geography", f"{n};{','.join(arcs)};start=0")


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 12), st.data())
def test_undirected_geography_of_degree_three(n: int, data: st.DataObject) -> None:
    """Max degree 3: the start may branch (Thm 3.3.1's three options), nothing else does."""
    edges: set[tuple[int, int]] = set()
    deg = [0] * n
    for a, b in data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                                   max_size=2 * n)):
        if a != b and (min(a, b), max(a, b)) not in edges and deg[a] < 3 and deg[b] < 3:
            edges.add((min(a, b), max(a, b)))
            deg[a] += 1
            deg[b] += 1
    ruleset = rules("undirected-geography")
    position = ruleset.parse(f"{n};{','.join(f'{a}-{b}' for a, b in sorted(edges))};start=0")
    way = WinningWay(ruleset)
    assert way.nimber(position) == naive_grundy(ruleset, position)
    assert way.branched <= 1
    oracles = cast(Counting[Any], way.oracles)
    assert oracles.queries["outcome"] <= 3 + 3 * (2 * height(ruleset, position) + 1)


def test_paths_and_cycles() -> None:
    """The thesis's degree-2 graphs: a token inside a path has two options, each a path
    from its end (0 or *), so * and *2 both occur; queries grow linearly with length."""
    found = set()
    for n in range(3, 26):
        path = ",".join(f"{i}-{i + 1}" for i in range(n - 1))
        for start in (0, n // 2):
            found.add(check("undirected-geography", f"{n};{path};start={start}")[0])
        check("undirected-geography", f"{n};{path},{n - 1}-0;start=0")
    assert found == {0, 1, 2}


def test_branching_at_positions_of_three_or_more_options() -> None:
    """Outside the theorem (Nim heaps have many options) the procedure takes the mex of
    every option, and still agrees with the search."""
    for text in ("3", "2,3", "1,2,3", "4,1"):
        check("nim", text)
    way = WinningWay(rules("nim"), Counting(RulesetOracles(rules("nim"))))
    assert way.nimber(rules("nim").parse("3")) == 3 and way.branched == 1


def test_grundy_oracle_winning_way() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["values", "oracle", "subtraction", "1,2:7", "--winning-way",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert '"nimber": 1' in result.output and '"outcome": 8' in result.output
    assert '"branched": 0' in result.output
    result = runner.invoke(cli, ["values", "oracle", "domineering", "2x2", "--winning-way"])
    assert result.exit_code == 2 and "partizan" in result.output
    result = runner.invoke(cli, ["values", "oracle", "subtraction", "1,2:40", "--winning-way",
                                 "--limit", "5"])
    assert result.exit_code == 2 and "more than 5 outcome queries" in result.output
