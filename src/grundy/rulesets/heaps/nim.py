"""NIM and BOOLEAN NIM.

NIM (seed 000, ``000_7d67923f02e8dd4e.txt`` L291-298): a vector of heaps; a move
takes q ≥ 1 tokens from one heap.  The move's label is ``(heap, q)`` (the paper's
non-positive vector with one non-zero entry), which matters for quantum collapse.
BOOLEAN NIM (L326): every heap holds 0 or 1; a move empties one heap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from grundy.protocol import (
    Citation,
    ImpartialRuleset,
    Move,
    ParseError,
    SizeLimitError,
    TooBig,
    read_int,
)
from grundy.rulesets.drawing import GREEN, INK, spot, svg_document, text
from grundy.rulesets.registry import register

Heaps = tuple[int, ...]


#: Largest heap a position text may hold, and most heaps in one position.
MAX_HEAP = 1_000_000
MAX_HEAPS = 10_000
#: Most tokens a heap picture draws (one circle each).
MAX_DRAWN_TOKENS = 5_000
#: The documented limits of every ruleset on heaps.
HEAP_LIMITS = {"heap": MAX_HEAP, "heaps": MAX_HEAPS}


def parse_heaps(text: str, what: str = "heap") -> Heaps:
    """Comma-separated natural numbers; the empty text is no heaps.  At most
    ``MAX_HEAPS`` of them, each at most ``MAX_HEAP`` (checked before building)."""
    text = text.strip()
    if not text:
        return ()
    items = text.split(",", MAX_HEAPS)
    if len(items) > MAX_HEAPS:
        raise SizeLimitError(f"more than {MAX_HEAPS:,} {what}s: the limit is {MAX_HEAPS:,}")
    heaps = []
    for index, item in enumerate(items):
        item = item.strip()
        if item.startswith("-") and item[1:].isdigit():
            raise ParseError(f"{what} {index} is {item}: {what}s cannot be negative")
        if not (item.isascii() and item.isdigit()):
            raise ParseError(f"{what} {index} is {item!r}: write whole numbers like 3,5,7")
        heap = read_int(item, f"{what} {index}")
        if heap > MAX_HEAP:
            raise SizeLimitError(
                f"{what} {index} is {heap:,}: over the limit of {MAX_HEAP:,} for a {what}"
            )
        heaps.append(heap)
    return tuple(heaps)


def heaps_svg(heaps: Sequence[int], title: str,
              spots: Callable[[int, int], str | None] = lambda heap, level: str(heap)) -> str:
    """Heaps drawn as columns of tokens, labelled by index; refused (TooBig) over
    ``MAX_DRAWN_TOKENS`` tokens, before anything is drawn.  The token at ``level``
    (0 at the bottom) of heap ``heap`` is the play page's ``spot`` ``spots(heap, level)``
    (by default the heap's index, where the moves from that heap are played)."""
    if sum(heaps) > MAX_DRAWN_TOKENS:
        raise TooBig(f"{title} has {sum(heaps):,} tokens: pictures show at most "
                     f"{MAX_DRAWN_TOKENS:,}; use the text form")
    size, gap = 16, 28
    height = 40 + size * max((*heaps, 1))
    body = []
    for i, heap in enumerate(heaps):
        x = 20 + gap * i + size / 2
        body.append(text(x, height - 10, str(i), 10))
        for level in range(heap):
            y = height - 26 - size * level
            label = spots(i, level)
            clickable = "" if label is None else f" {spot(label)}"
            body.append(f'<circle cx="{x}" cy="{y}" r="{size / 2 - 1}" fill="{GREEN}" '
                        f'stroke="{INK}"{clickable}/>')
    return svg_document(40 + gap * len(heaps), height, body, title)


@register
class Nim(ImpartialRuleset[Heaps]):
    name = "nim"
    limits = HEAP_LIMITS
    summary = "Take any number of tokens from one heap."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L291-298", "§3.1")
    text_format = "heap sizes separated by commas, e.g. 3,5,7 (empty text: no heaps)"
    examples = ("3,5,7", "1,2,3", "5,3")

    def parse(self, text: str) -> Heaps:
        return parse_heaps(text)

    def format(self, position: Heaps) -> str:
        return ",".join(map(str, position))

    def format_move(self, move: Move) -> str:
        heap, take = cast(tuple[int, int], move)
        return f"{heap}-{take}"

    def moves(self, position: Heaps) -> Iterator[tuple[Move, Heaps]]:
        for i, heap in enumerate(position):
            for take in range(1, heap + 1):
                yield (i, take), (*position[:i], heap - take, *position[i + 1:])

    def key(self, position: Heaps) -> tuple[int, ...]:
        return tuple(sorted(h for h in position if h))

    def components(self, position: Heaps) -> Sequence[Heaps]:
        return [(h,) for h in position if h]

    def fast_grundy(self, position: Heaps) -> int:
        """Bouton: the nimber of a Nim position is the XOR of its heaps."""
        value = 0
        for heap in position:
            value ^= heap
        return value

    def data(self, position: Heaps) -> dict[str, Any]:
        return {"heaps": list(position)}

    def render_svg(self, position: Heaps) -> str:
        return heaps_svg(position, f"Nim {self.format(position)}")

    def small_positions(self, size: int) -> Iterator[Heaps]:
        """Every vector of non-empty heaps holding ``size`` tokens in all."""
        if size == 0:
            yield ()
            return
        for first in range(1, size + 1):
            for rest in self.small_positions(size - first):
                yield (first, *rest)

    def random_position(self, rng: random.Random, size: int) -> Heaps:
        return tuple(rng.randint(0, size) for _ in range(max(1, size // 2)))


@register
class BooleanNim(ImpartialRuleset[Heaps]):
    name = "boolean-nim"
    limits = HEAP_LIMITS
    aliases = ("bnim",)
    summary = "Nim where every heap holds 0 or 1 tokens; a move empties one heap."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L326", "§3.2")
    text_format = "heaps of 0 or 1 separated by commas, e.g. 1,0,1"
    examples = ("1,0,1", "1,1,1,1")

    def parse(self, text: str) -> Heaps:
        heaps = parse_heaps(text)
        for i, heap in enumerate(heaps):
            if heap > 1:
                raise ParseError(f"heap {i} is {heap}: Boolean Nim heaps are 0 or 1")
        return heaps

    def format(self, position: Heaps) -> str:
        return ",".join(map(str, position))

    def moves(self, position: Heaps) -> Iterator[tuple[Move, Heaps]]:
        for i, heap in enumerate(position):
            if heap:
                yield i, (*position[:i], 0, *position[i + 1:])

    def key(self, position: Heaps) -> int:
        return sum(position)

    def fast_grundy(self, position: Heaps) -> int:
        """A sum of *1s: the parity of the non-empty heaps."""
        return sum(position) % 2

    def data(self, position: Heaps) -> dict[str, Any]:
        return {"heaps": list(position)}

    def render_svg(self, position: Heaps) -> str:
        return heaps_svg(position, f"Boolean Nim {self.format(position)}")

    def small_positions(self, size: int) -> Iterator[Heaps]:
        """Every vector of ``size`` heaps of 0 or 1, the k-th holding the bits of k."""
        return self.small_positions_from(size, 0)

    def count_small_positions(self, size: int) -> int:
        return 1 << size

    def small_positions_from(self, size: int, start: int) -> Iterator[Heaps]:
        for bits in range(start, 1 << size):
            yield tuple(bits >> i & 1 for i in range(size))

    def random_position(self, rng: random.Random, size: int) -> Heaps:
        return tuple(rng.randint(0, 1) for _ in range(max(1, size)))
