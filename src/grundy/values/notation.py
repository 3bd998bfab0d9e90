"""CGSuite notation for canonical games: ``parse``, the canonical printer ``format_game``
and the LaTeX writer ``to_latex``.

Terms: integers, dyadic fractions (``3/4``) and decimals (``2.5``), ``*`` and ``*n`` (also
``*[n]``), ``^``/``^n``/``^^`` and ``v``/``vn``/``vv`` (n·↑), CGSuite's uptimal units
``^<n>`` = ↑ⁿ and sums ``^[n]`` = ↑ + ↑² + … + ↑ⁿ (``v<n>``, ``v[n]`` their negatives),
compounds of a number, ups and a nimber in that order (``1*``, ``3/2*2``, ``^*``,
``-1v2*``, ``1^[3]*``), ``+-x`` or ``±x`` (the switch {x | −x}), ``+-{a, b}`` or
``+-(a, b)`` (the switch {a, b | −a, −b}), ``Tiny(g)`` and ``Miny(g)`` with a number
before them (``2Tiny(1)``), braces ``{a, b | c}`` with any number of bars, parentheses,
and ``+``/``-`` between terms; ``a +- b`` is ``a + ±b``.  A ``-`` written directly
before a digit belongs to the number: ``-1v`` is −1 + ↓.

Bars and commas, two readings.  By default (``dialect="thesis"``) the bars follow seed
001 (``001_56c9c94dd1ec088e.wrapped.txt`` L258-263): the longest run of bars in a brace
is its first decision, commas then separate the options of each side, and an option
with shorter runs of bars is a game, so ``{3|0 || 2|-1, *}`` has Left option {3|0} and
Right options {2|-1} and *.  CGSuite's grammar (``Cgsuite.g``, ``slashExpression``;
``dialect="cgsuite"``) lets commas bind tighter than every bar: the text between two
runs of bars is one list of options, so the same text has the one Right option
{2 | −1, *}.  The readings agree whenever an option with several options a side is
braced.  This printer always braces one, so everything it prints reads back alike in
both dialects; CGSuite braces every option of a side with several options but writes a
lone option bare (``{2|0,* || -1}``: Left's one option is {2 | 0, *}), and such text
reads as CGSuite means it only with ``dialect="cgsuite"``.

Reading is one left-to-right pass (a preliminary scan matches the braces): every term is
built, interned, as soon as it is read, and the bars of a brace are resolved by a stack,
so the time is linear in the length of the text.

Caps, checked before anything is built (``NotationError`` names the cap), as every unit
of an integer and of n in ``*n`` or ``^n`` is a game to build: integers up to 4,096 in
magnitude and n up to 256 in ``*n``, ``^n``, ``^<n>`` and ``^[n]``, the sums a text asks
for included; denominators up to 2^64; nesting (braces, parentheses, prefixes) 100
deep.  Text this program printed itself (the search's store) is read with
``trusted=True``, without the caps.

Printing is canonical (one string per value) and follows CGSuite's
``CanonicalShortGame.appendTo``: uptimal values as compounds (``^^*``, ``v3``, ``^[3]``,
``1v<2>*``), a game equal to its negative {a, b | −a, −b} as ``+-a`` or ``+-{a,b}`` (±
only for those: {4|2} stays ``{4|2}``, though ``3+-1`` reads as the same game),
x + tiny(g) and x + miny(g) as ``xTiny(g)`` and ``xMiny(g)`` (``Miny(2)`` is
{2|0 || 0}), anything else in braces with options sorted by birthday and then by text;
an option alone on its side with one option a side is written without braces, using
fewer bars, and at most four bars are written in a row.

>>> str(parse("{1|0} + ^ + *2"))
'{1^*2|^*2}'
>>> str(parse("{4|2 || 3|-2}")), str(parse("+-{3|2}")), str(parse("+-(1, {2|0})"))
('2', '+-{3|2}', '+-{1,{2|0}}')
>>> parse("{3|0 || 2|-1, *}", dialect="cgsuite") is parse("{3|0 || {2|-1, *}}")
True
>>> str(parse("^ + ^<2>")), str(parse("2.5 + v[3]*")), to_latex(parse("+-{3|2} + *"))
('^[2]', '5/2v[3]*', '\\\\pm\\\\{3\\\\ast \\\\mid 2\\\\ast\\\\}')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal, NoReturn

from grundy.values.game import Game, Uptimal

__all__ = ["Compact", "Forms", "NotationError", "format_game", "parse", "tiny", "to_latex",
           "up_power", "up_sum"]

Dialect = Literal["thesis", "cgsuite"]

MAX_INTEGER = 2**12
MAX_DENOMINATOR = 2**64
MAX_COUNT = 256
MAX_DEPTH = 100


class NotationError(ValueError):
    """Text that is not CGSuite notation; the message says where and what to write."""


# -- special games --------------------------------------------------------------------

_UP_SUMS: list[Game] = []


def up_sum(n: int) -> Game:
    """↑^[n] = ↑ + ↑² + … + ↑ⁿ = {↑^[n−1] | *} (↑^[0] = 0): CGSuite's ``^[n]``."""
    if not _UP_SUMS:
        _UP_SUMS.append(Game.zero())
    while len(_UP_SUMS) <= n:  # bottom-up, so that large n needs no deep recursion
        _UP_SUMS.append(Game.of([_UP_SUMS[-1]], [Game.nimber(1)]))
    return _UP_SUMS[n]


