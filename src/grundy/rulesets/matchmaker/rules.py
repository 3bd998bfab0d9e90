"""MATCHMAKER, FULL MATCHMAKER and STUBBORN MATCHMAKER.

Burke's matching games (seed 004, ``004_d08755248cee49c5.txt`` §3.3, L452-502).
West candidates w1..wn and East candidates e1..en share a universal ranking: index 1
is the most preferred, and everyone prefers any partner to none (L486).  A proposal
(w, e) is legal when w and e each prefer the other to their current partner (L460).
With (w, e') and (w', e) in M the new matching is
M' = M ∪ {(w, e), (w', e')} \\ {(w, e'), (w', e)} (L460, L490); the spurned pair
(w', e') is formed only when both exist, and when exactly one of w, e was matched,
its old partner is left unmatched [inferred, reading notes §2].  The player who makes
the last legal match wins (normal play, L466).

- FULL MATCHMAKER (Def 3.3.1, L474) starts from (w_k, e_{n-k+1}); every position is
  a full matching, and its nimber is the parity of its crossed pairs (Lemma 4.3.1 and
  Cor 4.3.2, L1052-1088): the ``fast_grundy`` hook.
- MATCHMAKER (Def 3.3.2, L488) starts from the empty matching.
- STUBBORN MATCHMAKER (Def 3.3.3, L498): a proposal is illegal when exactly one of
  w, e is matched.

A position is a tuple ``m`` with ``m[w - 1]`` the partner of w (0: unmatched).  The
module also gives the transforms of §5.3 (M(i, j), un-Z, shift-west, L1210-1255), the
class (x, y, z) of L1257, the regeneration of Tables 5.1-5.4 (L1259-1319) and
checkers for Conjectures 5.3.1 and 5.3.2 (L1202, L1222).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, cast

from grundy.protocol import (
    Citation,
    GrundyError,
    ImpartialRuleset,
    Move,
    ParseError,
    read_int,
)
from grundy.rulesets.drawing import GREEN, INK, PURPLE, spot, svg_document, text
from grundy.rulesets.registry import register

if TYPE_CHECKING:  # grundy.search imports this package: no import cycle at run time
    from grundy.search.budget import Budget
    from grundy.search.engine import Solver

#: ``m[w - 1]`` is the East partner of West candidate w, or 0 when w is unmatched.
Matching = tuple[int, ...]
Pair = tuple[int, int]


# -- matchings -------------------------------------------------------------------------


def pairs(m: Matching) -> list[Pair]:
    """The matched pairs (w, e), by West candidate."""
    return [(w, e) for w, e in enumerate(m, 1) if e]


def from_pairs(n: int, matched: list[Pair] | set[Pair]) -> Matching:
    """The matching on n candidates per side with these pairs (checked to be a matching)."""
    m = [0] * n
    easts: set[int] = set()
    for w, e in matched:
        if not (1 <= w <= n and 1 <= e <= n):
            raise ParseError(f"pair {w}-{e} is off the board: candidates are numbered 1..{n}")
        if m[w - 1] or e in easts:
            raise ParseError(f"pair {w}-{e} reuses a matched candidate: each candidate is in "
                             "at most one pair")
        m[w - 1] = e
        easts.add(e)
    return tuple(m)


def east_partners(m: Matching) -> list[int]:
    """``east[e - 1]`` is the West partner of e (0: unmatched)."""
    east = [0] * len(m)
    for w, e in enumerate(m, 1):
        if e:
            east[e - 1] = w
    return east


def transpose(m: Matching) -> Matching:
    """Swap the roles of West and East (the game is symmetric under this)."""
    return tuple(east_partners(m))


def crossings(m: Matching) -> int:
    """The crossed pairs: (a, b), (x, y) cross iff a < x and y < b, or x < a and b < y
    (seed 004 L1048)."""
    edges = pairs(m)
    return sum(1 for (a, b), (x, y) in itertools.combinations(edges, 2) if y < b)


def is_full(m: Matching) -> bool:
    return all(m)


def reversed_full(n: int) -> Matching:
    """Full Matchmaker's start: (w_k, e_{n-k+1}) (Def 3.3.1, L474)."""
    return tuple(range(n, 0, -1))


