"""Misère quotients of heap games (Plambeck & Siegel 2008), built one heap at a time.

The problem.  A heap game (octal, hexadecimal, take-and-break) has positions that are
multisets of heaps.  Two positions G, H are *indistinguishable* when G + X and H + X
have the same misère outcome for every position X of the game; the classes form a
commutative monoid Q, the *misère quotient*, with the P-portion P ⊂ Q of classes of
misère P-positions (Plambeck & Siegel 2008, §2-3; Siegel 2013, Ch. V §3).  The outcome
of any sum is then read off Q: multiply the classes of its heaps and ask whether the
product lies in P.  ``misere_quotient(options, n)`` computes Q for the heaps 1..n.

The method (after Plambeck & Siegel 2008, §6, the method of their program MisereSolver):
the quotient Q(n−1) of the heaps below n is known; heap n is tried first as an element x
of Q(n−1) (the quotient does not grow), then as a new generator g with a relation
g^(k+p) = g^k, the candidate monoid being Q(n−1) × ⟨g⟩.  A candidate (a commutative
monoid C, a subset P of C, an element for each heap) is accepted only when it *predicts
every outcome*, which is a finite check: a position Y has the state (φ(Y), D(Y), t(Y))
where φ(Y) ∈ C is the product of its heaps' elements, D(Y) = {z ∈ C : φ(Y')·z ∈ P for
some option Y' of Y} and t(Y) says whether Y has any move; adding a heap h to Y moves the
state by

    φ ↦ φ·φ(h),   D ↦ {z : φ(h)·z ∈ D} ∪ {z : φ·o·z ∈ P for an option o of heap h},

so the states reachable from the empty position form a finite graph, and the candidate
is right exactly when every reachable state has φ ∈ P ⟺ (t and 1 ∉ D): by induction on
positions, φ(Y) ∈ P then holds exactly for the misère P-positions (a position without
moves is an N-position in misère play).  An accepted candidate is then reduced to the
quotient itself, classes that no position tells apart being merged (Moore's partition
refinement on C, with the heaps as letters), so the answer is exact, never a guess.

Adding a heap may split classes of the smaller heaps' quotient (in Kayles, heaps 5 + 5
and the empty position are alike until heap 9 comes).  When no candidate passes, the
step retries on finer monoids for the smaller heaps: the monoid of the states (φ, D, t)
themselves (``_state_monoid``), which keeps apart positions whose options differ (it
recovers every step of Kayles to heap 100), then the quotient with the exponent of one
generator counted up to a cap (``_counted``; in Dawson's chess heap 3 is *2, and
3 + 3 + 3 is like 3 until heap 9 comes).  A step that still finds no candidate raises
QuotientNotFound naming the heap: it is reported, never papered over.

Running time: each candidate check visits each reachable state once per distinct heap
(distinct in its element and its options' elements), with set operations on |C|-bit
masks; the states are at most |C|·2^|C| but in practice a few thousand.

The quotient is printed by a presentation: generators a, b, c, ... are the heaps whose
element is no product of earlier ones; every element is named by its least word in
degree-lexicographic order, and the relations are the least words that are not names,
each set equal to the name of its element (a complete rewriting system).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from grundy.protocol import GrundyError
from grundy.search.engine import Engine

__all__ = ["MisereQuotient", "QuotientNotFound", "misere_quotient"]

#: The longest power relation g^(k+p) = g^k tried for a new generator: k + p ≤ this.
MAX_POWER = 10
#: The caps on the copies of one generating heap that ``_counted`` keeps apart.
COUNTS = (4, 6)
#: The node budget of a native check's first try (``_Judge.accepts``).
FIRST_NODE_CAP = 1 << 16

Options = Callable[[int], Iterable[Sequence[int]]]


class QuotientNotFound(GrundyError):
    """No candidate extends the quotient to the next heap (see the module docstring)."""


@dataclass(frozen=True)
class MisereQuotient:
    """A misère quotient: elements 0..order−1 (0 the identity), their products, the
    P-portion, and the element of each heap (``heaps[h]`` for heap h; ``heaps[0]`` = 0)."""

    table: tuple[tuple[int, ...], ...]
    p_portion: frozenset[int]
    heaps: tuple[int, ...]
    names: tuple[str, ...] = field(default=(), compare=False)
    generators: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    relations: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    #: each element's name as the exponents of the generators
    words: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    @property
    def order(self) -> int:
        return len(self.table)

    def element(self, heaps: Iterable[int]) -> int:
        """The element of a position (a multiset of heaps of size at most ``len(heaps)−1``)."""
        x = 0
        for h in heaps:
            if not 0 <= h < len(self.heaps):
                raise GrundyError(f"heap {h} is outside this quotient (heaps 0 to "
                                  f"{len(self.heaps) - 1}): compute it --to a larger heap")
            x = self.table[x][self.heaps[h]]
        return x

    def is_p(self, heaps: Iterable[int]) -> bool:
        """The misère outcome of a sum of heaps: True for a P-position."""
        return self.element(heaps) in self.p_portion

    def name(self, x: int) -> str:
        return self.names[x]

    def to_json(self) -> dict[str, object]:
        return {
            "order": self.order,
            "generators": [{"name": g, "heap": h} for g, h in self.generators],
            "relations": [f"{a} = {b}" for a, b in self.relations],
            "elements": list(self.names),
            "p_portion": [self.names[x] for x in sorted(self.p_portion)],
            "heaps": {str(h): self.names[x] for h, x in enumerate(self.heaps) if h},
            "table": [list(row) for row in self.table],
        }


# -- the finite check --------------------------------------------------------------


def _predicts(table: Sequence[Sequence[int]], p_mask: int,
              letters: Sequence[tuple[int, tuple[int, ...]]],
              check: Callable[[], None] | None) -> bool:
    """Whether the candidate predicts every misère outcome (the state graph of the
    module docstring); ``letters`` are the distinct (heap element, option elements).
    D ↦ {z : a·z ∈ D} runs a byte of D at a time through tables."""
    size = len(table)
    p_inverse = [sum(1 << z for z, y in enumerate(row) if p_mask >> y & 1) for row in table]
    chunks = range(0, size, 8)
    shifts = []
    for a, _ in letters:
        pre = [0] * size
        for z, y in enumerate(table[a]):
            pre[y] |= 1 << z
        pre += [0] * 8
        shifts.append([_byte_table(pre[c:c + 8]) for c in chunks])
    option_masks: dict[int, list[int]] = {}
    start = (0, 0, False)
    seen = {start}
    queue = [start]
    for count, (phi, d, moves) in enumerate(queue):
        if (p_mask >> phi & 1) != (moves and not d & 1):
            return False
        if check is not None and count % 1024 == 1023:
            check()
        row = table[phi]
        masks = option_masks.get(phi)
        if masks is None:
            masks = option_masks[phi] = [_union(p_inverse[row[o]] for o in opts)
                                         for _, opts in letters]
        pieces = [(d >> c) & 255 for c in chunks]
        for (a, opts), shift, mask in zip(letters, shifts, masks, strict=True):
            shifted = mask
            for piece, table_of in zip(pieces, shift, strict=True):
                if piece:
                    shifted |= table_of[piece]
            state = (row[a], shifted, moves or bool(opts))
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return True


def _byte_table(masks: Sequence[int]) -> list[int]:
    """The union of masks[i] over the bits i of each byte 0..255."""
    table = [0] * 256
    for byte in range(1, 256):
        low = byte & -byte
        table[byte] = table[byte ^ low] | masks[low.bit_length() - 1]
    return table


def _union(masks: Iterable[int]) -> int:
    result = 0
    for mask in masks:
        result |= mask
    return result


def _reduce(table: Sequence[Sequence[int]], p_set: frozenset[int],
            heaps: Sequence[int]) -> tuple[list[list[int]], frozenset[int], list[int]]:
    """The quotient of the submonoid the heaps generate by the classes no context tells
    apart (Moore's refinement; letters: the heaps' elements)."""
    letters = sorted(set(heaps[1:]))
    reach = [0]
    index = {0: 0}
    for x in reach:
        for g in letters:
            y = table[x][g]
            if y not in index:
                index[y] = len(reach)
                reach.append(y)
    block = {x: int(x in p_set) for x in reach}
    count = len(set(block.values()))
    while True:
        signatures: dict[tuple[int, ...], int] = {}
        new = {}
        for x in reach:
            key = (block[x], *(block[table[x][g]] for g in letters))
            new[x] = signatures.setdefault(key, len(signatures))
        block = new
        if len(signatures) == count:
            break
        count = len(signatures)
    # renumber: the identity's class first, then in order of discovery
    order: dict[int, int] = {}
    for x in reach:
        order.setdefault(block[x], len(order))
    rep: dict[int, int] = {}
    for x in reach:
        rep.setdefault(order[block[x]], x)
    new_table = [[order[block[table[rep[i]][rep[j]]]] for j in range(len(order))]
                 for i in range(len(order))]
    new_p = frozenset(order[block[x]] for x in reach if x in p_set)
    return new_table, new_p, [order[block[h]] for h in heaps]


def _letters(table: Sequence[Sequence[int]], heaps: Sequence[int],
             heap_options: Sequence[list[tuple[int, ...]]]) -> list[tuple[int, tuple[int, ...]]]:
    """The distinct (element, option elements) of heaps 1..n."""
    found = set()
    for h in range(1, len(heaps)):
        elements = set()
        for option in heap_options[h]:
            x = 0
            for part in option:
                x = table[x][heaps[part]]
            elements.add(x)
        found.add((heaps[h], tuple(sorted(elements))))
    return sorted(found)


def _with_generator(table: Sequence[Sequence[int]], index: int,
                    period: int) -> list[list[int]]:
    """Q × ⟨g | g^(index+period) = g^index⟩: element (y, k) is k·|Q| + y."""
    size = len(table)
    length = index + period

    def power(k: int) -> int:
        return k if k < length else index + (k - index) % period

    return [[table[y1][y2] + power(k1 + k2) * size
             for k2 in range(length) for y2 in range(size)]
            for k1 in range(length) for y1 in range(size)]


def misere_quotient(options: Options, n: int, check: Callable[[], None] | None = None,
                    engine: Engine = "auto") -> MisereQuotient:
    """The misère quotient of the heap game whose heap h has the options ``options(h)``
    (each a sequence of smaller heaps), for the heaps 1..n; ``check`` is called now and
    then (it may raise to stop).  QuotientNotFound when a step finds no candidate.
    ``engine``: candidates are checked by the native kernel (``auto``, ``native``:
    ``grundy._native.misere_predicts``) or by ``_predicts`` in Python (``python``), the
    oracle the kernel is tested against; both give the same quotient."""
    heap_options: list[list[tuple[int, ...]]] = [[]]
    for h in range(1, n + 1):
        listed = []
        for option in options(h):
            parts = tuple(x for x in option if x)
            if any(x >= h for x in parts):
                raise GrundyError(f"heap {h} has an option {parts} with a heap of size {h} "
                                  "or more: the quotient needs options of smaller heaps")
            listed.append(parts)
        heap_options.append(listed)
    table: list[list[int]] = [[0]]
    p_set: frozenset[int] = frozenset()
    heaps: list[int] = [0]
    judge = _Judge(check, engine)
    for h in range(1, n + 1):
        try:
            table, p_set, heaps = _extend(table, p_set, heaps, heap_options[:h + 1], judge)
        except QuotientNotFound:
            table, p_set, heaps = _extend_finer(table, p_set, heaps, heap_options[:h + 1], judge)
    return _present(table, p_set, heaps)


@dataclass
class _Judge:
    """Checks candidates (``accepts``) with the native kernel or ``_predicts``, and runs
    the caller's ``check`` between them (and within a long native check)."""

    check: Callable[[], None] | None
    engine: Engine

    def accepts(self, table: Sequence[Sequence[int]], p_set: frozenset[int],
                letters: Sequence[tuple[int, tuple[int, ...]]],
                generator: tuple[int, int] | None = None) -> bool:
        """Whether the candidate (``table``, times ⟨g⟩ with ``generator`` = (index,
        period) when given: ``_with_generator``) predicts every outcome."""
        if self.engine == "python":
            full = table if generator is None else _with_generator(table, *generator)
            return _predicts(full, sum(1 << x for x in p_set), letters, self.check)
        from grundy import _native

        flat = [y for row in table for y in row]
        listed = [(a, list(opts)) for a, opts in letters]
        # a node budget growing fourfold, ``check`` between the tries: the caller's time
        # budget is kept within one try, for at most a third more work
        cap = FIRST_NODE_CAP
        while True:
            found, _ = _native.misere_predicts(flat, len(table), sorted(p_set), listed,
                                               generator, cap)
            if self.check is not None:
                self.check()
            if found is not None:
                return found
            cap *= 4


