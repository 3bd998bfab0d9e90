"""Impartial games under misère play (the last player to move loses): Conway's misère
canonical form, the genus, and the tame / restive / wild classification.

Sources: Conway, *On Numbers and Games* (ONAG, 2nd ed. 2001), ch. 12 ("How to Lose when
you Must": simplest forms, genus, tame games); Berlekamp, Conway & Guy, *Winning Ways*
(WW, 2nd ed. 2004), vol. 2, ch. 13 ("Survival in the Lost World": genus, tame, restive
and wild games); Siegel, *Combinatorial Game Theory* (2013), Ch. V §1 (misère canonical
form) and §2 (genus theory).

Misère equality is decided by Conway's criterion (ONAG ch. 12; Siegel 2013, Ch. V §1):
G = H exactly when G and H have the same misère outcome, every G' equals some H' or has
an option G'' = H, and every H' equals some G' or has an option H'' = G.  A game is in
simplest form when no option G' is reversible (has an option G'' = G); bypassing
reversible options gives the unique simplest form, so equal games are the same object.
Games born by day 0, 1, 2, 3, 4 number 1, 2, 3, 5, 22 (ONAG ch. 12); the tests count them.

>>> g = MisereGame.parse("*2+*2")
>>> str(g), g.genus_text(), g.tameness()
('{*2,*3}', '0^02', 'tame')
>>> str(MisereGame.parse("{*}")), str(MisereGame.parse("{0,*2}"))
('0', '*')
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from functools import cached_property

from grundy.values.game import _CHECK
from grundy.values.nimber import mex

__all__ = ["MisereError", "MisereGame", "games_born_by", "genus_terms"]

_TABLE: dict[frozenset[int], MisereGame] = {}
_EQUAL: dict[tuple[frozenset[int], frozenset[int]], bool] = {}
_SUMS: dict[tuple[int, int], MisereGame] = {}


class MisereError(ValueError):
    """A misère game text that cannot be read (one line naming the problem)."""


def _p_position(options: Iterable[MisereGame]) -> bool:
    """Misère outcome: a game is a P-position when it has options and all are N."""
    listed = list(options)
    return bool(listed) and all(not x.is_p for x in listed)


def _key(options: Iterable[MisereGame]) -> frozenset[int]:
    return frozenset(x.id for x in options)


def _equal(a: frozenset[MisereGame], b: frozenset[MisereGame]) -> bool:
    """Conway's criterion for {a} = {b}; the options in a and b are simplest forms."""
    key = (_key(a), _key(b))
    known = _EQUAL.get(key)
    if known is None:
        known = (_p_position(a) == _p_position(b)
                 and all(x in b or any(_equal(y.options_set, b) for y in x.options) for x in a)
                 and all(x in a or any(_equal(y.options_set, a) for y in x.options) for x in b))
        _EQUAL[key] = known
    return known


