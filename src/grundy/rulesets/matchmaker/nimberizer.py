"""Stubborn Matchmaker by classes: the thesis' Nimberizer, its Verifier and Tables 5.1-5.4.

Burke 2009, §5.3 (seed ``004_d08755248cee49c5.txt`` L1200-1325): the
``StubbornMatchmakerNimberizer`` evaluates a board from its class without looking at
its children, and the ``StubbornMatchmakerNimberizerVerifier`` checks the evaluator class
by class.  The thesis builds its classes on two conjectures (5.3.1 Uncrossing Effect,
L1202; 5.3.2 Neighbor Pairs, L1222) and the lemmas they imply (5.3.3 un-Z, L1241; 5.3.4
Shifting, L1253).  For Stubborn Matchmaker both conjectures are theorems, and one step
further gives an exact evaluator [ours; proved here, checked against search by the
tests]:

**Profile theorem.**  Call the *profile* of a board the pair of bit strings P (West) and
Q (East): one bit per unmatched candidate, in rank order, the parity of the matched
candidates of its side ranked above it.  Then

    G(M) = V(P, Q) xor (crossed pairs of M mod 2),

where V(P, Q) = mex over unmatched i (West) and j (East) of
V(P - i, Q - j) xor P_i xor Q_j, and P - i drops bit i and flips the bits after it
(those candidates now have one more matched candidate above them).

*Proof*, by induction over the game (every line of play ends).  A Stubborn move is one
of two kinds.  It may re-pair two crossed pairs (w, e'), (w', e) into (w, e), (w', e'),
an uncrossing move (legal for every crossed pair): the profile stays, and the East partners read in
West order undergo a transposition, which changes the parity of their inversions, the
crossed pairs.  Or it pairs an unmatched w with an unmatched e: the profile becomes
(P - i, Q - j), and (w, e) crosses the matched (v, f) with v < w, f > e or v > w, f < e,
(a - c) + (b - c) of them, with a (b) the matched candidates above w (e) and c the
pairs above both: a + b ≡ P_i + Q_j (mod 2).  So with S the set
{V(P - i, Q - j) xor P_i xor Q_j} and p the crossing parity of M, the options of M are
worth S xor p, and also V xor p xor 1 when M has a crossed pair (always when p = 1), by
induction, with V = mex S.  For p = 0, mex(S ∪ {V xor 1}) = V.  For p = 1, the options
are S xor 1 and V: V xor 1 is missing (V is not in S), and every u < V xor 1 is there
(u = V, or u xor 1 < V is in S).  So G(M) = V xor p.  ∎

So Conjecture 5.3.1 holds (an uncrossing move flips the parity), Conjecture 5.3.2 holds
(M(i, j) inserts matched candidates in adjacent pairs on both sides, which changes no
profile bit, and each old pair crosses both new pairs or neither), and with them un-Z and
Shifting (Burke's proofs, L1243-1255).  The thesis' class (x, y, z) (L1257) is coarser
than the profile: its tables list several values per class, the profile fixes one.

The profile takes ``4^x`` values for x unmatched a side and fewer on small boards (a bit
string with c changes needs c matched candidates), so every Stubborn board of 14 a side
is valued from some 150,000 profiles: ``Nimberizer`` memoises V, and the sets
{V(P - i, Q - j) xor Q_j : j} shared by the rows i, in O(x) each.  The native kernel
(``native/src/matchmaker.rs``, ``native_profiles``) values every profile of the boards of
up to n a side level by level in dense tables (127 million at n = 20, in seconds), which
``class_tables`` reads for Tables 5.1-5.4 up to 20 a side; ``Nimberizer`` stays the
evaluator of single boards and the oracle the kernel is tested against.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grundy import _native
from grundy.rulesets.matchmaker.rules import (
    Matching,
    StubbornMatchmaker,
    Tables,
    crossings,
    east_partners,
    from_pairs,
)
from grundy.values.nimber import mex

if TYPE_CHECKING:
    from grundy.search.budget import Budget

#: A board's profile: x unmatched candidates a side, then the West and the East bits
#: (bit k: the parity of the matched candidates above the k-th unmatched one, from the top).
Profile = tuple[int, int, int]

#: Bits 0, 2, 4, ...: swaps a set of values v (bit v) with the set of the v xor 1.
_EVEN = int("01" * 32, 2)


def side_bits(side: Matching | list[int]) -> tuple[int, int]:
    """One side's unmatched candidates and their profile bits."""
    bits = unmatched = matched = 0
    for partner in side:
        if partner:
            matched += 1
        else:
            bits |= (matched & 1) << unmatched
            unmatched += 1
    return unmatched, bits