def up_power(n: int) -> Game:
    """↑ⁿ = {0 | ↓^[n−1]*} for n ≥ 1 (↑¹ = ↑, ↑² = {0 | ↓*}): CGSuite's ``^<n>``."""
    return Game.of([Game.zero()], [Game.nimber(1) - up_sum(n - 1)])


def tiny(subscript: Game) -> Game:
    """tiny(g) = {0 || 0 | −g}; its negative is miny(g) = {g | 0 || 0}."""
    zero = Game.zero()
    return Game.of([zero], [Game.of([zero], [-subscript])])


# -- printing -----------------------------------------------------------------------

#: x ± ↑ⁿ + *m (kind ``<``) or x ± ↑^[n] + *m (kind ``[``) as (x, kind, ±n, m), n ≥ 2.
Compact = tuple[Fraction, str, int, int]


@dataclass(frozen=True)
class Forms:
    """How the printer recognises the values it writes compactly: ``uptimal`` gives
    (x, n, m) for x + n·↑ + *m, ``compact`` gives ``Compact`` for CGSuite's uptimals."""

    name: str
    uptimal: Callable[[Game], Uptimal | None]
    compact: Callable[[Game], Compact | None]


@dataclass(frozen=True)
class _Style:
    """The symbols one output language writes for each part of a value."""

    name: str
    up: str
    down: str
    double_up: str
    double_down: str
    star: str
    plus_minus: str
    open: str
    close: str
    bar: str
    comma: str
    forms: Forms

    def number(self, x: Fraction) -> str:
        if x.denominator == 1 or self.name == "text":
            return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
        sign = "-" if x < 0 else ""
        return f"{sign}\\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"

    def ups(self, n: int) -> str:
        """n·↑ (n ≠ 0)."""
        if abs(n) == 2:
            return self.double_up if n > 0 else self.double_down
        return (self.up if n > 0 else self.down) + (str(abs(n)) if abs(n) > 2 else "")

    def uptimal(self, kind: str, n: int) -> str:
        """±↑ⁿ (kind ``<``) or ±↑^[n] (kind ``[``), n ≥ 2."""
        arrow = self.up if n > 0 else self.down
        inner = str(abs(n)) if kind == "<" else f"[{abs(n)}]"
        if self.name == "text":
            return arrow + (f"<{inner}>" if kind == "<" else inner)
        return arrow + ("^" if n > 0 else "_") + "{" + inner + "}"

    def tiny(self, name: str, subscript: str) -> str:
        if self.name == "text":
            return f"{name}({subscript})"
        return ("{+}" if name == "Tiny" else "{-}") + "_{" + subscript + "}"

    def bars(self, count: int) -> str:
        return self.bar * count if self.name == "text" else " " + self.bar * count + " "


_texts: dict[tuple[str, str, int], tuple[str, int]] = {}


def format_game(game: Game, forms: Forms | None = None) -> str:
    """The canonical CGSuite text of a game; ``forms`` replaces the printer's recognisers
    (the tests pass the naive ones of ``grundy.values.naive`` as an oracle)."""
    return _braced(game, _TEXT if forms is None else replace(_TEXT, forms=forms))


def to_latex(game: Game) -> str:
    """The canonical form in LaTeX math (``\\pm``, ``\\uparrow``, ``\\ast``, ``\\{ \\mid \\}``):
    the printed text, symbol for symbol.

    >>> to_latex(parse("{1|-1} + ^")), to_latex(parse("{1/2 | Tiny(2)}"))
    ('\\\\{1\\\\uparrow \\\\mid -1\\\\uparrow\\\\}', '\\\\{\\\\frac{1}{2} \\\\mid {+}_{2}\\\\}')
    """
    return _braced(game, _LATEX)


