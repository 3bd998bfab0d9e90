"""EPMX → a sum of superstars (Ferland 2024, Thm 4.2.4,
``001_56c9c94dd1ec088e.wrapped.txt`` L754-784).

Clause t gets identity 2^t; X's variable i becomes the right-0 superstar whose Left
options are, per state, the XOR of the identities of the clauses holding that state,
plus *2^(m+i); Y's variable the left-0 superstar {0 | its states' XORs}; the sum gets
+ *(2^m − 1).  States in no clause get the proof's dummy clause (every state of that
variable: always true).

What holds (docs/errata.md): X wins EPMX when Y moves first (outcome L or P) iff the
sum is L; the printed "X wins going first ⇒ L or P" is true but one-way.
"""

from __future__ import annotations

import random

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
