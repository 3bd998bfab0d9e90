"""CGSuite's notation for loopy games, read and written.

Reading (``parse_loopy``) accepts everything ``grundy.values.notation.parse`` reads for
short games, and: ``pass`` as an option (a move to the game itself: ``{0|pass}`` is
over), labelled games ``a:{0|a}`` (CGSuite also writes ``a{0|a}``) whose label names the
labelled game inside it, the named games ``on``, ``off``, ``over``, ``under``, ``upon``
and ``dud``, a number before ``over`` or ``under`` (``2over`` = 2 + over), and sums and
differences of all of these (``on + off``).  Bars nest as in the thesis reading of
``notation.py``: the longest run of bars is the brace's first decision.  A label stands
alone as an option: a sum or negation must not reach a game that is still open (its
closing brace not yet read).  Caps, checked before anything is built: ``MAX_TEXT``
characters, nesting ``MAX_NESTING`` deep, and ``loopy.MAX_NODES`` positions.

Labels inside a game, ``+-G`` and ``+-{A, B}`` (the switch {A, B | -A, -B}) and ``n * G``
(n copies added, each partial sum of stoppers put in simplest form) may stand wherever
a game may.

Writing (``format_loopy``) prints the simplest form of a stopper: short followers as
``notation.py`` prints them, on, off, over, under, x + over, x + under and CGSuite's
other names by name (``^[on]`` for upon, ``5^<on>*``, ``-1/4v[on]``, ``Tiny(on)``; the
reader takes them too),
a switch {A, B | -A, -B} that none of A, B returns to as ``+-{A,B}`` (``+-A``, or
``+-(5over)`` for a compound), and anything else as ``{left | right}`` with ``pass`` for
a move to the game itself and a label ``a{...}`` (CGSuite's form) for a game that a
follower returns to.  Bars follow ``notation.py``: an option alone on its side with one
option a side is written without braces, using fewer bars, at most four in a row; an
option with several options a side is braced (CGSuite writes a lone one bare), so the
text reads alike in both dialects.  Options come in CGSuite's order: short games by
birthday, then loopy ones, pass last.  A game that is not a stopper is written by its
sides: ``onside & offside``, or ``dud``.

>>> str(parse_loopy("{0|pass}")), str(parse_loopy("on + off")), str(parse_loopy("{pass|3/2}"))
('over', 'dud', '3/2under')
>>> str(parse_loopy("a:{{|a}|}")), parse_loopy("a:{{|a}|}").outcome().value
('1 & 0', 'PHat')
"""

from __future__ import annotations

import re
from fractions import Fraction

from grundy.values.game import Game
from grundy.values.loopy import Loopy, LoopyError, Sides, _check_size, _side_of
from grundy.values.loopy import pow as loopy_pow
from grundy.values.loopy import pow_to as loopy_pow_to
from grundy.values.notation import _MAX_BARS, Dialect, NotationError, parse

__all__ = ["MAX_MULTIPLE", "MAX_NESTING", "MAX_TEXT", "format_loopy", "parse_loopy",
           "parse_value"]

MAX_TEXT = 20_000
MAX_NESTING = 100
#: The largest n read in ``n * G`` (``parse_value`` adds n copies one at a time).
MAX_MULTIPLE = 1000
#: The longest text ``format_loopy`` writes before it gives up (shared followers are
#: written out each time they occur).
MAX_OUTPUT = 200_000

_MULTIPLE = re.compile(r"\s*(\d+)\s*\*\s*(?=[({A-Za-z])")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"-?\d+(/\d+)?")
_BARS = re.compile(r"\|+")
_NAMED = re.compile(r"(?P<x>-?\d+(?:/\d+)?)?"
                    r"(?P<name>[\^v]\[on\]\*?|[\^v]<on>\*?|(?:Tiny|Miny)\((?:on|over)\))")
_SUFFIXED = re.compile(r"(.*?)(over|under)")
_POWER = re.compile(r"(?P<base>.+)\.(?P<name>PowTo|Pow)(?P<open>\().*\)", re.DOTALL)
_METHOD = re.compile(r"(?P<base>.+)\.(?:(?P<name>UpsumVariety|DownsumVariety|Upsum|Downsum)"
                     r"(?P<open>\().*\)|(?P<unary>Degree|Variety))", re.DOTALL)
