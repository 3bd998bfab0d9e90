"""COIN-TURNING GAMES: a row of coins, heads or tails; a move turns over a set of coins
whose rightmost goes from heads to tails, the sets allowed depending on the game.

Winning Ways (Berlekamp, Conway & Guy 1982, vol. 2, ch. 14, "Turn and Turn About"):
Turning Turtles turns one or two coins, Mock Turtles up to three, Moebius up to five,
Mogul up to seven and Moidores up to nine; Ruler turns any run of consecutive coins.
Because the sets allowed depend only on where the coins are, a position is the sum of
its heads, each alone (Winning Ways' coin-turning theorem), so its nim-value is the
nim-sum of the values of single heads (``head_values``); the search confirms it on small
rows.  Coins are numbered from 0 at the left, as Winning Ways numbers Mock Turtles
(Turning Turtles and Ruler count from 1 there: coin i here is their i + 1).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError, SizeLimitError
from grundy.rulesets.drawing import GREEN, INK, PAPER, clickable_circle, svg_document, text
from grundy.rulesets.registry import register
from grundy.values.nimber import mex

#: The most coins a row may hold where a move turns at most 3 coins or a run.  The
#: values of the games turning more grow fast (a lone head on coin 19 of Moidores is
#: worth *43691) and so does the table of their sums: those games hold fewer coins.
MAX_COINS = 256


@functools.cache
def head_values(most: int, count: int) -> tuple[int, ...]:
    """The nim-value of a lone head on coin n, for n < ``count``, in the game turning at
    most ``most`` coins (0: any run of consecutive coins, Ruler).

    A move from a lone head on n turns n and a set S of coins left of it, leaving the
    heads S, of value the nim-sum of their values; the value is the mex of those.  For
    "at most k" the nim-sums of j distinct earlier values are kept for each j < k, so
    the whole table costs O(count * k * V), V the largest value's power of two.
    """
    values: list[int] = []
    if most == 0:
        for n in range(count):
            suffixes, total = {0}, 0
            for m in range(n - 1, -1, -1):
                total ^= values[m]
                suffixes.add(total)
            values.append(mex(suffixes))
        return tuple(values)
    sums: list[set[int]] = [{0}] + [set() for _ in range(most - 1)]
    for _ in range(count):
        value = mex(set().union(*sums))
        values.append(value)
        for j in range(most - 1, 0, -1):
            sums[j] |= {total ^ value for total in sums[j - 1]}
    return tuple(values)


def parse_coins(text: str, game: str, most: int = MAX_COINS) -> str:
    """A row of ``H`` (heads) and ``T`` (tails), at most ``most`` of them."""
    row = text.strip().upper()
    if len(row) > most:
        raise SizeLimitError(f"the row has {len(row):,} coins: {game} rows hold at most "
                             f"{most}")
    bad = next((coin for coin in row if coin not in "HT"), None)
    if bad is not None:
        raise ParseError(f"coin {bad!r}: write H (heads) or T (tails), like THHT")
    return row


def coins_svg(row: str, title: str) -> str:
    """The coins in a row, numbered from 0; heads are green and are the play page's
    spots (a move is named by its rightmost coin, a head)."""
    size, margin = 30, 20
    body = []
    for i, coin in enumerate(row):
        x, y = margin + size * i + size / 2, margin + size / 2
        body.append(text(x, margin / 2, str(i), 10))
        if coin == "H":
            body += clickable_circle(x, y, size / 2 - 2, str(i), GREEN, ink=PAPER, size=12)
        else:
            body.append(f'<circle cx="{x}" cy="{y}" r="{size / 2 - 2}" fill="{PAPER}" '
                        f'stroke="{INK}"/>')
            body.append(text(x, y, "T", 12))
    return svg_document(2 * margin + size * max(len(row), 1), 2 * margin + size, body, title)


class TurningRuleset(ImpartialRuleset[str]):
    """What the coin-turning games share: the row of coins, the sum over heads and the
    pictures.  A game gives ``most``, the most coins a move turns (0: a run)."""

    most: ClassVar[int]
    #: The title of pictures.
    title: ClassVar[str]
    limits: ClassVar[Mapping[str, int]] = {"coins": MAX_COINS}

    def parse(self, text: str) -> str:
        return parse_coins(text, self.title, self.limits["coins"])

    def format(self, position: str) -> str:
        return position

    def format_move(self, move: Move) -> str:
        """The rightmost coin turned, then the others: ``4`` or ``4-0,2``."""
        head, *others = cast(tuple[int, ...], move)
        return f"{head}-{','.join(map(str, others))}" if others else str(head)

    def turned(self, head: int) -> Iterator[tuple[int, ...]]:
        """The sets of coins left of ``head`` that a move from it may turn with it."""
        if self.most == 0:
            return (tuple(range(start, head)) for start in range(head, -1, -1))
        return (others for k in range(self.most)
                for others in itertools.combinations(range(head), k))

    def moves(self, position: str) -> Iterator[tuple[Move, str]]:
        """Turn a head to tails and a set of coins left of it; the label is the head's
        coin, then the others'."""
        for head, coin in enumerate(position):
            if coin != "H":
                continue
            for others in self.turned(head):
                row = list(position)
                for i in (*others, head):
                    row[i] = "T" if row[i] == "H" else "H"
                yield (head, *others), "".join(row)

    def key(self, position: str) -> str:
        """Tails right of the last head are never turned again."""
        return position.rstrip("T")

    def components(self, position: str) -> Sequence[str]:
        """Each head alone (the coin-turning theorem)."""
        return ["T" * i + "H" for i, coin in enumerate(position) if coin == "H"]

    def fast_grundy(self, position: str) -> int:
        """The nim-sum of the single heads' values (``head_values``)."""
        values = head_values(self.most, self.limits["coins"])
        total = 0
        for i, coin in enumerate(position):
            if coin == "H":
                total ^= values[i]
        return total

    def data(self, position: str) -> dict[str, Any]:
        return {"coins": list(position)}

    def render_svg(self, position: str) -> str:
        return coins_svg(position, f"{self.title} {position}")

    def random_position(self, rng: random.Random, size: int) -> str:
        return "".join(rng.choice("HT") for _ in range(min(size + 2, self.limits["coins"])))

    def small_positions(self, size: int) -> Iterator[str]:
        """Every row of ``size`` coins."""
        return ("".join(row) for row in itertools.product("HT", repeat=size))

    def count_small_positions(self, size: int) -> int:
        return int(2**size)


