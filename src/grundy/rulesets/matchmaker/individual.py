"""MATCHMAKER with individual preference lists (seed 004, ``004_d08755248cee49c5.txt``
L460: with everyone's own ranking the proposal rule "is already a game").

Each West candidate ranks every East candidate and each East candidate every West
one; everyone prefers any partner to none.  A proposal (w, e) is legal when w prefers
e to its partner and e prefers w to its partner; the update is Matchmaker's
(``propose``: the spurned partners marry each other when both exist).  The
Stubborn variant also forbids pairing a matched with an unmatched candidate
(Def 3.3.3, L498).  With everyone ranking by index (1 most preferred) these are
Matchmaker and Stubborn Matchmaker: ``grundy.reductions.matchmaker`` registers both
special cases.

With individual rankings play can go round in circles (better-response dynamics
of stable marriage cycle, while the universal ranking makes every proposal progress):
the thesis's "already a game" holds only for rankings without such a cycle, so
``parse`` finds any cycle reachable from the position (``find_cycle``, over at most
13,327 matchings at 6 per side) and refuses the position, naming it (docs/errata.md).

Text format: Matchmaker's ``N:w-e,...``, then optionally ``;W=...`` and ``;E=...``,
each candidate's ranking (most preferred first) separated by '/', e.g.
``3:;W=1,3,2/1,2,3/2,3,1;E=1,2,3/2,3,1/3,2,1``; a side left out ranks by index.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.matchmaker.rules import (
    Matching,
    Matchmaker,
    east_partners,
    from_pairs,
    pairs,
    propose,
)
from grundy.rulesets.registry import register

Ranking = tuple[tuple[int, ...], ...]
_PLAIN = Matchmaker()
#: Most candidates per side (the cycle check visits every reachable matching).
MAX_SIDE = 6


class Preferences(NamedTuple):
    """A matching and every candidate's ranking of the other side, most preferred first."""

    matching: Matching
    west: Ranking
    east: Ranking


def by_index(n: int) -> Ranking:
    """The universal ranking: everyone prefers candidate 1, then 2, ..."""
    return (tuple(range(1, n + 1)),) * n


def prefers(ranking: tuple[int, ...], candidate: int, partner: int) -> bool:
    """Does this ranking put ``candidate`` above ``partner`` (0: no partner)?"""
    return partner == 0 or ranking.index(candidate) < ranking.index(partner)