_KEYWORDS = {"on": Loopy.on, "off": Loopy.off, "over": Loopy.over, "under": Loopy.under,
             "upon": Loopy.upon, "dud": Loopy.dud}


def parse_loopy(text: str, dialect: Dialect = "thesis") -> Loopy:
    """The loopy game written in CGSuite notation; LoopyError (a ValueError) on bad text.

    ``dialect`` says how bars and commas nest, as for ``notation.parse``: with
    ``"cgsuite"`` the text between two runs of bars is one list of options, so
    ``{0||0|0,pass}`` is {0 | {0 | 0, pass}} (CGSuite's ↑^on).
    """
    if dialect not in ("thesis", "cgsuite"):
        raise LoopyError(f"unknown dialect {dialect!r}: use 'thesis' or 'cgsuite'")
    if len(text) > MAX_TEXT:
        raise LoopyError(f"the text has {len(text)} characters, past the cap of {MAX_TEXT}: "
                         "write a smaller game")
    reader = _Reader(text, dialect)
    root = reader.expression(0, len(text), {})
    return reader.extract(root)


def parse_value(text: str, dialect: Dialect = "thesis") -> Loopy | Sides:
    """The value written in CGSuite notation, sided values included: everything
    ``parse_loopy`` reads, and ``A & B`` (the sided value with onside A and offside B, both
    stoppers, B <= A; & binds tighter than + and looser than -, so ``2&-2`` is 2 & -2),
    anywhere a game may stand (``{2&-2|1&-2}``), and ``n * G`` for a natural number n
    before a term in parentheses, braces or a name (``9*(upon & v)``).

    A text without & whose terms are all games is that game (a ``Loopy``).  Otherwise the
    value is its sides: a term with & is read twice, once with every ``A & B`` standing
    for A (its onside; under a minus sign for B, as the onside of -G is -(offside of G))
    and once for the offside; a game that is not a stopper stands for its sides; and sums
    and multiples add sides (``Sides.__add__``), never the graphs of the whole sum.

    >>> str(parse_value("over & v")), str(parse_value("{2&-2|1&-2}"))
    ('over & v', '{2|1} & -2*')
    >>> str(parse_value("3*(1 & 0) - 1"))
    '2 & -1'
    """
    if dialect not in ("thesis", "cgsuite"):
        raise LoopyError(f"unknown dialect {dialect!r}: use 'thesis' or 'cgsuite'")
    if len(text) > MAX_TEXT:
        raise LoopyError(f"the text has {len(text)} characters, past the cap of {MAX_TEXT}: "
                         "write a smaller game")
    parts: list[Loopy | Sides] = []
    for sign, start, end in _Reader(text, dialect).terms(0, len(text)):
        multiple = _MULTIPLE.match(text, start, end)
        n = 1 if multiple is None else int(multiple.group(1))
        if n > MAX_MULTIPLE:
            raise LoopyError(f"{n} * G: n is past the cap of {MAX_MULTIPLE}: write a smaller "
                             "multiple")
        body = text[start if multiple is None else multiple.end():end]
        value = _read_term(body, dialect)
        if n != 1 or isinstance(value, Sides):
            value = value if isinstance(value, Sides) else value.sides()
            value = value.times(n)
        parts.append(value if sign == "+" else -value)
    if all(isinstance(part, Loopy) for part in parts):
        total = parts[0]
        for part in parts[1:]:
            assert isinstance(total, Loopy) and isinstance(part, Loopy)
            total = total + part
        return total
    sides = [Sides.of_game(part) for part in parts]
    total_sides = sides[0]
    for more in sides[1:]:
        total_sides = total_sides + more
    return total_sides


def _read_term(text: str, dialect: Dialect) -> Loopy | Sides:
    """One term of ``parse_value``: a game, or its two readings' sides when it has &."""
    if "&" not in text:
        reader = _Reader(text, dialect)
        return reader.extract(reader.expression(0, len(text), {}))
    readings = []
    for reading in (True, False):
        reader = _Reader(text, dialect, reading)
        readings.append(reader.extract(reader.expression(0, len(text), {})))
    onside, offside = readings
    return Sides(_side_of(onside, onside=True), _side_of(offside, onside=False))