def profile(m: Matching) -> Profile:
    """The profile (x, P, Q) of a board (module docstring)."""
    x, west = side_bits(m)
    _, east = side_bits(east_partners(m))
    return x, west, east


def drop(bits: int, i: int, x: int) -> int:
    """The profile bits of x unmatched candidates after the i-th is matched: bit i goes,
    the bits after it flip."""
    after = bits >> (i + 1)
    return (bits & ((1 << i) - 1)) | ((after ^ ((1 << (x - i - 1)) - 1)) << i)


class Nimberizer:
    """The profile values V (module docstring), memoised across calls.

    ``grundy(m)`` values any Stubborn board; ``value(p)`` a profile.  Each profile first
    met ticks ``budget`` (a ``grundy.search.Budget``), so a caller can bound the work; a
    stopped evaluation leaves only finished values behind."""

    def __init__(self) -> None:
        #: profile key (``_key``) -> V; a profile is stored with its three symmetric
        #: images (West and East swapped, every bit flipped: the same game)
        self.values: dict[int, int] = {}
        #: (x, West bits after a move, East bits) -> the set {V(.., Q - j) xor Q_j : j}
        self._rows: dict[tuple[int, int, int], int] = {}
        self._drops: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def __len__(self) -> int:
        """Profiles valued (each with its symmetric images)."""
        return len(self.values)

    def grundy(self, m: Matching, budget: Budget | None = None) -> int:
        """A board's nimber: its profile's value xor its crossing parity."""
        return self.value(profile(m), budget) ^ (crossings(m) & 1)

    def value(self, p: Profile, budget: Budget | None = None) -> int:
        """V of a profile (x, P, Q)."""
        if budget is not None:
            budget.start()
        return self._value(*p, budget)

    def _value(self, x: int, west: int, east: int, budget: Budget | None) -> int:
        known = self.values.get(_key(x, west, east))
        if known is not None:
            return known
        if budget is not None:
            budget.tick(len(self.values))
        seen = 0
        for after, bit in self._moves(x, west):
            row = self._row(x, after, east, budget)
            seen |= ((row & _EVEN) << 1) | ((row >> 1) & _EVEN) if bit else row
        value = (~seen & (seen + 1)).bit_length() - 1
        full = (1 << x) - 1
        for a, b in ((west, east), (east, west), (west ^ full, east ^ full),
                     (east ^ full, west ^ full)):
            self.values[_key(x, a, b)] = value
        return value

    def _row(self, x: int, west: int, east: int, budget: Budget | None) -> int:
        """The set (bit v for value v) of V(west, Q - j) xor Q_j over j, for the West bits
        ``west`` left by some move of x unmatched candidates."""
        known = self._rows.get((x, west, east))
        if known is not None:
            return known
        row, values, shift = 0, self.values, x - 1
        for after, bit in self._moves(x, east):
            value = values.get(((west << shift | after) << 8) | shift)  # _key, inlined
            if value is None:
                value = self._value(shift, west, after, budget)
            row |= 1 << (value ^ bit)
        self._rows[x, west, east] = row
        return row

    def _moves(self, x: int, bits: int) -> list[tuple[int, int]]:
        """(``drop(bits, i, x)``, bit i) for each unmatched candidate i of one side."""
        known = self._drops.get((x, bits))
        if known is None:
            known = self._drops[x, bits] = [(drop(bits, i, x), bits >> i & 1) for i in range(x)]
        return known


#: Profiles (with their images) the shared evaluator keeps before it starts afresh: more
#: than the empty board of 14 a side needs (609,627), about 100 MB.
SHARED_LIMIT = 1_000_000
_shared: list[Nimberizer] = []


def shared_nimberizer() -> Nimberizer:
    """The process's evaluator for ``StubbornMatchmaker.fast_grundy``: values found stay
    for the next board, up to ``SHARED_LIMIT`` profiles."""
    if not _shared or len(_shared[0]) > SHARED_LIMIT:
        _shared[:] = [Nimberizer()]
    return _shared[0]