def _extend_finer(table: list[list[int]], p_set: frozenset[int], heaps: list[int],
                  heap_options: Sequence[list[tuple[int, ...]]], judge: _Judge
                  ) -> tuple[list[list[int]], frozenset[int], list[int]]:
    """``_extend`` on finer monoids for the smaller heaps, when their quotient splits:
    the monoid of states (``_state_monoid``), then the quotient with the copies of one
    generating heap counted up to a cap (``_counted``)."""
    h = len(heaps)
    finer = [functools.partial(_state_monoid, table, p_set, heaps, heap_options[:h])]
    count = len({x for x in heaps if x} - {0})
    letters = range(len(_present(table, p_set, heaps).generators)) if count else range(0)
    finer += [functools.partial(_counted, table, p_set, heaps, letter, cap)
              for cap in COUNTS for letter in letters]
    for base in finer:
        try:
            return _extend(*base(), heap_options, judge)
        except QuotientNotFound:
            pass
    raise QuotientNotFound(
        f"no quotient found for heap {h}: heap {h} is no element of the quotient of the "
        f"smaller heaps, and no new generator with a relation g^(k+p) = g^k, k + p <= "
        f"{MAX_POWER}, predicts every outcome, on that quotient or on the finer monoids "
        "tried (its relations split deeper)")