class _Reader:
    def __init__(self, text: str, dialect: Dialect, reading: bool | None = None) -> None:
        self.text = text
        self.dialect = dialect
        #: which side ``A & B`` stands for: A (True, the onside), B (False), or None where
        #: a sided value cannot be read (``parse_loopy``)
        self.reading = reading
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []
        self.open: set[int] = set()
        self.depth = 0
        self.match = _matches(text)

    def fail(self, problem: str, at: int) -> LoopyError:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return LoopyError(f"{problem} at position {at + 1} of {shown!r}: write short games "
                          "as for `grundy calc`, pass, on, off, over, under, upon, dud and "
                          "labelled games a:{0|a}")

    def node(self) -> int:
        self.left.append([])
        self.right.append([])
        _check_size(len(self.left), "this text")
        return len(self.left) - 1

    def embed(self, game: Loopy) -> int:
        offset = len(self.left)
        _check_size(offset + len(game), "this text")
        self.left.extend([w + offset for w in options] for options in game.left)
        self.right.extend([w + offset for w in options] for options in game.right)
        return offset + game.start

    def extract(self, root: int) -> Loopy:
        order, seen = [root], {root}
        for v in order:
            if v in self.open:
                raise LoopyError("a label stands alone as an option: a sum or a negation "
                                 "cannot contain a game whose braces are still open")
            for w in (*self.left[v], *self.right[v]):
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        index = {v: i for i, v in enumerate(order)}
        return Loopy([[index[w] for w in self.left[v]] for v in order],
                     [[index[w] for w in self.right[v]] for v in order])

    # -- ranges of the text -----------------------------------------------------------

    def strip(self, start: int, end: int) -> tuple[int, int]:
        while start < end and self.text[start].isspace():
            start += 1
        while end > start and self.text[end - 1].isspace():
            end -= 1
        return start, end

    def top_level(self, start: int, end: int) -> list[int]:
        """Positions in [start, end) outside every brace and parenthesis, and the
        positions of the outermost opening brackets."""
        spots, i = [], start
        while i < end:
            if self.text[i] in "{(":
                spots.append(i)  # the opening bracket stands for the whole bracket
                i = self.match[i] + 1
                continue
            spots.append(i)
            i += 1
        return spots

    def expression(self, start: int, end: int, scope: dict[str, int]) -> int:
        start, end = self.strip(start, end)
        if start == end:
            raise self.fail("expected a game", start)
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.fail(f"nesting deeper than the cap of {MAX_NESTING}", start)
        try:
            terms = self.terms(start, end)
            if len(terms) == 1 and terms[0][0] == "+":
                return self.term(terms[0][1], terms[0][2], scope)
            total: Loopy | None = None
            for sign, a, b in terms:
                part = self.extract(self.term(a, b, scope) if sign == "+"
                                    else self.flipped(a, b, scope))
                part = part if sign == "+" else -part
                total = part if total is None else total + part
            assert total is not None
            return self.embed(total)
        finally:
            self.depth -= 1

    def flipped(self, start: int, end: int, scope: dict[str, int]) -> int:
        """A term read for the other side: the onside of -G is minus the offside of G."""
        reading = self.reading
        self.reading = None if reading is None else not reading
        try:
            return self.term(start, end, scope)
        finally:
            self.reading = reading

    def sided(self, start: int, end: int, cut: int) -> int:
        """``A & B`` (CGSuite's sided value; & binds tighter than + and looser than -):
        both read, checked by ``Sides.of``, and the side being read kept."""
        if self.reading is None:
            raise self.fail("a sided value A & B is not a game: read it as a value "
                            "(parse_value, `grundy calc`)", cut)
        reading, self.reading = self.reading, None
        try:
            onside = self.extract(self.term(start, cut, {}))
            offside = self.extract(self.term(cut + 1, end, {}))
        finally:
            self.reading = reading
        sides = Sides.of(onside, offside)
        return self.embed(sides.onside if reading else sides.offside)

    def terms(self, start: int, end: int) -> list[tuple[str, int, int]]:
        """The terms of a sum, each with its sign: binary + and - outside braces."""
        text = self.text
        cuts: list[tuple[str, int, int]] = []  # (sign, operator position, term start)
        sign, term_start, expecting = "+", start, True
        for i in self.top_level(start, end):
            c = text[i]
            if c.isspace():
                continue
            if c in "+-±" and not expecting and not (c in "+-" and text[i - 1] in "eE(/"):
                cuts.append((sign, term_start, i))
                if c == "+" and text.startswith("+-", i):
                    sign, term_start = "+", i  # a +- b is a + (+-b)
                else:
                    sign, term_start = ("+" if c == "+" else "-"), i + 1
                expecting = True
                continue
            if c in "+-±" and expecting:
                continue
            expecting = c == "&"  # a - after & is a sign: 2&-2
        cuts.append((sign, term_start, end))
        return [(s, a, b) for s, a, b in cuts]

    def term(self, start: int, end: int, scope: dict[str, int]) -> int:
        start, end = self.strip(start, end)
        text = self.text
        if start == end:
            raise self.fail("expected a game", start)
        cuts = [i for i in self.top_level(start, end) if text[i] == "&"]
        if len(cuts) > 1:
            raise self.fail("A & B & C: each side of & is one stopper", cuts[1])
        if cuts:
            return self.sided(start, end, cuts[0])
        if text.startswith("+-", start) or text[start] == "±":
            return self.switch(start + (1 if text[start] == "±" else 2), end, scope)
        if text[start] == "-" and (_MULTIPLE.match(text, start + 1, end) is not None or not (
                start + 1 < end and (text[start + 1].isdigit() or text[start + 1] == "."))):
            return self.embed(-self.extract(self.flipped(start + 1, end, scope)))
        multiple = _MULTIPLE.match(text, start, end)
        if multiple is not None:
            return self.multiple(int(multiple.group(1)), multiple.end(), end, scope)
        if text[start] == "(" and self.match[start] == end - 1:
            return self.expression(start + 1, end - 1, scope)
        if text[start] == "{" and self.match[start] == end - 1:
            return self.barred(start + 1, end - 1, scope, None)
        name = _NAME.match(text, start)
        if name is not None:
            after, _ = self.strip(name.end(), end)
            label_def = after < end and (text[after] == "{" or (
                text[after] == ":" and text[self.strip(after + 1, end)[0]] == "{"))
            if label_def:
                brace = after if text[after] == "{" else self.strip(after + 1, end)[0]
                if self.match[brace] != end - 1:
                    raise self.fail("a labelled game is one brace: a:{...}", brace)
                return self.barred(brace + 1, end - 1, scope, name.group())
            if name.end() == end:
                word = name.group()
                if word in scope:
                    return scope[word]
                if word in _KEYWORDS:
                    return self.embed(_KEYWORDS[word]())
                if word == "pass":
                    raise self.fail("pass is an option, written inside braces: {0|pass}",
                                    start)
        return self.atom(start, end)

    def multiple(self, n: int, start: int, end: int, scope: dict[str, int]) -> int:
        """CGSuite's ``n * G`` inside a game: n copies of G added one at a time, each
        partial sum of stoppers put in simplest form before the next copy."""
        if n > MAX_MULTIPLE:
            raise self.fail(f"{n} * G: n is past the cap of {MAX_MULTIPLE}", start)
        game = self.extract(self.term(start, end, scope))
        total = Loopy.from_game(Game.zero())
        for _ in range(n):
            total = total + game
            if total.is_stopper():
                total = total.canonical()
        return self.embed(total)

    def switch(self, start: int, end: int, scope: dict[str, int]) -> int:
        """CGSuite's ``+-G``, the switch {G | -G}, and ``+-{A, B}`` (or ``+-(A, B)``),
        the switch {A, B | -A, -B}."""
        start, end = self.strip(start, end)
        ranges = [(start, end)]
        if start < end and self.text[start] in "{(" and self.match[start] == end - 1:
            inside = self.top_level(start + 1, end - 1)
            commas = [i for i in inside if self.text[i] == ","]
            if not any(self.text[i] == "|" for i in inside) and (
                    commas or self.text[start] == "{"):
                ranges = list(zip([start + 1, *[c + 1 for c in commas]], [*commas, end - 1],
                                  strict=True))
        games, mirrors = [], []
        for a, b in ranges:
            read = self.term if (a, b) == (start, end) else self.expression
            game = self.extract(read(a, b, scope))
            if self.reading is not None:
                self.reading = not self.reading
                try:
                    mirror = self.extract(read(a, b, scope))
                finally:
                    self.reading = not self.reading
            else:
                mirror = game
            games.append(self.embed(game))
            mirrors.append(self.embed(-mirror))
        me = self.node()
        self.left[me], self.right[me] = games, mirrors
        return me

    def atom(self, start: int, end: int) -> int:
        """A short game (``notation.parse``), or a number followed by over or under."""
        piece = self.text[start:end]
        named = _NAMED.fullmatch(piece.strip())
        if named is not None:
            game = _named_game(named.group("name"))
            if named.group("x"):
                game = game + Loopy.from_game(self.short(named.group("x"), start))
            return self.embed(game)
        suffixed = _SUFFIXED.fullmatch(piece)
        if suffixed is not None and suffixed.group(1).strip():
            number = self.short(suffixed.group(1), start).number()
            if number is None:
                raise self.fail(f"over and under follow a number, not {suffixed.group(1)!r}",
                                start)
            loopy = _KEYWORDS[suffixed.group(2)]() + Loopy.from_game(Game.number(number))
            return self.embed(loopy)
        power = _POWER.fullmatch(piece)
        if power is not None and self.match.get(start + power.start("open")) == end - 1:
            try:
                return self.embed(Loopy.from_game(self.short(piece, start)))
            except LoopyError:
                pass  # a loopy exponent: ^.Pow(on)
            base = self.short(power.group("base"), start)
            reading, self.reading = self.reading, None  # an exponent is a game
            try:
                exponent = self.extract(self.expression(start + power.start("open") + 1,
                                                        end - 1, {}))
            finally:
                self.reading = reading
            method = loopy_pow if power.group("name") == "Pow" else loopy_pow_to
            return self.embed(method(base, exponent))
        called = _METHOD.fullmatch(piece)
        if called is not None and (called.group("unary") or self.match.get(
                start + called.start("open")) == end - 1):
            return self.embed(self.method(called, start, end))
        return self.embed(Loopy.from_game(self.short(piece, start)))

    def game_at(self, start: int, end: int) -> Loopy:
        """The game written from ``start`` to ``end`` (a method's base or argument)."""
        reading, self.reading = self.reading, None
        try:
            return self.extract(self.expression(start, end, {}))
        finally:
            self.reading = reading

    def method(self, called: re.Match[str], start: int, end: int) -> Loopy:
        """CGSuite's methods of stoppers: ``G.Degree``, ``G.Variety``, ``G.Upsum(H)``,
        ``G.Downsum(H)``, ``G.UpsumVariety(D)``, ``G.DownsumVariety(D)``
        (``loopy_degree``)."""
        from grundy.values import loopy_degree

        base = self.game_at(start + called.start("base"), start + called.end("base"))
        if called.group("unary"):
            return (loopy_degree.degree if called.group("unary") == "Degree"
                    else loopy_degree.variety)(base)
        other = self.game_at(start + called.start("open") + 1, end - 1)
        binary = {"Upsum": loopy_degree.upsum, "Downsum": loopy_degree.downsum,
                  "UpsumVariety": loopy_degree.upsum_variety,
                  "DownsumVariety": loopy_degree.downsum_variety}[called.group("name")]
        return binary(base, other)

    def short(self, piece: str, at: int) -> Game:
        try:
            return parse(piece, self.dialect)
        except NotationError as error:
            if _NAME.fullmatch(piece.strip()):
                raise self.fail(f"unknown name {piece.strip()!r} (a label is defined by "
                                f"{piece.strip()}:{{...}} around its use)", at) from None
            raise LoopyError(str(error)) from None
        except RecursionError:
            raise self.fail("a short game too deep to read", at) from None

    def barred(self, start: int, end: int, scope: dict[str, int], label: str | None) -> int:
        """The game {left | right} written between ``start`` and ``end`` (no braces)."""
        me = self.node()
        self.open.add(me)
        if label is not None:
            scope = {**scope, label: me}
        runs = [(m.start(), m.end()) for m in re.finditer(r"\|+", self.text[start:end])]
        runs = [(a + start, b + start) for a, b in runs
                if a + start in set(self.top_level(start, end))]
        if not runs:
            raise self.fail("a game in braces needs a bar: {left options | right options}",
                            start)
        longest = max(b - a for a, b in runs)
        top = [(a, b) for a, b in runs if b - a == longest]
        if len(top) > 1:
            raise self.fail("two runs of bars of the same length: add braces or bars to "
                            "say which comes first", top[1][0])
        (bar_start, bar_end), = top
        self.left[me] = self.options(start, bar_start, scope, me)
        self.right[me] = self.options(bar_end, end, scope, me)
        self.open.discard(me)
        return me

    def options(self, start: int, end: int, scope: dict[str, int], me: int) -> list[int]:
        start, end = self.strip(start, end)
        if start == end:
            return []
        spots = self.top_level(start, end)
        if self.dialect == "cgsuite" and any(self.text[i] == "|" for i in spots):
            return [self.nested(start, end, scope)]
        commas = [i for i in spots if self.text[i] == ","]
        options = []
        for a, b in zip([start, *[c + 1 for c in commas]], [*commas, end], strict=True):
            a, b = self.strip(a, b)
            if self.text[a:b] == "pass":
                options.append(me)
            elif any(self.text[i] == "|" for i in self.top_level(a, b)):
                options.append(self.nested(a, b, scope))
            else:
                options.append(self.expression(a, b, scope))
        return options

    def nested(self, start: int, end: int, scope: dict[str, int]) -> int:
        """An option written with fewer bars: a game of its own."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.fail(f"nesting deeper than the cap of {MAX_NESTING}", start)
        try:
            return self.barred(start, end, scope, None)
        finally:
            self.depth -= 1


def _matches(text: str) -> dict[int, int]:
    """The closing bracket of every opening one (braces and parentheses)."""
    stack: list[int] = []
    match: dict[int, int] = {}
    pairs = {"}": "{", ")": "("}
    for i, c in enumerate(text):
        if c in "{(":
            stack.append(i)
        elif c in "})":
            if not stack or text[stack[-1]] != pairs[c]:
                raise LoopyError(f"unbalanced {c!r} at position {i + 1} of the text: "
                                 "every brace and parenthesis must close")
            match[stack.pop()] = i
    if stack:
        raise LoopyError(f"unbalanced {text[stack[-1]]!r} at position {stack[-1] + 1}: "
                         "every brace and parenthesis must close")
    return match


# -- writing ------------------------------------------------------------------------------


def format_loopy(game: Loopy) -> str:
    """The value of ``game`` as text: a stopper's simplest form, else its sides."""
    if not game.is_stopper():
        return str(game.sides())
    return _Writer(game.canonical()).text()


