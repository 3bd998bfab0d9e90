"""The TQBF game and Theorem 3.7 (TQBF -> black-white poset) of seed 003
(``003_b9b71f74cb16b358.txt`` L133-152), and the twin-class poset search."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import GrundyError, ParseError, PartizanRuleset, Player
from grundy.reductions import get as reduction
from grundy.reductions.black_white import (
    forall_formulas,
    theorem_3_7_failures,
    tqbf_poset,
    tqbf_poset_outcome,
    tqbf_poset_wins_first,
    tqbf_to_poset,
)
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.formulas.tqbf import Tqbf
from grundy.rulesets.posets.rules import Poset, poset_number, twin_classes, up_sets
from grundy.search.partizan import PartizanSolver, naive_value
from grundy.values import Outcome

GAME = get("tqbf-game")
POSET = get("black-white-poset")
assert isinstance(GAME, PartizanRuleset) and isinstance(POSET, PartizanRuleset)

#: The four clauses over x1 as (positive, negative) masks: (), (x1), (~x1), (x1|~x1).
ONE_VARIABLE_CLAUSES = ((0, 0), (1, 0), (0, 1), (1, 1))


def quantified_truth(position: Tqbf) -> bool:
    """∃x1 ∀x2 ∃x3 ... f, by trying every assignment (independent of the game)."""
    def true_from(prefix: int, length: int) -> bool:
        if length == position.variables:
            return position._replace(assigned=length, values=prefix).satisfied()
        branches = (true_from(prefix | bit << length, length + 1) for bit in (0, 1))
        return any(branches) if length % 2 == 0 else all(branches)

    return true_from(0, 0)


def test_round_trip_moves_and_errors() -> None:
    for text in GAME.examples:
        assert GAME.format(GAME.parse(text)) == text
    position = GAME.parse("3:(x1|~x2)&(x2|x3)")
    assert [GAME.format_move(m) for m, _ in GAME.moves(position, Player.RIGHT)] == ["x1=0", "x1=1"]
    assert list(GAME.moves(position, Player.LEFT)) == []  # x1 is White's (Right's)
    after = GAME.play(position, (1, 1), Player.RIGHT)
    assert [GAME.format_move(m) for m, _ in GAME.moves(after, Player.LEFT)] == ["x2=0", "x2=1"]
    assert GAME.parse("1:(x1|~x1); x1=0; over").over
    for bad, message in [("2:(x1)", "odd"), ("(x1)", "number of variables"),
                         ("3:(x4)", "literal"), ("3:x1", "parentheses"),
                         ("3:(x1); x2=1", "in order"), ("1:(x1); x1=1,x2=0", "only 1"),
                         ("3:(x1); over", "every variable")]:
        with pytest.raises(ParseError, match=message):
            GAME.parse(bad)


@pytest.mark.parametrize("seed", range(60))
def test_right_first_wins_iff_the_formula_is_true(seed: int) -> None:
    """White is Right and moves first; the formula's winner makes the last move."""
    rng = random.Random(seed)
    position = GAME.random_position(rng, rng.choice([1, 3, 5]))
    outcome = PartizanSolver(GAME).outcome(position)
    assert (outcome in (Outcome.R, Outcome.N)) == quantified_truth(position)
    assert outcome is not Outcome.N  # only the player whose variable is next can move


def test_theorem_3_7_on_every_one_variable_formula_of_up_to_three_clauses() -> None:
    """∃x1 f(x1) with f any multiset of at most three of the four clauses over x1: the
    poset (38 + 2m elements) is negative -- White, moving first, wins -- iff f is
    satisfiable.  Three variables (280 elements) are beyond an exhaustive search."""
    count = 0
    for m in range(4):
        for clauses in itertools.combinations_with_replacement(ONE_VARIABLE_CLAUSES, m):
            formula = Tqbf(1, clauses)
            poset = tqbf_to_poset(formula)
            value = poset_number(poset.up, poset.black, poset.alive)
            assert (value < 0) == quantified_truth(formula), clauses
            count += 1
    assert count == 35