def _key(x: int, west: int, east: int) -> int:
    return ((west << x | east) << 8) | x


# -- class patterns and the Verifier ------------------------------------------------------

#: A class pattern: board size, matched West candidates, matched East candidates (bit
#: r - 1 set when rank r is matched).  Every board of a pattern has the same profile.
Pattern = tuple[int, int, int]


def pattern(m: Matching) -> Pattern:
    """The class pattern of a board."""
    west = sum(1 << w for w, e in enumerate(m) if e)
    east = sum(1 << (e - 1) for e in m if e)
    return len(m), west, east


def ranks(mask: int, n: int) -> list[int]:
    return [r + 1 for r in range(n) if mask >> r & 1]


def representative(p: Pattern) -> Matching:
    """The cross-free board of a pattern: matched candidates paired in rank order."""
    n, west, east = p
    return from_pairs(n, list(zip(ranks(west, n), ranks(east, n), strict=True)))


def members(p: Pattern) -> Iterator[Matching]:
    """Every board of a pattern: every pairing of its matched candidates."""
    n, west, east = p
    wests = ranks(west, n)
    for easts in itertools.permutations(ranks(east, n)):
        yield from_pairs(n, list(zip(wests, easts, strict=True)))


@dataclass
class Verification:
    """What the Verifier covered: the classes verified, the boards checked, and the first
    class it found evaluated wrongly (None when every class reached checks out)."""

    verified: list[Pattern] = field(default_factory=list)
    boards: int = 0
    failure: tuple[Matching, int, int] | None = None

    @property
    def holds(self) -> bool:
        return self.failure is None


def verify(nimberizer: Nimberizer, start: Matching, budget: Budget | None = None) -> \
        Verification:
    """The Verifier (L1325): check the class of ``start`` and, recursively, the classes of
    their children.  A class checks out when every board in it is given the mex of the
    values given to its children (the recursion a brute-force search would run, one
    level deep).  When every class reached checks out, the evaluator is right on every
    board reachable from ``start`` (induction over the game); on failure, ``failure`` is
    (board, claimed value, mex of its children's claimed values)."""
    rules = StubbornMatchmaker()
    report = Verification()
    if budget is not None:
        budget.start()
    seen = {pattern(start)}
    todo = [pattern(start)]
    while todo:
        p = todo.pop()
        for board in members(p):
            report.boards += 1
            if budget is not None:
                budget.tick(report.boards)
            claimed = nimberizer.grundy(board)
            kids = [child for _, child in rules.moves(board)]
            actual = mex({nimberizer.grundy(child) for child in kids})
            if claimed != actual:
                report.failure = (board, claimed, actual)
                return report
            for child in kids:
                q = pattern(child)
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        report.verified.append(p)
    return report


# -- Tables 5.1-5.4 ------------------------------------------------------------------------


@dataclass
class _Side:
    """The strings of one side (matched or not, by rank) that share loners and profile
    bits: ``reach`` has bit a set when some unmatched candidate has a matched ones above
    (the strict convention pairs two unmatched candidates without crossing iff their a
    agree), ``first`` the first such string in rank order."""

    reach: int
    first: tuple[int, ...]
    strings: list[tuple[tuple[int, ...], int]] = field(default_factory=list)


def _sides(n: int, x: int) -> dict[tuple[int, int], _Side]:
    """The strings of n candidates with x unmatched, grouped by (loners, profile bits)."""
    groups: dict[tuple[int, int], _Side] = {}
    for free in itertools.combinations(range(n), x):
        string = [1] * n
        for k in free:
            string[k] = 0
        loners = sum(1 for k in range(1, n - 1)
                     if string[k] and not string[k - 1] and not string[k + 1])
        _, bits = side_bits(string)
        reach = 0
        matched = 0
        for s in string:
            matched += s
            if not s:
                reach |= 1 << matched
        group = groups.setdefault((loners, bits), _Side(0, tuple(string)))
        group.reach |= reach
        group.strings.append((tuple(string), reach))
    return groups


