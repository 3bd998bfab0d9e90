"""Misère quotients of heap games (Plambeck & Siegel 2008), built one heap at a time.

The problem.  A heap game (octal, hexadecimal, take-and-break) has positions that are
multisets of heaps.  Two positions G, H are *indistinguishable* when G + X and H + X
have the same misère outcome for every position X of the game; the classes form a
commutative monoid Q, the *misère quotient*, with the P-portion P ⊂ Q of classes of
misère P-positions (Plambeck & Siegel 2008, §2-3; Siegel 2013, Ch. V §3).  The outcome
of any sum is then read off Q: multiply the classes of its heaps and ask whether the
product lies in P.  ``misere_quotient(options, n)`` computes Q for the heaps 1..n.

The method is Plambeck & Siegel's (2008, §6), as Siegel's program MisereSolver runs it;
the native kernel ``grundy._native.misere_extend`` (``native/src/misere.rs``) adds one heap
at a time to a *pretension*: a commutative monoid given by the action of each heap's
element, with a P-portion.  Sums of heaps are *words* (the exponent of each heap), visited
in the order that compares the exponent of the largest heap first, then the next: every
option of a sum comes before it, so outcomes can be found in this order.  A pretension
predicts every outcome exactly when no word *fails*: none predicted P has an option
predicted P (a P-failure: read off each element's least word times a heap), and none
predicted N, with a move, has no option predicted P (an N-failure: found by walking the
words, a word pruned when its element and its options' elements contain those of an
earlier word with the same element).  By induction in that order, a pretension with no
failure gives the misère outcome of every sum, and once reduced (classes that no sum
tells apart merged: Moore's refinement, the heaps as letters) it is the quotient itself.

For heap n, the quotient Q of the smaller heaps is kept when heap n can be one of Q's
elements x (x is a P-element exactly when heap n is a P-position, no z with z·x ∈ P has
an option z·o ∈ P, and no N-failure: at once when heap n's option elements contain those
of a smaller sum with element x, else by a walk).  Otherwise heap n is freed: the trial
is Q times a cyclic monoid ⟨g | g⁴ = g²⟩ for heap n, its P-portion marked *inside the
monoid* (each element takes the misère outcome its least word has there, from its
options' elements, already marked), and reduced.  While the trial has a least failing
word w, it is *recalibrated*: the heaps in w are freed, one, then two, and so on (the
submonoid of the other heaps' elements times a cyclic monoid for each freed heap, whose
index is that of the heap's element or its exponent in w less one, whichever is larger,
and whose period is 2, or about the index past 8), marked and reduced, until a trial
predicts w right (its outcome is the opposite of the failing prediction, every option of
w coming before w).  No game search is made at all.  Adding a heap may split classes of
the smaller heaps (in Kayles, heaps 5 + 5 and the empty position are alike until heap 9
comes; in Dawson's chess 3 + 3 + 3 is like 3 until heap 9 comes): freeing a smaller
heap does exactly that.

The kernel's answer has no failure, which proves it; ``misere_quotient`` certifies it once
more with the finite check below, written separately (``_predicts``, and its native
twin ``grundy._native.misere_predicts``): a position Y has the state (φ(Y), D(Y), t(Y))
where φ(Y) is the product of its heaps' elements, D(Y) = {z : φ(Y')·z ∈ P for some
option Y' of Y} and t(Y) says whether Y has any move; adding a heap h to Y moves the
state by

    φ ↦ φ·φ(h),   D ↦ {z : φ(h)·z ∈ D} ∪ {z : φ·o·z ∈ P for an option o of heap h},

so the states reachable from the empty position form a finite graph, and the quotient is
right exactly when every reachable state has φ ∈ P ⟺ (t and 1 ∉ D).

Running time: each pretension step walks the words once per trial, a few per element
and heap where pruning bites; the trials are the reduced quotient times small cyclic
monoids (tens of thousands of elements for Dawson's Kayles past heap 33).  The trials
need not end: at heap 34 of Dawson's Kayles they go on, and each failing trial proves a
lower bound on the order sought (every sum before its least failing word is predicted
right), which a stopped step reports (docs/misere.md, "Where it stops").

The quotient is printed by a presentation: generators a, b, c, ... are the heaps whose
element is no product of earlier ones; every element is named by its least word in
degree-lexicographic order, and the relations are the least words that are not names,
each set equal to the name of its element (a complete rewriting system).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from grundy.protocol import GrundyError
from grundy.search.budget import BudgetExceeded
from grundy.search.engine import Engine

__all__ = ["MisereQuotient", "misere_quotient"]

#: The node budget of a native check's first try (``_Judge.accepts``).
FIRST_NODE_CAP = 1 << 16

Options = Callable[[int], Iterable[Sequence[int]]]


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
    #: for each heap whose element is new (heap, the orders of the trial monoids checked
    #: on the way, the last being the quotient's), as MisereSolver reports its candidates
    trials: tuple[tuple[int, tuple[int, ...]], ...] = field(default=(), compare=False)

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


def misere_quotient(options: Options, n: int, check: Callable[[], None] | None = None,
                    engine: Engine = "auto", max_trials: int | None = None) -> MisereQuotient:
    """The misère quotient of the heap game whose heap h has the options ``options(h)``
    (each a sequence of smaller heaps), for the heaps 1..n; ``check`` is called now and
    then (it may raise to stop).  Each heap is added by the native kernel
    (``grundy._native.misere_extend``: Plambeck & Siegel's method as Siegel's MisereSolver
    runs it, see the module docstring), which proves its result; the quotient is then
    certified once more by the finite check, run by the native kernel (``auto``,
    ``native``: ``grundy._native.misere_predicts``) or in Python (``python``:
    ``_predicts``), and an answer the check refuses is an error, never returned.

    ``max_trials`` stops a heap after that many failing trials with a GrundyError saying
    what the last trial proves: every sum before its least failing sum is predicted right,
    so the sums it tells apart there are different classes of the quotient sought, a
    lower bound on its order (``native/src/misere.rs``, ``lower_bound``)."""
    from grundy import _native

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
    listed_options = [[list(o) for o in opts] for opts in heap_options]
    size, act, p = 1, [[0]], [False]
    trials: list[tuple[int, tuple[int, ...]]] = []
    progress = None if check is None else (lambda _work: check())
    for h in range(1, n + 1):
        try:
            found, _ = _native.misere_extend(size, act, p, listed_options[:h + 1], None,
                                             progress, max_trials)
        except BudgetExceeded as stopped:
            raise BudgetExceeded(f"{stopped} (stopped at heap {h}: the quotient of the heaps "
                                 f"1..{h - 1} was found)") from None
        except RuntimeError as error:
            raise GrundyError(f"{error} (at heap {h})") from None
        if found is None:  # pragma: no cover - no time budget is given to the kernel
            raise BudgetExceeded(f"stopped at heap {h}")
        size, act, p, tried = found
        if tried:
            trials.append((h, tuple(tried)))
    table = _table(size, act)
    p_set = frozenset(x for x in range(size) if p[x])
    heaps = [row[0] for row in act]
    if not _Judge(check, engine).accepts(table, p_set, _letters(table, heaps, heap_options)):
        raise GrundyError("the quotient found fails the finite check: this is a bug, "
                          "please report the game")  # pragma: no cover - tests
    return replace(_present(table, p_set, heaps), trials=tuple(trials))


def _table(size: int, act: Sequence[Sequence[int]]) -> list[list[int]]:
    """The multiplication table of a monoid of ``size`` elements generated by the heaps'
    elements, given by their actions (``act[h][x]`` = x·φ(h)): column y is column z moved
    by heap h wherever y = z·φ(h), z met first from the identity."""
    columns: list[list[int] | None] = [None] * size
    columns[0] = list(range(size))
    frontier = [0]
    for z in frontier:
        column = columns[z]
        assert column is not None
        for step in act:
            y = step[z]
            if columns[y] is None:
                columns[y] = [step[v] for v in column]
                frontier.append(y)
    return [[column[x] for column in columns if column is not None] for x in range(size)]


@dataclass
class _Judge:
    """Runs the finite check (``accepts``) with the native kernel or ``_predicts``, and
    the caller's ``check`` between tries (and within a long native check)."""

    check: Callable[[], None] | None
    engine: Engine

    def accepts(self, table: Sequence[Sequence[int]], p_set: frozenset[int],
                letters: Sequence[tuple[int, tuple[int, ...]]]) -> bool:
        """Whether the candidate ``table`` with the P-portion ``p_set`` predicts every
        outcome of sums of heaps whose elements and option elements are ``letters``."""
        if self.engine == "python":
            return _predicts(table, sum(1 << x for x in p_set), letters, self.check)
        from grundy import _native

        flat = [y for row in table for y in row]
        listed = [(a, list(opts)) for a, opts in letters]
        # a node budget growing fourfold, ``check`` between the tries: the caller's time
        # budget is kept within one try, for at most a third more work
        cap = FIRST_NODE_CAP
        while True:
            found, _ = _native.misere_predicts(flat, len(table), sorted(p_set), listed, cap)
            if self.check is not None:
                self.check()
            if found is not None:
                return found
            cap *= 4


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
