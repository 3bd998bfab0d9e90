"""WIND-UP: a subtraction game played on a dial, so positions repeat (an impartial
loopy game; proposed by Alfie Davies at Games-at-Dal 2023, and computed by Maciosowski's
cgt-tools as ``WindUp(n, S)``, ``cgt/loopy/impartial/games/wind_up.rs``).

A dial has the places 0, 1, ..., n - 1; a token at a place p ≠ 0 moves to
(p - s) mod n for some s in the subtraction set S, so a move past 0 winds round to the
top of the dial; a token at 0 is stuck.  A position is one or more tokens on one dial
(a disjunctive sum), and the player who cannot move loses; a play may go on forever,
which is a draw.  Values are Smith's generalized nim values (``*m``, or ``∞`` with the
finite values it can move to: ``∞(0,*)``), found on the graph of every reachable
position (``grundy.search.loopy``), so sums are exact where the nim-sum rule of
finite values does not reach (two infinities).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, read_int
from grundy.rulesets.drawing import GREEN, INK, PAPER, clickable_circle, svg_document, text
from grundy.rulesets.registry import register
from grundy.search.loopy import ImpartialLoopyRuleset

#: Largest dial, most subtraction values and most tokens a position text may hold.
MAX_DIAL = 1_000_000
MAX_MOVES = 32
MAX_TOKENS = 8
#: Dials up to this size are drawn with a tick at every place.
TICKED = 60


class Dial(NamedTuple):
    size: int
    subtraction_set: tuple[int, ...]
    tokens: tuple[int, ...]


@register
class WindUp(ImpartialLoopyRuleset[Dial]):
    name = "wind-up"
    aliases = ("windup",)
    summary = ("A subtraction game on a dial of n places: a token moves back s places "
               "(mod n) and stops only at 0; loopy, a play may go on forever.")
    citation = Citation("maciosowski-cgt-tools", locator="WindUp (cgt::loopy::impartial)")
    text_format = ("dial size, colon, subtraction set, colon, token places: 12:1,3:5 is a "
                   "token at 5 on a dial of 12 places with S = {1,3}; 12:1,3:5,7 two tokens")
    examples = ("12:1,3:5", "40:6,7:13", "6:2,3:1,4")
    limits: ClassVar[dict[str, int]] = {"dial": MAX_DIAL, "moves": MAX_MOVES,
                                        "tokens": MAX_TOKENS}

    def parse(self, text: str) -> Dial:
        parts = text.split(":")
        if len(parts) != 3:
            raise ParseError("write the dial size, the subtraction set and the tokens' "
                             "places, separated by colons: 12:1,3:5")
        size = self.check_size("dial", read_int(parts[0], "dial size"))
        if size < 1:
            raise ParseError("the dial needs at least one place, like 12:1,3:5")
        moves = [item for item in parts[1].split(",", MAX_MOVES) if item.strip()]
        self.check_size("moves", len(moves))
        subtraction = tuple(sorted({read_int(item, "subtraction value") for item in moves}))
        if not subtraction or subtraction[0] < 1:
            raise ParseError("the subtraction set needs positive values, like 12:1,3:5")
        places = [item for item in parts[2].split(",", MAX_TOKENS) if item.strip()]
        self.check_size("tokens", len(places))
        tokens = tuple(sorted(read_int(item, "token place") for item in places))
        if any(not 0 <= t < size for t in tokens):
            raise ParseError(f"a token stands off the dial: places run from 0 to {size - 1}")
        return Dial(size, subtraction, tokens)

    def format(self, dial: Dial) -> str:
        return (f"{dial.size}:{','.join(map(str, dial.subtraction_set))}:"
                f"{','.join(map(str, dial.tokens))}")

    def format_move(self, move: Move) -> str:
        place, take = cast(tuple[int, int], move)
        return f"{place}-{take}"

    def moves(self, dial: Dial) -> Iterator[tuple[Move, Dial]]:
        """Move a token at place p ≠ 0 to (p - s) mod n (label: p-s)."""
        for i, place in enumerate(dial.tokens):
            if place == 0 or place in dial.tokens[:i]:
                continue
            for take in dial.subtraction_set:
                rest = (*dial.tokens[:i], *dial.tokens[i + 1:])
                yield (place, take), Dial(dial.size, dial.subtraction_set,
                                          tuple(sorted((*rest, (place - take) % dial.size))))

    def key(self, dial: Dial) -> Dial:
        """Tokens at 0 are out of play."""
        return Dial(dial.size, dial.subtraction_set, tuple(t for t in dial.tokens if t))

    def components(self, dial: Dial) -> Sequence[Dial]:
        """One component: the value of a sum with an infinite part is not a nim-sum."""
        return (dial,)

    def data(self, dial: Dial) -> dict[str, Any]:
        return {"size": dial.size, "subtraction_set": list(dial.subtraction_set),
                "tokens": list(dial.tokens)}

    def render_svg(self, dial: Dial) -> str:
        """The dial as a circle, 0 at the top and places running clockwise; each token a
        green circle labelled with its place (the start of its moves' labels)."""
        radius, margin = 110.0, 40.0
        centre = margin + radius

        def at(place: float, r: float) -> tuple[float, float]:
            angle = 2 * math.pi * place / dial.size
            return centre + r * math.sin(angle), centre - r * math.cos(angle)

        body = [f'<circle cx="{centre}" cy="{centre}" r="{radius}" fill="{PAPER}" '
                f'stroke="{INK}"/>']
        if dial.size <= TICKED:
            for place in range(dial.size):
                x, y = at(place, radius + 14)
                body.append(text(x, y, str(place), 9))
        else:
            x, y = at(0, radius + 14)
            body.append(text(x, y, "0", 9))
        counts: dict[int, int] = {}
        for place in dial.tokens:
            counts[place] = counts.get(place, 0) + 1
        for place, count in sorted(counts.items()):
            x, y = at(place, radius - 14 * (1 + (place % 2)))
            body += clickable_circle(x, y, 12, str(place), GREEN if place else PAPER,
                                     ink=INK, size=9)
            if count > 1:
                body.append(text(x + 16, y - 10, f"×{count}", 9))
        return svg_document(2 * centre, 2 * centre, body, f"Wind-up {self.format(dial)}")

    def random_position(self, rng: random.Random, size: int) -> Dial:
        """A dial of 2..2*size+2 places, two subtraction values, one or two tokens."""
        places = rng.randint(2, 2 * max(size, 1) + 2)
        subtraction = tuple(sorted(rng.sample(range(1, places + 1), min(2, places))))
        tokens = tuple(sorted(rng.randrange(places) for _ in range(rng.randint(1, 2))))
        return Dial(places, subtraction, tokens)