def scaled_poset(clauses: tuple[tuple[int, int], ...], unit: int) -> Poset:
    """∃x1 ∀x2 ∃x3 f as the §3.1 poset with waiting stacks of 3, 2, 1 times ``unit``."""
    def numbers(mask: int) -> list[int]:
        return [v + 1 for v in range(3) if mask >> v & 1]

    return tqbf_poset(3, [(numbers(p), numbers(n)) for p, n in clauses], unit).poset


@pytest.mark.parametrize("clauses", [((1, 2),), ((2, 0),), ((0, 0),)])
def test_theorem_3_7_with_a_forall_on_scaled_waiting_stacks(
        clauses: tuple[tuple[int, int], ...]) -> None:
    """∃x1 ∀x2 ∃x3 f: (x1 ∨ ¬x2) is true, (x2) and the empty clause are false.  With
    waiting stacks of 6, 4 and 2 nodes (unit 2, 51 + m elements) the component search
    decides the poset, and White, moving first, wins (a negative value) exactly when f
    is true; the ∀ variable's stack is played."""
    poset = scaled_poset(clauses, 2)
    value = poset_number(poset.up, poset.black, poset.alive)
    assert (value < 0) == quantified_truth(Tqbf(3, clauses))
    assert tqbf_poset_wins_first(Tqbf(3, clauses), 2) == (value < 0)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_waiting_search_matches_the_plain_search(seed: int) -> None:
    """The structural search (waiting stacks as heights, only the sign searched) against
    the twin-class value search of the whole poset, on random ∃∀∃ formulas of at most
    two clauses and random small waiting stacks: who wins moving first, both ways."""
    rng = random.Random(seed)
    clauses = tuple((rng.randrange(8), rng.randrange(8)) for _ in range(rng.randint(0, 2)))
    heights = (rng.randint(0, 3), rng.randint(0, 2), rng.randint(0, 2))
    formula = Tqbf(3, clauses)
    def numbers(mask: int) -> list[int]:
        return [v + 1 for v in range(3) if mask >> v & 1]

    poset = tqbf_poset(3, [(numbers(p), numbers(n)) for p, n in clauses], heights=heights).poset
    value = poset_number(poset.up, poset.black, poset.alive)
    assert tqbf_poset_wins_first(formula, heights=heights) == (value < 0)
    assert tqbf_poset_wins_first(formula, heights=heights, black=True) == (value > 0)


def test_waiting_search_refuses_bad_stacks() -> None:
    with pytest.raises(GrundyError, match="waiting stack sizes"):
        tqbf_poset_wins_first(Tqbf(3, ()), heights=(1, 2))
    with pytest.raises(GrundyError, match="waiting stack sizes"):
        tqbf_poset_wins_first(Tqbf(3, ()), unit=-1)
    with pytest.raises(GrundyError, match="waiting stack sizes"):
        tqbf_poset(3, [], heights=(1, -1, 0))
    with pytest.raises(GrundyError, match="waiting stack sizes"):
        tqbf_poset_wins_first(Tqbf(3, ()), heights=(1 << 19, 0, 0))


#: ∃x1 ∀x2 ∃x3 formulas (clauses as (positive, negative) masks over x1..x3) decided at the
#: paper's size by default: true and false, with and without x3, one and two clauses.
PAPER_SIZE_SAMPLE = [(), ((0, 0),), ((0, 1),), ((1, 3),), ((4, 0),), ((3, 4), (4, 2))]


@pytest.mark.parametrize("clauses", PAPER_SIZE_SAMPLE)
def test_theorem_3_7_with_a_forall_at_the_papers_size(
        clauses: tuple[tuple[int, int], ...]) -> None:
    """Waiting stacks of 3M, 2M and M nodes (M = 39 + m, 273 + 7m elements): White,
    moving first, wins exactly when the formula is true, and the outcome class is
    R (true) or L or P (false)."""
    formula = Tqbf(3, clauses)
    assert (tqbf_poset_outcome(formula) is Outcome.R) == quantified_truth(formula)


