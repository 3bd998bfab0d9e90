"""Misère quotients of heap games (Plambeck & Siegel 2008), checked against plain misère
search (``naive_misere_wins``) and the misère simplest forms (``misere_form``) on every
heap and on sums of heaps the search can reach."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import grundy.search.misere_quotient as misere_quotient_module
from grundy.protocol import GrundyError
from grundy.rulesets.heaps.octal import TakeAndBreakRuleset
from grundy.rulesets.heaps.take_and_break import TakeAndBreak
from grundy.search.budget import BudgetExceeded
from grundy.search.misere_form import misere_form
from grundy.search.misere_quotient import MisereQuotient, misere_quotient
from grundy.search.naive import naive_misere_wins
from test_cli import ok, run

#: codes whose quotients are checked by search to the heap given (4.07 beyond heap 10,
#: 0.72 at heap 15, 0.36 and 0.71 at heap 8 need recalibrations, no single new generator)
FOUND = {"0.77": 24, "0.75": 24, "0.07": 20, "0.137": 20, "0.6": 12, "0.3": 12, "0.31": 12,
         "4.07": 14, "0.72": 15, "0.36": 12, "0.71": 12}
#: how far plain search goes in a test (sums of heaps up to this many tokens)
SEARCHED = 14


@cache
def quotient(code: str, n: int) -> MisereQuotient:
    rule = TakeAndBreak.parse(code)
    return misere_quotient(lambda h: [parts for _, parts in rule.splits(h)], n)


def searched_p(code: str, heaps: tuple[int, ...]) -> bool:
    """Plain misère search: is the sum of heaps a P-position (the mover loses)?"""
    return not naive_misere_wins(TakeAndBreakRuleset(TakeAndBreak.parse(code)), heaps)


@pytest.mark.parametrize("code", sorted(FOUND))
def test_the_quotient_gives_the_outcome_of_every_small_sum(code: str) -> None:
    q = quotient(code, FOUND[code])
    top = min(FOUND[code], SEARCHED)
    sums = [w for r in (1, 2, 3) for w in itertools.combinations_with_replacement(
        range(1, top + 1), r) if sum(w) <= SEARCHED]
    wrong = [w for w in sums if q.is_p(w) != searched_p(code, w)]
    assert not wrong


@pytest.mark.parametrize("code", ["0.77", "0.75"])
def test_the_quotient_agrees_with_the_misere_simplest_forms(code: str) -> None:
    """Every heap up to 9, and every sum of two, as MisereGame computes it."""
    ruleset = TakeAndBreakRuleset(TakeAndBreak.parse(code))
    q = quotient(code, 9)
    forms = {h: misere_form(ruleset, (h,)) for h in range(1, 10)}
    for a, b in itertools.combinations_with_replacement(range(1, 10), 2):
        assert q.is_p((a, b)) == (forms[a] + forms[b]).is_p
    assert all(q.is_p((h,)) == forms[h].is_p for h in forms)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(FOUND)),
       st.lists(st.integers(1, 9), min_size=1, max_size=5).filter(lambda w: sum(w) <= 16))
def test_random_sums_of_small_heaps(code: str, heaps: list[int]) -> None:
    q = quotient(code, FOUND[code])
    assert q.is_p(heaps) == searched_p(code, tuple(heaps))


def test_kayles_quotient_grows_as_heaps_are_added() -> None:
    """The orders our quotients of Kayles (0.77) take as heaps 1..n are added: heaps
    1..4 are tame (misère nim on *, *2, *3 has order 6), and heap 9 splits classes of
    the smaller heaps (5 + 5 is like 0 until heap 9 comes: see the module docstring)."""
    orders = [quotient("0.77", n).order for n in (1, 2, 4, 5, 8, 9, 12, 24)]
    assert orders == [2, 6, 6, 12, 12, 18, 24, 24]
    q = quotient("0.77", 8)
    assert q.element((5, 5)) == q.element(())
    assert searched_p("0.77", (9,)) != searched_p("0.77", (9, 5, 5))


def test_the_presentation_names_every_element_once_and_its_relations_hold() -> None:
    q = quotient("0.77", 30)
    assert len(set(q.names)) == q.order
    letters = {g: q.heaps[h] for g, h in q.generators}

    by_name = {name: x for x, name in enumerate(q.names)}
    for left, right in q.relations:
        x = 0
        for letter, exponent in _factors(left):
            for _ in range(exponent):
                x = q.table[x][letters[letter]]
        assert x == by_name[right], (left, right)
    # the table is a commutative monoid with identity 0
    size = q.order
    assert all(q.table[0][x] == x and q.table[x][y] == q.table[y][x]
               for x in range(size) for y in range(size))
    assert all(q.table[q.table[x][y]][z] == q.table[x][q.table[y][z]]
               for x in range(size) for y in range(size) for z in range(0, size, 3))


def _factors(word: str) -> list[tuple[str, int]]:
    """``ab^2c`` as [(a, 1), (b, 2), (c, 1)]."""
    found: list[tuple[str, int]] = []
    i = 0
    while i < len(word):
        letter = word[i]
        i += 1
        power = 1
        if i < len(word) and word[i] == "^":
            j = i + 1
            while j < len(word) and word[j].isdigit():
                j += 1
            power = int(word[i + 1:j])
            i = j
        found.append((letter, power))
    return found


def test_a_split_of_the_smaller_heaps_is_found() -> None:
    """Dawson's chess (0.137): heap 3 is *2, and 3 + 3 + 3 is like 3 until heap 9 comes;
    the quotient with heap 9 keeps 3 + 3 + 3 and 3 apart."""
    assert searched_p("0.137", (9, 1, 3)) != searched_p("0.137", (9, 1, 3, 3, 3))
    assert quotient("0.137", 8).element((3, 3, 3)) == quotient("0.137", 8).element((3,))
    q = quotient("0.137", 9)
    assert q.order == 12
    assert q.element((3, 3, 3)) != q.element((3,))


class _Enough(Exception):
    """A test's work budget is spent."""