def _braced(game: Game, style: _Style) -> str:
    text, bars = _text(game, style)
    return text if bars == 0 else style.open + text + style.close


def _text(game: Game, style: _Style) -> tuple[str, int]:
    """The bare text of a game and its number of bars (0: an atom, needing no braces)."""
    key = (style.name, style.forms.name, game.id)
    known = _texts.get(key)
    if known is not None:
        return known
    form = style.forms.uptimal(game)
    if form is not None:
        x, n, m = form
        result = (_compound(style, x, style.ups(n) if n else "", m), 0)
    elif (compact := style.forms.compact(game)) is not None:
        x, kind, n, m = compact
        result = (_compound(style, x, style.uptimal(kind, n), m), 0)
    elif set(game.right) == {-g for g in game.left}:
        result = (_switch(game, style), 0)
    elif (tiny_form := _tiny(game)) is not None:
        name, translate, subscript = tiny_form
        result = ((style.number(translate) if translate else "")
                  + style.tiny(name, _braced(subscript, style)), 0)
    else:
        left = [_option(g, len(game.left) > 1, style) for g in _ordered(game.left, style)]
        right = [_option(g, len(game.right) > 1, style) for g in _ordered(game.right, style)]
        bars = 1 + max((b for _, b in left + right), default=0)
        result = (style.comma.join(t for t, _ in left) + style.bars(bars)
                  + style.comma.join(t for t, _ in right), bars)
    _texts[key] = result
    return result


def _compound(style: _Style, x: Fraction, ups: str, m: int) -> str:
    """x, then the ups, then *m, leaving out the parts that are zero."""
    number = style.number(x) if x or not (ups or m) else ""
    return number + ups + (style.star + (str(m) if m > 1 else "") if m else "")


def _switch(game: Game, style: _Style) -> str:
    """±a or ±{a, b}: CGSuite braces an option with bars, and parenthesises a compound."""
    options = _ordered(game.left, style)
    if len(options) > 1:
        return (style.plus_minus + style.open
                + style.comma.join(_braced(g, style) for g in options) + style.close)
    (option,) = options
    text = _braced(option, style)
    return style.plus_minus + (f"({text})" if _compound_atom(option, style.forms) else text)


def _compound_atom(game: Game, forms: Forms) -> bool:
    """Written without braces but of several parts: two or more of a number, ups and a
    star (``1*``, ``^*``, ``1^[2]``), or a translated Tiny or Miny."""
    form = forms.uptimal(game)
    if form is None and (compact := forms.compact(game)) is not None:
        form = (compact[0], compact[2], compact[3])
    if form is not None:
        return sum(1 for part in form if part) > 1
    return _tiny(game) is not None


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


_COMPACT: dict[int, Compact | None] = {}
_COMPACT_GAMES: dict[Compact, Game] = {}


def _compact_game(form: Compact) -> Game:
    """x ± ↑ⁿ + *m or x ± ↑^[n] + *m, built by sums once per form."""
    game = _COMPACT_GAMES.get(form)
    if game is None:
        x, kind, n, m = form
        unit = up_power(abs(n)) if kind == "<" else up_sum(abs(n))
        game = Game.number(x) + (unit if n > 0 else -unit) + Game.nimber(m)
        _COMPACT_GAMES[form] = game
    return game


def _sum_form(game: Game) -> tuple[Fraction, int, int] | None:
    """(x, ±k, m) when the game is x ± ↑^[k] + *m with k ≥ 1 (↑^[1] = ↑); its forms known."""
    form = game.uptimal() or _COMPACT.get(game.id)
    if form is None:
        return None
    if len(form) == 3:
        x, n, m = form
        return (x, n, m) if abs(n) == 1 else None
    x, kind, n, m = form
    return (x, n, m) if kind == "[" else None