def _counted(table: Sequence[Sequence[int]], p_set: frozenset[int], heaps: Sequence[int],
             letter: int, cap: int) -> tuple[list[list[int]], frozenset[int], list[int]]:
    """A finer monoid for the same heaps: pairs (element, the exponent of one generator
    in the names of the heaps' elements, summed and capped at ``cap``)."""
    words = _present(list(map(list, table)), p_set, list(heaps)).words
    size = len(table)
    length = cap + 1
    new_table = [[table[y1][y2] + min(c1 + c2, cap) * size
                  for c2 in range(length) for y2 in range(size)]
                 for c1 in range(length) for y1 in range(size)]
    new_p = frozenset(y + c * size for y in p_set for c in range(length))
    return new_table, new_p, [x + min(words[x][letter], cap) * size for x in heaps]


def _state_monoid(table: Sequence[Sequence[int]], p_set: frozenset[int], heaps: Sequence[int],
                  heap_options: Sequence[list[tuple[int, ...]]]
                  ) -> tuple[list[list[int]], frozenset[int], list[int]]:
    """A finer monoid for the same heaps: the states (φ, D, t) of the module docstring,
    multiplied by (φ1·φ2, {z : φ2·z ∈ D1} ∪ {z : φ1·z ∈ D2}, t1 or t2); it tells apart
    positions of one element whose options differ (so a heap added later may split
    them)."""
    size = len(table)
    pre = [[0] * size for _ in range(size)]
    for x in range(size):
        for z in range(size):
            pre[x][table[x][z]] |= 1 << z
    p_inverse = [sum(1 << z for z in range(size) if table[x][z] in p_set) for x in range(size)]

    def shift(x: int, d: int) -> int:
        result = 0
        while d:
            low = d & -d
            result |= pre[x][low.bit_length() - 1]
            d ^= low
        return result

    def times(s: tuple[int, int, bool], t: tuple[int, int, bool]) -> tuple[int, int, bool]:
        return (table[s[0]][t[0]], shift(t[0], s[1]) | shift(s[0], t[1]), s[2] or t[2])

    letters = [(heaps[h], sum(1 << z for z in {0} for _ in [0]) * 0
                | _mask(p_inverse, [_element(table, heaps, o) for o in heap_options[h]]),
                bool(heap_options[h])) for h in range(len(heaps))]
    letters[0] = (0, 0, False)
    states = [(0, 0, False)]
    index = {states[0]: 0}
    for s in states:
        for letter in letters[1:]:
            t = times(s, letter)
            if t not in index:
                index[t] = len(states)
                states.append(t)
    new_table = [[index[times(s, t)] for t in states] for s in states]
    new_p = frozenset(i for i, s in enumerate(states) if s[0] in p_set)
    return new_table, new_p, [index[letter] for letter in letters]