def test_the_outcome_evaluator_matches_the_plain_search_on_one_variable() -> None:
    """``tqbf_poset_outcome`` (the registered reduction's image outcome) against the
    twin-class search of the whole poset, at the paper's size, on every ∃x1 f with at
    most two of the four clauses over x1: the outcome class, not only the winner."""
    for m in range(3):
        for clauses in itertools.combinations_with_replacement(ONE_VARIABLE_CLAUSES, m):
            formula = Tqbf(1, clauses)
            poset = tqbf_to_poset(formula)
            value = poset_number(poset.up, poset.black, poset.alive)
            expected = Outcome.R if value < 0 else Outcome.L if value > 0 else Outcome.P
            assert tqbf_poset_outcome(formula) is expected, clauses
    with pytest.raises(GrundyError, match="before play"):
        tqbf_poset_outcome(GAME.parse("1:(x1); x1=1"))


@pytest.mark.parametrize(("heights", "clauses"), [
    ((17, 1, 0), ((1, 2),)), ((0, 1, 16), ((0, 0),)), ((14, 0, 2), ((2, 1),))])
def test_cut_waiting_stacks_keep_the_outcome(heights: tuple[int, int, int],
                                             clauses: tuple[tuple[int, int], ...]) -> None:
    """A Black stack higher than one more than White's elements outside its choice
    nodes (12 + White's waiting nodes here) is cut by the search: both first players'
    wins still match the plain search of the whole poset."""
    def numbers(mask: int) -> list[int]:
        return [v + 1 for v in range(3) if mask >> v & 1]

    poset = tqbf_poset(3, [(numbers(p), numbers(n)) for p, n in clauses], heights=heights).poset
    value = poset_number(poset.up, poset.black, poset.alive)
    formula = Tqbf(3, clauses)
    assert tqbf_poset_wins_first(formula, heights=heights) == (value < 0)
    assert tqbf_poset_wins_first(formula, heights=heights, black=True) == (value > 0)


@pytest.mark.opt_in
def test_theorem_3_7_on_every_exists_forall_formula_at_the_papers_size() -> None:
    """All 68 ∃∀ formulas of at most two clauses, waiting stacks as printed."""
    assert theorem_3_7_failures(forall_formulas(2, 2)) == []


@pytest.mark.opt_in
def test_theorem_3_7_on_every_exists_forall_exists_formula_at_the_papers_size() -> None:
    """All 560 ∃∀∃ formulas of at most two clauses, waiting stacks as printed."""
    assert theorem_3_7_failures(forall_formulas(2, 3)) == []


@pytest.mark.opt_in
def test_theorem_3_7_on_every_forall_formula_at_unit_2() -> None:
    """All 68 ∃∀ formulas of at most two clauses, waiting stacks of 6, 4 and 2."""
    assert theorem_3_7_failures(forall_formulas(2, 2), 2) == []


def test_formulas_with_a_forall_up_to_renaming() -> None:
    """68 ∃∀ and 560 ∃∀∃ formulas of at most two clauses, up to clause order and sign
    flips; the ∃∀ ones are exactly the ∃∀∃ ones without x3; a random formula meets its
    representative after some sign flips; truth is kept by the flips."""
    two, three = forall_formulas(2, 2), forall_formulas(2, 3)
    assert (len(two), len(three)) == (68, 560)
    assert {f.clauses for f in two} == {f.clauses for f in three
                                        if not any((p | n) >> 2 & 1 for p, n in f.clauses)}
    representatives = {f.clauses for f in three}
    rng = random.Random(3)
    for _ in range(50):
        clauses = tuple((rng.randrange(8), rng.randrange(8)) for _ in range(rng.randint(0, 2)))
        images = [tuple(sorted(((p & ~s) | (n & s), (n & ~s) | (p & s)) for p, n in clauses))
                  for s in range(8)]
        assert len(representatives.intersection(images)) == 1
        truths = {quantified_truth(Tqbf(3, image)) for image in images}
        assert len(truths) == 1
    with pytest.raises(GrundyError, match="2 or 3 variables"):
        forall_formulas(2, 4)


