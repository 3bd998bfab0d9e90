"""QuantumLevel(ℓ, C) of Ferland 2024, Thm 6.4.12 (seed 001,
``001_56c9c94dd1ec088e.wrapped.txt`` L1293-1324): classically the QBF in the order of
assignment, quantumly (width 2) the Σℓ / Πℓ formula with one quantifier block per group,
checked against brute force on every small formula."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError, PartizanRuleset, Player, SizeLimitError
from grundy.rulesets import get
from grundy.rulesets.formulas import quantum_level
from grundy.rulesets.formulas.quantum_level import Level, schedule
from grundy.search.partizan import PartizanSolver

Clauses = tuple[tuple[int, int], ...]
Blocks = list[tuple[bool, list[int]]]  # (∃?, variables), outermost first


def game(name: str) -> PartizanRuleset[object]:
    ruleset = get(name)
    assert isinstance(ruleset, PartizanRuleset)
    return ruleset


def formulas(n: int, m: int) -> Iterator[Clauses]:
    """Every set of at most m clauses over n variables (4^n clauses each)."""
    every = [(p, q) for p in range(1 << n) for q in range(1 << n)]
    for k in range(m + 1):
        yield from itertools.combinations(every, k)


def true_in(blocks: Blocks, clauses: Clauses) -> bool:
    """The quantified formula, brute force."""
    def value(k: int, values: int) -> bool:
        if k == len(blocks):
            return all(pos & values or neg & ~values for pos, neg in clauses)
        exists, variables = blocks[k]
        branches = (value(k + 1, values | sum(1 << v for v, b in zip(variables, bits,
                                                                       strict=True) if b))
                    for bits in itertools.product((0, 1), repeat=len(variables)))
        return any(branches) if exists else all(branches)
    return value(0, 0)


def quantifiers(p: Level, quantum: bool) -> Blocks:
    """Σ: ∃T-group 1 ∀F-group 1 ∃T-group 2 ... ∃ extra T-group (Π: F first, ∀ extra);
    classically the groups' variables alternate one by one, S1 O1 S2 O2 ..."""
    x, trues = p.group, p.trues

    def mine(starter: bool, g: int) -> tuple[bool, list[int]]:
        is_true = starter == p.sigma
        return is_true, [k + (0 if is_true else trues) for k in range(g * x, (g + 1) * x)]

    blocks: Blocks = []
    for g in range(p.level // 2):
        s, o = mine(True, g), mine(False, g)
        if quantum:
            blocks += [s, o]
        else:
            blocks += [(q, [v]) for a, b in zip(s[1], o[1], strict=True)
                       for q, v in ((s[0], a), (o[0], b))]
    if p.level % 2:
        blocks.append(mine(True, p.level // 2))
    return blocks


def wins(name: str, p: Level) -> bool:
    """Does the starter's player (True for Σ) win moving first?"""
    position: object = (p,) if name.startswith("quantum-quantum") else p
    starter = Player.LEFT if p.sigma else Player.RIGHT
    won = PartizanSolver(game(name)).wins_first(position, starter)
    return won == p.sigma  # True wins


CONFIGS = [(level, sigma, group) for level, group in ((1, 1), (1, 2), (2, 1), (3, 1), (2, 2))
           for sigma in (True, False)]


@pytest.mark.parametrize(("level", "sigma", "group"), CONFIGS)
def test_winners_on_every_small_formula(level: int, sigma: bool, group: int) -> None:
    """Every formula of ≤ 2 clauses (≤ 1 clause with 4 variables): the classical game is
    the QBF in the order of assignment, the quantum game the grouped Σℓ / Πℓ formula."""
    start = Level(level, sigma, group, ())
    n = start.trues + start.falses
    for clauses in formulas(n, 2 if n < 4 else 1):
        p = start._replace(clauses=clauses)
        assert wins("quantum-level", p) == true_in(quantifiers(p, False), clauses)
        assert wins("quantum-quantum-level", p) == true_in(quantifiers(p, True), clauses)


@pytest.mark.parametrize(("sigma", "pair"), [(True, 0b0110), (False, 0b1001)])
def test_quantum_play_collapses_the_order(sigma: bool, pair: int) -> None:
    """Groups of two (bits t1 t2 f1 f2): the quantum game is Σ2 ∃t1 t2 ∀f1 f2 (Π2 ∀f1 f2
    ∃t1 t2), not the classical ∃t1 ∀f1 ∃t2 ∀f2 (∀f1 ∃t1 ∀f2 ∃t2): t2 ≠ f1 is true
    classically and false quantumly as Σ, t1 ≠ f2 the reverse as Π."""
    differ = ((pair, 0), (0, pair))
    p = Level(2, sigma, 2, differ)
    classical = true_in(quantifiers(p, False), differ)
    assert classical == sigma and true_in(quantifiers(p, True), differ) != classical
    assert wins("quantum-level", p) == classical
    assert wins("quantum-quantum-level", p) != classical


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_random_four_variable_formulas(seed: int, sigma: bool) -> None:
    """ℓ = 4 (two groups of one) and ℓ = 2 with groups of two, random formulas."""
    rng = random.Random(seed)
    for level, group in ((4, 1), (2, 2)):
        start = Level(level, sigma, group, ())
        n = start.trues + start.falses
        clauses = tuple((rng.getrandbits(n), rng.getrandbits(n)) for _ in range(rng.randint(1, 4)))
        p = start._replace(clauses=tuple((pos, neg & ~pos) for pos, neg in clauses))
        assert wins("quantum-quantum-level", p) == true_in(quantifiers(p, True), p.clauses)
        assert wins("quantum-level", p) == true_in(quantifiers(p, False), p.clauses)


def test_steps_alternate_and_cover_every_variable() -> None:
    """Each group: 2x assignments, then 2x + 1 echoes of each player's variables; the
    extra group 2x; every variable is assigned once before its echoes."""
    for level, sigma, group in itertools.product(range(1, 6), (True, False), (1, 2, 3)):
        steps = schedule(level, sigma, group)
        p = Level(level, sigma, group, ())
        assert len(steps) == (level // 2) * (6 * group + 2) + (level % 2) * 2 * group
        assigned = [v for echo, v in steps if not echo]
        assert sorted(assigned) == list(range(p.trues + p.falses))
        for k, (echo, v) in enumerate(steps):
            owner_true = v < p.trues
            if not echo:  # the starter assigns on even steps: its own variables there
                assert (k % 2 == 0) == (owner_true == sigma)
            else:
                assert v in assigned[: sum(1 for e, _ in steps[:k] if not e)]


def test_an_echo_in_the_wrong_place_breaks_the_theorem(monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 4's "echoes one final time": if the starter's extra echo named the other
    player's first variable (still in superposition) instead of repeating the last echo,
    the starter would choose it, and the quantum game would no longer be Σ2: the test
    above must catch that reading.  Smallest witness: (t1 ≠ f1) with groups of one."""
    def misread(level: int, sigma: bool, group: int) -> tuple[tuple[bool, int], ...]:
        steps = list(schedule(level, sigma, group))
        extra = 4 * group  # after the assignments and the starter's half
        steps[extra] = (True, steps[1][1])
        return tuple(steps)

    differ = ((0b11, 0), (0, 0b11))
    p = Level(2, True, 1, differ)
    assert not wins("quantum-quantum-level", p)
    monkeypatch.setattr(quantum_level, "schedule", misread)
    assert wins("quantum-quantum-level", p)


def test_text_round_trip_and_errors() -> None:
    ruleset = game("quantum-level")
    for example in ruleset.examples:
        p = ruleset.parse(example)
        assert ruleset.format(ruleset.parse(ruleset.format(p))) == ruleset.format(p)
    over = ruleset.parse("1,sigma,2:(t1|t2); t1=1,t1=1,t2=0,t2=0; over")
    assert isinstance(over, Level) and over.over and over.step == 4
    for bad, message in [("2,sigma,1:(t1|f1); t1=1,f1=0,t1=0", "echo repeats"),
                         ("2,sigma,1:(t1|f1); f1=1", "next move is t1"),
                         ("2,sigma:(t1)", "level, sigma or pi"),
                         ("2,sigma,1:(t2)", "t1..t1, f1..f1"),
                         ("2,sigma,1:(t1); over", "'over' comes after"),
                         ("0,pi,1:true", "at least 1")]:
        with pytest.raises(ParseError, match=message):
            ruleset.parse(bad)
    with pytest.raises(SizeLimitError):
        ruleset.parse("4,sigma,4:true")