def _mask(p_inverse: Sequence[int], elements: Iterable[int]) -> int:
    mask = 0
    for x in elements:
        mask |= p_inverse[x]
    return mask


def _extend(table: list[list[int]], p_set: frozenset[int], heaps: list[int],
            heap_options: Sequence[list[tuple[int, ...]]],
            judge: _Judge) -> tuple[list[list[int]], frozenset[int], list[int]]:
    """The quotient for one heap more (see the module docstring).  Candidates are
    screened by the outcomes of k·G + W for the least position W of each element and
    k ≤ ``MAX_POWER`` (``_levels``), which a right candidate must reproduce; only those
    that pass are checked in full (``_Judge.accepts``)."""
    h = len(heaps)
    size = len(table)
    levels = _levels(table, p_set, heaps, heap_options, 1, judge.check)
    for x in range(size):
        if all(levels[1][y] in (None, table[x][y] in p_set) for y in range(size)):
            trial = [*heaps, x]
            if judge.accepts(table, p_set, _letters(table, trial, heap_options[:h + 1])):
                return table, p_set, trial
    # no element of Q: the deeper levels, for a new generator
    levels = _levels(table, p_set, heaps, heap_options, MAX_POWER, judge.check)
    for total in range(2, MAX_POWER + 1):
        for period in range(1, total + 1):
            index = total - period
            if any(levels[k] != levels[k + period] for k in range(index, MAX_POWER + 1 - period)):
                continue
            trial = [*heaps, size]
            big_p = frozenset(y + k * size for k in range(total) for y in range(size)
                              if levels[k][y])
            # the options of heap h are sums of smaller heaps: their elements lie in Q
            if judge.accepts(table, big_p, _letters(table, trial, heap_options[:h + 1]),
                             (index, period)):
                return _reduce(_with_generator(table, index, period), big_p, trial)
    raise QuotientNotFound(
        f"no candidate quotient for heap {h}: heap {h} is no element of the quotient of "
        f"the smaller heaps, and no new generator with a relation g^(k+p) = g^k, "
        f"k + p <= {MAX_POWER}, predicts every outcome")