def test_theorem_3_7_needs_its_waiting_stacks() -> None:
    """With one waiting node per unit (stacks of 3, 2, 1) the construction fails on the
    false ∃x1 ∀x2 ∃x3 (): White, moving first, still wins; unit 2 gets it right."""
    formula = ((0, 0),)
    assert not quantified_truth(Tqbf(3, formula))
    small = scaled_poset(formula, 1)
    assert poset_number(small.up, small.black, small.alive) < 0
    assert theorem_3_7_failures([Tqbf(3, formula), Tqbf(3, ((1, 0),))], 1) == [Tqbf(3, formula)]
    with pytest.raises(GrundyError, match="waiting unit"):
        tqbf_poset(3, [], -1)


def test_theorem_3_7_is_registered_and_verified() -> None:
    """The verifier takes the image's outcome from ``tqbf_poset_outcome``: one-variable
    formulas, then ∃∀ ones at the paper's size (size 2)."""
    found = reduction("tqbf-game->black-white-poset")
    assert found.image_outcome is tqbf_poset_outcome and found.slow
    report = verify(found, instances=3, max_size=2)
    assert report.ok and report.instances == 3


def test_theorem_3_7_refuses_formulas_in_play() -> None:
    with pytest.raises(Exception, match="before play"):
        tqbf_to_poset(GAME.parse("1:(x1); x1=1"))


def twinned_poset(rng: random.Random) -> Poset:
    """A random order on up to 4 base elements, each copied 1-3 times (copies of one
    element are twins), coloured at random."""
    base = rng.randint(1, 4)
    less = {(i, j) for i in range(base) for j in range(i + 1, base) if rng.random() < 0.5}
    copies = [rng.randint(1, 3) for _ in range(base)]
    owner = [i for i in range(base) for _ in range(copies[i])]
    n = len(owner)
    covers = [sum(1 << y for y in range(n) if (owner[x], owner[y]) in less) for x in range(n)]
    black = sum(1 << x for x in range(n) if rng.random() < 0.5)
    return Poset(n, up_sets(n, covers), black, (1 << n) - 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_component_search_adds_the_parts(seed: int) -> None:
    """Two twinned posets side by side: the search splits the union into components and
    adds their values, and that sum is the canonical-form reference's value."""
    rng = random.Random(seed)
    a, b = twinned_poset(rng), twinned_poset(rng)
    n = a.n + b.n
    up = (*a.up, *(u << a.n for u in b.up))
    union = Poset(n, up, a.black | b.black << a.n, (1 << n) - 1)
    total = poset_number(union.up, union.black, union.alive)
    assert total == poset_number(a.up, a.black, a.alive) + poset_number(b.up, b.black, b.alive)
    if n <= 8:
        assert naive_value(POSET, union).number() == total


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_twin_class_search_matches_the_naive_value(seed: int) -> None:
    """The twin-count search against the canonical-form reference, on posets built to
    have twins, and on a random down-set of each."""
    rng = random.Random(seed)
    poset = twinned_poset(rng)
    members, _ = twin_classes(poset.up)
    assert sum(m.bit_count() for m in members) == poset.n
    for alive in (poset.alive, poset.alive & ~poset.up[rng.randrange(poset.n)]):
        position = poset._replace(alive=alive, black=poset.black & alive)
        expected = naive_value(POSET, position)
        assert expected.number() == poset_number(position.up, position.black, alive)
        assert PartizanSolver(POSET).value(position) is expected