@register
class IndividualMatchmaker(ImpartialRuleset[Preferences]):
    name = "individual-matchmaker"
    summary = "Matchmaker where every candidate has their own ranking of the other side."
    citation = Citation("004_d08755248cee49c5.txt", "L460", "individual preference lists")
    text_format = ("N:w-e,... as for matchmaker, then ;W=... and ;E=...: each candidate's "
                   "ranking of the other side, most preferred first, lists separated by '/', "
                   "e.g. 3:;W=1,3,2/1,2,3/2,3,1;E=1,2,3/2,3,1/3,2,1 (a side left out ranks by "
                   "index); rankings under which play can cycle are refused")
    examples: ClassVar[tuple[str, ...]] = (
        "3:;W=1,3,2/1,2,3/2,3,1;E=1,2,3/2,3,1/3,2,1", "3:;W=3,2,1/2,1,3/1,2,3;E=3,1,2/3,1,2/1,3,2",
        "2:")
    #: Stubborn (Def 3.3.3): both partners matched or both unmatched.
    stubborn: ClassVar[bool] = False

    def parse(self, text: str) -> Preferences:
        board, *sections = text.strip().split(";")
        matching = _PLAIN.parse(board)
        n = len(matching)
        if n > MAX_SIDE:
            raise ParseError(f"{n} candidates per side: at most {MAX_SIDE}")
        rankings = {"W": by_index(n), "E": by_index(n)}
        for section in sections:
            side, equals, lists = (part.strip() for part in section.partition("="))
            if side not in rankings or not equals:
                raise ParseError(f"unexpected {section.strip()!r}: write ;W=2,1/1,2 or ;E=...")
            ranking = tuple(self._ranking(item, n, side) for item in lists.split("/"))
            if len(ranking) != n:
                raise ParseError(f"{side}= gives {len(ranking)} rankings for {n} candidates: "
                                 "give one per candidate, separated by '/'")
            rankings[side] = ranking
        position = Preferences(matching, rankings["W"], rankings["E"])
        cycle = self.find_cycle(position)
        if cycle is not None:
            loop = " -> ".join(_PLAIN.format(m) for m in cycle)
            raise ParseError(f"with these rankings play can cycle ({loop}), so this is not a "
                             "finite game: change the rankings")
        return position

    def find_cycle(self, position: Preferences) -> list[Matching] | None:
        """A cycle of matchings reachable from ``position`` (first repeated at the end),
        or None if every line of play ends."""
        state: dict[Matching, int] = {}  # 1: on the current path, 2: finished
        path: list[Matching] = []
        stack = [iter([position])]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                if path:
                    state[path.pop()] = 2
                continue
            seen = state.get(child.matching)
            if seen == 1:
                return [*path[path.index(child.matching):], child.matching]
            if seen is None:
                state[child.matching] = 1
                path.append(child.matching)
                stack.append(iter([c for _, c in self.moves(child)]))
        return None

    @staticmethod
    def _ranking(item: str, n: int, side: str) -> tuple[int, ...]:
        parts = [p.strip() for p in item.split(",")]
        if not all(p.isdigit() for p in parts) or sorted(map(int, parts)) != list(range(1, n + 1)):
            raise ParseError(f"{side}= ranking {item.strip()!r} must list 1..{n} once each, "
                             "most preferred first")
        return tuple(map(int, parts))

    def format(self, position: Preferences) -> str:
        n = len(position.matching)
        text = _PLAIN.format(position.matching)
        for side, ranking in (("W", position.west), ("E", position.east)):
            if ranking != by_index(n):
                text += f";{side}=" + "/".join(",".join(map(str, r)) for r in ranking)
        return text

    def format_move(self, move: Move) -> str:
        return _PLAIN.format_move(move)

    def moves(self, position: Preferences) -> Iterator[tuple[Move, Preferences]]:
        """Every (w, e) who prefer each other to their partners (label ``(w, e)``)."""
        matching, west, east = position
        owner = east_partners(matching)
        for w, w_partner in enumerate(matching, 1):
            for e in range(1, len(matching) + 1):
                e_partner = owner[e - 1]
                if not (prefers(west[w - 1], e, w_partner)
                        and prefers(east[e - 1], w, e_partner)):
                    continue
                if self.stubborn and (w_partner == 0) != (e_partner == 0):
                    continue
                yield (w, e), position._replace(
                    matching=propose(matching, w, e, e_partner))

    def data(self, position: Preferences) -> dict[str, Any]:
        return {"n": len(position.matching), "pairs": [list(p) for p in pairs(position.matching)],
                "west": [list(r) for r in position.west], "east": [list(r) for r in position.east]}

    def render_text(self, position: Preferences) -> str:
        lines = [_PLAIN.render_text(position.matching)]
        lines += [f"w{w} ranks {' '.join(f'e{e}' for e in r)}" for w, r in
                  enumerate(position.west, 1)]
        lines += [f"e{e} ranks {' '.join(f'w{w}' for w in r)}" for e, r in
                  enumerate(position.east, 1)]
        return "\n".join(lines)

    def render_svg(self, position: Preferences) -> str:
        return _PLAIN.render_svg(position.matching)

    def random_position(self, rng: random.Random, size: int) -> Preferences:
        """A random matching of 1 + size // 2 per side (at most ``MAX_SIDE``) and random
        rankings under which play cannot cycle (drawn again until so)."""
        n = min(MAX_SIDE, 1 + size // 2)

        def ranking() -> tuple[int, ...]:
            return tuple(rng.sample(range(1, n + 1), n))

        while True:
            wests = rng.sample(range(n), rng.randint(0, n))
            easts = rng.sample(range(1, n + 1), len(wests))
            matching = from_pairs(n, [(w + 1, e) for w, e in zip(wests, easts, strict=True)])
            position = Preferences(matching, tuple(ranking() for _ in range(n)),
                                   tuple(ranking() for _ in range(n)))
            if self.find_cycle(position) is None:
                return position


@register
class IndividualStubbornMatchmaker(IndividualMatchmaker):
    name = "individual-stubborn-matchmaker"
    summary = "Stubborn Matchmaker with every candidate's own ranking."
    citation = Citation("004_d08755248cee49c5.txt", "L460, L496-500",
                        "individual preference lists, Def 3.3.3")
    stubborn = True