@settings(max_examples=25, deadline=None)
@given(st.text("01234567", min_size=1, max_size=3))
def test_random_octal_games_agree_with_search(digits: str) -> None:
    """Any octal game 0.d1d2d3 to heap 12, however each heap is added (an element of
    the smaller heaps' quotient, or freed and recalibrated): every sum of heaps (any
    number) of at most 16 tokens, against plain misère search; a game whose quotient
    needs more than a fixed number of progress calls is skipped (a work budget, not a
    time one)."""
    rule = TakeAndBreak.parse("0." + digits)
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) > 400:
            raise _Enough

    try:
        q = misere_quotient(lambda h: [parts for _, parts in rule.splits(h)], 12, check)
    except _Enough:
        assume(False)
        return

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        children = {tuple(sorted(position[:i] + position[i + 1:] + tuple(x for x in parts if x)))
                    for i, h in enumerate(position) for _, parts in rule.splits(h)}
        return not children or any(not wins(child) for child in children)

    sums = [w for total in range(1, 17) for w in _partitions(total, min(total, 12))]
    assert [w for w in sums if q.is_p(w) == wins(w)] == []


def test_the_command_prints_the_quotient_and_its_json() -> None:
    text = ok("values", "misere", "quotient", "0.77", "--to", "8").stdout.splitlines()
    assert text[0] == "misère quotient of 0.77, heaps 1..8: order 12, P-portion of 3"
    assert text[1] == "generators: a = heap 1, b = heap 2, c = heap 5"
    data = json.loads(ok("misere", "quotient", "0.77", "--to", "12", "--json").stdout)
    q = quotient("0.77", 12)
    assert (data["order"], len(data["p_portion"]), data["heaps"]["9"]) == (
        q.order, len(q.p_portion), q.names[q.heaps[9]])
    assert len(data["table"]) == data["order"]


def test_the_command_reports_bad_input_in_one_line() -> None:
    for args, words in ((["0.9x"], "not a take-and-break code"),
                        (["grundy"], "Grundy's game has no take-and-break code"),
                        (["0.137", "--to", "40", "--max-seconds", "0.5"], "stopped at heap"),
                        (["0.07", "--to", "12", "--max-trials", "1"],
                         "no quotient after 1 trial: the quotient of the heaps 1..10 has at "
                         "least")):
        result = run("values", "misere", "quotient", *args)
        assert result.exit_code in (2, 3) and words in result.output, result.output
    assert "simplest form: {*2,*3}" in ok("values", "misere", "*2+*2").stdout