class MisereGame:
    """An impartial game in misère simplest form; build with ``MisereGame.of``."""

    id: int
    options: tuple[MisereGame, ...]
    options_set: frozenset[MisereGame]
    birthday: int
    #: misère outcome: True for a P-position (the player to move loses)
    is_p: bool

    def __init__(self) -> None:
        raise TypeError("use MisereGame.of(options), MisereGame.nimber(n) or MisereGame.parse")

    @classmethod
    def _intern(cls, options: frozenset[MisereGame]) -> MisereGame:
        key = _key(options)
        game = _TABLE.get(key)
        if game is None:
            game = object.__new__(cls)
            game.id = len(_TABLE)
            game.options = tuple(sorted(options, key=lambda x: x.id))
            game.options_set = options
            game.birthday = 1 + max((x.birthday for x in options), default=-1)
            game.is_p = _p_position(options)
            _TABLE[key] = game
        return game

    @classmethod
    def of(cls, options: Iterable[MisereGame]) -> MisereGame:
        """The simplest form of {options} (options in simplest form): a reversible option
        G' (one with an option G'' = G) is replaced by the options of G'' (ONAG ch. 12)."""
        check = _CHECK.get()
        if check is not None:
            check()
        current = frozenset(options)
        changed = True
        while changed:
            changed = False
            for x in sorted(current, key=lambda y: y.id):
                through = next((y for y in x.options if _equal(y.options_set, current)), None)
                if through is None:
                    continue
                bypassed = (current - {x}) | through.options_set
                if _equal(bypassed, current):
                    current, changed = bypassed, True
                    break
        return cls._intern(current)

    @classmethod
    def zero(cls) -> MisereGame:
        return cls._intern(frozenset())

    @classmethod
    def nimber(cls, n: int) -> MisereGame:
        """The nim heap *n = {0, *, ..., *(n−1)}, already in simplest form."""
        if n < 0:
            raise MisereError(f"a nim heap has a natural size, got {n}")
        heaps = [cls.zero()]
        for _ in range(n):
            heaps.append(cls._intern(frozenset(heaps)))
        return heaps[n]

    # -- arithmetic ---------------------------------------------------------------

    def __add__(self, other: MisereGame) -> MisereGame:
        a, b = (self, other) if self.id <= other.id else (other, self)
        total = _SUMS.get((a.id, b.id))
        if total is None:
            if not a.options:
                total = b
            else:
                total = MisereGame.of([x + b for x in a.options] + [a + y for y in b.options])
            _SUMS[(a.id, b.id)] = total
        return total

    def followers(self) -> tuple[MisereGame, ...]:
        """This game and every position reachable from it, in order of id."""
        seen: dict[int, MisereGame] = {}
        stack = [self]
        while stack:
            game = stack.pop()
            if game.id not in seen:
                seen[game.id] = game
                stack.extend(game.options)
        return tuple(seen[k] for k in sorted(seen))

    # -- values ---------------------------------------------------------------------

    def nim_value(self) -> int:
        """The normal-play nim value G⁺ = mex of the options' values."""
        values: dict[int, int] = {}
        for x in self.followers():
            values[x.id] = mex(values[y.id] for y in x.options)
        return values[self.id]

    def misere_value(self) -> int:
        """The misère nim value G⁻: 1 for the empty game, else mex of the options' values
        (0 exactly for misère P-positions)."""
        return self.genus()[1][0]

    @cached_property
    def _genus(self) -> tuple[int, tuple[int, ...]]:
        return self.nim_value(), genus_terms(self, self.birthday + 4)

    def genus(self) -> tuple[int, tuple[int, ...]]:
        """Conway's genus g^{γ0 γ1 γ2 ...}: g = G⁺ and γn = (G + n·*2)⁻ (ONAG ch. 12;
        WW ch. 13; Siegel 2013, Ch. V §2).  The sequence alternates with period 2 from
        some point on; it is returned up to two terms into the alternation, as written
        (*2 has genus 2^20, 0 has 0^120, * has 1^031).  Terms are computed up to
        n = birthday + 4.

        >>> MisereGame.nimber(2).genus(), MisereGame.zero().genus_text()
        ((2, (2, 0)), '0^120')
        """
        plus, terms = self._genus
        start = len(terms) - 2
        while start > 0 and terms[start - 1] == terms[start + 1]:
            start -= 1
        return plus, terms[:start + 2]

    def genus_text(self) -> str:
        plus, terms = self.genus()
        separator = "," if any(t > 9 for t in terms) else ""
        return f"{plus}^{separator.join(map(str, terms))}"

    def cgsuite_genus(self) -> str:
        """The genus as CGSuite writes it: a nim heap's size alone, and a sequence that
        alternates from γ0 on by γ0 alone (``*2+*2`` is 0^0 where ``genus_text`` writes
        0^02); otherwise as ``genus_text``."""
        n = self.nimber_size()
        if n is not None:
            return str(n)
        plus, terms = self.genus()
        shown = terms[:1] if len(terms) == 2 else terms
        separator = "," if any(t > 9 for t in shown) else ""
        return f"{plus}^{separator.join(map(str, shown))}"

    @property
    def has_tame_genus(self) -> bool:
        """Tame genera: 0^120, 1^031 and a^{a, a⊕2} (those of nim positions)."""
        plus, terms = self.genus()
        return (plus, terms) in ((0, (1, 2, 0)), (1, (0, 3, 1))) or terms == (plus, plus ^ 2)

    def tameness(self) -> str:
        """'tame' when every follower has a tame genus (such a game plays in misère sums
        like the nim position of the same genus: ONAG ch. 12; WW ch. 13); 'restive' when
        it is not tame but all its options are (after WW ch. 13; finer distinctions
        among such games are not drawn here); else 'wild'.

        >>> wild = "{{*2}, {*,*2,{*2}}, {*,{*2},*3}}"
        >>> [MisereGame.parse(x).tameness() for x in ("*3+*", "{0,{*2}}", wild)]
        ['tame', 'restive', 'wild']
        """
        if all(x.has_tame_genus for x in self.followers()):
            return "tame"
        if all(x.has_tame_genus for o in self.options for x in o.followers()):
            return "restive"
        return "wild"

    # -- text ---------------------------------------------------------------------

    def nimber_size(self) -> int | None:
        """n when this game is the nim heap *n."""
        sizes = sorted(n for x in self.options if (n := x.nimber_size()) is not None)
        return len(sizes) if sizes == list(range(len(self.options))) else None

    def __str__(self) -> str:
        n = self.nimber_size()
        if n is not None:
            return "0" if n == 0 else "*" if n == 1 else f"*{n}"
        return "{" + ",".join(map(str, self.options)) + "}"

    def __repr__(self) -> str:
        return f"MisereGame({self})"

    def cgsuite(self) -> str:
        """This game in CGSuite's notation for misère canonical forms (its misère-theory
        tutorial): ``*[n]`` the nim heap, a run of options ``*[2#0]``, ``X#`` the game
        whose only option is X, subscripts ``X[k]`` for X + *k read left to right
        (``*[2[#2#]]`` is {2# + *2}), parentheses around an option that is itself a run of
        options.  A sum is written X[k] with the least k; a run lists its options from the
        latest born, runs before sums before sharps before nim heaps among the equally
        old (the order CGSuite's tests show).  Nim heaps and subscripts of 10 or more,
        which CGSuite's tests never show, are written in braces, {10}.

        >>> MisereGame.parse("*[2]+*[2]").cgsuite(), MisereGame.parse("*[[2],0]").cgsuite()
        ('*[2[2]]', '*[2#0]')
        """
        kind, base, subscripts = _cgsuite(self)
        return f"*[{base[1:-1] if kind == 'run' else _written(base, subscripts)}]"

    @classmethod
    def parse(cls, text: str) -> MisereGame:
        """Nim heaps ``0``, ``*``, ``*n`` and option sets ``{G, H, ...}`` joined by ``+``;
        also CGSuite's input ``*[...]``: ``*[n]`` the nim heap, ``*[a, b, ...]`` the game
        with options a, b, ... where a number n is *n, a list [...] the game with those
        options, and any game text a game (``*[[*[4] + *[2]]]``); ``*[x]`` with one
        entry is x itself."""
        if len(text) > 2000:
            raise MisereError("the game text is over 2000 characters: write a smaller game")
        tokens = re.findall(r"\*\d*|\d+|[{}+,\[\]]|\S", text)
        position = 0

        def peek() -> str | None:
            return tokens[position] if position < len(tokens) else None

        def take() -> str:
            nonlocal position
            token = peek()
            if token is None:
                raise MisereError(f"{text!r} ends too early: close every brace")
            position += 1
            return token

        def game_sum() -> MisereGame:
            total = term()
            while peek() == "+":
                take()
                total = total + term()
            return total

        def entries() -> list[MisereGame]:
            """The entries of a CGSuite list, after its '['."""
            found: list[MisereGame] = []
            if peek() != "]":
                found.append(entry())
                while peek() == ",":
                    take()
                    found.append(entry())
            if take() != "]":
                raise MisereError(f"{text!r}: separate list entries by commas and close with ]")
            return found

        def entry() -> MisereGame:
            token = peek()
            if token is not None and token.isdigit():
                take()
                return cls.nimber(_heap_size(int(token)))
            if token == "[":
                take()
                return cls.of(entries())
            return game_sum()

        def term() -> MisereGame:
            token = take()
            if token == "*" and peek() == "[":
                take()
                found = entries()
                return found[0] if len(found) == 1 else cls.of(found)
            if token == "{":
                options: list[MisereGame] = []
                if peek() != "}":
                    options.append(game_sum())
                    while peek() == ",":
                        take()
                        options.append(game_sum())
                if take() != "}":
                    raise MisereError(f"{text!r}: separate options by commas and close with }}")
                return cls.of(options)
            if token == "0":
                return cls.zero()
            if token.startswith("*"):
                return cls.nimber(_heap_size(int(token[1:]) if token[1:] else 1))
            raise MisereError(f"{text!r}: unexpected {token!r}; write 0, *, *n, {{...}}, "
                              "*[...] and +")

        game = game_sum()
        if peek() is not None:
            raise MisereError(f"{text!r}: unexpected {peek()!r} after the game")
        return game