def _levels(table: Sequence[Sequence[int]], p_set: frozenset[int], heaps: Sequence[int],
            heap_options: Sequence[list[tuple[int, ...]]], most: int,
            check: Callable[[], None] | None) -> list[list[bool | None]]:
    """For k = 0..most and each element y of the quotient of the smaller heaps: whether
    k·G + W is a misère P-position, G the new heap and W the least position of y (the
    P-portion of a candidate Q × ⟨g⟩ holds (y, k) exactly then); None for an element no
    position reaches.  The outcome
    of k·G + W follows by the misère rule from its options (k−1)·G + O + W, read at
    level k − 1, and k·G + W' for the options W' of W, found by search (or read at
    level k once known).  Should the candidate be wrong, the check of ``_predicts``
    rejects it, so these values need only be right for a right candidate."""
    size = len(table)
    g = len(heaps)
    least: dict[int, tuple[int, ...]] = {0: ()}
    frontier = [0]
    for x in frontier:
        for h in range(1, g):
            y = table[x][heaps[h]]
            if y not in least:
                least[y] = tuple(sorted((*least[x], h)))
                frontier.append(y)
    known: dict[int, bool] = {y: y in p_set for y in range(size)}
    memo: dict[tuple[int, tuple[int, ...]], bool] = {}
    option_elements = [_element(table, heaps, o) for o in heap_options[g]]

    def outcome(k: int, position: tuple[int, ...]) -> bool:
        y = _element(table, heaps, position)
        if y + k * size in known:
            return known[y + k * size]
        key = (k, position)
        found = memo.get(key)
        if found is None:
            if check is not None and len(memo) % 4096 == 4095:
                check()
            found = bool(option_elements) or any(heap_options[h] for h in position)
            if found:
                found = not any(known[table[y][o] + (k - 1) * size] for o in option_elements)
            if found:
                for i, h in enumerate(position):
                    rest = position[:i] + position[i + 1:]
                    if any(outcome(k, tuple(sorted(rest + o))) for o in heap_options[h]):
                        found = False
                        break
            memo[key] = found
        return found

    for k in range(1, most + 1):
        for y in least:
            known[y + k * size] = outcome(k, least[y])
    return [[known[y + k * size] if y in least else None for y in range(size)]
            for k in range(most + 1)]


