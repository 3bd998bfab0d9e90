"""POSET GAMES, BLACK-WHITE POSET GAMES and CHOMP.

Poset games (seed 003, ``003_b9b71f74cb16b358.txt`` L61): a player chooses an
element e of the remaining poset and removes e and everything above it.  The
black-white version (L89-91): each element is black or white and a player may
only choose elements of their own colour (Black = Left, as in Appendix A, L490);
everything above the chosen element goes, whatever its colour.  Reachable
positions are the down-sets of the poset (reading notes, [inferred]).

Every black-white poset game is a number (Proposition 2.1, L113), so its value
follows from its options' values by the simplicity rule (Definition A.9,
L523-530): ``fast_value`` computes it with exact fractions and no canonical
forms; the tests cross-check it against the general canonical-form search.

CHOMP is the poset game on the cells of a Young diagram, a cell below-left of
another being smaller; the poisoned corner cell is left out, so that normal play
(the last mover wins) is the usual Chomp.

Text format of posets: ``N;a<b,c<d,...`` on elements 0..N-1 (the relations
generate the order; a cycle is an error), then for black-white posets
``;black=...;white=...`` listing every element, and optionally ``;removed=...``.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import (
    MAX_DIGITS,
    Citation,
    ImpartialRuleset,
    Move,
    ParseError,
    PartizanRuleset,
    Player,
    SizeLimitError,
    read_int,
)
from grundy.rulesets.drawing import (
    GREEN,
    INK,
    PURPLE,
    cell_grid,
    clickable_circle,
    svg_document,
)
from grundy.rulesets.graphs import (
    coloured_certificate,
    connected_components,
    mask_of,
    neighbours_of,
    parse_graph,
    parse_vertex_list,
    vertices,
)
from grundy.rulesets.registry import register
from grundy.search.naive import _deep
from grundy.values.game import Game, simplest_number


class Poset(NamedTuple):
    """Elements 0..n-1; ``up[x]`` is the bitmask of the elements ≥ x (x included);
    ``black`` the black elements (black-white posets); ``alive`` the down-set left."""

    n: int
    up: tuple[int, ...]
    black: int
    alive: int


def up_sets(n: int, covers: list[int]) -> tuple[int, ...]:
    """Up-sets from the generating relations; ParseError naming a cycle if there is one."""
    up: list[int | None] = [None] * n
    for root in range(n):
        if up[root] is not None:
            continue
        path, on_path = [root], {root}
        stack = [iter(vertices(covers[root]))]
        while stack:
            above = next(stack[-1], None)
            if above is None:
                x = path.pop()
                on_path.discard(x)
                stack.pop()
                up[x] = (1 << x) | neighbours_of(tuple(u or 0 for u in up), covers[x])
                continue
            if above in on_path:
                cycle = "<".join(map(str, [*path[path.index(above):], above]))
                raise ParseError(
                    f"the order has a cycle {cycle}: a poset has none, remove one of them"
                )
            if up[above] is None:
                path.append(above)
                on_path.add(above)
                stack.append(iter(vertices(covers[above])))
    return tuple(u or 0 for u in up)


#: Most elements of a poset (keying a 400-element antichain takes 0.2 s, 800 two seconds).
MAX_ELEMENTS = 300
POSET_LIMITS = {"elements": MAX_ELEMENTS}


def parse_poset(text: str, sections: Sequence[str]) -> tuple[Poset, dict[str, tuple[int, ...]]]:
    """Read ``N;a<b,...`` then the named element lists allowed by ``sections``."""
    head, found, rest = text.strip().partition(";")
    if not found:
        raise ParseError(f"missing ';' after the element count in {text.strip()!r}: write "
                         "N;a<b,... like 3;0<1,0<2 (or 3; for no relations)")
    relations, *extras = rest.split(";")
    if head.strip().isdigit() and len(head.strip()) <= MAX_DIGITS \
            and int(head) > MAX_ELEMENTS:
        raise SizeLimitError(f"{int(head):,} elements is over the poset limit of "
                             f"{MAX_ELEMENTS}: write a smaller poset")
    n, _, named = parse_graph(f"{head};{''.join(';' + e for e in extras)}", False,
                              (*sections, "removed"))
    covers = [0] * n
    for item in filter(None, (part.strip() for part in relations.split(","))):
        low, less, high = item.partition("<")
        if not less or "<" in high:
            raise ParseError(f"relation {item!r} is not two elements joined by '<': write 0<1,1<2")
        a, b = (parse_vertex_list(n, side, "element")[0] if side.strip() else -1
                for side in (low, high))
        if a < 0 or b < 0:
            raise ParseError(f"relation {item!r} is missing an element: write 0<1,1<2")
        if a == b:
            raise ParseError(f"relation {item!r} relates {a} to itself: remove it")
        covers[a] |= 1 << b
    up = up_sets(n, covers)
    alive = ((1 << n) - 1) & ~mask_of(named.get("removed", ()))
    for x in vertices(((1 << n) - 1) & ~alive):
        if up[x] & alive:
            above = (up[x] & alive).bit_length() - 1
            raise ParseError(f"element {x} is removed but {above} above it is not: the "
                             f"elements in play must form a down-set, remove {above} too")
    return Poset(n, up, 0, alive), named


def format_poset(poset: Poset, sections: Sequence[tuple[str, int]] = ()) -> str:
    """Inverse of ``parse_poset``: the cover relations (the order's Hasse diagram)."""
    covers = []
    for x in range(poset.n):
        strictly = poset.up[x] & ~(1 << x)
        for y in vertices(strictly):
            if not any(strictly >> z & 1 and poset.up[z] >> y & 1 for z in vertices(strictly)
                       if z != y):
                covers.append(f"{x}<{y}")
    removed = ((1 << poset.n) - 1) & ~poset.alive
    extras = "".join(f";{name}={','.join(map(str, vertices(mask)))}"
                     for name, mask in (*sections, ("removed", removed)) if mask)
    return f"{poset.n};{','.join(covers)}{extras}"


def _down(poset: Poset) -> list[int]:
    down = [0] * poset.n
    for x in range(poset.n):
        for y in vertices(poset.up[x]):
            down[y] |= 1 << x
    return down


def _components(poset: Poset) -> list[int]:
    """The connected components of the comparability graph on the live elements."""
    return connected_components(
        tuple(u | d for u, d in zip(poset.up, _down(poset), strict=True)), poset.alive)


def _key(poset: Poset, classes: Sequence[int]) -> tuple[int, tuple[int, ...], bytes]:
    strict = [u & ~(1 << x) for x, u in enumerate(poset.up)]
    return coloured_certificate(strict, poset.alive, classes, directed=True)


def natural_orders(n: int) -> Iterator[Poset]:
    """Every partial order on 0..n-1 in which x < y only if x < y as numbers (each
    poset up to isomorphism appears, some several times), every element alive: one per
    set of relations i<j, repeats of the same order skipped (2^(n(n-1)/2) sets)."""
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    seen: set[tuple[int, ...]] = set()
    for chosen in range(1 << len(pairs)):
        covers = [0] * n
        for index, (i, j) in enumerate(pairs):
            covers[i] |= (chosen >> index & 1) << j
        up = up_sets(n, covers)
        if up not in seen:
            seen.add(up)
            yield Poset(n, up, 0, (1 << n) - 1)


def _random_order(rng: random.Random, n: int) -> str:
    """Random relations i<j (i < j as numbers, so acyclic), about n of them."""
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = [p for p in pairs if rng.random() < min(1.0, 1.5 / max(1, n - 1))]
    return f"{n};" + ",".join(f"{i}<{j}" for i, j in chosen)


def _hasse_svg(poset: Poset, title: str, black: int = 0, white: int = 0) -> str:
    """Elements drawn in levels (longest chain below), black elements purple, white green."""
    level = [0] * poset.n
    for x in sorted(range(poset.n), key=lambda e: -poset.up[e].bit_count()):
        above = poset.up[x] & ~(1 << x)
        level[x] = max((level[y] + 1 for y in vertices(above)), default=0)
    height = max(level, default=0)
    rows: dict[int, list[int]] = {}
    for x in vertices(poset.alive):
        rows.setdefault(height - level[x], []).append(x)
    spot = {x: (30 + 40 * i, 30 + 50 * (height - lv)) for lv, xs in rows.items()
            for i, x in enumerate(xs)}
    body = [f'<line x1="{spot[x][0]}" y1="{spot[x][1]}" x2="{spot[y][0]}" y2="{spot[y][1]}" '
            f'stroke="{INK}"/>'
            for x in spot for y in vertices(poset.up[x]) if y != x and y in spot]
    for x, (cx, cy) in spot.items():
        fill = PURPLE if black >> x & 1 else GREEN if white >> x & 1 else "#ffffff"
        ink = "#ffffff" if (black | white) >> x & 1 else INK
        body += clickable_circle(cx, cy, 12, str(x), fill, ink=ink, size=10)
    width = 60 + 40 * max((len(xs) for xs in rows.values()), default=1)
    return svg_document(width, 60 + 50 * height, body, title)


def twin_classes(up: Sequence[int]) -> tuple[list[int], list[int]]:
    """The elements grouped into twins (the same elements strictly above and strictly
    below), and for each class the bitmask of the classes strictly above it.

    Swapping two twins of one colour is an automorphism of the coloured poset, so a
    down-set's value depends only on how many elements of each class and colour it
    keeps, and choosing any one of them is the same move; a choice removes whole
    classes above (if y > x then every twin of y is > x).  Twins stay twins in every
    down-set."""
    down = [0] * len(up)
    for x, above_x in enumerate(up):
        for y in vertices(above_x):
            down[y] |= 1 << x
    index: dict[tuple[int, int], int] = {}
    members: list[int] = []
    for x, above_x in enumerate(up):
        bit = 1 << x
        c = index.setdefault((above_x & ~bit, down[x] & ~bit), len(members))
        if c == len(members):
            members.append(0)
        members[c] |= bit
    above = [0] * len(members)
    for (strictly_up, _), c in index.items():
        for d, mask in enumerate(members):
            if mask & strictly_up:
                above[c] |= 1 << d
    return members, above


class TwinSearch:
    """Values of the black-white poset games on the down-sets of one poset (any
    colouring), memoised on the counts of black and white twins left
    (``twin_classes``): k interchangeable elements cost k + 1 states instead of 2^k
    -- the waiting nodes of seed 003's TQBF construction (L139-147) are such a class.

    A down-set whose comparability graph falls apart is the sum of its components
    (Definition A.5, L501; Prop 2.1: each is a number), so its value is the sum of the
    components' values, each searched and remembered once: the balance section of the
    TQBF construction, or stacks cut loose from each other, are valued once however the
    rest of the poset is played.  Classes are comparable all-or-none, so the components
    are found on the classes.  Running time: one simplicity-rule step per component
    state reached, each O(classes²)."""

    def __init__(self, up: tuple[int, ...]) -> None:
        self.members, self.above = twin_classes(up)
        below = [0] * len(self.members)
        for c, above in enumerate(self.above):
            for d in vertices(above):
                below[d] |= 1 << c
        self.near = tuple(a | b for a, b in zip(self.above, below, strict=True))
        self.memo: dict[tuple[int, ...], Fraction] = {}

    def counts(self, black: int, alive: int) -> tuple[int, ...]:
        """The state of a down-set: black and white elements left in each class."""
        return tuple((mask & alive & colour).bit_count()
                     for mask in self.members for colour in (black, ~black))

    def number(self, black: int, alive: int) -> Fraction:
        return _deep(cast(Callable[[Hashable], Fraction], self.value), self.counts(black, alive))

    def value(self, counts: tuple[int, ...]) -> Fraction:
        """``counts[2c]`` black and ``counts[2c + 1]`` white elements left in class c:
        the sum of the values of its components."""
        found = self.memo.get(counts)
        if found is not None:
            return found
        present = sum(1 << c for c in range(len(self.members))
                      if counts[2 * c] or counts[2 * c + 1])
        parts = connected_components(self.near, present)
        if len(parts) <= 1:
            return self.component(counts)
        self.memo[counts] = total = sum(
            (self.component(tuple(k if part >> (slot // 2) & 1 else 0
                                  for slot, k in enumerate(counts))) for part in parts),
            Fraction(0))
        return total

    def component(self, counts: tuple[int, ...]) -> Fraction:
        """The value of a connected down-set: the simplest number between Black's best
        and White's best option (Prop 2.1, Def A.9).  Sums and components share the
        memo: a sum's counts are never a connected down-set's."""
        found = self.memo.get(counts)
        if found is not None:
            return found
        best_black: Fraction | None = None
        best_white: Fraction | None = None
        for slot, count in enumerate(counts):
            if not count:
                continue
            child = list(counts)
            child[slot] -= 1
            for d in vertices(self.above[slot // 2]):
                child[2 * d] = child[2 * d + 1] = 0
            option = self.value(tuple(child))
            if slot % 2 == 0:
                best_black = option if best_black is None else max(best_black, option)
            else:
                best_white = option if best_white is None else min(best_white, option)
        self.memo[counts] = result = simplest_number(best_black, best_white)
        return result


@functools.lru_cache(maxsize=64)
def _digest(up: tuple[int, ...]) -> bytes:
    return hashlib.blake2b(repr(up).encode(), digest_size=16).digest()


@functools.lru_cache(maxsize=64)
def twin_search(up: tuple[int, ...]) -> TwinSearch:
    """The twin-class search of one poset's down-sets, shared by every caller (the
    last 64 posets are kept)."""
    return TwinSearch(up)


def poset_number(up: tuple[int, ...], black: int, alive: int) -> Fraction:
    """The value of the black-white poset game on the down-set ``alive``: the simplest
    number between Black's best and White's best option (Prop 2.1 and Def A.9),
    searched on counts of twins (``TwinSearch``), shared by every down-set and
    colouring of the poset."""
    return twin_search(up).number(black, alive)


@register
class BlackWhitePoset(PartizanRuleset[Poset]):
    limits = POSET_LIMITS
    name = "black-white-poset"
    aliases = ("bw-poset",)
    summary = "Take an element of your colour and everything above it (Black is Left)."
    citation = Citation("003_b9b71f74cb16b358.txt", "L89-91", "§2")
    text_format = (
        "N;a<b,...;black=...;white=...: elements 0..N-1, relations a<b generating the order, "
        "every element listed as black (Left) or white (Right); optionally ;removed=... "
        "(must leave a down-set), e.g. 2;0<1;black=0;white=1 (value 1/2)"
    )
    examples = ("2;0<1;black=0;white=1", "3;0<1,1<2;black=0,2;white=1",
                "9;0<8,1<8,2<8,3<8,4<8,5<8,6<8,7<8;black=0,1,2,3,4,5,6,7;white=8")

    def parse(self, text: str) -> Poset:
        poset, named = parse_poset(text, ("black", "white"))
        black, white = mask_of(named.get("black", ())), mask_of(named.get("white", ()))
        if black & white:
            raise ParseError(f"element {(black & white).bit_length() - 1} is both black and "
                             "white: give it one colour")
        missing = poset.alive & ~(black | white)
        if missing:
            raise ParseError(f"element {missing.bit_length() - 1} has no colour: list every "
                             "element in black=... or white=...")
        return poset._replace(black=black & poset.alive)

    def format(self, position: Poset) -> str:
        white = position.alive & ~position.black
        return format_poset(position, (("black", position.black), ("white", white)))

    def moves(self, position: Poset, player: Player) -> Iterator[tuple[Move, Poset]]:
        """Choose an element of your colour: it and everything above it go."""
        own = position.black if player is Player.LEFT else position.alive & ~position.black
        for x in vertices(own):
            alive = position.alive & ~position.up[x]
            yield x, position._replace(alive=alive, black=position.black & alive)

    def components(self, position: Poset) -> Sequence[Poset]:
        parts = _components(position)
        if len(parts) == 1:
            return (position,)
        return [position._replace(alive=p, black=position.black & p) for p in parts]

    def key(self, position: Poset) -> tuple[bytes, tuple[int, ...]]:
        """The poset's digest and the counts of black and white twins left: positions
        with equal keys differ by swapping twins, an isomorphism.  Cheaper than a
        canonical labelling, which nauty finds slowly on posets with large classes of
        twins (the TQBF construction's waiting nodes)."""
        return _digest(position.up), twin_search(position.up).counts(position.black,
                                                                      position.alive)

    def fast_value(self, position: Poset) -> Game:
        """The number given by the simplicity rule (Prop 2.1, Def A.9)."""
        return Game.number(poset_number(position.up, position.black, position.alive))

    def data(self, position: Poset) -> dict[str, Any]:
        return {"elements": vertices(position.alive), "black": vertices(position.black),
                "white": vertices(position.alive & ~position.black)}

    def render_svg(self, position: Poset) -> str:
        return _hasse_svg(position, f"black-white poset {self.format(position)}",
                          position.black, position.alive & ~position.black)

    def random_position(self, rng: random.Random, size: int) -> Poset:
        n = max(0, size)
        colours = ",".join(str(x) for x in range(n) if rng.random() < 0.5)
        whites = ",".join(str(x) for x in range(n) if str(x) not in colours.split(","))
        return self.parse(f"{_random_order(rng, n)};black={colours};white={whites}")

    def small_positions(self, size: int) -> Iterator[Poset]:
        """Every naturally labelled poset on ``size`` elements (``natural_orders``) with
        every colouring of its elements."""
        for poset in natural_orders(size):
            yield from (poset._replace(black=black) for black in range(1 << size))


@register
class PosetGame(ImpartialRuleset[Poset]):
    limits = POSET_LIMITS
    name = "poset"
    aliases: ClassVar[tuple[str, ...]] = ("poset-game",)
    summary = "Take an element and everything above it."
    citation = Citation("003_b9b71f74cb16b358.txt", "L61", "§1.1")
    text_format = ("N;a<b,...: elements 0..N-1 and relations a<b generating the order; "
                   "optionally ;removed=... (must leave a down-set), e.g. 3;0<1,0<2")
    examples: ClassVar[tuple[str, ...]] = ("3;0<1,0<2", "4;0<1,1<2,0<3")

    def parse(self, text: str) -> Poset:
        return parse_poset(text, ())[0]

    def format(self, position: Poset) -> str:
        return format_poset(position)

    def moves(self, position: Poset) -> Iterator[tuple[Move, Poset]]:
        for x in vertices(position.alive):
            yield x, position._replace(alive=position.alive & ~position.up[x])

    def components(self, position: Poset) -> Sequence[Poset]:
        parts = _components(position)
        return (position,) if len(parts) == 1 else [position._replace(alive=p) for p in parts]

    def key(self, position: Poset) -> tuple[int, tuple[int, ...], bytes]:
        return _key(position, (position.alive,))

    def data(self, position: Poset) -> dict[str, Any]:
        return {"elements": vertices(position.alive)}

    def render_svg(self, position: Poset) -> str:
        return _hasse_svg(position, f"poset {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Poset:
        return self.parse(_random_order(rng, max(0, size)))

    def small_positions(self, size: int) -> Iterator[Poset]:
        """Every naturally labelled poset on ``size`` elements (``natural_orders``)."""
        return natural_orders(size)


Diagram = tuple[int, ...]
#: Chomp's documented limits (a board of 10,000 cells has as many moves).
CHOMP_LIMITS = {"rows": 1_000, "columns": 1_000, "cells": 10_000}


@register
class Chomp(ImpartialRuleset[Diagram]):

    limits = CHOMP_LIMITS
    name = "chomp"
    summary = "Bite a cell of a chocolate bar and everything above-right of it; not the poison."
    citation = Citation("003_b9b71f74cb16b358.txt", "L61", "§1.1")
    text_format = ("row lengths from the poisoned row up, non-increasing, e.g. 4,4,3; or RxC for "
                   "a full bar (3x4).  The poisoned cell (row 0, column 0) is not in play")
    examples = ("3x4", "4,4,3", "2x2")

    def parse(self, text: str) -> Diagram:
        text = text.strip()
        rows_text, times, columns = text.partition("x")
        if times:
            if not (rows_text.isdigit() and columns.isdigit()):
                raise ParseError(f"{text!r} is not RxC: write whole numbers, like 3x4")
            width = read_int(columns, "the column count")
            rows = [width] * self.check_size("rows", read_int(rows_text, "the row count"))
        else:
            items = text.split(",", self.limits["rows"]) if text else []
            self.check_size("rows", len(items))
            rows = [read_int(r, "a row length") for r in items if r.strip().isdigit()]
            if len(rows) != len(items):
                raise ParseError(f"{text!r} is not a list of row lengths: write 4,4,3 or 3x4")
        self.check_size("columns", max(rows, default=0))
        self.check_size("cells", sum(rows))
        if times:
            return tuple(rows) if width else ()
        if any(a < b for a, b in itertools.pairwise(rows)):
            raise ParseError(f"row lengths {text} increase: each row is at most as long as the "
                             "one below it, e.g. 4,4,3")
        return tuple(r for r in rows if r)

    def format(self, position: Diagram) -> str:
        return ",".join(map(str, position))

    def format_move(self, move: Move) -> str:
        row, column = cast(tuple[int, int], move)
        return f"{row}-{column}"

    def moves(self, position: Diagram) -> Iterator[tuple[Move, Diagram]]:
        """Bite cell (row, column): every row from ``row`` up keeps ``column`` cells at most."""
        for row, length in enumerate(position):
            for column in range(length):
                if row or column:
                    bitten = (*position[:row], *(min(r, column) for r in position[row:]))
                    yield (row, column), tuple(r for r in bitten if r)

    def key(self, position: Diagram) -> Diagram:
        """A diagram and its transpose are the same game."""
        transpose = tuple(sum(1 for r in position if r > c) for c in range(position[0])) \
            if position else ()
        return min(position, transpose)

    def data(self, position: Diagram) -> dict[str, Any]:
        return {"rows": list(position)}

    def render_svg(self, position: Diagram) -> str:
        width = position[0] if position else 0
        rows = list(reversed(list(enumerate(position))))
        cells = [[(PURPLE if (i, j) == (0, 0) else GREEN) if j < r else "#ffffff"
                  for j in range(width)] for i, r in rows]
        bites = [[f"{i}-{j}" if j < r and (i or j) else None for j in range(width)]
                 for i, r in rows]
        return cell_grid(cells, f"Chomp {self.format(position)}", spots=bites)

    def random_position(self, rng: random.Random, size: int) -> Diagram:
        rows = sorted((rng.randint(1, max(1, size)) for _ in range(rng.randint(1, 3))),
                      reverse=True)
        return tuple(rows)