def _heap_size(size: int) -> int:
    if size > 64:
        raise MisereError(f"*{size} is too large here: heaps up to *64")
    return size


#: the order of kinds among equally old options in CGSuite's runs (MisereGame.cgsuite)
_KINDS = {"run": 3, "sum": 2, "sharp": 1, "heap": 0}


def _cgsuite(game: MisereGame) -> tuple[str, str, str]:
    """(kind, base, subscripts) of a game in CGSuite's misère notation: kind is heap,
    sharp, sum or run (a run's base is in parentheses)."""
    n = game.nimber_size()
    if n is not None:
        return "heap", _number(n), ""
    if len(game.options) == 1:
        _, base, subscripts = _cgsuite(game.options[0])
        return "sharp", base, subscripts + "#"
    for k in range(1, len(game.options) + 1):
        star = MisereGame.nimber(k)
        option = next((x for x in game.options if x + star is game), None)
        if option is not None:
            _, base, subscripts = _cgsuite(option)
            return "sum", base, subscripts + _number(k)
    parts = sorted(((x.birthday, _KINDS[kind], _written(base, subscripts)) for x in game.options
                    for kind, base, subscripts in [_cgsuite(x)]), reverse=True)
    return "run", "(" + "".join(text for _, _, text in parts) + ")", ""