def test_a_stopped_quotient_names_the_heap_it_stopped_at() -> None:
    """The budget error says how far the quotient got (a call budget, not a clock)."""
    rule = TakeAndBreak.parse("0.07")
    calls = 0

    def check() -> None:
        nonlocal calls
        calls += 1
        if calls > 3:
            raise BudgetExceeded("calculation stopped (test budget)")

    with pytest.raises(BudgetExceeded) as info:
        misere_quotient(lambda heap: [parts for _, parts in rule.splits(heap)], 40, check)
    found = re.search(r"stopped at heap (\d+): the quotient of the heaps 1\.\.(\d+) was found",
                      str(info.value))
    assert found is not None, info.value
    assert int(found[2]) == int(found[1]) - 1 >= 0


def _stalled(code: str, n: int, max_trials: int) -> tuple[int, int, int, int]:
    """The heap a capped quotient stops at, the order its last trial proves, and the heap
    with the most distinct powers there and their number (from the one-line error)."""
    rule = TakeAndBreak.parse(code)
    with pytest.raises(GrundyError) as info:
        misere_quotient(lambda heap: [parts for _, parts in rule.splits(heap)], n,
                        max_trials=max_trials)
    found = re.search(r"no quotient after (\d+) trials?: the quotient of the heaps 1\.\.(\d+) "
                      r"has at least (\d+) elements, heap (\d+) with (\d+) pairwise distinct "
                      r"powers \(at heap (\d+)\)", str(info.value))
    assert found is not None, info.value
    assert int(found[1]) == max_trials and found[2] == found[6]
    return int(found[2]), int(found[3]), int(found[4]), int(found[5])


@pytest.mark.parametrize(("code", "n", "max_trials"),
                         [("0.07", 30, 2), ("0.07", 30, 20), ("0.137", 29, 1), ("4.07", 16, 8),
                          ("0.72", 20, 3), ("0.77", 12, 1)])
def test_a_capped_heap_proves_no_more_than_the_quotient_has(code: str, n: int,
                                                             max_trials: int) -> None:
    """The lower bound a stalled heap reports holds: the quotient of the heaps up to it
    (found without a cap) has at least that order, and its heap has at least as many
    distinct powers."""
    heap, order, power_heap, powers = _stalled(code, n, max_trials)
    q = quotient(code, heap)
    assert 1 <= order <= q.order
    seen, x = set(), 0
    while x not in seen:
        seen.add(x)
        x = q.table[x][q.heaps[power_heap]]
    assert powers <= len(seen)


@pytest.mark.parametrize("calls", [44, 200, 434])
def test_a_stopped_heap_says_what_its_failing_trials_prove(calls: int) -> None:
    """Stopped by its budget (a call budget, not a clock) inside a heap whose trials
    fail, the error names the lower bound the last failing trial proves; it holds."""
    rule = TakeAndBreak.parse("0.07")
    made = 0

    def check() -> None:
        nonlocal made
        made += 1
        if made > calls:
            raise BudgetExceeded("calculation stopped (test budget)")

    with pytest.raises(BudgetExceeded) as info:
        misere_quotient(lambda heap: [parts for _, parts in rule.splits(heap)], 30, check)
    found = re.search(r"; (\d+) trials? failed, the last proving that the quotient of the "
                      r"heaps 1\.\.(\d+) has at least (\d+) elements, heap \d+ with \d+ pairwise "
                      r"distinct powers "
                      r"\(stopped at heap (\d+): the quotient of the heaps", str(info.value))
    assert found is not None, info.value
    assert found[2] == found[4] and int(found[1]) >= 1
    assert 1 <= int(found[3]) <= quotient("0.07", int(found[2])).order


@pytest.mark.opt_in
def test_dawsons_kayles_grows_past_its_quotient_to_heap_33_at_heap_34() -> None:
    """0.07: heaps 1..33 give order 638; 40 trials at heap 34 prove at least 900 classes
    for the heaps 1..34 (about a minute)."""
    assert quotient("0.07", 33).order == 638
    heap, order, _, _ = _stalled("0.07", 40, 40)
    assert heap == 34 and order > 638