def _compact_candidates(game: Game) -> list[Compact]:
    """The forms the options name.  Translated by x (and mirrored for ↓), CGSuite's units
    have the canonical forms ↑ⁿ*m = {0, *, ..., *m | ↓^[n−1]*(m ⊕ 1)} and ↑^[n]*m =
    {↑^[n−1]*m | *(m ⊕ 1)}, but ↑^[n]* = {0, ↑^[n−1]* | 0} (n ≥ 2; checked in the tests
    against sums): an option x ∓ ↑^[k] + *j on the side of the mirror-image unit names n = k + 1."""
    candidates: list[Compact] = []
    for sign, near, far in ((1, game.left, game.right), (-1, game.right, game.left)):
        for option in far:
            form = _sum_form(option)
            if form is not None and form[1] * sign < 0 and len(far) == 1 \
                    and len(near) == (form[2] ^ 1) + 1:
                candidates.append((form[0], "<", sign * (abs(form[1]) + 1), form[2] ^ 1))
        for option in near:
            form = _sum_form(option)
            if form is not None and form[1] * sign > 0 and len(far) == 1 and len(near) <= 2:
                candidates.append((form[0], "[", sign * (abs(form[1]) + 1), form[2]))
    return candidates


def _compact_uptimal(game: Game) -> Compact | None:
    """(x, kind, ±n, m) when the game is x ± ↑ⁿ + *m (kind ``<``) or x ± ↑^[n] + *m (kind
    ``[``) for some n ≥ 2: the uptimals CGSuite prints compactly.  Recognised from the
    shape of the canonical form: the options (forms known, bottom-up) name at most a few
    candidates, each checked by identity with the value built once by sums; so the cost
    is linear in the size of the canonical form (the trial sums over every n up to the
    birthday it replaces are the tests' oracle, ``grundy.values.naive``)."""
    if game.id not in _COMPACT:
        game.uptimal()  # every follower's uptimal form, bottom-up
        for follower in game._bottom_up(lambda g: g.id not in _COMPACT):
            _COMPACT[follower.id] = None if follower.uptimal() is not None else next(
                (form for form in _compact_candidates(follower)
                 if _compact_game(form) is follower), None)
    return _COMPACT[game.id]


_STRUCTURE = Forms("structure", Game.uptimal, _compact_uptimal)
_TEXT = _Style("text", "^", "v", "^^", "vv", "*", "+-", "{", "}", "|", ",", _STRUCTURE)
_LATEX = _Style("latex", "\\uparrow", "\\downarrow", "\\Uparrow", "\\Downarrow", "\\ast",
                "\\pm", "\\{", "\\}", "\\mid", ", ", _STRUCTURE)
#: CGSuite writes at most this many bars in a row, bracing a game that would need more
_MAX_BARS = 4


def _option(game: Game, crowded: bool, style: _Style) -> tuple[str, int]:
    """An option's text: bare (with its bars) when it is alone on its side and has one
    option a side, else braced, so that no reading of commas against bars can go wrong
    (CGSuite braces every option of a side with several); braced too at four bars."""
    text, bars = _text(game, style)
    if bars and (crowded or len(game.left) > 1 or len(game.right) > 1 or bars >= _MAX_BARS):
        return style.open + text + style.close, 0
    return text, bars


def _ordered(options: tuple[Game, ...], style: _Style) -> list[Game]:
    """By birthday, then by the text (in the same recognisers' text)."""
    text = replace(_TEXT, forms=style.forms)
    return sorted(options, key=lambda g: (g.birthday, _braced(g, text)))


# -- parsing ------------------------------------------------------------------------

_LITERAL = re.compile(
    r"(?P<number>-?\d+(?:/\d+|\.\d+)?)?"
    r"(?P<ups>\^\d+|v\d+|\^\[\d+\]|v\[\d+\]|\^<\d+>|v<\d+>|\^+|v+)?"
    r"(?P<star>\*\[\d+\]|\*\d*)?"
)
_METHOD = re.compile(r"\.(PowTo|Pow|ConwayProduct|NimProduct|Subordinate)\(")
_SPACE = re.compile(r"\s*")
_BARS = re.compile(r"\|+")
_HELP = ("write integers, 3/4, 2.5, *, *n, ^, v, ^n, vn, ^[n], ^<n>, +-x, Tiny(x), Miny(x), "
         "G.Pow(x), G.PowTo(x), G.ConwayProduct(H), G.NimProduct(H), G.Subordinate(B), "
         "{left | right} joined by + and -")
_TINIES = ("Tiny(", "Miny(")