def _written(base: str, subscripts: str) -> str:
    """A base with its subscripts: sharps alone follow it (2##), others in brackets."""
    return base + (subscripts if set(subscripts) <= {"#"} else f"[{subscripts}]")


def _number(n: int) -> str:
    return str(n) if n < 10 else f"{{{n}}}"


def genus_terms(game: MisereGame, depth: int) -> tuple[int, ...]:
    """γ0, ..., γdepth: the misère nim values of G + n·*2 for n ≤ depth."""
    memo: dict[tuple[int, int, int], int] = {}

    def value(g: MisereGame, twos: int, ones: int) -> int:
        """(g + twos·*2 + ones·*)⁻, by the mex rule (1 for no moves at all)."""
        key = (g.id, twos, ones)
        known = memo.get(key)
        if known is None:
            children = [value(x, twos, ones) for x in g.options]
            if twos:
                children += [value(g, twos - 1, ones + 1), value(g, twos - 1, ones)]
            if ones:
                children.append(value(g, twos, ones - 1))
            known = memo[key] = mex(children) if children else 1
        return known

    return tuple(value(game, n, 0) for n in range(depth + 1))


def games_born_by(day: int) -> list[MisereGame]:
    """Every misère game (simplest form) born by ``day``: subsets of the day before."""
    games = [MisereGame.zero()]
    for _ in range(day):
        games = sorted({MisereGame.of(chosen) for k in range(len(games) + 1)
                        for chosen in itertools.combinations(games, k)}, key=lambda g: g.id)
    return games