def all_matchings(n: int) -> Iterator[Matching]:
    """Every partial matching on n candidates per side."""
    for k in range(n + 1):
        for wests in itertools.combinations(range(n), k):
            for easts in itertools.permutations(range(1, n + 1), k):
                m = [0] * n
                for w, e in zip(wests, easts, strict=True):
                    m[w] = e
                yield tuple(m)


# -- the rulesets ----------------------------------------------------------------------


def propose(m: Matching, w: int, e: int, e_partner: int | None = None) -> Matching:
    """The update rule of L460/L490: w and e marry, their old partners marry each other
    if both exist, and a lone old partner is left unmatched.  ``e_partner`` (e's West
    partner, 0 if none) saves a look-up when the caller knows it."""
    if e_partner is None:
        e_partner = m.index(e) + 1 if e in m else 0
    new = list(m)
    if e_partner:
        new[e_partner - 1] = m[w - 1]
    new[w - 1] = e
    return tuple(new)


#: Matchmaker's documented limit: a board of N candidates a side has up to N² moves.
MATCHMAKER_LIMITS = {"board size": 200}


@register
class Matchmaker(ImpartialRuleset[Matching]):
    name = "matchmaker"
    summary = "Propose a pair who prefer each other to their partners; last match wins."
    citation = Citation("004_d08755248cee49c5.txt", "L452-490", "Def 3.3.2")
    text_format = (
        "N:w-e,w-e,... — N candidates per side, then the matched pairs (1 = most preferred); "
        "'N:' is the empty board, e.g. 4:1-3,2-4"
    )
    examples: ClassVar[tuple[str, ...]] = ("3:", "4:1-3,2-4", "5:2-2,4-1")

    def start(self, n: int) -> Matching:
        """The starting position on n candidates per side: the empty matching."""
        return (0,) * n

    def pairable(self, w_partner: int, e_partner: int) -> bool:
        """Beyond preference, may candidates with these partners (0: none) pair up?"""
        return True

    def moves(self, position: Matching) -> Iterator[tuple[Move, Matching]]:
        """Every (w, e) where w prefers e to its partner (anyone to none: e < partner) and
        e prefers w to its partner."""
        east = east_partners(position)
        pairable = self.pairable
        for w, w_partner in enumerate(position, 1):
            for e in range(1, w_partner or len(position) + 1):
                e_partner = east[e - 1]
                if (e_partner == 0 or w < e_partner) and pairable(w_partner, e_partner):
                    yield (w, e), propose(position, w, e, e_partner)

    def key(self, position: Matching) -> Matching:
        return min(position, transpose(position))

    # -- text ----------------------------------------------------------------------
    limits = MATCHMAKER_LIMITS

    def parse(self, text: str) -> Matching:
        size, colon, body = text.strip().partition(":")
        if not colon or not size.strip().isdigit() or read_int(size, "the board size") < 1:
            raise ParseError(f"{text!r} does not start with the board size: write N:w-e,... "
                             "such as 4:1-3,2-4 (or 3: for an empty board)")
        n = self.check_size("board size", read_int(size, "the board size"))
        matched = []
        for item in filter(None, (part.strip() for part in body.split(","))):
            w, dash, e = item.partition("-")
            if not dash or not w.strip().isdigit() or not e.strip().isdigit():
                raise ParseError(f"pair {item!r} is not w-e: write pairs like 1-3")
            matched.append((read_int(w, "a pair"), read_int(e, "a pair")))
        return self.check(from_pairs(n, matched))

    def check(self, position: Matching) -> Matching:
        """Positions every matching may be (variants restrict this)."""
        return position

    def format(self, position: Matching) -> str:
        return f"{len(position)}:" + ",".join(f"{w}-{e}" for w, e in pairs(position))

    def format_move(self, move: Move) -> str:
        w, e = cast(Pair, move)
        return f"{w}-{e}"

    # -- rendering ---------------------------------------------------------------------
    def data(self, position: Matching) -> dict[str, Any]:
        return {"n": len(position), "pairs": [list(p) for p in pairs(position)],
                "crossings": crossings(position), "class": list(matching_class(position))}

    def render_text(self, position: Matching) -> str:
        """One line per rank: ``w3 ── e1`` or ``w3    ·``, then the crossing count."""
        lines = [f"w{w:<2} ── e{e}" if e else f"w{w:<2}    ·" for w, e in enumerate(position, 1)]
        return "\n".join([*lines, f"{crossings(position)} crossed pairs"])

    def render_svg(self, position: Matching) -> str:
        n = len(position)
        gap, left, right = 30, 40, 180
        body = []
        crossed = {p for pq in itertools.combinations(pairs(position), 2)
                   if pq[1][1] < pq[0][1] for p in pq}
        for w, e in pairs(position):
            colour = PURPLE if (w, e) in crossed else GREEN
            body.append(f'<line x1="{left}" y1="{gap * w}" x2="{right}" y2="{gap * e}" '
                        f'stroke="{colour}" stroke-width="3"/>')
        for k in range(1, n + 1):
            for x, side in ((left, "w"), (right, "e")):
                west = f" {spot(str(k))}" if side == "w" else ""  # a match starts there
                body.append(f'<circle cx="{x}" cy="{gap * k}" r="7" fill="white" '
                            f'stroke="{INK}"{west}/>')
                body.append(text(x + (-22 if side == "w" else 22), gap * k, f"{side}{k}", 11))
        return svg_document(right + left, gap * (n + 1), body,
                            f"{self.name} {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Matching:
        n = 1 + size // 2
        wests = rng.sample(range(n), rng.randint(0, n))
        easts = rng.sample(range(1, n + 1), len(wests))
        return from_pairs(n, [(w + 1, e) for w, e in zip(wests, easts, strict=True)])


@register
class FullMatchmaker(Matchmaker):
    name = "full-matchmaker"
    summary = "Matchmaker on full matchings; starts from the reversed matching."
    citation = Citation("004_d08755248cee49c5.txt", "L474, L1052-1088",
                        "Def 3.3.1, Lemma 4.3.1, Cor 4.3.2")
    text_format = "N:w-e,... as for matchmaker, every candidate matched, e.g. 3:1-3,2-2,3-1"
    examples = ("3:1-3,2-2,3-1", "4:1-2,2-4,3-1,4-3")

    def start(self, n: int) -> Matching:
        return reversed_full(n)

    def check(self, position: Matching) -> Matching:
        if not is_full(position):
            missing = position.index(0) + 1
            raise ParseError(f"w{missing} is unmatched: Full Matchmaker boards match "
                             "every candidate")
        return position

    def fast_grundy(self, position: Matching) -> int:
        """Cor 4.3.2 (L1086): the nimber is the parity of the crossed pairs."""
        return crossings(position) % 2

    def random_position(self, rng: random.Random, size: int) -> Matching:
        n = 1 + size // 2
        return tuple(rng.sample(range(1, n + 1), n))


@register
class StubbornMatchmaker(Matchmaker):
    name = "stubborn-matchmaker"
    summary = "Matchmaker where a pair must be two matched or two unmatched candidates."
    citation = Citation("004_d08755248cee49c5.txt", "L496-500", "Def 3.3.3")

    def pairable(self, w_partner: int, e_partner: int) -> bool:
        """Def 3.3.3: both matched or both unmatched."""
        return (w_partner == 0) == (e_partner == 0)

    def fast_grundy(self, position: Matching) -> int | None:
        """The profile theorem (``grundy.rulesets.matchmaker.nimberizer``, which proves
        Conjectures 5.3.1-5.3.2 of L1202-1222 for this game): the profile's value xor the
        crossing parity, the profiles valued once per process under the budget of the
        search asking (``active_budget``)."""
        from grundy.rulesets.matchmaker.nimberizer import shared_nimberizer
        from grundy.search.budget import active_budget  # grundy.search imports us

        return shared_nimberizer().grundy(position, active_budget())


class SearchedStubbornMatchmaker(StubbornMatchmaker):
    """Stubborn Matchmaker valued by search alone: the slow path that the profile
    evaluator (``StubbornMatchmaker.fast_grundy``) is checked against."""

    fast_grundy = ImpartialRuleset.fast_grundy


# -- the transforms of §5.3 --------------------------------------------------------


def neighbour_pairs(m: Matching, i: int, j: int) -> Matching:
    """M(i, j) (L1210-1216): insert West i, i+1 and East j, j+1 with the uncrossed pairs
    (i, j), (i+1, j+1); candidates at or after i (West) or j (East) move down by 2.
    Defined for 1 ≤ i, j ≤ n + 1."""
    n = len(m)
    if not (1 <= i <= n + 1 and 1 <= j <= n + 1):
        raise GrundyError(f"M({i},{j}) needs 1 ≤ i, j ≤ {n + 1} on a board of {n}")

    def east(e: int) -> int:
        return 0 if e == 0 else e if e < j else e + 2

    new = [east(e) for e in m[:i - 1]] + [j, j + 1] + [east(e) for e in m[i - 1:]]
    return tuple(new)


def un_z(m: Matching, i: int, j: int) -> Matching:
    """M_un-Z(i, j) (L1229-1235, Lemma 5.3.3 L1241): with (a, j-1), (i, j), (i+1, z) in M,
    a < i, j < z, drop West i, i+1 and East j-1, j, and marry a to z (which becomes z - 2)."""
    n = len(m)
    east = east_partners(m)
    if not (2 <= i < n and 2 <= j <= n):
        raise GrundyError(f"un-Z({i},{j}) needs 2 ≤ i < {n} and 2 ≤ j ≤ {n}")
    a, z = east[j - 2], m[i]
    if not (m[i - 1] == j and a and a < i and z > j):
        raise GrundyError(f"un-Z({i},{j}) needs pairs (a,{j - 1}), ({i},{j}), "
                          f"({i + 1},z) with a < {i} and z > {j}")

    def shifted(e: int) -> int:
        return 0 if e == 0 else e if e < j - 1 else e - 2

    rest = [z if w == a else e for w, e in enumerate(m, 1) if w not in (i, i + 1)]
    return tuple(shifted(e) for e in rest)


def shift_west(m: Matching, a: int) -> Matching:
    """M'_west(a) (L1251, Lemma 5.3.4 L1253): with (a, i), (a+1, j) in M, move that West
    pair to the top."""
    n = len(m)
    if not (1 <= a < n and m[a - 1] and m[a]):
        raise GrundyError(f"shift-west({a}) needs West {a} and {a + 1} both matched")
    return (m[a - 1], m[a], *m[:a - 1], *m[a + 1:])


def matching_class(m: Matching) -> tuple[int, int, int]:
    """The class (x, y, z) of L1257: x unmatched candidates per side; y the matched
    West candidates i whose neighbours i-1 and i+1 are both unmatched (so 1 < i < n);
    z the same for East."""

    def loners(side: Matching | list[int]) -> int:
        return sum(1 for k in range(1, len(side) - 1)
                   if side[k] and not side[k - 1] and not side[k + 1])

    return m.count(0), loners(m), loners(east_partners(m))


def solver(ruleset: Matchmaker, budget: Budget | None = None) -> Solver[Matching]:
    """A Solver by search for the analyses below, which check closed forms and so must not
    use the profile evaluator (imported here: grundy.search imports rulesets)."""
    from grundy.search.engine import Solver

    if isinstance(ruleset, StubbornMatchmaker):
        ruleset = SearchedStubbornMatchmaker()
    return Solver(ruleset, budget)


# -- Tables 5.1-5.4 ----------------------------------------------------------------

#: Tables 5.1-5.4 (L1259-1319) as printed: row x (unmatched pairs), columns (min, max)
#: loners; '-' marks a blank (unknown) cell and X an impossible class.
PRINTED_TABLES = {
    "5.1": ("(0,0) (0,1) (1,1) (0,2) (1,2) (2,2) (0,3) (1,3) (2,3) (3,3)", """
1 1 X X X X X X X X X
2 2 2 2 X X X X X X X
3 0 0 0 0 0 0 X X X X
4 1 2 2 2 2 2 2 2 2 2
5 3 4 4 0 0 0 0 0 0 0
6 0 0,1,6 6 0,1,2 2 2 2 2 2 2
7 2 2,3,4 4 2,3,4 4 0 4 4 0 0
8 0 0 0,1,6 0 0,1,6 0,1,2 0,1,6 6 2 2
9 2 2 2,3,4 2 2,3,4 0,2,3,4 2,3,4 4 0,4 0,4
10 0 0 0,1,6 0 0,1,6 0,1,2,6 0 0,1,6 0,1,2,6 2,4,5,6
11 2 2 2,3,4 2 2,3,4 2,3,4,5,8 2 2,3,4 2,3,4,5 4,5
12 0 0 0 0 0 0 0 - - -
13 2 2 2 - - - - - - -
14 0 - - - - - - - - -
"""),
    "5.2": ("(0,4) (1,4) (2,4) (3,4) (4,4) (0,5) (1,5) (2,5) (3,5) (4,5)", """
5 0 0 0 0 0 X X X X X
6 2 2 2 2 2 2 2 2 2 2
7 0 0 0 0 0 0 0 0 0 0
8 0,1,2 2 2 2 2 2 2 2 2 2
9 2,3,4 4 0 0 0 4 4 0 0 0
10 0 0,1,6 0,1,2 2 2 0,1,6 6 6 2 2
11 2 2,3,4 0,2,3,4,8 0,4,8 0 2,3,4 4 0,4 0,4 0
12 0 - - - - 0 - - - 2
"""),
    "5.3": ("(5,5) (0,6) (1,6) (2,6) (3,6) (4,6) (5,6) (6,6) (0,7) (1,7)", """
6 2 X X X X X X X X X
7 0 0 0 0 0 0 0 0 X X
8 2 2 2 2 2 2 2 2 2 2
9 0 0 0 0 0 0 0 0 0 0
10 2 0,1,2 2 2 2 2 2 2 2 2
11 0 2,3,4 2,3,4 0 0 0 0 0 4 4
12 2 0 0,1,6 - - - 2 2 0,1,6 6
"""),
    "5.4": ("(2,7) (3,7) (4,7) (5,7) (6,7) (7,7) (0,8)", """
8 2 2 2 2 2 2 2
9 0 0 0 0 0 0 0
10 2 2 2 2 2 2 2
11 0 0 0 0 0 0 0
12 2,6 2 2 2 2 2 0,1,2
"""),
}

#: A printed cell: a set of values, "X" (no such board) or None (left blank).
PrintedCell = frozenset[int] | str | None


def printed_cells() -> dict[tuple[int, int, int], PrintedCell]:
    """The printed tables as (x, min loners, max loners) -> cell."""
    cells: dict[tuple[int, int, int], PrintedCell] = {}
    for header, body in PRINTED_TABLES.values():
        columns = [tuple(map(int, c.strip("()").split(","))) for c in header.split()]
        for line in body.strip().splitlines():
            row, *entries = line.split()
            for (low, high), entry in zip(columns, entries, strict=True):
                cell: PrintedCell = None if entry == "-" else "X" if entry == "X" else \
                    frozenset(map(int, entry.split(",")))
                cells[int(row), low, high] = cell
    return cells


def cross_free(m: Matching, strict: bool = True) -> bool:
    """"No crosses" in the sense of the tables: no two matched pairs cross, and (when
    ``strict``, the convention that reproduces the printed tables) some unmatched West and
    unmatched East candidate could be paired without crossing a matched pair."""
    if crossings(m):
        return False
    if not strict or all(m):
        return True
    east = east_partners(m)
    return any(not any((w < v) != (e < f) for v, f in pairs(m))
               for w in range(1, len(m) + 1) if not m[w - 1]
               for e in range(1, len(m) + 1) if not east[e - 1])


TABLE_CONVENTIONS = (
    "values are Stubborn Matchmaker nimbers of cross-free boards, collected over every board "
    "size up to {n}; class (x, y, z) = (unmatched pairs, West loners, East loners), a loner "
    "being a matched candidate i with 1 < i < n whose neighbours i-1, i+1 are both unmatched; "
    "cell (x; min(y,z), max(y,z)); 'cross-free' means no two matched pairs cross{strict}"
)


@dataclass
class Tables:
    """Computed cells beside the printed ones."""

    max_n: int
    strict: bool
    #: each class counted only at its fewest candidates a side, x + max(y, z)
    smallest: bool = False
    cells: dict[tuple[int, int, int], set[int]] = field(default_factory=dict)
    #: (cell, value) -> a board of the fewest candidates a side in that cell with that value
    witnesses: dict[tuple[tuple[int, int, int], int], Matching] = field(default_factory=dict)

    def conventions(self) -> str:
        strict = (" and some unmatched West/East pair could be matched without crossing a "
                  "matched pair") if self.strict else ""
        sizes = (" and, for class (x, y, z), only at x + max(y, z) candidates a side (the "
                 "fewest the class allows)") if self.smallest else ""
        return TABLE_CONVENTIONS.format(n=self.max_n, strict=strict) + sizes

    def comparison(self) -> list[tuple[tuple[int, int, int], PrintedCell, set[int]]]:
        """Every printed numbered cell that some board reaches: (cell, printed, computed)."""
        return [(cell, printed, self.cells[cell]) for cell, printed in printed_cells().items()
                if isinstance(printed, frozenset) and cell in self.cells]

    def mismatches(self) -> list[tuple[tuple[int, int, int], PrintedCell, set[int]]]:
        return [row for row in self.comparison() if row[1] != frozenset(row[2])]


def matchmaker_tables(max_n: int, strict: bool = True, budget: Budget | None = None,
                      smallest: bool = False) -> Tables:
    """Regenerate Tables 5.1-5.4 (L1259-1319) by brute force on boards up to ``max_n``
    (``smallest``: each class only at x + max(y, z) candidates a side)."""
    grundy = solver(StubbornMatchmaker(), budget).grundy
    tables = Tables(max_n, strict, smallest)
    for n in range(1, max_n + 1):
        for m in all_matchings(n):
            x, y, z = matching_class(m)
            if cross_free(m, strict) and not (smallest and x + max(y, z) != n):
                cell, value = (x, min(y, z), max(y, z)), grundy(m)
                tables.cells.setdefault(cell, set()).add(value)
                tables.witnesses.setdefault((cell, value), m)
    return tables


# -- Conjectures 5.3.1 and 5.3.2 -------------------------------------------------------


def uncrossing_moves(m: Matching) -> Iterator[Matching]:
    """For each crossed pair (a, b), (x, y) with a < x, y < b: propose (a, y) (L1048)."""
    for (a, b), (_, y) in itertools.combinations(pairs(m), 2):
        if y < b:
            yield propose(m, a, y)


@dataclass
class ConjectureReport:
    """How many cases a checker tried and the ones where the conjecture fails."""

    conjecture: str
    ruleset: str
    max_n: int
    cases: int = 0
    counterexamples: list[tuple[Matching, Matching, int, int]] = field(default_factory=list)

    @property
    def holds(self) -> bool:
        return not self.counterexamples


def check_uncrossing(ruleset: Matchmaker, max_n: int,
                     budget: Budget | None = None) -> ConjectureReport:
    """Conjecture 5.3.1 (L1202): an uncrossing move M -> M' gives G(M') = G(M) xor 1;
    every board and crossed pair up to ``max_n`` per side."""
    grundy = solver(ruleset, budget).grundy
    report = ConjectureReport("5.3.1 uncrossing effect", ruleset.name, max_n)
    for n in range(1, max_n + 1):
        for m in all_matchings(n):
            for after in uncrossing_moves(m):
                report.cases += 1
                before_value, after_value = grundy(m), grundy(after)
                if after_value != before_value ^ 1:
                    report.counterexamples.append((m, after, before_value, after_value))
    return report


def check_neighbour_pairs(ruleset: Matchmaker, max_n: int,
                          budget: Budget | None = None) -> ConjectureReport:
    """Conjecture 5.3.2 (L1222): G(M) = G(M(i, j)); every matching M on 1 ≤ n ≤ max_n - 2
    candidates and 1 ≤ i, j ≤ n + 1, so that M(i, j) has at most ``max_n`` per side."""
    grundy = solver(ruleset, budget).grundy
    report = ConjectureReport("5.3.2 neighbour pairs", ruleset.name, max_n)
    for n in range(1, max_n - 1):
        for m in all_matchings(n):
            for i, j in itertools.product(range(1, n + 2), repeat=2):
                bigger = neighbour_pairs(m, i, j)
                report.cases += 1
                small_value, big_value = grundy(m), grundy(bigger)
                if small_value != big_value:
                    report.counterexamples.append((m, bigger, small_value, big_value))
    return report

