"""Reductions of seed 003 (Fenner et al., black-white games).

- G_pos → G*_pos (``003_b9b71f74cb16b358.txt`` L308): add a fresh variable u to
  every clause; Player 1 wins G_pos on φ iff Player 2 wins G*_pos on the result.
- G*_pos → Col (§4.2, L312-322): vertices X ∪ Y ∪ C ∪ {z}; edges y_i–x_i, x_i–c_j
  when x_i is in c_j, every pair of clause vertices, z–c_j.  Player 1 wins G*_pos
  on φ iff the second player wins Col on the graph (Col value 0, not *).
- TQBF → black-white poset (§3.1, L133-152): stacks of choice, waiting and
  anti-cheat nodes, a clause section and a balance section; White, moving first,
  wins iff the formula is true (Fenner, Grier, Messner, Schaeffer & Thierauf 2015,
  Theorem 3.7).  Registered from the TQBF game (``tqbf-game``) and verified at the
  paper's size on one-variable, ∃∀ and ∃∀∃ formulas of at most two clauses (up to
  7M = 273 + 7m elements): the image's outcome comes from ``tqbf_poset_outcome``,
  which keeps the waiting stacks as heights, cuts stacks beyond what the opponent can
  ever answer, folds the bit-flip symmetry and searches only the sign
  (``_WaitingSearch``); the generic search reaches only the one-variable posets,
  against which, and against the full search on random small stacks, it is tested.
  ``unit`` shrinks the stacks to (2n + 2 − i)·unit nodes and ``heights`` sets them
  outright.  Unit 1 fails on ∃x1 ∀x2 ∃x3 () (false, yet White wins moving first);
  every unit below M breaks the proof's |W_i| ≥ |W_(i+1)| + M (L148), so scaled
  stacks test the construction, not the theorem.

- Geography on bipartite digraphs → black-white Geography (Appendix B, L534): the
  sides as colours, the token's side white.

The promises are about *who wins*, with a change of role (first ↔ second player):
all three are registered with ``Kind.OUTCOME_RELATION`` and their promise as a
predicate on the two outcome classes, which ``grundy verify`` checks.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from grundy.protocol import Citation, GrundyError
from grundy.reductions.registry import Kind, Reduction, register
from grundy.reductions.verify import outcome_of
from grundy.rulesets.formulas.pos_cnf import PosCnf
from grundy.rulesets.formulas.tqbf import Tqbf
from grundy.rulesets.geography.black_white import ColouredGeography
from grundy.rulesets.geography.nimg import bipartition
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graph_games.tinted import TintedGraph
from grundy.rulesets.graphs import HashedAdjacency, vertices
from grundy.rulesets.posets.rules import Poset, twin_search, up_sets
from grundy.rulesets.registry import get
from grundy.search.naive import _deep
from grundy.values import Outcome

SEED = "003_b9b71f74cb16b358.txt"


def _start(position: PosCnf) -> PosCnf:
    if position.true or position.false or position.over:
        raise GrundyError("these reductions map starting formulas: give one with no T=, F=")
    return position


def gpos_to_gpos_star(position: PosCnf) -> PosCnf:
    """φ = c_1 ∧ ... ∧ c_m  ↦  (c_1 ∨ u) ∧ ... ∧ (c_m ∨ u), u a fresh variable (L308)."""
    clauses = _start(position).clauses
    u = 1 << max((c.bit_length() for c in clauses), default=0)
    return PosCnf(tuple(c | u for c in clauses), 0, 0)


def gpos_star_to_col(position: PosCnf) -> TintedGraph:
    """The Col graph of §4.2 (L312-322) on vertices x_1..x_n (0..n-1), y_1..y_n
    (n..2n-1), the clauses (2n..2n+m-1) and z (2n+m); nothing coloured."""
    clauses = _start(position).clauses
    variables = vertices(position.free)
    n, m = len(variables), len(clauses)
    edges = [(i, n + i) for i in range(n)]
    edges += [(i, 2 * n + j) for j, c in enumerate(clauses)
              for i, v in enumerate(variables) if c >> v & 1]
    edges += [(2 * n + j, 2 * n + k) for j in range(m) for k in range(j + 1, m)]
    edges += [(2 * n + m, 2 * n + j) for j in range(m)]
    size = 2 * n + m + 1
    adj = [0] * size
    for a, b in edges:
        adj[a] |= 1 << b
        adj[b] |= 1 << a
    everything = (1 << size) - 1
    return TintedGraph(size, HashedAdjacency(adj), everything, everything)


@dataclass(frozen=True)
class TqbfPoset:
    """The §3.1 poset with its named parts (element numbers), for inspection."""

    poset: Poset
    choice: tuple[tuple[int, ...], ...]  # choice[i][bits]: stack i+1, bits = 4l + 2a + r
    waiting: tuple[tuple[int, ...], ...]
    alpha: tuple[int, ...]
    beta: tuple[int, ...]
    clause: tuple[int, ...]
    dummy: int
    interrupt: int
    balance_black: tuple[int, ...]
    balance_white: int


def tqbf_poset(variables: int, clauses: Sequence[tuple[Sequence[int], Sequence[int]]],
               unit: int | None = None, heights: Sequence[int] | None = None) -> TqbfPoset:
    """The black-white poset of §3.1 (L139-152) for ∃x1 ∀x2 ... ∃x(2n+1) f, f's clauses
    given as (positive variables, negative variables), variables numbered from 1.

    Colours as printed (odd stacks: white choice nodes, black waiting and anti-cheat
    nodes; reversed for even stacks); Black is Left.  |W_i| = (2n + 2 − i)·M with
    M = 20n + m + 19 non-waiting nodes; ``unit`` replaces M in the waiting stacks'
    sizes (smaller stacks, for cross-checking the structural evaluator against plain
    search, which solves those), and ``heights`` gives every stack's size outright.
    """
    if variables % 2 == 0 or variables < 1:
        raise GrundyError(f"the TQBF game needs an odd number of variables, got {variables}")
    n, m = (variables - 1) // 2, len(clauses)
    if unit is not None and unit < 0:
        raise GrundyError(f"the waiting unit must be 0 or more, got {unit}")
    size_m = 20 * n + m + 19 if unit is None else unit
    if heights is None:
        heights = [(2 * n + 2 - i) * size_m for i in range(1, variables + 1)]
    if len(heights) != variables or min(heights) < 0:
        raise GrundyError(f"give {variables} waiting stack sizes of 0 or more, got {list(heights)}")
    up: list[int] = []  # covers, closed at the end
    black = 0
    counter = iter(range(10**9))

    def new(is_black: bool) -> int:
        nonlocal black
        x = next(counter)
        up.append(0)
        black |= is_black << x
        return x

    def above(low: int, high: int) -> None:
        up[low] |= 1 << high

    choice, waiting, alpha, beta = [], [], [], []
    for i in range(1, variables + 1):
        odd = i % 2 == 1
        choice.append(tuple(new(not odd) for _ in range(8)))
        waiting.append(tuple(new(odd) for _ in range(heights[i - 1])))
        for c in choice[-1]:
            for w in waiting[-1]:
                above(c, w)
    for i in range(1, variables):
        odd = i % 2 == 1
        a, b = new(odd), new(odd)
        alpha.append(a)
        beta.append(b)
        for bits in range(8):
            above(choice[i - 1][bits], a if bits & 1 == 0 else b)  # right bit of C_i
            above(choice[i][bits], a if bits & 4 == 0 else b)  # left bit of C_(i+1)
    interrupt = new(False)
    clause_nodes = []
    for positive, negative in clauses:
        b = new(True)
        clause_nodes.append(b)
        above(interrupt, b)
        for i in range(1, variables + 1):
            for bits in range(8):
                assignment = bits >> 1 & 1
                if (assignment and i in positive) or (not assignment and i in negative):
                    above(choice[i - 1][bits], b)
    dummy = new(True)
    above(interrupt, dummy)
    balance_black = tuple(new(True) for _ in range(8))
    balance_white = new(False)
    for x in balance_black:
        above(x, balance_white)
    total = len(up)
    closed = up_sets(total, up)
    poset = Poset(total, closed, black, (1 << total) - 1)
    return TqbfPoset(poset, tuple(choice), tuple(waiting), tuple(alpha), tuple(beta),
                     tuple(clause_nodes), dummy, interrupt, balance_black, balance_white)


def _before_play(position: Tqbf) -> Tqbf:
    if position.assigned or position.over:
        raise GrundyError("Theorem 3.7 maps formulas before play: give one with no x1=...")
    return position


def tqbf_to_poset(position: Tqbf) -> Poset:
    """Theorem 3.7's poset (``tqbf_poset``) for a TQBF game that has not started."""
    return tqbf_poset(position.variables, _numbered(_before_play(position))).poset