def parse(text: str, dialect: Dialect = "thesis", *, trusted: bool = False) -> Game:
    """The canonical game written in CGSuite notation; NotationError on bad input.

    ``dialect`` says how bars and commas nest (see the module docstring): ``"thesis"``
    (Ferland 2024's reading, the default; seed 001) or ``"cgsuite"`` (CGSuite's
    grammar).  ``trusted`` lifts the caps, for text this program printed.
    """
    if dialect not in ("thesis", "cgsuite"):
        raise NotationError(f"unknown dialect {dialect!r}: use 'thesis' or 'cgsuite'")
    parser = _Parser(text, dialect, not trusted)
    game = parser.expression()
    parser.skip()
    if parser.pos < len(text):
        if text[parser.pos] == "}":
            parser.fail("unbalanced braces: a '}' closes nothing")
        parser.fail(f"unexpected {text[parser.pos]!r}")
    return game


#: One slot between separators in a brace: the game written there (None: nothing) and
#: where it starts.
_Slot = tuple[Game | None, int]


class _Parser:
    def __init__(self, text: str, dialect: Dialect, capped: bool) -> None:
        self.text = text
        self.dialect = dialect
        self.capped = capped
        self.pos = 0
        self.depth = 0
        #: the deepest nesting reached so far (for `braced`'s memo)
        self.deepest = 0
        #: for each game built, a bound on the integers and up-multiples among its
        #: followers, so that a sum is refused before it builds past the caps
        self.reach: dict[int, tuple[int, int]] = {}
        #: printed text repeats literals and whole games: each is built once
        self.literals: dict[str, Game] = {}
        self.games: dict[tuple[frozenset[int], frozenset[int]], Game] = {}
        #: each braced text read so far: its game and how much deeper than its braces
        #: its reading went (printed games repeat their subgames word for word)
        self.spans: dict[str, tuple[Game, int]] = {}
        self.closed, self.barred = _scan_braces(text)

    def fail(self, problem: str) -> NoReturn:
        raise NotationError(f"{problem} at position {self.pos + 1} of {_excerpt(self.text)}: "
                            f"{_HELP}")

    def skip(self) -> None:
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def peek(self, token: str) -> bool:
        self.skip()
        return self.text.startswith(token, self.pos)

    def made(self, game: Game, reach: tuple[int, int]) -> Game:
        """Record bounds on the integers and the up-multiples ``game`` holds."""
        known = self.reach.get(game.id, reach)
        self.reach[game.id] = (min(reach[0], known[0]), min(reach[1], known[1]))
        return game

    def sum(self, a: Game, b: Game) -> Game:
        (a_integers, a_ups), (b_integers, b_ups) = self.reach[a.id], self.reach[b.id]
        integers, ups = a_integers + b_integers, a_ups + b_ups
        if self.capped and integers > MAX_INTEGER:
            self.fail(f"this sum reaches integers of {integers}, past the cap of {MAX_INTEGER}")
        if self.capped and ups > MAX_COUNT:
            self.fail(f"this sum reaches {ups} ups, past the cap of {MAX_COUNT}")
        return self.made(a + b, (integers, ups))

    def expression(self) -> Game:
        total = self.term()
        while True:
            if self.peek("+-") or self.peek("±"):
                total = self.sum(total, self.term())  # the term parser reads the ± itself
            elif self.peek("+"):
                self.pos += 1
                total = self.sum(total, self.term())
            elif self.peek("-"):
                self.pos += 1
                total = self.sum(total, self.negated(self.term()))
            else:
                return total

    def negated(self, game: Game) -> Game:
        return self.made(-game, self.reach[game.id])

    def term(self) -> Game:
        self.skip()
        if self.pos >= len(self.text):
            self.fail("expected a value")
        if self.capped and self.depth >= MAX_DEPTH:
            self.fail(f"nesting deeper than the cap of {MAX_DEPTH}")
        self.depth += 1
        self.deepest = max(self.deepest, self.depth)
        try:
            value = self.unnested_term()
            while self.text.startswith(".", self.pos) and not self.text[self.pos + 1:
                                                                       self.pos + 2].isdigit():
                value = self.method(value)
            return value
        finally:
            self.depth -= 1

    def method(self, value: Game) -> Game:
        """``G.Pow(x)``, ``G.PowTo(x)``, ``G.ConwayProduct(H)``, ``G.NimProduct(H)`` and
        ``G.Subordinate(B)`` (at the point), as CGSuite writes them."""
        from grundy.values import operations
        from grundy.values.nimber import MAX_NIM_PRODUCT, nim_product

        match = _METHOD.match(self.text, self.pos)
        if match is None:
            self.fail("unknown method: write .Pow(x), .PowTo(x), .ConwayProduct(G), "
                      ".NimProduct(G) or .Subordinate(G)")
        name = match.group(1)
        self.pos = match.end()
        argument = self.expression()
        if not self.peek(")"):
            self.fail(f"missing ')' after .{name}(")
        self.pos += 1
        if name in ("Pow", "PowTo"):
            x = argument.number()
            if x is None:
                self.fail(f".{name} takes a number as its exponent, like 3 or 7/4")
            try:
                power = (operations.pow if name == "Pow" else operations.pow_to)(value, x)
            except ValueError as error:
                self.fail(str(error))
            return self.made(power, (MAX_INTEGER, MAX_COUNT))
        if name == "Subordinate":
            try:
                return self.made(operations.subordinate(value, argument),
                                 (MAX_INTEGER, MAX_COUNT))
            except ValueError as error:
                self.fail(str(error))
        if name == "NimProduct":
            pair = [g.nimber_value() for g in (value, argument)]
            numbers = [g.number() for g in (value, argument)]
            if all(x is not None and x.denominator == 1 and 0 <= x <= MAX_NIM_PRODUCT
                   for x in numbers):
                a, b = (int(x) for x in numbers if x is not None)
                return self.made(Game.number(nim_product(a, b)), (MAX_INTEGER, 0))
            if None in pair or max(p for p in pair if p is not None) > MAX_COUNT:
                self.fail(f".NimProduct multiplies two natural numbers or two nimbers up to "
                          f"*{MAX_COUNT}")
            a, b = (p for p in pair if p is not None)
            product = nim_product(a, b)
            if product > MAX_COUNT:
                self.fail(f"the nim product *{product} is past the cap of *{MAX_COUNT}")
            return self.made(Game.nimber(product), (0, 0))
        return self.made(operations.conway_product(value, argument), (MAX_INTEGER, MAX_COUNT))

    def unnested_term(self) -> Game:
        for switch in ("+-", "±"):
            if self.text.startswith(switch, self.pos):
                self.pos += len(switch)
                return self.switch()
        if self.text.startswith(_TINIES, self.pos):
            return self.tiny()
        char = self.text[self.pos]
        if char == "-" and not self.text[self.pos + 1: self.pos + 2].isdigit():
            self.pos += 1
            return self.negated(self.term())
        if char == "(":
            self.pos += 1
            values = self.list_until(")")
            if len(values) > 1:
                self.fail("a list of games needs +- before it: +-(a, b)")
            return values[0]
        if char == "{":
            return self.braced()
        value = self.literal()
        if self.text.startswith(_TINIES, self.pos):  # x + tiny(g), written 1Tiny(2)
            value = self.sum(value, self.tiny())
        return value

    def list_until(self, closer: str) -> list[Game]:
        """Expressions separated by commas, up to ``closer`` (the opener is read)."""
        values = [self.expression()]
        while self.peek(","):
            self.pos += 1
            values.append(self.expression())
        if not self.peek(closer):
            self.fail(f"missing {closer!r}")
        self.pos += 1
        return values

    def switch(self) -> Game:
        """After ``+-``: ±x = {x | −x}, or ±{a, b} and ±(a, b) = {a, b | −a, −b}."""
        self.skip()
        if self.text.startswith("(", self.pos):
            self.pos += 1
            options = self.list_until(")")
        elif self.text.startswith("{", self.pos) and self.pos in self.closed \
                and self.pos not in self.barred:
            self.pos += 1
            options = self.list_until("}")
        else:
            options = [self.term()]
        return self.made(Game.of(options, [-g for g in options]), self.widest(options))

    def tiny(self) -> Game:
        """``Tiny(g)`` or ``Miny(g)`` (at ``pos``): tiny(g) = {0 || 0 | −g}, miny(g) its
        negative."""
        name = self.text[self.pos: self.pos + 4]
        self.pos += len(name) + 1
        subscript = self.expression()
        if not self.peek(")"):
            self.fail(f"missing ')' after {name}(")
        self.pos += 1
        value = tiny(subscript) if name == "Tiny" else -tiny(subscript)
        return self.made(value, self.reach[subscript.id])

    def literal(self) -> Game:
        match = _LITERAL.match(self.text, self.pos)
        if match is None or not match.group(0):
            self.fail(f"unknown symbol {self.text[self.pos]!r}")
        known = self.literals.get(match.group(0))
        if known is not None:
            self.pos = match.end()
            return known
        number, ups, star = match.group("number", "ups", "star")
        value, integers, count = Game.zero(), 0, 0
        if number:
            x = self.number(number)
            value, integers = Game.number(x), abs(int(x)) + 1
        if ups:
            count = self.count(ups)
            sign = 1 if ups[0] == "^" else -1
            if ups[1:2] == "[":
                part = up_sum(count)
            elif ups[1:2] == "<":
                part = up_power(count)
            else:
                part = Game.up(count)
            value = value + (part if sign > 0 else -part)
        if star:
            value = value + Game.nimber(self.count(star))
        self.pos = match.end()
        self.literals[match.group(0)] = value
        return self.made(value, (integers, count))

    def number(self, written: str) -> Fraction:
        """A dyadic rational within the caps, checked before it is built (leading zeros
        of the integer and of a denominator do not count)."""
        whole, separator, fraction = re.split(r"([/.])", written.lstrip("-") + "/")[:3]
        whole = whole.lstrip("0") or "0"
        if separator == "/":
            fraction = fraction.lstrip("0") or ("0" if fraction else "")
        if self.capped and len(whole) > len(str(MAX_INTEGER)):
            self.fail(f"{_excerpt(written)} is past the cap of {MAX_INTEGER} on integers")
        if self.capped and len(fraction) > len(str(MAX_DENOMINATOR)):
            self.fail(f"{_excerpt(written)} is past the cap of 2^64 on denominators")
        try:
            x = Fraction(("-" if written[0] == "-" else "") + whole
                         + (separator + fraction if fraction else ""))
        except ZeroDivisionError:
            x = Fraction(1, 3)  # refused just below, as not dyadic
        if x.denominator & (x.denominator - 1):
            self.fail(f"{written} is not a dyadic rational (the denominator must be 2^k)")
        if self.capped and x.denominator > MAX_DENOMINATOR:
            self.fail(f"{written} is past the cap of 2^64 on denominators")
        if self.capped and abs(x) > MAX_INTEGER:
            self.fail(f"{written} is past the cap of {MAX_INTEGER} on integers")
        return x

    def count(self, symbol: str) -> int:
        """The n of ``^n``, ``^^^``, ``^[n]``, ``^<n>``, ``*``, ``*n`` or ``*[n]``."""
        digits = re.sub(r"\D", "", symbol)
        if not digits:
            return len(symbol)
        digits = digits.lstrip("0") or "0"
        if self.capped and (len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT):
            self.fail(f"{_excerpt(symbol)} is past the cap of {MAX_COUNT} for {symbol[0]}n")
        return int(digits)

    def braced(self) -> Game:
        """The game in braces at ``pos``: its slots and separators are read in one pass,
        then the bars are resolved (see the module docstring for the two dialects)."""
        if self.pos not in self.closed:
            self.fail("unbalanced braces: a '{' is never closed")
        if self.pos not in self.barred:
            self.pos += 1
            self.fail("braces need a bar: {left options | right options}")
        span = self.text[self.pos: self.closed[self.pos] + 1]
        known = self.spans.get(span)
        if known is not None and not (self.capped and self.depth + known[1] > MAX_DEPTH):
            self.pos += len(span)
            return known[0]
        outer, self.deepest = self.deepest, self.depth
        start = self.pos
        game = self.braced_slots()
        if self.pos == start + len(span):
            self.spans[span] = (game, self.deepest - self.depth)
        self.deepest = max(outer, self.deepest)
        return game

    def braced_slots(self) -> Game:
        """The slots and separators of the braces at ``pos``, then the game they write."""
        self.pos += 1
        slots: list[_Slot] = []
        separators: list[tuple[int, int]] = []  # (0 for a comma, else the bars; position)
        while True:
            self.skip()
            start = self.pos
            slots.append((None if self.text[self.pos: self.pos + 1] in (",", "|", "}")
                           else self.expression(), start))
            self.skip()
            char = self.text[self.pos: self.pos + 1]
            if char == "}":
                self.pos += 1
                break
            if char == ",":
                separators.append((0, self.pos))
                self.pos += 1
            elif char == "|":
                run = _BARS.match(self.text, self.pos).end()  # type: ignore[union-attr]
                separators.append((run - self.pos, self.pos))
                self.pos = run
            else:
                self.fail(f"unexpected {char!r}")
        end = self.pos
        if self.dialect == "cgsuite":
            (game,) = self.tree(*self.lists(slots, separators))
        else:
            game = self.thesis_game(slots, separators)
        self.pos = end
        return self.made(game, self.widest([g for g, _ in slots if g is not None]))

    def widest(self, games: list[Game]) -> tuple[int, int]:
        """The bounds of several games taken together."""
        reaches = [self.reach[g.id] for g in games]
        return max((r[0] for r in reaches), default=0), max((r[1] for r in reaches), default=0)

    def thesis_game(self, slots: list[_Slot], separators: list[tuple[int, int]]) -> Game:
        """Seed 001's reading: the longest run of bars splits, then commas, then the
        shorter runs inside each option."""
        longest = max((k for k, _ in separators), default=0)
        if longest == 0:
            self.fail("braces need a bar: {left options | right options}")
        splits = [i for i, (k, _) in enumerate(separators) if k == longest]
        if len(splits) > 1:
            self.pos = separators[splits[1]][1]
            self.fail(f"two runs of {longest} bars at one level: add braces")
        (cut,) = splits
        return self.game(self.side(slots[:cut + 1], separators[:cut]),
                         self.side(slots[cut + 1:], separators[cut + 1:]))

    def side(self, slots: list[_Slot], separators: list[tuple[int, int]]) -> list[Game]:
        """The options of one side: items between commas, each a game of shorter bars."""
        if not separators and slots[0][0] is None:
            return []
        options: list[Game] = []
        first = 0
        for index in [i for i, (k, _) in enumerate(separators) if k == 0] + [len(separators)]:
            item, bars = slots[first: index + 1], separators[first: index]
            if not bars and item[0][0] is None:
                self.pos = item[0][1]
                self.fail("an empty option between commas")
            options += self.tree([[] if g is None else [g] for g, _ in item], bars)
            first = index + 1
        return options

    def lists(self, slots: list[_Slot], separators: list[tuple[int, int]]
              ) -> tuple[list[list[Game]], list[tuple[int, int]]]:
        """CGSuite's reading: the options listed between consecutive runs of bars."""
        lists: list[list[Game]] = [[]]
        empty: list[int] = []
        for (game, start), separator in zip(slots, [*separators, (1, -1)], strict=True):
            if game is None:
                empty.append(start)
            else:
                lists[-1].append(game)
            if separator[0] > 0:
                commas = len(lists[-1]) + len(empty) > 1
                if commas and empty:
                    self.pos = empty[0]
                    self.fail("an empty option between commas")
                lists.append([])
                empty = []
        return lists[:-1], [s for s in separators if s[0] > 0]

    def tree(self, leaves: list[list[Game]], bars: list[tuple[int, int]]) -> list[Game]:
        """Options joined by runs of bars, longer runs binding looser (a stack, so linear);
        two equal runs with no longer run between them are ambiguous."""
        values: list[list[Game]] = [leaves[0]]
        pending: list[int] = []
        for (run, position), leaf in zip(bars, leaves[1:], strict=True):
            while pending and pending[-1] < run:
                self.join(values, pending)
            if pending and pending[-1] == run:
                self.pos = position
                self.fail(f"two runs of {run} bars at one level: add braces")
            pending.append(run)
            values.append(leaf)
        while pending:
            self.join(values, pending)
        return values[0]

    def join(self, values: list[list[Game]], pending: list[int]) -> None:
        """Reduce the top run of bars: the two option lists beside it become one game."""
        pending.pop()
        right = values.pop()
        values[-1] = [self.game(values[-1], right)]

    def game(self, left: list[Game], right: list[Game]) -> Game:
        """``Game.of``, once per distinct pair of option sets in the text."""
        key = (frozenset(g.id for g in left), frozenset(g.id for g in right))
        game = self.games.get(key)
        if game is None:
            game = self.games[key] = Game.of(left, right)
        return game


def _scan_braces(text: str) -> tuple[dict[int, int], set[int]]:
    """Where each closed brace closes (by where it opens), and where the braces with a
    bar directly inside them (not inside parentheses or inner braces) open: one pass
    with a stack."""
    closed: dict[int, int] = {}
    barred: set[int] = set()
    opened: list[tuple[str, int]] = []
    for match in re.finditer(r"[{}()|]", text):
        char, position = match.group(), match.start()
        if char in "{(":
            opened.append((char, position))
        elif char == "|":
            if opened and opened[-1][0] == "{":
                barred.add(opened[-1][1])
        elif char == "}":
            while opened and opened[-1][0] == "(":
                opened.pop()
            if opened:
                closed[opened.pop()[1]] = position
        elif opened and opened[-1][0] == "(":
            opened.pop()
    return closed, barred


def _excerpt(text: str) -> str:
    """The text quoted for an error message, shortened when long."""
    return repr(text) if len(text) <= 60 else repr(text[:40]) + f"... ({len(text)} characters)"
