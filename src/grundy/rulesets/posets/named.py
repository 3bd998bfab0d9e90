"""DIVISORS and HACKENDOT, two named poset games (seed 003, ``003_b9b71f74cb16b358.txt``
L61: "well-studied subfamilies of poset games are NIM, CHOMP, DIVISORS, and
HACKENDOT"; the paper names them without rules, so the rules below are the standard
ones [inferred]).

DIVISORS of N: the elements are the divisors of N other than 1, ordered by
divisibility; naming d removes d and all its multiples.  (Naming 1 would end the game
at once, just as Chomp leaves out its poisoned cell; Divisors of 2^a·3^b is Chomp on
an (a+1)×(b+1) bar, and of p^k a Nim heap of k.)

HACKENDOT (von Neumann): a forest of rooted trees; a move deletes a node together
with every node on its path to the root.  As a poset game a node lies below its
ancestors, so taking a node removes it and everything above it.  A path of k nodes
is a Nim heap of k.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from grundy.protocol import Citation, ImpartialRuleset, Key, Move, ParseError
from grundy.rulesets.graphs import mask_of, vertices
from grundy.rulesets.posets.rules import (
    Poset,
    PosetGame,
    _components,
    _hasse_svg,
    up_sets,
)
from grundy.rulesets.registry import register

SEED = "003_b9b71f74cb16b358.txt"
#: Largest N accepted; its divisors are the elements (at most a few hundred).
MAX_NUMBER = 10**12
#: Most elements a Divisors or Hackendot position may have.
MAX_ELEMENTS = 200


class DivisorsPosition(NamedTuple):
    """The number N and the divisors still in play (bit i: the i-th divisor > 1)."""

    number: int
    alive: int


@functools.lru_cache(maxsize=64)
def divisors_above_one(number: int) -> tuple[int, ...]:
    small = [d for d in range(1, int(number**0.5) + 1) if number % d == 0]
    return tuple(sorted({*small, *(number // d for d in small)} - {1}))


@functools.lru_cache(maxsize=64)
def divisor_poset(number: int) -> Poset:
    """The divisors of N other than 1 ordered by divisibility, all in play."""
    found = divisors_above_one(number)
    up = tuple(sum(1 << j for j, e in enumerate(found) if e % d == 0) for d in found)
    return Poset(len(found), up, 0, (1 << len(found)) - 1)


@functools.lru_cache(maxsize=64)
def exponent_vectors(number: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """N's prime exponents, primes ordered by (exponent, prime), and each divisor > 1
    (in ``divisors_above_one`` order) as its exponent vector in that order.  Two numbers
    with the same exponents have isomorphic divisor posets, and this order maps one onto
    the other, so the vectors of the divisors in play key a position without nauty
    (whose certificates of large divisor lattices can take minutes)."""
    factors: dict[int, int] = {}
    rest, p = number, 2
    while p * p <= rest:
        while rest % p == 0:
            factors[p] = factors.get(p, 0) + 1
            rest //= p
        p += 1
    if rest > 1:
        factors[rest] = factors.get(rest, 0) + 1
    primes = sorted(factors, key=lambda q: (factors[q], q))

    def vector(d: int) -> tuple[int, ...]:
        exponents = []
        for q in primes:
            e = 0
            while d % q == 0:
                d //= q
                e += 1
            exponents.append(e)
        return tuple(exponents)

    return tuple(factors[q] for q in primes), tuple(map(vector, divisors_above_one(number)))


@register
class Divisors(ImpartialRuleset[DivisorsPosition]):
    name = "divisors"
    summary = "Name a divisor of N (not 1): it and all its multiples are gone."
    citation = Citation(SEED, "L61", "DIVISORS, a poset game")
    text_format = ("N, optionally '; taken=d1,d2' (divisors already named: they and their "
                   f"multiples are gone), N from 1 to {MAX_NUMBER:.0e}, e.g. 12 or 36; taken=4")
    examples = ("12", "36; taken=4", "30")

    def parse(self, text: str) -> DivisorsPosition:
        head, _, rest = text.strip().partition(";")
        if not head.strip().isdigit() or not 1 <= int(head) <= MAX_NUMBER:
            raise ParseError(f"{head.strip()!r} is not a whole number from 1 to "
                             f"{MAX_NUMBER}: write N, like 12")
        number = int(head)
        if len(divisors_above_one(number)) > MAX_ELEMENTS:
            raise ParseError(f"{number} has more than {MAX_ELEMENTS} divisors: choose a "
                             "smaller N")
        position = DivisorsPosition(number, divisor_poset(number).alive)
        rest = rest.strip()
        if rest:
            name, equals, values = (part.strip() for part in rest.partition("="))
            if name != "taken" or not equals:
                raise ParseError(f"unexpected {rest!r}: write '; taken=4,6'")
            for item in filter(None, (v.strip() for v in values.split(","))):
                if not item.isdigit() or int(item) not in divisors_above_one(number):
                    raise ParseError(f"{item!r} is not a divisor of {number} other than 1")
                x = divisors_above_one(number).index(int(item))
                up = divisor_poset(number).up
                position = position._replace(alive=position.alive & ~up[x])
        return position

    def format(self, position: DivisorsPosition) -> str:
        poset = divisor_poset(position.number)
        gone = poset.alive & ~position.alive
        found = divisors_above_one(position.number)
        minimal = [found[x] for x in vertices(gone)
                   if not any(y != x and poset.up[y] >> x & 1 for y in vertices(gone))]
        taken = f"; taken={','.join(map(str, minimal))}" if minimal else ""
        return f"{position.number}{taken}"

    def moves(self, position: DivisorsPosition) -> Iterator[tuple[Move, DivisorsPosition]]:
        """Name a divisor still in play (the label is the divisor itself)."""
        up, found = divisor_poset(position.number).up, divisors_above_one(position.number)
        for x in vertices(position.alive):
            yield found[x], position._replace(alive=position.alive & ~up[x])

    def poset(self, position: DivisorsPosition) -> Poset:
        return divisor_poset(position.number)._replace(alive=position.alive)

    def key(self, position: DivisorsPosition) -> Key:
        signature, vectors = exponent_vectors(position.number)
        return signature, tuple(sorted(vectors[x] for x in vertices(position.alive)))

    def components(self, position: DivisorsPosition) -> Sequence[DivisorsPosition]:
        parts = _components(self.poset(position))
        return (position,) if len(parts) == 1 else [position._replace(alive=p) for p in parts]

    def data(self, position: DivisorsPosition) -> dict[str, Any]:
        found = divisors_above_one(position.number)
        return {"number": position.number, "divisors": [found[x] for x in vertices(position.alive)]}

    def render_svg(self, position: DivisorsPosition) -> str:
        return _hasse_svg(self.poset(position), f"Divisors {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> DivisorsPosition:
        """N a product of ``size`` primes from 2, 3, 5 (so about size + 1 choose 2 divisors)."""
        number = 1
        for _ in range(max(1, size)):
            number *= rng.choice((2, 3, 5))
        return DivisorsPosition(number, divisor_poset(number).alive)


@register
class Hackendot(PosetGame):
    name = "hackendot"
    aliases = ()
    summary = "Delete a node of a rooted forest and every node on its path to the root."
    citation = Citation(SEED, "L61", "HACKENDOT, a poset game")
    text_format = ("parents of nodes 0..N-1, '-' for a root, e.g. -,0,0,1 (node 0 a root, "
                   "1 and 2 its children, 3 a child of 1); optionally '; removed=...' "
                   "(must be closed towards the roots)")
    examples = ("-,0,0,1", "-,0,1,2", "-,0,0,-,3")

    def parse(self, text: str) -> Poset:
        head, _, rest = text.strip().partition(";")
        items = [item.strip() for item in head.split(",")] if head.strip() else []
        if len(items) > MAX_ELEMENTS:
            raise ParseError(f"{len(items)} nodes: at most {MAX_ELEMENTS}")
        covers = [0] * len(items)
        for node, item in enumerate(items):
            if item == "-":
                continue
            if not item.isdigit() or int(item) >= len(items) or int(item) == node:
                raise ParseError(f"parent of node {node} is {item!r}: give another node's "
                                 f"number below {len(items)} or '-' for a root")
            covers[node] = 1 << int(item)
        up = up_sets(len(items), covers)  # a cycle of parents is a cycle of the order
        poset = Poset(len(items), up, 0, (1 << len(items)) - 1)
        rest = rest.strip()
        if rest:
            name, equals, values = (part.strip() for part in rest.partition("="))
            if name != "removed" or not equals:
                raise ParseError(f"unexpected {rest!r}: write '; removed=0,1'")
            removed = mask_of([int(v) for v in values.split(",") if v.strip().isdigit()])
            if removed >> len(items):
                raise ParseError(f"removed names a node beyond {len(items) - 1}")
            for x in vertices(removed):
                if up[x] & ~removed:
                    raise ParseError(f"node {x} is removed but its ancestor "
                                     f"{(up[x] & ~removed).bit_length() - 1} is not: "
                                     "remove the whole path to the root")
            poset = poset._replace(alive=poset.alive & ~removed)
        return poset

    def format(self, position: Poset) -> str:
        parents = []
        for x in range(position.n):
            strictly = position.up[x] & ~(1 << x)
            parent = [y for y in vertices(strictly) if position.up[y] == strictly]
            parents.append(str(parent[0]) if parent else "-")
        removed = ((1 << position.n) - 1) & ~position.alive
        gone = f"; removed={','.join(map(str, vertices(removed)))}" if removed else ""
        return ",".join(parents) + gone

    def render_svg(self, position: Poset) -> str:
        return _hasse_svg(position, f"Hackendot {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Poset:
        """A random forest of ``size`` nodes (each node's parent an earlier node or none)."""
        n = max(0, size)
        parents = ["-" if x == 0 or rng.random() < 0.15 else str(rng.randrange(x))
                   for x in range(n)]
        return self.parse(",".join(parents))

