"""The impartial rulesets of CGSuite's and cgt-tools' libraries that grundy lacked
(issue 26 item 3): coin-turning games, Fibonacci Nim, generalized Wythoff, Quicksort.

Each table row names where its value is printed: Winning Ways (Berlekamp, Conway & Guy
1982, vol. 2, ch. 14) or cgt-tools' test suite (repository t4ccer/cgt-tools, file and
test named).  Every closed form is checked against the naive search on every small
position.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset, ParseError
from grundy.rulesets import get
from grundy.rulesets.coins.turning import head_values
from grundy.rulesets.heaps.fibonacci_nim import Heap, zeckendorf_least
from grundy.rulesets.heaps.wythoff import Spread, is_a_wythoff_pair, is_wythoff_pair
from grundy.search import Solver
from grundy.search.naive import naive_grundy

TURNING = ["turning-turtles", "mock-turtles", "moebius", "mogul", "moidores", "ruler"]


def impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


# -- coin-turning games --------------------------------------------------------------

#: (game, the nim-values of a lone head on coins 0, 1, 2, ..., where printed)
HEAD_VALUES = [
    # Winning Ways vol. 2 ch. 14, Turning Turtles: a head on coin n (counted from 1) is *n.
    ("turning-turtles", list(range(1, 17))),
    # Winning Ways vol. 2 ch. 14, Mock Turtles: the odious numbers (odd count of ones).
    ("mock-turtles", [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31]),
    # Winning Ways vol. 2 ch. 14, Ruler: the largest power of 2 dividing n (from 1).
    ("ruler", [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]),
]


@pytest.mark.parametrize(("name", "values"), HEAD_VALUES)
def test_lone_heads_have_the_printed_values(name: str, values: list[int]) -> None:
    rules = impartial(name)
    solver = Solver(rules)
    assert [solver.grundy("T" * n + "H") for n in range(len(values))] == values
    assert [naive_grundy(rules, "T" * n + "H") for n in range(10)] == values[:10]


def test_mock_turtles_values_are_the_odious_numbers() -> None:
    """Winning Ways vol. 2 ch. 14: a head on coin n is worth the n-th odious number."""
    odious = [n for n in range(1024) if bin(n).count("1") % 2]
    assert list(head_values(3, 200)) == odious[:200]


@pytest.mark.parametrize("name", TURNING)
def test_the_sum_over_heads_agrees_with_the_search_on_every_small_row(name: str) -> None:
    """The coin-turning theorem (nim-sum over lone heads) against the naive search."""
    rules = impartial(name)
    for size in range(8):
        for row in rules.small_positions(size):
            assert rules.fast_grundy(row) == naive_grundy(rules, row), row


def test_turning_moves_and_labels() -> None:
    ruler = impartial("ruler")
    assert {ruler.format_move(move): after for move, after in ruler.moves("THTH")} == {
        "1": "TTTH", "1-0": "HTTH", "3": "THTT", "3-2": "THHT", "3-1,2": "TTHT",
        "3-0,1,2": "HTHT"}
    turtles = impartial("turning-turtles")
    assert sorted(turtles.format_move(m) for m, _ in turtles.moves("HT")) == ["0"]


@pytest.mark.parametrize(("name", "text", "message"), [
    ("mock-turtles", "THX", "write H (heads) or T (tails)"),
    ("moidores", "T" * 21, "at most 20"),
    ("ruler", "H" * 300, "at most 256"),
])
def test_bad_rows_get_one_line_errors(name: str, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        get(name).parse(text)


# -- Fibonacci Nim ---------------------------------------------------------------------


def test_fibonacci_nim_first_player_loses_exactly_on_fibonacci_heaps() -> None:
    """Whinihan 1963: a fresh heap is lost by the player to move iff it is Fibonacci."""
    rules = impartial("fibonacci-nim")
    lost = [n for n in range(1, 90) if not rules.fast_outcome(rules.parse(str(n)))]
    assert lost == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]


def test_fibonacci_nim_outcomes_agree_with_the_search() -> None:
    rules = impartial("fibonacci-nim")
    for tokens in range(40):
        for most in range(tokens + 1):
            heap = Heap(tokens, most)
            assert (naive_grundy(rules, heap) != 0) == rules.fast_outcome(heap), heap


@given(st.integers(1, 10**6))
def test_zeckendorf_least_is_the_smallest_greedy_part(n: int) -> None:
    fibonacci = [1, 2]
    while fibonacci[-1] <= n:
        fibonacci.append(fibonacci[-1] + fibonacci[-2])
    parts, rest = [], n
    for value in reversed(fibonacci):
        if value <= rest:
            parts.append(value)
            rest -= value
    assert zeckendorf_least(n) == min(parts)


def test_fibonacci_nim_format() -> None:
    rules = impartial("fibonacci-nim")
    assert rules.parse("20") == Heap(20, 19)
    assert rules.format(rules.parse("20/4")) == "20/4"
    assert rules.parse("5/9") == Heap(5, 5)
    with pytest.raises(ParseError, match="the heap must be a non-negative whole number"):
        rules.parse("x/3")
    # the play page clicks the lowest token taken: spots for taking 1 or 2 of 5
    spots = re.findall(r'data-spot="(\d+)"', rules.render_svg(rules.parse("5/2")))
    assert sorted(spots) == ["1", "2"]


# -- generalized Wythoff -----------------------------------------------------------------


@pytest.mark.parametrize("spread", [1, 2, 3, 4])
def test_a_wythoff_p_positions_agree_with_the_search(spread: int) -> None:
    """Fraenkel 1982 §2: the P-positions are (A_n, A_n + a n), A_n the mex of the earlier
    A_i and B_i; a = 1 is Wythoff's golden pairs."""
    rules = impartial("generalized-wythoff")
    for a in range(14):
        for b in range(a, 30):
            searched = naive_grundy(rules, Spread(spread, a, b)) == 0
            assert searched == is_a_wythoff_pair(spread, a, b), (spread, a, b)
            if spread == 1:
                assert searched == is_wythoff_pair(a, b)


