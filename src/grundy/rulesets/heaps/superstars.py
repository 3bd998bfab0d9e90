"""SUPERSTARS and their sums (seed 001 Ch. 4).

A superstar (Definition 4.1.1, ``001_56c9c94dd1ec088e.wrapped.txt`` L713-716) is
{*L1, ..., *Lc | *R1, ..., *Rk}: every option of either player is a nimber and
both sides are non-empty.  A position here is a disjunctive sum of superstars and
nimbers (a superstar becomes the nimber a player moves it to; from *n either
player moves to any smaller nimber).  Proposition 4.1.2 (L716-718): a superstar
{0, *, ..., *(n−1), *x... | 0, *, ..., *(n−1), *y...} with every x, y > n is *n.
The five classes of L739-741 are ``superstar_class``; ``epmx_superstars`` is the
reduction from Equal-Partitioned Multistate XOR-SAT of Theorem 4.2.4 (L754-772).

Text format: terms joined by ``+``; a superstar in braces with its nimber options
(``{*,*2,*16|0}``), a nimber as ``0``, ``*`` or ``*n``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import svg_document, text
from grundy.rulesets.registry import register
from grundy.values import format_nimber, parse_nimber
from grundy.values.game import Game

Star = tuple[tuple[int, ...], tuple[int, ...]]


class StarSum(NamedTuple):
    """Superstars (Left's and Right's nimber options, each sorted) and nimbers."""

    stars: tuple[Star, ...]
    nimbers: tuple[int, ...]


def _nimbers(text: str, where: str) -> tuple[int, ...]:
    values = []
    for item in text.split(","):
        try:
            values.append(parse_nimber(item))
        except ValueError:
            raise ParseError(f"{item.strip()!r} in {where} is not a nimber: write 0, * or *n, "
                             "like {*,*2|0}") from None
    if not values:
        raise ParseError(f"{where} is empty: a superstar gives both players options")
    return tuple(sorted(set(values)))


def _star_text(star: Star) -> str:
    left, right = (",".join(map(format_nimber, side)) for side in star)
    return f"{{{left}|{right}}}"


def superstar_class(star: Star) -> str:
    """One of the five classes of L739-741: ``nimber`` (both sides alike), ``no-0``,
    ``left-0``, ``right-0`` (only that player can move to 0) or ``both-0``."""
    left, right = star
    if left == right:
        return "nimber"
    return {(False, False): "no-0", (True, False): "left-0", (False, True): "right-0",
            (True, True): "both-0"}[(0 in left, 0 in right)]


def epmx_superstars(
    clauses: Sequence[Sequence[tuple[str, int, str]]],
    x_states: Sequence[Sequence[str]],
    y_states: Sequence[Sequence[str]],
) -> StarSum:
    """Theorem 4.2.4's sum for an EPMX instance (L754-772).

    Clause t (a list of literals ``(player, variable, state)``, player "x" or "y")
    gets identity 2^t.  X's variable i becomes the right-0 superstar {*s... ,
    *2^(m+i) | 0}, Y's variable i the left-0 superstar {0 | *s...}, where *s XORs the
    identities of the clauses containing that state; the sum gets + *(2^m − 1).
    """
    if len(x_states) != len(y_states):
        raise ParseError("EPMX needs as many X variables as Y variables (equal partition)")

    def state_nimber(player: str, variable: int, state: str) -> int:
        value = 0
        for t, clause in enumerate(clauses):
            if (player, variable, state) in clause:
                value ^= 1 << t
        return value

    m = len(clauses)
    stars: list[Star] = []
    for i, states in enumerate(x_states):
        left = {state_nimber("x", i, s) for s in states} | {1 << (m + i)}
        stars.append((tuple(sorted(left)), (0,)))
    for i, states in enumerate(y_states):
        stars.append(((0,), tuple(sorted({state_nimber("y", i, s) for s in states}))))
    return StarSum(tuple(stars), ((1 << m) - 1,))


@cache
def _wins(stars: tuple[Star, ...], heap: int, left: bool) -> bool:
    """Does the mover (Left if ``left``) win moving first in ``stars`` + *``heap``?"""
    if not stars:
        return heap != 0
    for i, star in enumerate(stars):
        rest = stars[:i] + stars[i + 1:]
        if any(not _wins(rest, heap ^ value, not left) for value in star[0 if left else 1]):
            return True
    return any(not _wins(stars, smaller, not left) for smaller in range(heap))


def sum_wins_first(position: StarSum, player: Player) -> bool:
    """A direct win/loss search on a superstar sum: the state is the superstars left and
    the XOR of the nimbers (Bouton), no canonical forms."""
    total = 0
    for heap in position.nimbers:
        total ^= heap
    return _wins(tuple(sorted(position.stars)), total, player is Player.LEFT)


def zero_game_move(position: StarSum, player: Player) -> Move | None:
    """The strategy of Lemma 4.2.3 (L742-754) for ``player`` (A) in a sum with no both-0
    superstars, where A, to move, has more A-0 superstars than the opponent has B-0
    ones; None where the lemma does not apply.

    A first moves every B-0 superstar to one of A's own nimber options.  Then, while
    at least two A-0 superstars and some other term remain, A keeps off the A-0 ones
    (restoring a zero nim-sum if it can, else playing on another term).  Otherwise A
    moves an A-0 superstar to 0 when the nim-sum is 0, and else makes it 0 with a Nim
    move.  The nim-sum counts the heaps and the superstars with equal sides (nimbers:
    the mex of their options); no-0 superstars are 0 (Cor 4.2.2)."""
    side, other = (0, 1) if player is Player.LEFT else (1, 0)
    stars = position.stars
    if any(superstar_class(star) == "both-0" for star in stars):
        return None
    mine = [i for i, star in enumerate(stars) if 0 in star[side] and 0 not in star[other]]
    theirs = [i for i, star in enumerate(stars) if 0 in star[other] and 0 not in star[side]]
    if theirs:
        return ("s", theirs[0], stars[theirs[0]][side][0]) if len(mine) > len(theirs) else None
    heaps = [("n", j, heap) for j, heap in enumerate(position.nimbers)]
    heaps += [("s", i, _mex(star[0])) for i, star in enumerate(stars) if star[0] == star[1]]
    total = 0
    for _, _, heap in heaps:
        total ^= heap
    nim_move = next(((kind, j, heap ^ total) for kind, j, heap in heaps
                     if heap ^ total < heap), None)
    no_zero = [i for i, star in enumerate(stars) if 0 not in star[0] + star[1]]
    movable = [(kind, j) for kind, j, heap in heaps if heap or kind == "s"]
    if len(mine) >= 2 and (no_zero or movable):
        if nim_move is not None:
            return nim_move
        if no_zero:
            return ("s", no_zero[0], stars[no_zero[0]][side][0])
        kind, j = movable[0]
        return (kind, j, stars[j][side][0] if kind == "s" else 0)
    if mine and not total:
        return ("s", mine[0], 0)
    return nim_move


def _mex(values: Sequence[int]) -> int:
    return next(v for v in range(len(values) + 1) if v not in values)


@register
class Superstars(PartizanRuleset[StarSum]):
    name = "superstars"
    aliases = ("superstar", "supernim")
    summary = "A sum of superstars {*a,...|*b,...} and nimbers: move one to a nimber option."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L713-718", "Def 4.1.1")
    text_format = ("superstars in braces and nimbers joined by +, e.g. {*,*2,*16|0} + {0|*,*2} "
                   "+ *15; options are nimbers 0, * or *n")
    #: The first is small enough for the play page's budget; the second is the paper's sum.
    examples = ("{*,*2|0} + {0|*,*2} + *3",
                "{*,*2,*16|0} + {*7,*4,*32|0} + {0|*,*2} + {0|*10,*8,*9} + *15",
                "{0,*,*3|0,*,*5}", "{*2|*3}")

    def parse(self, text: str) -> StarSum:
        stars, nimbers = [], []
        for index, term in enumerate(text.split("+") if text.strip() else []):
            term = term.strip()
            if term.startswith("{"):
                left, bar, right = term.strip("{}").partition("|")
                if not (term.endswith("}") and bar) or "|" in right:
                    raise ParseError(f"term {index} {term!r} is not a superstar: write "
                                     "{*a,...|*b,...} with one bar")
                where = f"term {index}"
                stars.append((_nimbers(left, f"{where}'s left side"),
                               _nimbers(right, f"{where}'s right side")))
            else:
                try:
                    nimbers.append(parse_nimber(term))
                except ValueError:
                    raise ParseError(f"term {index} {term!r} is neither a superstar {{...|...}} "
                                     "nor a nimber 0, *, *n") from None
        return StarSum(tuple(stars), tuple(nimbers))

    def format(self, position: StarSum) -> str:
        return " + ".join([*map(_star_text, position.stars),
                           *map(format_nimber, position.nimbers)])

    def format_move(self, move: Move) -> str:
        kind, index, value = cast(tuple[str, int, int], move)
        return f"{kind}{index}>{format_nimber(value)}"

    def moves(self, position: StarSum, player: Player) -> Iterator[tuple[Move, StarSum]]:
        """Move superstar i to one of the player's nimbers (label ``s{i}>*n``), or nimber j
        to a smaller one (``n{j}>*k``)."""
        stars, nimbers = position.stars, position.nimbers
        for i, star in enumerate(stars):
            rest = stars[:i] + stars[i + 1:]
            for value in star[0] if player is Player.LEFT else star[1]:
                yield ("s", i, value), StarSum(rest, (*nimbers, value))
        for j, heap in enumerate(nimbers):
            for value in range(heap):
                yield ("n", j, value), position._replace(
                    nimbers=(*nimbers[:j], value, *nimbers[j + 1:]))

    def options(self, position: StarSum, player: Player) -> Iterator[StarSum]:
        """The children with their nimbers added up (a sum of nimbers is the nimber of
        the XOR, Bouton): the same value, far fewer positions to search."""
        for _, child in self.moves(position, player):
            total = 0
            for heap in child.nimbers:
                total ^= heap
            yield child._replace(nimbers=(total,) if total else ())

    def key(self, position: StarSum) -> StarSum:
        """The terms in sorted order, empty nimbers dropped (the same game tree)."""
        nimbers = tuple(sorted(h for h in position.nimbers if h))
        return StarSum(tuple(sorted(position.stars)), nimbers)

    def components(self, position: StarSum) -> Sequence[StarSum]:
        parts = [StarSum((star,), ()) for star in position.stars]
        parts += [StarSum((), (heap,)) for heap in position.nimbers if heap]
        return (position,) if parts == [position] else parts

    def fast_wins_first(self, position: StarSum, player: Player) -> bool | None:
        return sum_wins_first(position, player)

    def fast_value(self, position: StarSum) -> Game | None:
        """A lone nimber *n is *n (Bouton)."""
        if not position.stars and len(position.nimbers) == 1:
            return Game.nimber(position.nimbers[0])
        return None

    def data(self, position: StarSum) -> dict[str, Any]:
        return {"superstars": [{"left": list(s[0]), "right": list(s[1]),
                                "class": superstar_class(s)} for s in position.stars],
                "nimbers": list(position.nimbers)}

    def render_svg(self, position: StarSum) -> str:
        terms = self.format(position).split(" + ") or [""]
        body = [text(20 + 9 * len(t) / 2 + 20 * i + 9 * sum(map(len, terms[:i])), 20, t)
                for i, t in enumerate(terms)]
        return svg_document(40 + 20 * len(terms) + 9 * sum(map(len, terms)), 40, body,
                            f"Superstars {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> StarSum:
        def side() -> tuple[int, ...]:
            return tuple(sorted(rng.sample(range(5), rng.randint(1, 3))))

        stars = tuple((side(), side()) for _ in range(max(1, size // 3)))
        return StarSum(stars, tuple(rng.randint(0, 3) for _ in range(rng.randint(0, 1))))