def _element(table: Sequence[Sequence[int]], heaps: Sequence[int], parts: Iterable[int]) -> int:
    x = 0
    for part in parts:
        x = table[x][heaps[part]]
    return x


# -- the presentation ---------------------------------------------------------------


def _word(exponents: tuple[int, ...], letters: Sequence[str]) -> str:
    parts = [letter if e == 1 else f"{letter}^{e}"
             for letter, e in zip(letters, exponents, strict=True) if e]
    return "".join(parts) if all(len(x) == 1 for x in letters) else "·".join(parts)


def _present(table: list[list[int]], p_set: frozenset[int], heaps: list[int]) -> MisereQuotient:
    """Generators, names of the elements (least words, degree-lexicographic) and the
    relations (the least words that are not names)."""
    gens: list[tuple[int, int]] = []  # (heap, element)
    generated = {0}
    for h in range(1, len(heaps)):
        if heaps[h] not in generated:
            gens.append((h, heaps[h]))
            frontier = list(generated)
            for x in frontier:
                for _, g in gens:
                    y = table[x][g]
                    if y not in generated:
                        generated.add(y)
                        frontier.append(y)
    count = len(gens)
    letters = [chr(ord("a") + i) if count <= 26 else f"g{i + 1}" for i in range(count)]
    names: dict[int, tuple[int, ...]] = {0: (0,) * count}
    normal = {(0,) * count}
    layer = [(0,) * count]
    relations: list[tuple[tuple[int, ...], int]] = []
    while layer:
        candidates = sorted({(*w[:i], w[i] + 1, *w[i + 1:]) for w in layer
                             for i in range(count)}, reverse=True)
        layer = []
        for word in candidates:
            x = _element(table, [g for _, g in [(0, 0), *gens]],
                         [i + 1 for i, e in enumerate(word) for _ in range(e)])
            if x not in names:
                names[x] = word
                normal.add(word)
                layer.append(word)
            elif all((*word[:i], word[i] - 1, *word[i + 1:]) in normal
                     for i in range(count) if word[i]):
                relations.append((word, x))
    text = {x: _word(w, letters) or "1" for x, w in names.items()}
    return MisereQuotient(
        table=tuple(tuple(row) for row in table),
        p_portion=p_set,
        heaps=tuple(heaps),
        names=tuple(text[x] for x in range(len(table))),
        generators=tuple((letters[i], h) for i, (h, _) in enumerate(gens)),
        relations=tuple((_word(w, letters), text[x]) for w, x in relations),
        words=tuple(names[x] for x in range(len(table))),
    )