def tqbf_poset_outcome(position: Tqbf) -> Outcome:
    """The outcome class of Theorem 3.7's poset for a formula before play (Fenner,
    Grier, Messner, Schaeffer & Thierauf 2015, §3.1; ``003_b9b71f74cb16b358.txt``
    L133-152), waiting stacks as printed, without the generic search: the poset is a
    number (Prop 2.1, L113), so R if White wins moving first, else L if Black does,
    else P; each decided by ``tqbf_poset_wins_first`` (one or two searches)."""
    if tqbf_poset_wins_first(_before_play(position)):
        return Outcome.R
    return Outcome.L if tqbf_poset_wins_first(position, black=True) else Outcome.P


def forall_formulas(max_clauses: int, variables: int = 3) -> list[Tqbf]:
    """Every formula ∃x1 ∀x2 ∃x3 f with at most ``max_clauses`` clauses over
    x1..x(variables) (3 for ∃∀∃; 2 for ∃∀, written with an ∃x3 that no clause names,
    as the construction needs an odd count), up to renaming: a clause is any set of
    literals (x and ¬x may both occur), clauses may repeat, and formulas that differ by
    the order of their clauses or by negating a variable everywhere count once.  Sizes:
    68 ∃∀ and 560 ∃∀∃ formulas of at most two clauses."""
    if variables not in (2, 3):
        raise GrundyError(f"the formulas with a ∀ here have 2 or 3 variables, not {variables}")
    clauses = [(p, n) for p in range(1 << variables) for n in range(1 << variables)]

    def flipped(chosen: tuple[tuple[int, int], ...], signs: int) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(((p & ~signs) | (n & signs), (n & ~signs) | (p & signs))
                            for p, n in chosen))

    seen: dict[tuple[tuple[int, int], ...], None] = {}
    for m in range(max_clauses + 1):
        for chosen in itertools.combinations_with_replacement(clauses, m):
            seen.setdefault(min(flipped(chosen, signs) for signs in range(1 << variables)))
    return [Tqbf(3, chosen) for chosen in seen]