def format_graph(game: Loopy) -> str:
    """A stopper's simplest form; any other game's graph as it is (a side of a game
    that is not stopper-sided, which has no simplest form to print)."""
    return format_loopy(game) if game.is_stopper() else _Writer(game).text()


class _Writer:
    def __init__(self, game: Loopy) -> None:
        self.game = game
        self.short = _short_followers(game)
        self.labels: dict[int, str] = {}
        self.size = 0
        self.stopper = game.is_stopper()

    def text(self) -> str:
        self.find_labels(self.game.start, [])
        self.size = 0
        return self.write(self.game.start, [])

    def named(self, v: int) -> str | None:
        """CGSuite's name for position v, if it has one: on, off, x over, x under, and x
        plus ↑^[on] (upon, ``^[on]``), ↑^<on> (``^<on>``), their negatives (``v[on]``,
        ``v<on>``), each plus * or not, and x + tiny or miny of on or over
        (``Tiny(on)``): each name's whole graph is matched, so the name is exact."""
        left, right = self.game.left[v], self.game.right[v]
        if left == (v,) and not right:
            return "on"
        if right == (v,) and not left:
            return "off"
        left_found, right_found = self.kinds(left, v), self.kinds(right, v)
        if left_found is None or right_found is None:
            return self.nested_name(v)
        (x, left_kinds), (y, right_kinds) = left_found, right_found
        if x is not None and y is not None and x != y:
            return None
        name = _NAMES.get((left_kinds, right_kinds))
        return None if name is None else _prefixed(x or y or Fraction(0), name)

    def kinds(self, options: tuple[int, ...], me: int
              ) -> tuple[Fraction | None, tuple[int, ...]] | None:
        """When every option is ``me`` (kind -1) or x + *m for one number x (kind m, 0
        or 1): x (None if there is none) and the sorted kinds; else None."""
        numbers, kinds = set(), []
        for w in options:
            if w == me:
                kinds.append(-1)
                continue
            form = self.form(w)
            if form is None:
                return None
            numbers.add(form[0])
            kinds.append(form[1])
        if len(numbers) > 1:
            return None
        return (numbers.pop() if numbers else None), tuple(sorted(kinds))

    def nested_name(self, v: int) -> str | None:
        """x + ↑^<on>, ↓^<on> (with * or not), x + tiny or miny of on or over: x (and
        x*) on one side, on the other one position w whose options are x, x*, w itself,
        or a position named on, off, x over or x under."""
        left, right = self.game.left[v], self.game.right[v]
        for flip in (False, True):
            near, far = (right, left) if flip else (left, right)
            if len(far) != 1 or far[0] in self.short or far[0] == v:
                continue
            w = far[0]
            found = self.kinds(near, v)
            w_near, w_far = (self.game.right[w], self.game.left[w]) if flip else (
                self.game.left[w], self.game.right[w])
            near_w = self.kinds(w_near, w)
            if found is None or found[0] is None or near_w is None or near_w[0] not in (
                    None, found[0]):
                continue
            x, kinds = found[0], found[1]
            far_w = self.kinds(w_far, w)
            arrow = "v" if flip else "^"
            if far_w is not None and far_w[0] in (None, x):
                if kinds == (0,) and near_w[1] == (0,) and far_w[1] == (-1, 0):
                    return _prefixed(x, arrow + "<on>")
                if kinds == (0, 1) and near_w[1] == (1,) and far_w[1] == (-1,):
                    return _prefixed(x, arrow + "<on>*")
            if kinds == (0,) and near_w[1] == (0,) and len(w_far) == 1 and w_far[0] != w:
                tail = self.named(w_far[0])
                tiny = "Miny" if flip else "Tiny"
                if tail == ("on" if flip else "off"):
                    return _prefixed(x, f"{tiny}(on)")
                if tail == _prefixed(x, "over" if flip else "under"):
                    return _prefixed(x, f"{tiny}(over)")
        return None

    def form(self, w: int) -> tuple[Fraction, int] | None:
        """(x, m) when position w is the short game x + *m, m = 0 or 1."""
        game = self.short.get(w)
        form = None if game is None else game.uptimal()
        if form is None or form[1] != 0 or form[2] > 1:
            return None
        return form[0], form[2]

    def switch(self, v: int) -> tuple[int, ...] | None:
        """The Left options of a stopper {A, B | -A, -B} that none of them returns to,
        which CGSuite writes ``+-{A,B}`` (``+-A`` for one)."""
        left, right = self.game.left[v], self.game.right[v]
        if not self.stopper or v in self.labels or not left or len(left) != len(right):
            return None
        seen, stack = set(left), list(left)
        while stack:
            w = stack.pop()
            if w == v:
                return None
            for x in (*self.game.left[w], *self.game.right[w]):
                if x not in seen:
                    seen.add(x)
                    stack.append(x)
        negatives = [-self.game.at(b) for b in right]
        if all(any(self.game.at(a).equals(b) for b in negatives) for a in left) and all(
                any(self.game.at(a).equals(b) for a in left) for b in negatives):
            return left
        return None

    def find_labels(self, v: int, stack: list[int]) -> None:
        if v in self.short or self.named(v) is not None:
            return
        if v in stack:
            if v != stack[-1] and v not in self.labels:
                self.labels[v] = _label(len(self.labels))
            return
        self.size += 3  # this visit is written as a brace, at least {|}
        if self.size > MAX_OUTPUT:
            raise _too_long()
        stack.append(v)
        for w in (*self.game.left[v], *self.game.right[v]):
            if w != v:
                self.find_labels(w, stack)
        stack.pop()

    def write(self, v: int, stack: list[int]) -> str:
        text, bars = self.bare(v, stack)
        return "{" + text + "}" if bars else text

    def bare(self, v: int, stack: list[int]) -> tuple[str, int]:
        """The text of position v and its number of bars (0: written whole, a name, a
        label or a braced game)."""
        if v in self.short:
            return _short_text(self.short[v])
        name = self.named(v)
        if name is not None:
            return name, 0
        if v in stack:
            return self.labels[v], 0
        switch = self.switch(v)
        if switch is not None:
            texts = [text for *_, text in sorted(self.order(w, v, stack) for w in switch)]
            if len(texts) > 1:
                return "+-{" + ",".join(texts) + "}", 0
            (text,) = texts
            bare = text.startswith("{") or text.isalpha() or _NUMBER.fullmatch(text) or (
                text[0] in "^vTM" and not text.endswith("*"))
            return "+-" + (text if bare else f"({text})"), 0
        stack.append(v)
        sides, bars = [], 1
        for options in (self.game.left[v], self.game.right[v]):
            written = sorted(self.order(w, v, stack, len(options) == 1) for w in options)
            bars = max([bars, *(b + 1 for _, b, _ in written)])
            sides.append(",".join(text for *_, text in written))
        stack.pop()
        self.size += sum(map(len, sides)) + bars
        if self.size > MAX_OUTPUT:
            raise _too_long()
        text = ("|" * bars).join(sides)
        return (self.labels[v] + "{" + text + "}", 0) if v in self.labels else (text, bars)

    def order(self, w: int, v: int, stack: list[int], alone: bool = False
              ) -> tuple[tuple[int, int], int, str]:
        """An option's place among the options (CGSuite's order: short games by
        birthday, then loopy ones, names and labels before braces, shorter texts first,
        pass last), its bars
        and its text: bare (fewer bars than the game around it) when it is alone on its
        side with one option a side and fewer than four bars, as ``notation.py`` writes
        short games, else braced."""
        if w == v:
            return (3, 0), 0, "pass"
        text, bars = self.bare(w, stack)
        one_each = len(self.game.left[w]) == len(self.game.right[w]) == 1
        if bars and not (alone and one_each and bars < _MAX_BARS):
            text, bars = "{" + text + "}", 0
        if w in self.short:
            return (0, self.short[w].birthday), bars, text
        return ((2 if text.startswith("{") else 1), len(text)), bars, text


