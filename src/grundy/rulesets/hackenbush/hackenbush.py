"""HACKENBUSH (Blue-Red-Green): cut an edge of your colour (or a green one); every edge no
longer joined to the ground falls away.

Winning Ways (Berlekamp, Conway & Guy 1982, vol. 1 ch. 1-2 Blue-Red Hackenbush, ch. 7
Green Hackenbush and Hackenbush Hotchpotch); Lessons in Play ch. 2.  Left is Blue (``B``),
Right is Red (``R``), either may cut Green (``G``), as in CGSuite.  Seed 003 cites
Blue-Red Hackenbush as a numeric game known NP-hard (``003_b9b71f74cb16b358.txt`` L45).

A position is a list of edges ``(a, b, colour)`` on vertices numbered from the ground,
0; it is kept normal: only edges joined to the ground, vertices renumbered in the order
they first appear.  Strings (paths standing on the ground) are written bottom up, e.g.
``BBR``; several strings side by side are joined by commas.  Parts that meet only at the
ground are played as a sum.  Exchanging blue and red gives the conjugate.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import INK, PAPER, clickable_circle, svg_document
from grundy.rulesets.registry import register
from grundy.values.game import Game

Edge = tuple[int, int, str]
Picture = tuple[Edge, ...]
MAX_EDGES = 64
SWAP = {"B": "R", "R": "B", "G": "G"}
COLOURS = {"B": "#2060c0", "R": "#c03030", "G": "#2a9a4a"}


def normal(edges: Iterable[Edge]) -> Picture:
    """The edges joined to the ground, vertices renumbered by first appearance (the
    ground stays 0), each edge written with its smaller end first."""
    edges = list(edges)
    grounded, changed = {0}, True
    while changed:
        changed = False
        for a, b, _ in edges:
            if (a in grounded) != (b in grounded):
                grounded |= {a, b}
                changed = True
    names = {0: 0}
    kept = []
    for a, b, colour in edges:
        if a in grounded:
            for v in (a, b):
                names.setdefault(v, len(names))
            kept.append((min(names[a], names[b]), max(names[a], names[b]), colour))
    return tuple(kept)


def strings_of(position: Picture) -> list[str] | None:
    """The position as strings standing on the ground, if it is one (else None)."""
    strings: list[str] = []
    top = -1
    for index, (a, b, colour) in enumerate(position):
        fresh = b == max((v for e in position[:index] for v in e[:2]), default=0) + 1
        if a == 0 and fresh:
            strings.append(colour)
        elif a == top and fresh and strings:
            strings[-1] += colour
        else:
            return None
        top = b
    return strings


def string_value(colours: str) -> Game | None:
    """Berlekamp's rule for a Blue-Red string (Winning Ways vol. 1 ch. 2): the edges up to
    the first change of colour count 1 each, then each edge counts half the one below,
    signed by its colour (blue +, red -).  A green string of n edges is *n.  Else None."""
    if set(colours) <= {"G"}:
        return Game.nimber(len(colours))
    if "G" in colours:
        return None
    value, weight, changed = Fraction(0), Fraction(1), False
    for below, colour in zip(" " + colours, colours, strict=False):
        changed = changed or (below != " " and colour != below)
        if changed:
            weight /= 2
        value += weight if colour == "B" else -weight
    return Game.uptimal_game(value, 0, 0)


@register
class Hackenbush(PartizanRuleset[Picture]):
    name = "hackenbush"
    aliases: ClassVar[tuple[str, ...]] = ("blue-red-hackenbush", "hackenbush-hotchpotch")
    summary = "Cut a blue (Left), red (Right) or green (either) edge; what falls off is gone."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 1, 2 and 7")
    text_format = (
        "strings bottom up, letters B (blue, Left), R (red, Right), G (green), joined by "
        "commas, e.g. BBR,RG ; or edges a-b:C joined by commas on vertices numbered from "
        "the ground 0, e.g. 0-1:B,1-2:R,2-0:G ; a move is the edge's number, counted from 0 "
        "in that order"
    )
    examples: ClassVar[tuple[str, ...]] = ("BR", "BBR", "BRR,RB", "GGG,GG", "0-1:G,1-2:G,2-0:G",
                                           "0-1:B,1-2:R,1-2:B,2-3:G")

    def parse(self, text: str) -> Picture:
        items = [item.strip() for item in text.split(",") if item.strip()]
        if len(items) > MAX_EDGES:
            raise ParseError(f"{len(items)} items: a picture has at most {MAX_EDGES} edges")
        if not any("-" in item or ":" in item for item in items):
            return self._strings(items)
        edges = []
        for index, item in enumerate(items):
            ends, colon, colour = item.partition(":")
            a, dash, b = ends.partition("-")
            colour = colour.strip().upper()
            if not (colon and dash and a.strip().isdigit() and b.strip().isdigit()
                    and colour in SWAP and len(a.strip()) + len(b.strip()) < 6):
                raise ParseError(f"edge {index} is {item!r}: write edges as a-b:C with C in "
                                 "B, R, G and vertex 0 the ground, like 0-1:B,1-2:R")
            edges.append((int(a), int(b), colour))
        return normal(edges)

    @staticmethod
    def _strings(items: list[str]) -> Picture:
        edges: list[Edge] = []
        top = 0
        for index, item in enumerate(items):
            word = item.upper()
            bad = next((letter for letter in word if letter not in SWAP), None)
            if bad is not None:
                raise ParseError(f"string {index} has {bad!r}: write strings bottom up in "
                                 "B (blue), R (red), G (green), like BBR,RG")
            if len(edges) + len(word) > MAX_EDGES:
                raise ParseError(f"the picture has more than {MAX_EDGES} edges")
            below = 0
            for letter in word:
                top += 1
                edges.append((below, top, letter))
                below = top
        return normal(edges)

    def format(self, position: Picture) -> str:
        strings = strings_of(position)
        if strings is not None and self._strings(strings) == position:
            return ",".join(strings)
        return ",".join(f"{a}-{b}:{colour}" for a, b, colour in position)

    def moves(self, position: Picture, player: Player) -> Iterator[tuple[Move, Picture]]:
        """Cut edge i (a blue or green one for Left, red or green for Right); the label
        is i."""
        mine = "B" if player is Player.LEFT else "R"
        for index, (_, _, colour) in enumerate(position):
            if colour in (mine, "G"):
                yield index, normal(position[:index] + position[index + 1:])

    def components(self, position: Picture) -> Sequence[Picture]:
        """The parts that meet only at the ground."""
        part_of: dict[int, int] = {}
        parts: list[list[Edge]] = []
        for edge in position:
            a, b, _ = edge
            found = {part_of[v] for v in (a, b) if v and v in part_of}
            if not found:
                target = len(parts)
                parts.append([])
            else:
                target = min(found)
                for other in sorted(found - {target}):
                    for moved in parts[other]:
                        for v in moved[:2]:
                            part_of[v] = target
                    parts[target] += parts[other]
                    parts[other] = []
            parts[target].append(edge)
            for v in (a, b):
                if v:
                    part_of[v] = target
        live = [normal(part) for part in parts if part]
        return (position,) if len(live) == 1 else live

    def fast_value(self, position: Picture) -> Game | None:
        """A single string by Berlekamp's rule (blue-red) or as a nimber (green)."""
        strings = strings_of(position)
        if strings is None or len(strings) != 1:
            return None
        return string_value(strings[0])

    def signed_key(self, position: Picture) -> tuple[Any, bool]:
        """The edges, or those with blue and red exchanged (the conjugate)."""
        swapped = tuple((a, b, SWAP[colour]) for a, b, colour in position)
        return (position, False) if position <= swapped else (swapped, True)

    def data(self, position: Picture) -> dict[str, Any]:
        return {"edges": [list(edge) for edge in position]}

    def render_svg(self, position: Picture) -> str:
        """Vertices by their distance from the ground, edges in their colours, each marked
        with its number (the move's label: the workbench cuts an edge when its mark is
        clicked)."""
        depth, frontier = {0: 0}, [0]
        while frontier:
            nearer = []
            for a, b, _ in position:
                for u, v in ((a, b), (b, a)):
                    if u in frontier and v not in depth:
                        depth[v] = depth[u] + 1
                        nearer.append(v)
            frontier = nearer
        levels: dict[int, list[int]] = {}
        for v in sorted(depth):
            if v:
                levels.setdefault(depth[v], []).append(v)
        width = 40 * max((len(vs) for vs in levels.values()), default=1) + 40
        height = 40 * max(levels, default=0) + 60
        spot = {0: (width / 2, height - 20)}
        for level, vs in levels.items():
            for i, v in enumerate(vs):
                spot[v] = (40 + 40 * i, height - 20 - 40 * level)
        body = [f'<line x1="10" y1="{height - 20}" x2="{width - 10}" y2="{height - 20}" '
                f'stroke="{INK}" stroke-width="4"/>']
        marks: list[str] = []
        seen: list[tuple[int, int]] = []
        for index, (a, b, colour) in enumerate(position):
            (x1, y1), (x2, y2) = spot[a], spot[b]
            if a == 0:
                x1 = x2
            if a == b:
                body.append(f'<circle cx="{x1}" cy="{y1 - 12}" r="12" fill="none" '
                            f'stroke="{COLOURS[colour]}" stroke-width="3"/>')
                middle: tuple[float, float] = (x1, y1 - 24)
            else:  # the k-th edge between two vertices bends k ways out
                k = seen.count((a, b))
                seen.append((a, b))
                bend = 32 * ((k + 1) // 2) * (-1) ** k
                cx, cy = (x1 + x2) / 2 + bend, (y1 + y2) / 2
                body.append(f'<path d="M{x1:g},{y1:g} Q{cx:g},{cy:g} {x2:g},{y2:g}" '
                            f'fill="none" stroke="{COLOURS[colour]}" stroke-width="3"/>')
                middle = ((x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4)
            marks += clickable_circle(*middle, 8, str(index), COLOURS[colour], ink=PAPER,
                                      size=9)
        body += [f'<circle cx="{x}" cy="{y}" r="3" fill="{INK}"/>'
                 for v, (x, y) in spot.items() if v]
        body += marks
        return svg_document(width, height, body, f"Hackenbush {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Picture:
        """``size`` edges: strings or, half the time, a small graph on the ground."""
        if rng.random() < 0.5:
            words, left = [], size
            while left > 0:
                length = rng.randint(1, left)
                words.append("".join(rng.choice("BRG") for _ in range(length)))
                left -= length
            return self._strings(words)
        vertices = max(2, size // 2 + 1)
        return normal((rng.randrange(vertices), rng.randrange(vertices), rng.choice("BRG"))
                      for _ in range(size))


@register
class ChildishHackenbush(Hackenbush):
    name = "childish-hackenbush"
    aliases = ()
    summary = "Hackenbush where a blue or red edge may be cut only if nothing else falls."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 2, Childish Hackenbush")
    examples = ("0-1:B,1-2:B,1-3:R,3-4:B", "BR,RB", "0-1:B,1-2:B,2-0:R", "BBR,G")

    def moves(self, position: Picture, player: Player) -> Iterator[tuple[Move, Picture]]:
        """Hackenbush's cuts, but a blue or red edge only where no other edge falls."""
        for index, child in super().moves(position, player):
            if position[cast(int, index)][2] == "G" or len(child) == len(position) - 1:
                yield index, child

    def fast_value(self, position: Picture) -> Game | None:
        """None: Berlekamp's rule for strings is Hackenbush's, not this game's."""
        return None
