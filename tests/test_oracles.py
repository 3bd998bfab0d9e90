"""Ferland's oracle algorithms (Ferland 2024, Ch. 5) against direct computation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.oracles import (
    Counting,
    OracleError,
    RulesetOracles,
    ValueOracles,
    identify_nimber,
    locate,
)
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.partizan import PartizanSolver
from grundy.values import Game, parse

LEAF: tuple[tuple[object, ...], tuple[object, ...]] = ((), ())


def build(tree: tuple[tuple[object, ...], tuple[object, ...]]) -> Game:
    left, right = tree
    return Game.of([build(t) for t in left], [build(t) for t in right])  # type: ignore[arg-type]


trees = st.recursive(
    st.just(LEAF),
    lambda inner: st.tuples(st.lists(inner, max_size=3).map(tuple),
                            st.lists(inner, max_size=3).map(tuple)),
    max_leaves=9,
)
shifts = st.builds(lambda a, k: Fraction(a, 2**k), st.integers(-300, 300), st.integers(0, 5))
games = st.builds(lambda tree, x: build(tree) + Game.number(x), trees, shifts)


def bits(x: Fraction) -> int:
    """Bits of a dyadic m/2^p: its integer part's and p."""
    return int(abs(x)).bit_length() + x.denominator.bit_length()


def round_bound(x: Fraction, game: Game) -> int:
    """Rounds of Algorithm 2 to pin one number: exponential search and bisection over
    the bits of x, and s doubling to 2 + height (Thm 5.3.3)."""
    return 2 * bits(x) + math.ceil(math.log2(game.birthday + 2)) + 3


# -- Algorithm 1 ---------------------------------------------------------------------------

@pytest.mark.parametrize("k", [0, 1, 2, 7, 20])
def test_algorithm_1_finds_a_nimber_with_k_plus_1_outcome_queries(k: int) -> None:
    oracles = Counting(ValueOracles())
    assert identify_nimber(Game.nimber(k), oracles) == k
    assert oracles.queries["outcome"] == k + 1
    assert oracles.queries["value"] == oracles.queries["sum"] == k


@pytest.mark.parametrize(("ruleset", "position"), [
    ("node-kayles", "7;0-1,1-2,2-3,3-4,4-5,5-6"), ("transverse-wave", "(01)(234)(035)"),
    ("transverse-wave", "7:(01)(234)(035)"), ("nim", "3,5,6"), ("nim", "1,2,3"),
])
def test_algorithm_1_on_rulesets_agrees_with_the_search(ruleset: str, position: str) -> None:
    rules = get(ruleset)
    start = rules.parse(position)
    oracles = Counting(RulesetOracles(rules))
    nimber = identify_nimber(oracles.oracles.position(start), oracles)  # type: ignore[attr-defined]
    assert nimber == Solver(rules).grundy(start)  # type: ignore[arg-type]
    assert oracles.queries["outcome"] == nimber + 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["nim", "node-kayles", "transverse-wave", "undirected-geography"]),
       st.integers(0, 2**32), st.integers(1, 6))
def test_algorithm_1_on_random_positions_takes_k_plus_1_outcome_queries(
    ruleset: str, seed: int, size: int
) -> None:
    rules = get(ruleset)
    start = rules.random_position(random.Random(seed), size)
    oracles = Counting(RulesetOracles(rules))
    nimber = identify_nimber(oracles.oracles.position(start), oracles)  # type: ignore[attr-defined]
    assert nimber == Solver(rules).grundy(start)  # type: ignore[arg-type]
    assert oracles.queries["outcome"] == nimber + 1
    assert oracles.queries["value"] == oracles.queries["sum"] == nimber


def test_algorithm_1_refuses_a_game_that_is_no_small_nimber() -> None:
    with pytest.raises(OracleError, match="no nimber up to \\*8"):
        identify_nimber(Game.up(), Counting(ValueOracles()), limit=8)
    with pytest.raises(OracleError, match="ask for a nimber"):
        RulesetOracles(get("nim")).value(Game.up())


# -- Algorithm 2 ---------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(games)
def test_algorithm_2_agrees_with_the_direct_computation(game: Game) -> None:
    oracles = Counting(ValueOracles())
    found = locate(game, oracles)
    interval = game.confusion_interval()
    if not interval.empty:
        assert found.interval == interval
        ends = round_bound(interval.low, game) + round_bound(interval.high, game)
        assert oracles.queries["outcome"] <= 3 * ends + round_bound(interval.low, game)
    else:
        assert found.interval is None
        assert found.number == game.left_stop() == game.right_stop()
        assert found.exact is game.is_number
        assert oracles.queries["outcome"] <= 3 * round_bound(found.number, game)


@pytest.mark.parametrize(("text", "expected"), [
    ("^", "infinitesimally close to 0"),  # the printed Step 3 never ends here (errata)
    ("-5/8+v", "infinitesimally close to -5/8"),
    ("3/4", "= 3/4"),
    ("*", "confused with [0, 0]"),
    ("{4|2}", "confused with [2, 4]"),  # seed 001 @48944's example
    ("{8|-6}", "confused with [-6, 8]"),  # @50464
    ("{2|-1}+^", "confused with (-1, 2]"),
    ("{1/2|*}", "confused with (0, 1/2]"),
])
def test_algorithm_2_on_the_thesis_and_textbook_games(text: str, expected: str) -> None:
    assert str(locate(parse(text), ValueOracles())) == expected


@pytest.mark.parametrize("board", ["2x2", "2x3", "3x3", "1x5", "..#/.../#.."])
def test_algorithm_2_on_domineering_agrees_with_its_value(board: str) -> None:
    domineering = get("domineering")
    position = domineering.parse(board)
    value = PartizanSolver(domineering).value(position)  # type: ignore[arg-type]
    oracles = RulesetOracles(domineering)
    found = locate(oracles.position(position), oracles)
    interval = value.confusion_interval()
    assert found.interval == (None if interval.empty else interval)
    if interval.empty:
        assert found.number == value.left_stop()


def test_the_printed_step_3_would_not_end_on_up() -> None:
    """Erratum: with G > B known, the text's probe G − B + s·↑ is in L for every s when
    G = ↑ (B = 0), so it never answers; the corrected probe G − B + s·↓ is P at s = 1."""
    up = Game.up()
    assert all((up + Game.up(s)).outcome().name == "L" for s in range(1, 40))
    assert (up + Game.up(-1)).outcome().name == "P"


def test_grundy_oracle_command() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["values", "oracle", "nim", "3,5,7", "--json"])
    assert result.exit_code == 0, result.output
    assert '"nimber": 1' in result.output and '"outcome": 2' in result.output
    result = runner.invoke(cli, ["values", "oracle", "value", "{4|2}"])
    assert result.output.splitlines()[0] == "confused with [2, 4]"
    assert "outcome queries" in result.output
    result = runner.invoke(cli, ["values", "oracle", "value", "^", "--limit", "2"])
    assert result.exit_code == 2 and "more than 2 outcome queries" in result.output