def _too_long() -> LoopyError:
    return LoopyError(f"this game's text passes {MAX_OUTPUT} characters: its graph "
                      "shares too many followers to write out")


def _short_text(game: Game) -> tuple[str, int]:
    """A short game's text without its outer braces, and its bars (``notation.py``)."""
    text = str(game)
    if not text.startswith("{"):
        return text, 0
    inner = text[1:-1]
    return inner, max(len(run) for run in _BARS.findall(_outside_braces(inner)))


def _outside_braces(text: str) -> str:
    """The text with every braced part taken out."""
    depth, kept = 0, []
    for c in text:
        depth += c == "{"
        if depth == 0:
            kept.append(c)
        depth -= c == "}"
    return "".join(kept)


def _short_followers(game: Loopy) -> dict[int, Game]:
    """The positions from which no cycle can be reached, as canonical short games."""
    n = len(game)
    predecessors: list[list[int]] = [[] for _ in range(n)]
    waiting = [len(game.left[v]) + len(game.right[v]) for v in range(n)]
    for v in range(n):
        for w in (*game.left[v], *game.right[v]):
            predecessors[w].append(v)
    short: dict[int, Game] = {}
    queue = [v for v in range(n) if not waiting[v]]
    while queue:
        v = queue.pop()
        short[v] = Game.of([short[w] for w in game.left[v]], [short[w] for w in game.right[v]])
        for p in predecessors[v]:
            waiting[p] -= 1
            if not waiting[p]:
                queue.append(p)
    return short