def test_a_wythoff_first_pairs() -> None:
    """a = 2 from the definition (Fraenkel 1982 §2): A = 0, 1, 2, 4, 5, 7, 8, 9, 11, 12."""
    pairs = [(a, b) for a in range(13) for b in range(a, 40) if is_a_wythoff_pair(2, a, b)]
    assert pairs == [(0, 0), (1, 3), (2, 6), (4, 10), (5, 13), (7, 17), (8, 20), (9, 23),
                     (11, 27), (12, 30)]


def test_generalized_wythoff_with_a_1_is_wythoffs_game() -> None:
    general, wythoff = impartial("generalized-wythoff"), impartial("wythoff")
    for a, b in itertools.product(range(6), repeat=2):
        assert (naive_grundy(general, Spread(1, a, b)) == naive_grundy(wythoff, (a, b)))
    assert sorted(general.format_move(m) for m, _ in general.moves(Spread(2, 1, 2))) == [
        "0-1", "1-1", "1-2", "both-1", "both-1,2"]


@pytest.mark.parametrize(("text", "message"), [
    ("3,5", "write the parameter a first"),
    ("0:3,5", "at least 1"),
    ("2:1,2,3", "3 heaps"),
    ("5000:1,2", "over the generalized-wythoff limit"),
])
def test_generalized_wythoff_bad_texts(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        get("generalized-wythoff").parse(text)


# -- Quicksort ---------------------------------------------------------------------------

#: (sequence, nim-value) from cgt-tools' test suite.
QUICKSORT = [
    # t4ccer/cgt-tools cgt/short/impartial/games/quicksort.rs, test correct_nim_value
    ("1,2,3,6,5,4", 2),
    ("4,1,6,5,7,3,8,2", 5),
    ("4,1,6,5,7,8,2,3", 0),
    # same file, test one_end_hypothesis: 2, 3, ..., n, 1 is *(n - 1)
    *((",".join(map(str, [*range(2, n + 1), 1])), n - 1) for n in range(2, 16)),
]


@pytest.mark.parametrize(("text", "value"), QUICKSORT)
def test_quicksort_values_from_cgt_tools(text: str, value: int) -> None:
    rules = impartial("quicksort")
    assert Solver(rules).grundy(rules.parse(text)) == value


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(6)))
def test_quicksort_sum_and_pattern_keys_agree_with_the_search(order: list[int]) -> None:
    rules = impartial("quicksort")
    position = tuple(x * 3 + 1 for x in order)
    assert Solver(rules).grundy(position) == naive_grundy(rules, position)


def test_quicksort_splits_at_cuts() -> None:
    rules = impartial("quicksort")
    assert rules.components((2, 1, 3, 5, 4, 6)) == [(2, 1), (5, 4)]
    assert rules.components((1, 2, 3)) == []
    with pytest.raises(ParseError, match="appears twice"):
        rules.parse("1,2,1")