class _WaitingSearch:
    """Who wins Theorem 3.7's poset moving first, its waiting stacks kept as heights.

    The waiting nodes W_i are twins above every choice node of C_i and below nothing:
    taking one is a tempo move of its owner (Black for odd i, White for even i), and
    the first choice node taken from C_i removes them all.  A position is the twin
    counts of the rest (``TwinSearch`` on the poset built with no waiting nodes) and
    the heights left (0 once C_i is touched); once every height is 0 its value is the
    twin search's, the gadgets and the separated parts each valued once.  Before that
    only the sign is searched, as an AND-OR search: every position is a number
    (Prop 2.1, L113), so V < 0 iff some White option has V ≤ 0, and V > 0 iff some
    Black option has V ≥ 0.  Three reductions keep the search small:

    - Bounds.  V grows with Black's heights and falls with White's (a tempo move is an
      option; a Black option is below its position, a White one above), so a bound
      proven at some heights answers every query at heights it dominates; only the
      undominated bounds are kept, the heights packed in one integer.
    - Excess waiting nodes (a lemma proved here).  Let P own W_i and Q be the other
      player; only Q can empty W_i (C_i is Q's colour and minimal).  If
      |W_i| ≥ D + 1, D the number of Q's elements outside C_i (Q's waiting nodes
      included), the outcomes (who wins moving first, and second) are those with
      |W_i| + 1.  Proof: more waiting nodes only help P (monotony above).  Conversely,
      let P win with |W_i| + 1 by a strategy σ and play σ with |W_i|: Q's moves are
      the same in both games (Q never takes P's waiting nodes, and a move in C_i
      removes all of them in both), so only a σ-move onto a waiting node of W_i could
      be missing.  Until C_i is touched every Q move takes one of Q's D elements
      outside C_i, so P moves at most D + 1 times and never takes more than D + 1 ≤
      |W_i| waiting nodes; after that the games are equal.  So W_i is cut to D + 1.
    - Symmetry.  Swapping α_i with β_i, the right bit of C_i and the left bit of
      C_(i+1) is an automorphism (``_bit_flips``); counts are kept in the least image.

    Moves are tried killing the opponent's lowest stack first, then the others, tempo
    moves last, each group best first by its value with the stacks emptied.  Running
    time: one step per position searched, each O(classes²); at the paper's size
    (n = 1, M = 39 + m) a few thousand to about a hundred thousand positions."""

    def __init__(self, built: TqbfPoset) -> None:
        poset = built.poset
        self.search = twin_search(poset.up)
        members = self.search.members
        self.stack_of = [-1] * len(members)
        for i, nodes in enumerate(built.choice):
            for x in nodes:
                self.stack_of[next(c for c, m in enumerate(members) if m >> x & 1)] = i
        self.black_pool = tuple(i % 2 == 0 for i in range(len(built.choice)))
        self.bounds: dict[tuple[int, ...], tuple[list[int], list[int], list[int], list[int]]] = {}
        self.guards = sum(1 << (22 * i + 21) for i in range(len(built.choice)))
        self.start = self.search.counts(poset.black, poset.alive)
        self.positions = 0
        self.symmetries = _bit_flips(built, members)
        self.canonical: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.outside: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.plans: dict[tuple[tuple[int, ...], tuple[bool, ...], bool],
                         list[tuple[tuple[int, ...], int, bool]]] = {}

    def _canonical(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """The least image of the counts under the bit flips (``_bit_flips``)."""
        found = self.canonical.get(counts)
        if found is None:
            found = self.canonical[counts] = min(tuple(counts[slot] for slot in image)
                                                 for image in self.symmetries)
        return found

    def wins_first(self, heights: tuple[int, ...], black: bool) -> bool:
        """Black (``black``) or White wins moving first from the start with these
        waiting heights: V > 0, or V < 0."""
        return _deep(lambda key: self._wins(*cast(tuple[Any, Any, bool], key)),
                     (self.start, heights, black))

    def _options(self, counts: tuple[int, ...], heights: tuple[int, ...],
                 black: bool) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The mover's options, in the order they are tried (``_plan``)."""
        live = tuple(h > 0 for h in heights)
        plan = self.plans.get((counts, live, black))
        if plan is None:
            plan = self.plans[counts, live, black] = self._plan(counts, live, black)
        return [(child, heights if cut < 0 else
                 (*heights[:cut], heights[cut] - 1 if tempo else 0, *heights[cut + 1:]))
                for child, cut, tempo in plan]

    def _plan(self, counts: tuple[int, ...], live: tuple[bool, ...],
              black: bool) -> list[tuple[tuple[int, ...], int, bool]]:
        """The options as (counts after, the stack whose waiting nodes go or lose one
        or -1, whether it is a tempo move): moves killing the opponent's first live
        stack, then the other moves, then tempo moves, each group best first by its
        value with the stacks emptied."""
        found: list[tuple[tuple[int, int, Fraction], tuple[int, ...], int]] = []
        for slot in range(0 if black else 1, len(counts), 2):
            if not counts[slot]:
                continue
            child = list(counts)
            child[slot] -= 1
            for d in vertices(self.search.above[slot // 2]):
                child[2 * d] = child[2 * d + 1] = 0
            stack = self.stack_of[slot // 2]
            cut = stack if stack >= 0 and live[stack] else -1
            value = self.search.value(tuple(child))
            group = (0, cut) if cut >= 0 else (1, 0)
            found.append(((*group, -value if black else value), tuple(child), cut))
        for i, alive in enumerate(live):
            if alive and self.black_pool[i] == black:
                found.append(((2, i, Fraction(0)), counts, i))
        found.sort(key=lambda option: option[0])
        return [(child, cut, child is counts) for _, child, cut in found]

    def _capped(self, counts: tuple[int, ...], heights: tuple[int, ...]) -> tuple[int, ...]:
        """The least heights with the same outcomes (Lemma in the class docstring): a
        stack of P's waiting nodes higher than one more than the opponent's elements
        outside C_i (the opponent's waiting heights included) is cut down to that."""
        outside = self.outside.get(counts)
        if outside is None:
            outside = self.outside[counts] = tuple(
                sum(counts[2 * c + self.black_pool[i]]
                    for c, stack in enumerate(self.stack_of) if stack != i)
                for i in range(len(heights)))
        capped = list(heights)
        for i, h in enumerate(capped):
            if h:
                mine = self.black_pool[i]
                theirs = outside[i] + sum(k for j, k in enumerate(capped)
                                          if self.black_pool[j] != mine)
                capped[i] = min(h, theirs + 1)
        return tuple(capped)

    def _key(self, heights: tuple[int, ...]) -> int:
        """Heights packed so that V(p) ≥ V(q) follows from key(p) ≥ key(q) field by
        field: Black's heights as they are, White's negated, each offset by 2^20 in a
        field of 22 bits whose top bit is a guard (``_covers``)."""
        key = 0
        for h, mine in zip(heights, self.black_pool, strict=True):
            key = key << 22 | ((1 << 20) + (h if mine else -h))
        return key

    def _covers(self, p: int, q: int) -> bool:
        """Every field of p ≥ the same field of q (a borrow clears a guard bit)."""
        return ((p | self.guards) - q) & self.guards == self.guards

    def _known(self, counts: tuple[int, ...], key: int, black: bool) -> bool | None:
        facts = self.bounds.get(counts)
        if facts is None:
            return None
        below_strict, below, above_strict, above = facts
        # below: V(p) ≤ 0 (< 0 if strict), so V(q) ≤ 0 for q under p; above: V(p) ≥ 0
        wins, losses = (above_strict, below) if black else (below_strict, above)
        if any((self._covers(key, p) if black else self._covers(p, key)) for p in wins):
            return True
        if any((self._covers(p, key) if black else self._covers(key, p)) for p in losses):
            return False
        return None

    def _learn(self, counts: tuple[int, ...], key: int, side: int, strict: bool) -> None:
        """Keep the proven bound, dropping the ones it makes redundant."""
        facts = self.bounds.setdefault(counts, ([], [], [], []))
        lists = (facts[0], facts[1]) if side < 0 else (facts[2], facts[3])
        for kind, found in zip((True, False), lists, strict=True):
            if kind and not strict:
                continue
            if side < 0:  # keep the highest points
                found[:] = [p for p in found if not self._covers(key, p)]
            else:
                found[:] = [p for p in found if not self._covers(p, key)]
            found.append(key)

    def _wins(self, counts: tuple[int, ...], heights: tuple[int, ...], black: bool) -> bool:
        if not any(heights):
            value = self.search.value(counts)
            return value > 0 if black else value < 0
        counts = self._canonical(counts)
        heights = self._capped(counts, heights)
        key = self._key(heights)
        known = self._known(counts, key, black)
        if known is not None:
            return known
        self.positions += 1
        won = any(not self._wins(child, after, not black)
                  for child, after in self._options(counts, heights, black))
        # Black wins first: V > 0; loses: V ≤ 0.  White wins first: V < 0; loses: V ≥ 0.
        self._learn(counts, key, 1 if black == won else -1, won)
        return won


def _bit_flips(built: TqbfPoset, members: Sequence[int]) -> list[tuple[int, ...]]:
    """The automorphisms of the construction that flip bits: for each anti-cheat pair,
    swapping α_i and β_i, the right bit of C_i and the left bit of C_(i+1) (L145-147:
    nothing else sees those bits), and every composition of such flips; each as the
    count slots it reads (slot 2c + colour of the image reads class σ(c))."""
    up, black = built.poset.up, built.poset.black
    flips = []
    for i, (a, b) in enumerate(zip(built.alpha, built.beta, strict=True)):
        image = list(range(built.poset.n))
        image[a], image[b] = b, a
        for bits in range(8):
            image[built.choice[i][bits]] = built.choice[i][bits ^ 1]
            image[built.choice[i + 1][bits]] = built.choice[i + 1][bits ^ 4]
        flips.append(image)
    group = [list(range(built.poset.n))]
    for flip in flips:
        group += [[flip[x] for x in g] for g in group]
    found = []
    for g in group:
        for x in range(built.poset.n):  # an automorphism: order and colours kept
            assert sum(1 << g[y] for y in vertices(up[x])) == up[g[x]]
            assert (black >> x & 1) == (black >> g[x] & 1)
        cls = [next(d for d, m in enumerate(members) if m >> g[vertices(mask)[0]] & 1)
               for mask in members]
        slots = [0] * (2 * len(members))
        for c, d in enumerate(cls):
            slots[2 * c], slots[2 * c + 1] = 2 * d, 2 * d + 1
        found.append(tuple(slots))
    return found


def _waiting_heights(variables: int, clauses: int, unit: int | None) -> tuple[int, ...]:
    n = (variables - 1) // 2
    size_m = 20 * n + clauses + 19 if unit is None else unit
    return tuple((2 * n + 2 - i) * size_m for i in range(1, variables + 1))


def tqbf_poset_wins_first(formula: Tqbf, unit: int | None = None, black: bool = False,
                          heights: Sequence[int] | None = None) -> bool:
    """Whether White (or Black, ``black``) wins Theorem 3.7's poset for ``formula``
    moving first, waiting stacks as printed (``unit`` None: (2n + 2 − i)·M nodes),
    scaled, or of the given ``heights`` (``tqbf_poset``), decided by
    ``_WaitingSearch``.  The paper's claim: White wins moving first iff the formula is
    true."""
    clauses = _numbered(formula)
    if formula.variables % 2 == 0:
        raise GrundyError(f"the TQBF game needs an odd number of variables, got "
                          f"{formula.variables}")
    if heights is None:
        heights = _waiting_heights(formula.variables, len(clauses), unit)
    if (len(heights) != formula.variables or min(heights, default=0) < 0
            or max(heights, default=0) >= 1 << 19):
        raise GrundyError(f"give {formula.variables} waiting stack sizes from 0 to 524287 "
                          f"(a unit of 0 or more), got {list(heights)}")
    search = _WaitingSearch(tqbf_poset(formula.variables, clauses,
                                       heights=[0] * formula.variables))
    return search.wins_first(tuple(heights), black)


def _numbered(formula: Tqbf) -> list[tuple[list[int], list[int]]]:
    return [([v + 1 for v in vertices(p)], [v + 1 for v in vertices(n)])
            for p, n in formula.clauses]


def theorem_3_7_failures(formulas: Sequence[Tqbf], unit: int | None = None) -> list[Tqbf]:
    """The formulas on which Theorem 3.7's poset (waiting stacks as printed, or scaled
    by ``unit``: ``tqbf_poset``) disagrees with the formula: White, moving first, wins
    (the value is negative) exactly when the TQBF game says the formula is true.  Each
    poset is decided by ``tqbf_poset_wins_first``."""
    game = get("tqbf-game")
    return [formula for formula in formulas
            if tqbf_poset_wins_first(formula, unit) != _right_first_wins(outcome_of(game, formula))]


@functools.cache
def _with_a_forall(variables: int) -> tuple[Tqbf, ...]:
    return tuple(forall_formulas(2, variables))


def _formulas_by_quantifiers(rng: random.Random, size: int) -> Tqbf:
    """Size 1: ∃x1 f(x1) with one to three clauses, each empty, (x1), (~x1) or
    (x1|~x1); size 2: an ∃∀ formula, size 3 and more an ∃∀∃ formula, of at most two
    clauses (``forall_formulas``).  All at the paper's size, decided by
    ``tqbf_poset_outcome`` in seconds (the generic search reaches only size 1)."""
    if size <= 1:
        return Tqbf(1, tuple((rng.randint(0, 1), rng.randint(0, 1))
                             for _ in range(rng.randint(1, 3))))
    return rng.choice(_with_a_forall(2 if size == 2 else 3))


def geography_to_black_white(position: GeographyPosition) -> ColouredGeography:
    """Colour a bipartite digraph by its sides, the token's side white (Appendix B, L534):
    Black moves first, onto the other side, and only ever one player can move."""
    undirected = list(position.adj)
    for a, row in enumerate(position.adj):
        for b in vertices(row):
            undirected[b] |= 1 << a
    sides = bipartition(tuple(undirected))
    if sides is None:
        raise GrundyError("the equivalence needs a bipartite graph: this one has an odd cycle")
    white = sides[0] if sides[0] >> position.token & 1 else sides[1]
    black = ((1 << position.n) - 1) & ~white
    return ColouredGeography(position.n, position.adj, black, position.token, position.removed)


def _bipartite_digraphs(rng: random.Random, size: int) -> GeographyPosition:
    """Arcs only between even and odd vertices, about two per vertex, random start."""
    n = max(1, size)
    adj = [0] * n
    for a in range(n):
        for b in range(n):
            if (a + b) % 2 and rng.random() < min(1.0, 4 / n):
                adj[a] |= 1 << b
    return GeographyPosition(n, HashedAdjacency(adj), rng.randrange(n), 0)


def _right_first_wins(outcome: Outcome) -> bool:
    return outcome in (Outcome.R, Outcome.N)


def _left_first_wins(outcome: Outcome) -> bool:
    return outcome in (Outcome.L, Outcome.N)


def _formulas(source: str) -> Callable[[random.Random, int], Hashable]:
    """Random starting formulas of at most four variables (the Col images grow fast)."""
    return lambda rng, size: get(source).random_position(rng, min(size, 4))


REDUCTIONS = (
    register(Reduction(
        "g-pos->g-pos-star", "g-pos", "g-pos-star", Kind.OUTCOME_RELATION, gpos_to_gpos_star,
        Citation(SEED, "L308", "§4.1"),
        "add a fresh variable u to every clause: Player 1 (Left, first) wins G_pos iff "
        "Player 2 wins G*_pos",
        instances=_formulas("g-pos"),
        promise=lambda a, b: _left_first_wins(a) != _left_first_wins(b),
    )),
    register(Reduction(
        "g-pos-star->col", "g-pos-star", "col", Kind.OUTCOME_RELATION, gpos_star_to_col,
        Citation(SEED, "L312-322", "§4.2, Thm 4.1"),
        "Player 1 (Left, first) wins G*_pos iff the second player wins Col on the graph",
        instances=_formulas("g-pos-star"),
        promise=lambda a, b: _left_first_wins(a) == (b is Outcome.P),
    )),
    register(Reduction(
        "tqbf-game->black-white-poset", "tqbf-game", "black-white-poset",
        Kind.OUTCOME_RELATION, tqbf_to_poset, Citation(SEED, "L133-152", "Theorem 3.7"),
        "White (Right), moving first, wins the poset game iff the quantified formula is true",
        instances=_formulas_by_quantifiers,
        promise=lambda a, b: _right_first_wins(a) == _right_first_wins(b),
        image_outcome=tqbf_poset_outcome, slow=True,
    )),
    register(Reduction(
        "geography->black-white-geography", "geography", "black-white-geography",
        Kind.OUTCOME_RELATION, geography_to_black_white,
        Citation(SEED, "L534", "black-white Geography on bipartite graphs"),
        "colour a bipartite digraph by its sides, the token's white: the player to move wins "
        "Geography iff Black (Left) wins moving first, and White never can move first",
        instances=_bipartite_digraphs,
        promise=lambda a, b: (a, b) in ((Outcome.N, Outcome.L), (Outcome.P, Outcome.P)),
    )),
)
