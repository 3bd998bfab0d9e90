"""CGSuite notation for canonical games: ``parse`` and the canonical printer ``format_game``.

The bars follow seed 001 (``001_56c9c94dd1ec088e.wrapped.txt`` L258-263): in
``{3|0 || 2|-1, *}`` the double bar is the first decision, so Left moves to {3|0} and
Right to {2|-1} or *.  CGSuite's grammar (``Cgsuite.g``, ``slashExpression``) reads that
text as one Right option {2 | -1, *}; the two agree whenever an option with several
options a side is braced, which is how both CGSuite and this printer write a side with
several options, and how this printer writes such an option even when it is alone.

Terms: integers and dyadic fractions (``3/4``), ``*`` and ``*n``, ``^``/``^n``/``^^``,
``v``/``vn``/``vv``, compounds of a number, ups and a nimber in that order (``1*``,
``3/2*2``, ``^*``, ``-1v*``), ``+-x`` or ``±x`` (the switch {x | −x}), braces
``{a, b | c}`` with any number of bars (``{4|2 || 3|-2}``: the longest run of bars splits
first, commas separate the options of a side, an option with shorter runs of bars is a
game), parentheses, and ``+``/``-`` between terms; ``a +- b`` is ``a + ±b``.  A ``-``
written directly before a digit belongs to the number: ``-1v`` is −1 + ↓.

Printing is canonical (one string per value) and follows CGSuite: uptimal values as
compounds, {x | −x} as ``+-x`` (± only for a game equal to its negative: {4|2} stays
``{4|2}``, though ``3+-1`` reads as the same game), x + tiny(g) and x + miny(g) as
``xTiny(g)`` and ``xMiny(g)`` (``Miny(2)`` is {2|0 || 0}), anything else in braces with
options sorted by birthday and then by text; an option alone on its side with one option
a side is written without braces, using fewer bars.

>>> str(parse("{1|0} + ^ + *2"))
'{1^*2|^*2}'
>>> str(parse("{4|2 || 3|-2}")), str(parse("+-{3|2}"))
('2', '+-{3|2}')
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import NoReturn

from grundy.values.game import Game

__all__ = ["NotationError", "format_game", "parse"]


class NotationError(ValueError):
    """Text that is not CGSuite notation; the message says where and what to write."""


# -- printing -----------------------------------------------------------------------

_texts: dict[int, tuple[str, int]] = {}


def format_game(game: Game) -> str:
    """The canonical CGSuite text of a game."""
    text, bars = _text(game)
    return text if bars == 0 else "{" + text + "}"


def _format_number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _text(game: Game) -> tuple[str, int]:
    """The bare text of a game and its number of bars (0: an atom, needing no braces)."""
    known = _texts.get(game.id)
    if known is not None:
        return known
    form = game.uptimal()
    if form is not None:
        x, n, m = form
        parts = [_format_number(x) if x or (n == 0 and m == 0) else ""]
        if n:
            parts.append(("^" if n > 0 else "v") + (str(abs(n)) if abs(n) > 1 else ""))
        if m:
            parts.append("*" + (str(m) if m > 1 else ""))
        result = ("".join(parts), 0)
    elif len(game.left) == len(game.right) == 1 and game.right[0] is -game.left[0]:
        result = ("+-" + format_game(game.left[0]), 0)
    elif (tiny := _tiny(game)) is not None:
        name, translate, subscript = tiny
        result = ((_format_number(translate) if translate else "")
                  + f"{name}({format_game(subscript)})", 0)
    else:
        left = [_option(g, len(game.left) > 1) for g in _ordered(game.left)]
        right = [_option(g, len(game.right) > 1) for g in _ordered(game.right)]
        bars = 1 + max((b for _, b in left + right), default=0)
        result = (",".join(t for t, _ in left) + "|" * bars + ",".join(t for t, _ in right),
                  bars)
    _texts[game.id] = result
    return result


def _tiny(game: Game) -> tuple[str, Fraction, Game] | None:
    """``("Tiny", x, g)`` when the game is x + tiny(g) = {x || x | x − g}, ``("Miny", x,
    g)`` when it is x + miny(g) = {x + g | x || x}, g of positive mean: CGSuite's forms."""
    if len(game.left) != 1 or len(game.right) != 1:
        return None
    (left,), (right,) = game.left, game.right
    x = left.number()
    if x is not None and len(right.left) == len(right.right) == 1 and right.left[0] is left \
            and right.right[0].mean() < x:
        return "Tiny", x, left - right.right[0]
    x = right.number()
    if x is not None and len(left.left) == len(left.right) == 1 and left.right[0] is right \
            and left.left[0].mean() > x:
        return "Miny", x, left.left[0] - right
    return None


def tiny(subscript: Game) -> Game:
    """tiny(g) = {0 || 0 | −g}; its negative is miny(g) = {g | 0 || 0}."""
    zero = Game.zero()
    return Game.of([zero], [Game.of([zero], [-subscript])])


def _option(game: Game, crowded: bool) -> tuple[str, int]:
    """An option's text: bare (with its bars) when it is alone on its side and has one
    option a side, else braced, so that no reading of commas against bars can go wrong
    (CGSuite braces every option of a side with several)."""
    text, bars = _text(game)
    if bars and (crowded or len(game.left) > 1 or len(game.right) > 1):
        return "{" + text + "}", 0
    return text, bars


def _ordered(options: tuple[Game, ...]) -> list[Game]:
    return sorted(options, key=lambda g: (g.birthday, format_game(g)))


# -- parsing ------------------------------------------------------------------------