def _citation() -> Citation:
    return Citation("berlekamp-conway-guy-1982", locator="vol. 2, ch. 14")


@register
class TurningTurtles(TurningRuleset):
    name = "turning-turtles"
    most = 2
    title = "Turning Turtles"
    summary = "Turn a head to tails and, if you like, one coin left of it (Nim in disguise)."
    citation = _citation()
    text_format = ("a row of coins, H heads and T tails, e.g. THHT (coin 0 at the left); "
                   "a move is the head turned, then the other coin: 3 or 3-1")
    examples = ("THHT", "TTHTH", "HTHTHHT")


@register
class MockTurtles(TurningRuleset):
    name = "mock-turtles"
    most = 3
    title = "Mock Turtles"
    summary = "Turn a head to tails and up to two coins left of it."
    citation = _citation()
    text_format = ("a row of coins, H heads and T tails, e.g. THTH (coin 0 at the left); "
                   "a move is the head turned, then the others: 3, 3-1 or 3-0,1")
    examples = ("THTH", "HTTHTH", "TTHTHHTH")


@register
class Moebius(TurningRuleset):
    name = "moebius"
    most = 5
    limits: ClassVar[Mapping[str, int]] = {"coins": 64}
    title = "Moebius"
    summary = "Turn a head to tails and up to four coins left of it."
    citation = _citation()
    text_format = ("a row of coins, H heads and T tails, e.g. TTHTH (coin 0 at the left); "
                   "a move is the head turned, then the others: 4 or 4-0,1,3")
    examples = ("TTHTH", "HTHTTHTH")


@register
class Mogul(TurningRuleset):
    name = "mogul"
    most = 7
    limits: ClassVar[Mapping[str, int]] = {"coins": 30}
    title = "Mogul"
    summary = "Turn a head to tails and up to six coins left of it."
    citation = _citation()
    text_format = ("a row of coins, H heads and T tails, e.g. TTTHTH (coin 0 at the "
                   "left); a move is the head turned, then the others: 5 or 5-0,2")
    examples = ("TTTHTH", "HTTHTTTH")


@register
class Moidores(TurningRuleset):
    name = "moidores"
    most = 9
    limits: ClassVar[Mapping[str, int]] = {"coins": 20}
    title = "Moidores"
    summary = "Turn a head to tails and up to eight coins left of it."
    citation = _citation()
    text_format = ("a row of coins, H heads and T tails, e.g. TTTTHTH (coin 0 at the "
                   "left); a move is the head turned, then the others: 6 or 6-0,2")
    examples = ("TTTTHTH", "HTTTHTTTTH")


@register
class Ruler(TurningRuleset):
    name = "ruler"
    most = 0
    title = "Ruler"
    summary = "Turn a head to tails and any run of coins just left of it."
    citation = _citation()
    text_format = ("a row of coins, H heads and T tails, e.g. THTH (coin 0 at the left); "
                   "a move is the head turned, then the run left of it: 3 or 3-1,2")
    examples = ("THTH", "HTHHTTTH", "TTTHTTTH")
