"""QUICKSORT: a sequence of distinct numbers; a move picks a pivot and moves the
smaller numbers before it and the larger after it, each group keeping its order, as one
step of quicksort does.  A move must change the sequence; the sorted sequence is
terminal.

Chen 2016, "The Quicksort game" (degree project, KTH), the impartial game in which
either player may pick any pivot, as cgt-tools plays it.  Where the first k numbers are
the k smallest, no pivot ever moves a number across that cut, so the sequence is the sum
of its parts between such cuts; a part's game depends only on the order of its numbers
(its pattern), which is its key.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.drawing import GREEN, PAPER, clickable_circle, svg_document
from grundy.rulesets.heaps.nim import parse_heaps
from grundy.rulesets.registry import register

Sequence_ = tuple[int, ...]
#: The longest sequence parsed.
MAX_LENGTH = 64


def pivot(sequence: Sequence_, value: int) -> Sequence_:
    """The numbers below ``value``, then ``value``, then those above, each in order."""
    return (*(x for x in sequence if x < value), value, *(x for x in sequence if x > value))


def pattern(sequence: Sequence_) -> Sequence_:
    """Each number replaced by its rank (0 the least)."""
    rank = {value: i for i, value in enumerate(sorted(sequence))}
    return tuple(rank[value] for value in sequence)


@register
class Quicksort(ImpartialRuleset[Sequence_]):
    name = "quicksort"
    summary = "Pivot on a number: smaller ones before it, larger after, as quicksort does."
    citation = Citation("chen-2016", locator="§2")
    text_format = ("distinct whole numbers separated by commas, e.g. 4,1,6,5,7,3,8,2 ; a "
                   "move is the pivot")
    examples = ("1,2,3,6,5,4", "4,1,6,5,7,3,8,2", "2,3,4,5,1", "3,1,2")
    limits: ClassVar[Mapping[str, int]] = {"numbers": MAX_LENGTH}

    def parse(self, text: str) -> Sequence_:
        if text.count(",") >= MAX_LENGTH:
            self.check_size("numbers", text.count(",") + 1)
        numbers = parse_heaps(text, "number")
        if len(set(numbers)) != len(numbers):
            raise ParseError("a number appears twice: the numbers must be distinct")
        return numbers

    def format(self, position: Sequence_) -> str:
        return ",".join(map(str, position))

    def format_move(self, move: Move) -> str:
        return str(cast(int, move))

    def moves(self, position: Sequence_) -> Iterator[tuple[Move, Sequence_]]:
        """Pivot on each number whose pivot changes the sequence; the label is the number."""
        for value in position:
            after = pivot(position, value)
            if after != position:
                yield value, after

    def components(self, position: Sequence_) -> Sequence[Sequence_]:
        """The parts between cuts where every number before is less than every number
        after, the parts of one number (already in place) dropped."""
        parts, start, most = [], 0, -1
        ordered = sorted(position)
        for i, value in enumerate(position):
            most = max(most, value)
            if most == ordered[i]:
                if i > start:
                    parts.append(position[start:i + 1])
                start = i + 1
        return parts

    def key(self, position: Sequence_) -> Sequence_:
        return pattern(position)

    def data(self, position: Sequence_) -> dict[str, Any]:
        return {"sequence": list(position)}

    def render_svg(self, position: Sequence_) -> str:
        """Bars as tall as each number's rank, the number on a clickable spot below."""
        step, margin, unit = 30, 20, 12
        ranks = pattern(position)
        height = 2 * margin + unit * (len(position) + 1) + step
        body = []
        for i, (value, rank) in enumerate(zip(position, ranks, strict=True)):
            x = margin + step * i
            bar = unit * (rank + 1)
            body.append(f'<rect x="{x + 4}" y="{height - margin - step - bar}" '
                        f'width="{step - 8}" height="{bar}" fill="{GREEN}"/>')
            body += clickable_circle(x + step / 2, height - margin - step / 2, step / 2 - 3,
                                     str(value), PAPER)
        return svg_document(2 * margin + step * max(len(position), 1), height, body,
                            f"Quicksort {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Sequence_:
        numbers = list(range(1, size + 3))
        rng.shuffle(numbers)
        return tuple(numbers)