_LITERAL = re.compile(
    r"(?P<number>-?\d+(?:/\d+)?)?(?P<ups>\^\d+|v\d+|\^+|v+)?(?P<star>\*\d*)?"
)
_HELP = ("write integers, 3/4, *, *n, ^, v, ^n, vn, +-x, Tiny(x), Miny(x), {left | right} "
         "joined by + and -")
_TINIES = ("Tiny(", "Miny(")


def parse(text: str) -> Game:
    """The canonical game written in CGSuite notation; NotationError on bad input."""
    parser = _Parser(text)
    game = parser.expression()
    parser.skip()
    if parser.pos < len(text):
        if text[parser.pos] == "}":
            parser.fail("unbalanced braces: a '}' closes nothing")
        parser.fail(f"unexpected {text[parser.pos]!r}")
    return game


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, problem: str) -> NoReturn:
        raise NotationError(f"{problem} at position {self.pos + 1} of {self.text!r}: {_HELP}")

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self, token: str) -> bool:
        self.skip()
        return self.text.startswith(token, self.pos)

    def expression(self) -> Game:
        total = self.term()
        while True:
            if self.peek("+-") or self.peek("±"):
                total = total + self.term()  # the term parser reads the ± itself
            elif self.peek("+"):
                self.pos += 1
                total = total + self.term()
            elif self.peek("-"):
                self.pos += 1
                total = total - self.term()
            else:
                return total

    def term(self) -> Game:
        self.skip()
        if self.pos >= len(self.text):
            self.fail("expected a value")
        for switch in ("+-", "±"):
            if self.peek(switch):
                self.pos += len(switch)
                value = self.term()
                return Game.of([value], [-value])
        if self.text.startswith(_TINIES, self.pos):
            return self.tiny()
        char = self.text[self.pos]
        if char == "-" and not self.text[self.pos + 1: self.pos + 2].isdigit():
            self.pos += 1
            return -self.term()
        if char == "(":
            self.pos += 1
            value = self.expression()
            if not self.peek(")"):
                self.fail("missing ')'")
            self.pos += 1
            return value
        if char == "{":
            end = self.closing_brace()
            value = self.braced(self.pos + 1, end)
            self.pos = end + 1
            return value
        value = self.literal()
        if self.text.startswith(_TINIES, self.pos):  # x + tiny(g), written 1Tiny(2)
            value = value + self.tiny()
        return value

    def tiny(self) -> Game:
        """``Tiny(g)`` or ``Miny(g)`` (at ``pos``): tiny(g) = {0 || 0 | −g}, miny(g) its
        negative."""
        name = self.text[self.pos: self.pos + 4]
        self.pos += len(name) + 1
        subscript = self.expression()
        if not self.peek(")"):
            self.fail(f"missing ')' after {name}(")
        self.pos += 1
        return tiny(subscript) if name == "Tiny" else -tiny(subscript)

    def literal(self) -> Game:
        match = _LITERAL.match(self.text, self.pos)
        if match is None or not match.group(0):
            self.fail(f"unknown symbol {self.text[self.pos]!r}")
        number, ups, star = match.group("number", "ups", "star")
        value = Game.zero()
        if number:
            try:
                value = Game.number(Fraction(number))
            except (ValueError, ZeroDivisionError):
                self.fail(f"{number} is not a dyadic rational (the denominator must be 2^k)")
        if ups:
            count = int(ups[1:]) if ups[1:].isdigit() else len(ups)
            value = value + Game.up(count if ups[0] == "^" else -count)
        if star:
            value = value + Game.nimber(int(star[1:]) if len(star) > 1 else 1)
        self.pos = match.end()
        return value

    def closing_brace(self) -> int:
        depth = 0
        for index in range(self.pos, len(self.text)):
            depth += {"{": 1, "}": -1}.get(self.text[index], 0)
            if depth == 0:
                return index
        self.fail("unbalanced braces: a '{' is never closed")

    def braced(self, start: int, end: int) -> Game:
        """The game written between braces (or bare, with fewer bars) in text[start:end]."""
        runs = [(m.start(), m.end()) for m in re.finditer(r"\|+", self.text[start:end])
                if self.top_level(start, start + m.start())]
        if not runs:
            self.pos = start
            self.fail("braces need a bar: {left options | right options}")
        longest = max(b - a for a, b in runs)
        splits = [(start + a, start + b) for a, b in runs if b - a == longest]
        if len(splits) > 1:
            self.pos = splits[1][0]
            self.fail(f"two runs of {longest} bars at one level: add braces")
        (bar, after), = splits
        return Game.of(self.side(start, bar), self.side(after, end))

    def top_level(self, start: int, index: int) -> bool:
        depth = 0
        for char in self.text[start:index]:
            depth += {"{": 1, "(": 1, "}": -1, ")": -1}.get(char, 0)
        return depth == 0

    def side(self, start: int, end: int) -> list[Game]:
        """The options separated by top-level commas in text[start:end]."""
        cuts = [start - 1] + [i for i in range(start, end)
                              if self.text[i] == "," and self.top_level(start, i)] + [end]
        items = list(itertools.pairwise(cuts))
        if len(items) == 1 and not self.text[start:end].strip():
            return []
        options = []
        for a, b in items:
            if not self.text[a + 1: b].strip():
                self.pos = a + 1
                self.fail("an empty option between commas")
            if any(self.text[i] == "|" and self.top_level(a + 1, i) for i in range(a + 1, b)):
                options.append(self.braced(a + 1, b))
            else:
                options.append(self.sub_expression(a + 1, b))
        return options

    def sub_expression(self, start: int, end: int) -> Game:
        """An expression filling exactly text[start:end]."""
        inner = _Parser(self.text[:end])
        inner.pos = start
        value = inner.expression()
        inner.skip()
        if inner.pos != end:
            self.pos = inner.pos
            self.fail(f"unexpected {self.text[inner.pos]!r}")
        return value