#: The names of the games whose options are a number x (kind 0), x* (kind 1) or the
#: game itself (pass, kind -1): the kinds of the Left and of the Right options.
_NAMES = {((0,), (-1,)): "over", ((1,), (-1,)): "v[on]", ((-1,), (0,)): "under",
          ((-1,), (1,)): "^[on]", ((-1, 0), (0,)): "^[on]*", ((0,), (-1, 0)): "v[on]*"}


def _named_game(name: str) -> Loopy:
    """The game CGSuite calls ``name`` (``^[on]``, ``v<on>*``, ``Tiny(over)``, ...)."""
    if name.startswith(("Tiny", "Miny")):
        tail = "off" if name.endswith("(on)") else "under"
        tiny = parse_loopy(f"{{0|{{0|{tail}}}}}")
        return tiny if name.startswith("Tiny") else -tiny
    unit = Loopy.upon() if "[" in name else loopy_pow(parse("^"), Loopy.on())
    game = unit if name[0] == "^" else -unit
    return game + Loopy.from_game(Game.nimber(1)) if name.endswith("*") else game


def _prefixed(x: Fraction, name: str) -> str:
    """x + the named value: ``5over``, ``-1/4v[on]``, ``^[on]*`` (0 is left out)."""
    return name if x == 0 else _number(x) + name


def _number(x: Fraction) -> str:
    return str(Game.number(x))


def _label(i: int) -> str:
    letters = "abcdefghijklmnopqrstuwxyz"  # no v: v is down
    return letters[i] if i < len(letters) else f"n{i}"