def test_kayles_quotient_gives_the_outcome_of_every_sum_of_at_most_30_tokens() -> None:
    """Every multiset of Kayles heaps with at most 30 tokens in all (28,628 positions,
    any number of heaps), against a misère search that shares its table across them."""
    rule = TakeAndBreak.parse("0.77")
    q = quotient("0.77", 30)

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        children = {tuple(sorted(position[:i] + position[i + 1:] + tuple(x for x in parts if x)))
                    for i, h in enumerate(position) for _, parts in rule.splits(h)}
        return not children or any(not wins(child) for child in children)

    def partitions(total: int, largest: int) -> Iterator[tuple[int, ...]]:
        if total == 0:
            yield ()
        for part in range(min(total, largest), 0, -1):
            for rest in partitions(total - part, part):
                yield (*rest, part)

    positions = [p for total in range(1, 31) for p in partitions(total, total)]
    assert len(positions) == 28_628
    assert [p for p in positions if q.is_p(p) == wins(p)] == []


def test_brute_force_indistinguishability_gives_the_same_classes() -> None:
    """Independently of the method: the Kayles positions with heaps of at most 9 and at
    most 14 tokens fall into classes by their plain-search outcomes in every context of
    at most 14 tokens, and these classes are exactly the quotient's elements: 16 of the
    18 (the other two need more tokens), no two positions of one element told apart,
    no two elements alike (the order-40 question of docs/misere.md at a small bound)."""
    rule = TakeAndBreak.parse("0.77")
    q = quotient("0.77", 9)

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        children = {tuple(sorted(position[:i] + position[i + 1:] + tuple(x for x in parts if x)))
                    for i, h in enumerate(position) for _, parts in rule.splits(h)}
        return not children or any(not wins(child) for child in children)

    def multisets(total: int, largest: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for part in range(min(total, largest), 0, -1):
            for rest in multisets(total - part, part):
                yield (*rest, part)

    positions = list(multisets(14, 9))
    vectors = {x: tuple(wins(tuple(sorted(x + z))) for z in positions) for x in positions}
    classes: dict[int, set[tuple[bool, ...]]] = {}
    for x in positions:
        classes.setdefault(q.element(x), set()).add(vectors[x])
    assert all(len(found) == 1 for found in classes.values())
    assert len(classes) == len(set(vectors.values())) == 16
    assert q.order == 18


# -- the native check against the Python oracle ---------------------------------------


@st.composite
def candidates(draw: st.DrawFn) -> tuple[list[list[int]], frozenset[int],
                                        list[tuple[int, tuple[int, ...]]]]:
    """Any table (monoid or not: the check is defined on any), P-portion and letters."""
    size = draw(st.integers(1, 9))
    element = st.integers(0, size - 1)
    table = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            table[x][y] = y if x == 0 else x if y == 0 else draw(element)
    p_set = frozenset(draw(st.sets(element)))
    letters = draw(st.lists(st.tuples(element, st.lists(element, max_size=3).map(tuple)),
                            min_size=1, max_size=4))
    return table, p_set, letters


@settings(max_examples=300, deadline=None)
@given(candidates())
def test_the_native_check_agrees_with_the_python_oracle(
        candidate: tuple[list[list[int]], frozenset[int], list[tuple[int, tuple[int, ...]]]]
) -> None:
    table, p_set, letters = candidate
    python = misere_quotient_module._Judge(None, "python")
    native = misere_quotient_module._Judge(None, "native")
    assert native.accepts(table, p_set, letters) == python.accepts(table, p_set, letters)


def test_malformed_candidates_are_one_line_errors() -> None:
    from grundy import _native

    with pytest.raises(ValueError, match="size \\* size"):
        _native.misere_predicts([0, 1, 1], 2, [1], [(1, [0])])
    with pytest.raises(ValueError, match="outside"):
        _native.misere_predicts([0, 1, 1, 0], 2, [5], [(1, [0])])
    with pytest.raises(ValueError, match="smaller heaps"):
        _native.misere_extend(1, [[0]], [False], [[], [[1]]])
    with pytest.raises(ValueError, match="P-flags"):
        _native.misere_extend(1, [[0]], [False, True], [[], [[]]])


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137"])
def test_both_engines_give_the_same_quotient(code: str) -> None:
    rule = TakeAndBreak.parse(code)
    splits = lambda h: [parts for _, parts in rule.splits(h)]  # noqa: E731
    native = misere_quotient(splits, 12, engine="native")
    assert native == misere_quotient(splits, 12, engine="python")
    assert native.names == misere_quotient(splits, 12, engine="python").names


def test_a_native_check_cut_into_tries_gives_the_same_quotient(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a first node budget of 1 the final check is stopped and retried (fourfold
    budget, the caller's check called between tries): the same quotient, the check called
    after each try."""
    rule = TakeAndBreak.parse("0.77")
    calls = []
    monkeypatch.setattr(misere_quotient_module, "FIRST_NODE_CAP", 1)
    q = misere_quotient(lambda h: [parts for _, parts in rule.splits(h)], 12,
                        lambda: calls.append(1))
    assert q == quotient("0.77", 12) and len(calls) > 10


# -- published figures and certification against plain search -------------------------


def _partitions(total: int, largest: int) -> Iterator[tuple[int, ...]]:
    """The multisets of heaps of at most ``largest`` with ``total`` tokens, sorted."""
    if total == 0:
        yield ()
    for part in range(min(total, largest), 0, -1):
        for rest in _partitions(total - part, part):
            yield (*rest, part)


def _wrong_sums(code: str, n: int, tokens: int) -> tuple[int, list[tuple[int, ...]]]:
    """Every sum of heaps of at most ``n`` with at most ``tokens`` tokens in all (any
    number of heaps), the quotient's outcome against plain misère search (one table
    shared across them): how many sums, and those predicted wrongly."""
    rule = TakeAndBreak.parse(code)
    q = quotient(code, n)

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        children = {tuple(sorted(position[:i] + position[i + 1:] + tuple(x for x in parts if x)))
                    for i, h in enumerate(position) for _, parts in rule.splits(h)}
        return not children or any(not wins(child) for child in children)

    positions = [p for total in range(1, tokens + 1) for p in _partitions(total, min(total, n))]
    return len(positions), [p for p in positions if q.is_p(p) == wins(p)]


def test_dawsons_kayles_to_heap_30_has_the_published_order() -> None:
    """|Q30(0.07)| = 360, and one of the candidates on the way has order 848: Siegel,
    answering questions about MisereSolver on Plambeck's blog (miseregames.wordpress.com,
    28 August 2007).  Dawson's chess (0.137) is 0.07 shifted by one heap, so its quotient
    to heap 29 is the same monoid."""
    q = quotient("0.07", 30)
    assert (q.order, len(q.p_portion)) == (360, 65)
    at_30 = dict(q.trials)[30]
    assert (max(at_30), at_30[-1]) == (848, 360)
    chess = quotient("0.137", 29)
    assert (chess.order, chess.p_portion) == (q.order, q.p_portion)
    assert all(chess.heaps[h] == q.heaps[h + 1] for h in range(1, 30))


@pytest.mark.parametrize(("code", "n", "tokens", "count"),
                         [("0.07", 30, 24, 7_337), ("0.137", 29, 24, 7_337),
                          ("0.75", 40, 26, 11_731), ("0.72", 20, 22, 4_504)])
def test_the_quotient_gives_every_sum_of_few_tokens(code: str, n: int, tokens: int,
                                                     count: int) -> None:
    """Dawson's Kayles to heap 30 (order 360), Dawson's chess to 29, 0.75 to 40 and 0.72
    to 20: every sum of at most ``tokens`` tokens is predicted right."""
    assert _wrong_sums(code, n, tokens) == (count, [])


@pytest.mark.opt_in
@pytest.mark.parametrize(("code", "n", "tokens"),
                         [("0.07", 33, 36), ("0.137", 32, 35), ("0.77", 60, 40)])
def test_the_quotient_gives_every_sum_of_more_tokens(code: str, n: int, tokens: int) -> None:
    """The largest quotients computed in the tests (0.07 to heap 33: order 638), against
    plain search on every sum of up to 35-40 tokens (minutes)."""
    total, wrong = _wrong_sums(code, n, tokens)
    assert total > 10_000 and wrong == []
