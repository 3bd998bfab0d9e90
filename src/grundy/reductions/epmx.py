"""EPMX → a sum of superstars (Ferland 2024, Thm 4.2.4,
``001_56c9c94dd1ec088e.wrapped.txt`` L754-784).

Clause t gets identity 2^t; X's variable i becomes the right-0 superstar whose Left
options are, per state, the XOR of the identities of the clauses holding that state,
plus *2^(m+i); Y's variable the left-0 superstar {0 | its states' XORs}; the sum gets
+ *(2^m − 1).  States in no clause get the proof's dummy clause (every state of that
variable: always true).

``three_sat_to_epmx`` is Theorem 4.2.5 (3SAT → EPMX), checked on small formulas.

What holds (docs/errata.md): X wins EPMX when Y moves first (outcome L or P) iff the
sum is L; the printed "X wins going first ⇒ L or P" is true but one-way.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from grundy.protocol import Citation, GrundyError
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.formulas.epmx import STATES, UNSET, Epmx, Literal, fresh
from grundy.rulesets.heaps.superstars import StarSum, epmx_superstars
from grundy.values import Outcome


def with_dummy_clauses(position: Epmx) -> list[list[Literal]]:
    """The clauses, plus for each variable with a state in no clause the clause of all
    its states (exactly one is true, so the XOR always is: L757-759)."""
    clauses = [list(clause) for clause in position.clauses]
    for player in "xy":
        for i, count in enumerate(position.states(player)):
            if any(all((player, i, s) not in c for c in position.clauses) for s in range(count)):
                clauses.append([(player, i, s) for s in range(count)])
    return clauses


def epmx_to_superstars(position: Epmx) -> StarSum:
    """Theorem 4.2.4's superstar sum for an EPMX game before its first move."""
    if position.over or any(v != UNSET for v in (*position.x_set, *position.y_set)):
        raise GrundyError("Theorem 4.2.4 maps an EPMX game before any variable is set")
    named = [[(p, i, STATES[s]) for p, i, s in clause] for clause in with_dummy_clauses(position)]
    return epmx_superstars(named, [STATES[:k] for k in position.x_states],
                           [STATES[:k] for k in position.y_states])


def small_instances(rng: random.Random, size: int) -> Epmx:
    """1-2 variables per player (the sum's heaps grow as 2^(clauses + variables)) with
    2-3 states, and 1-4 clauses of 1-4 literals."""
    n = 1 if size < 3 else 2
    x_states = [rng.randint(2, 3) for _ in range(n)]
    y_states = [rng.randint(2, 3) for _ in range(n)]
    every = [("x", i, s) for i, k in enumerate(x_states) for s in range(k)]
    every += [("y", i, s) for i, k in enumerate(y_states) for s in range(k)]
    clauses = [rng.sample(every, rng.randint(1, min(4, len(every))))
               for _ in range(rng.randint(1, min(4, size)))]
    return fresh(x_states, y_states, clauses)


def x_wins_second_iff_left_wins(before: Outcome, after: Outcome) -> bool:
    """X wins EPMX with Y moving first (L or P) iff the superstar sum is L."""
    return (before in (Outcome.L, Outcome.P)) == (after is Outcome.L)


EPMX_TO_SUPERSTARS = register(Reduction(
    name="epmx-superstars",
    source="epmx",
    target="superstars",
    kind=Kind.OUTCOME_RELATION,
    map_position=epmx_to_superstars,
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L754-784", "Thm 4.2.4"),
    summary="EPMX to a sum of superstars: X wins when Y starts iff the sum is L",
    instances=small_instances,
    promise=x_wins_second_iff_left_wins,
))


def three_sat_to_epmx(clauses: Sequence[Sequence[int]], variables: int) -> Epmx:
    """Theorem 4.2.5 (L784-800): a 3SAT formula (literals ±1..±n) in which every
    variable occurs at most 3 times becomes an EPMX game that X wins, whoever starts,
    iff the formula is satisfiable.

    Each 3SAT clause becomes an XOR clause.  Variable x_i gets state a (in no such
    clause) and one state per non-empty subset of its positive occurrences and per
    non-empty subset of its negative ones, lying in exactly those clauses (for one
    positive and two negative occurrences: the five states a-e of the proof).  Clause
    c_x holds every state of every x-variable, c_y every state of the n dummy
    y-variables (states a, b); both are always true when n is odd, so an even n gets
    one more unused variable."""
    n = variables + (variables % 2 == 0)
    occurrences: list[tuple[list[int], list[int]]] = [([], []) for _ in range(n)]
    for t, clause in enumerate(clauses):
        if len({abs(lit) for lit in clause}) != len(clause):
            raise GrundyError(f"clause {t} repeats a variable: Theorem 4.2.5 needs distinct ones")
        for lit in clause:
            if not 1 <= abs(lit) <= variables:
                raise GrundyError(f"literal {lit} in clause {t} is not one of ±1..±{variables}")
            occurrences[abs(lit) - 1][lit < 0].append(t)
    xor_clauses: list[list[Literal]] = [[] for _ in clauses]
    x_states = []
    for i, (positive, negative) in enumerate(occurrences):
        if len(positive) + len(negative) > 3:
            raise GrundyError(f"variable {i + 1} occurs {len(positive) + len(negative)} times: "
                              "Theorem 4.2.5 needs at most 3")
        groups = [[list(g) for k in range(1, len(side) + 1)
                   for g in itertools.combinations(side, k)] for side in (positive, negative)]
        states = [[], *groups[0], *groups[1]]
        for s, held in enumerate(states):
            for t in held:
                xor_clauses[t].append(("x", i, s))
        x_states.append(len(states))
    c_x = [("x", i, s) for i, k in enumerate(x_states) for s in range(k)]
    c_y = [("y", i, s) for i in range(n) for s in range(2)]
    return fresh(x_states, [2] * n, [*xor_clauses, c_x, c_y])