def _board(west: tuple[int, ...], east: tuple[int, ...]) -> Matching:
    """The cross-free board with these matched candidates (rank order pairing)."""
    n = len(west)
    return from_pairs(n, list(zip(ranks(_mask(west), n), ranks(_mask(east), n),
                                  strict=True)))


def _mask(string: tuple[int, ...]) -> int:
    return sum(1 << k for k, s in enumerate(string) if s)


def class_tables(max_n: int, strict: bool = True, budget: Budget | None = None,
                 smallest: bool = False, native: bool = True) -> Tables:
    """Tables 5.1-5.4 (L1259-1319) from the profile values: every cross-free board up to
    ``max_n`` a side, with a board of the fewest candidates met for each value of each
    cell (same conventions as the brute-force ``matchmaker_tables``).  With ``smallest``,
    a class (x, y, z) counts only its boards of x + max(y, z) candidates a side, the
    fewest it allows (the reading under which the printed cells hold: docs/errata.md).
    Boards are grouped per side by loners and profile bits, so the work is the profiles
    and pairs of groups, not the C(2n, n) boards.  The native kernel
    (``native_class_tables``, up to ``MATCHMAKER_MAX_SIDE``) values every profile of the
    boards up to ``max_n`` level by level; with ``native=False`` (or past that size)
    the profiles are valued on demand by ``Nimberizer``, the same cells and witnesses."""
    if native and max_n <= _native.MATCHMAKER_MAX_SIDE:
        return native_class_tables(max_n, strict, budget, smallest)
    values = Nimberizer()
    tables = Tables(max_n, strict, smallest)
    for n in range(1, max_n + 1):
        for x in range(n + 1):
            groups = list(_sides(n, x).items())
            for (y, west), g in groups:
                for (z, east), h in groups:
                    if smallest and max(y, z) != n - x:
                        continue
                    if strict and x and not g.reach & h.reach:
                        continue  # every unmatched pair would cross a matched pair
                    value = values.value((x, west, east), budget)
                    cell = (x, min(y, z), max(y, z))
                    found = tables.cells.setdefault(cell, set())
                    if value not in found:
                        found.add(value)
                        tables.witnesses[cell, value] = _witness(g, h, strict and x > 0)
    return tables


def _witness(g: _Side, h: _Side, strict: bool) -> Matching:
    """The first board of two groups that counts under the convention."""
    for (west, a), (east, b) in itertools.product(g.strings, h.strings):
        if not strict or a & b:
            return _board(west, east)
    raise AssertionError("groups were paired only when some strings meet")


#: The process's native profile table (``native_profiles``): the largest built so far.
_native_shared: list[_native.MatchmakerProfiles] = []


def native_profiles(max_n: int, budget: Budget | None = None) -> _native.MatchmakerProfiles:
    """Every profile value of the boards of up to ``max_n`` a side from the native kernel
    (``native/src/matchmaker.rs``: dense tables level by level, each profile a position of
    ``budget``), kept for later calls of the same size or less."""
    if _native_shared and _native_shared[0].max_n >= max_n:
        return _native_shared[0]
    _native_shared.clear()  # free the smaller table before building the larger one
    nodes, seconds = (None, None) if budget is None else budget.remaining()
    profiles, used = _native.matchmaker_profiles(max_n, nodes, seconds)
    if budget is not None:
        budget.charge(used, profiles is not None, 0 if profiles is None else len(profiles))
    assert profiles is not None, "only a budget stops the kernel"
    _native_shared.append(profiles)
    return profiles


def native_class_tables(max_n: int, strict: bool = True, budget: Budget | None = None,
                        smallest: bool = False) -> Tables:
    """``class_tables`` by the native kernel: the same cells, with the same witnesses (the
    kernel meets boards in the same order); each pair of side groups is a position of
    ``budget``."""
    profiles = native_profiles(max_n, budget)
    nodes, seconds = (None, None) if budget is None else budget.remaining()
    found, used = profiles.class_tables(max_n, strict, smallest, nodes, seconds)
    if budget is not None:
        budget.charge(used, found is not None, len(profiles))
    assert found is not None, "only a budget stops the kernel"
    tables = Tables(max_n, strict, smallest)
    for cell, value, witness in found:
        tables.cells.setdefault(cell, set()).add(value)
        tables.witnesses[cell, value] = tuple(witness)
    return tables
