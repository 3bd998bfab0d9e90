"""POWER STATION and HYDROPIPE (Rulesets 8-9, seed 000, ``000_7d67923f02e8dd4e.txt`` L396-402).

POWER STATION: a bipartite graph (U, V, E), a token on s ∈ U and a battery on every
other vertex of U.  u is reachable iff some bridge v ∈ V has (s, v), (v, u) ∈ E.  A
move takes the token to a reachable u that holds a battery; the battery is spent and
every vertex of V not adjacent to u is deleted.

HYDROPIPE: a hypergraph, cleaner on every vertex, a water token on c.  A move takes
the token to a vertex v that shares a surviving hyperedge (pipe) with the current
vertex and still holds cleaner; the cleaner is spent and every hyperedge not
incident to v is clogged (deleted).

Both are one game on an incidence structure: "U-vertex u / hypergraph vertex v" is
a *station*, "V-vertex / hyperedge" a *link*; ``links[u]`` is the set of links at u.
Corollary 1 (L404) makes both isomorphic to Transverse Wave; the maps are the
notes' reconstruction (see ``grundy.reductions.lattice``).  In the isomorphic image
every surviving link touches the token; positions where this holds are keyed by
their Transverse Wave grid.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from grundy.protocol import (
    Citation,
    ImpartialRuleset,
    Key,
    Move,
    ParseError,
    SizeLimitError,
    read_int,
)
from grundy.rulesets.drawing import GREEN, INK, PURPLE, clickable_circle, svg_document, text
from grundy.rulesets.graphs import GRAPH_LIMITS, MAX_VERTICES, mask_of, parse_vertex_list, vertices
from grundy.rulesets.registry import register
from grundy.rulesets.transverse_wave.rules import Grid, canonical_grid


class Station(NamedTuple):
    """``links[u]``: the links (V-vertices / hyperedges) at station u; the token's
    station, the stations still charged (battery / cleaner) and the surviving links."""

    links: tuple[int, ...]
    token: int
    charged: int
    alive: int


def as_grid(position: Station) -> Grid | None:
    """The Transverse Wave grid when every surviving link touches the token: a row per
    surviving link, a column per charged station (in order), green where they meet."""
    live = position.alive
    if live & ~position.links[position.token]:
        return None
    columns = vertices(position.charged)
    full = (1 << len(columns)) - 1
    return Grid(
        len(columns),
        tuple(
            full & ~sum(1 << j for j, u in enumerate(columns) if position.links[u] >> v & 1)
            for v in vertices(live)
        ),
    )


class _Stations(ImpartialRuleset[Station]):
    """The shared game; subclasses name things and read/write their own text."""

    limits = GRAPH_LIMITS

    def moves(self, position: Station) -> Iterator[tuple[Move, Station]]:
        """To a charged station sharing a surviving link with the token (L398, L402)."""
        links, here = position.links, position.links[position.token] & position.alive
        for u in vertices(position.charged):
            if links[u] & here:
                yield u, Station(links, u, position.charged & ~(1 << u), position.alive & links[u])

    def key(self, position: Station) -> Key:
        grid = as_grid(position)
        return position if grid is None else canonical_grid(*grid)

    def stations_svg(self, position: Station, title: str) -> str:
        """Stations on top (token ringed, charged green), links below, lines between."""
        count = len(position.links)
        width_links = max((m.bit_length() for m in position.links), default=0)
        body = []
        for u, mask in enumerate(position.links):
            for v in vertices(mask):
                stroke = INK if position.alive >> v & 1 else "#c8c8c8"
                body.append(f'<line x1="{30 + 40 * u}" y1="30" x2="{30 + 40 * v}" y2="110" '
                            f'stroke="{stroke}"/>')
        for u in range(count):
            fill = GREEN if position.charged >> u & 1 else PURPLE
            ring = 4 if u == position.token else 1
            body += clickable_circle(30 + 40 * u, 30, 13, str(u), fill, ink="#ffffff",
                                     stroke_width=ring)
        for v in range(width_links):
            fill = "#ffffff" if position.alive >> v & 1 else "#c8c8c8"
            body.append(f'<rect x="{20 + 40 * v}" y="100" width="20" height="20" fill="{fill}" '
                        f'stroke="{INK}"/>')
            body.append(text(30 + 40 * v, 110, str(v), 10))
        return svg_document(40 + 40 * max(count, width_links), 140, body, title)

    def random_position(self, rng: random.Random, size: int) -> Station:
        """A random Transverse Wave image: token station 0 meets every link."""
        count, links = max(1, size), max(1, (size + 1) // 2)
        rows = [sum(1 << v for v in range(links) if rng.random() < 0.6) for _ in range(count)]
        everything = (1 << links) - 1
        return Station((everything, *rows), 0, ((1 << (count + 1)) - 1) & ~1, everything)

    def data(self, position: Station) -> dict[str, Any]:
        return {"links": [vertices(m) for m in position.links], "token": position.token,
                "charged": vertices(position.charged), "alive": vertices(position.alive)}


def _sections(text: str, names: tuple[str, ...], example: str) -> tuple[str, dict[str, str]]:
    head, *rest = text.strip().split(";")
    found: dict[str, str] = {}
    for part in rest:
        name, equals, value = part.partition("=")
        if not equals or name.strip() not in names or name.strip() in found:
            raise ParseError(f"unexpected {part.strip()!r}: write {example}")
        found[name.strip()] = value
    missing = [name for name in names[:2] if name not in found]
    if missing:
        raise ParseError(f"missing {missing[0]}=...: write {example}")
    return head, found


def _union(masks: tuple[int, ...]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _one(n: int, text: str, what: str) -> int:
    items = parse_vertex_list(n, text, what)
    if len(items) != 1:
        raise ParseError(f"{what}={text.strip()} must name exactly one vertex, e.g. {what}=0")
    return items[0]


def _vertex_lists(head: str) -> list[tuple[int, ...]]:
    groups = head.split("/", MAX_VERTICES)
    if len(groups) > MAX_VERTICES:
        raise SizeLimitError(f"more than {MAX_VERTICES:,} U-vertices: the limit is "
                             f"{MAX_VERTICES:,}")
    return [parse_vertex_list(MAX_VERTICES, group, "vertex") for group in groups]


@register
class PowerStation(_Stations):
    name = "power-station"
    summary = "Move the token through a bridge to a charged U-vertex; unlinked V-vertices vanish."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L396-398", "Ruleset 8")
    text_format = (
        "each U-vertex's V-neighbours, '/' between U-vertices, then ;token=u ;batteries=... "
        "and optionally ;deleted=... (V-vertices), e.g. 0,1/0/1;token=0;batteries=1,2"
    )
    examples = ("0,1/0/1;token=0;batteries=1,2", "0,1,2/0,2/1/2;token=0;batteries=1,2,3")
    _example = "0,1/0/1;token=0;batteries=1,2"

    def parse(self, text: str) -> Station:
        head, found = _sections(text, ("token", "batteries", "deleted"), self._example)
        links = tuple(mask_of(group) for group in _vertex_lists(head))
        token = _one(len(links), found["token"], "token")
        charged = mask_of(parse_vertex_list(len(links), found["batteries"], "battery"))
        if charged >> token & 1:
            raise ParseError(f"the token's vertex {token} holds a battery: list the others")
        deleted = mask_of(parse_vertex_list(MAX_VERTICES, found.get("deleted", ""), "deleted"))
        return Station(links, token, charged, _union(links) & ~deleted)

    def format(self, position: Station) -> str:
        head = "/".join(",".join(map(str, vertices(m))) for m in position.links)
        batteries = ",".join(map(str, vertices(position.charged)))
        text = f"{head};token={position.token};batteries={batteries}"
        deleted = _union(position.links) & ~position.alive
        return text + (f";deleted={','.join(map(str, vertices(deleted)))}" if deleted else "")

    def render_svg(self, position: Station) -> str:
        return self.stations_svg(position, f"Power Station {self.format(position)}")


@register
class Hydropipe(_Stations):
    name = "hydropipe"
    summary = "Move the water through a pipe to a vertex with cleaner; pipes away from it clog."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L400-402", "Ruleset 9")
    text_format = (
        "N vertices, then the hyperedges (pipes) as vertex lists separated by '/', then "
        ";water=c ;cleaner=... and optionally ;clogged=... (pipe numbers), "
        "e.g. 3;0,1/0,2;water=0;cleaner=1,2"
    )
    examples = ("3;0,1/0,2;water=0;cleaner=1,2", "4;0,1,2/0,3/0,1,3;water=0;cleaner=1,2,3")
    _example = "3;0,1/0,2;water=0;cleaner=1,2"

    def parse(self, text: str) -> Station:
        n_text, _, rest = text.strip().partition(";")
        if not n_text.strip().isdigit():
            raise ParseError(
                f"vertex count {n_text.strip()!r} is not a whole number: write {self._example}"
            )
        n = self.check_size("vertices", read_int(n_text, "the vertex count"))
        head, found = _sections(rest, ("water", "cleaner", "clogged"), self._example)
        pipes = [mask_of(parse_vertex_list(n, group, "pipe vertex")) for group in head.split("/")]
        links = tuple(
            sum(1 << e for e, pipe in enumerate(pipes) if pipe >> v & 1) for v in range(n)
        )
        token = _one(n, found["water"], "water")
        charged = mask_of(parse_vertex_list(n, found["cleaner"], "cleaner"))
        if charged >> token & 1:
            raise ParseError(f"the water's vertex {token} holds cleaner: list the others")
        clogged = mask_of(parse_vertex_list(len(pipes), found.get("clogged", ""), "clogged pipe"))
        return Station(links, token, charged, _union(links) & ~clogged)

    def format(self, position: Station) -> str:
        count = max((m.bit_length() for m in position.links), default=0)
        pipes = [[v for v, m in enumerate(position.links) if m >> e & 1] for e in range(count)]
        head = "/".join(",".join(map(str, p)) for p in pipes)
        text = (f"{len(position.links)};{head};water={position.token};"
                f"cleaner={','.join(map(str, vertices(position.charged)))}")
        clogged = _union(position.links) & ~position.alive
        return text + (f";clogged={','.join(map(str, vertices(clogged)))}" if clogged else "")

    def render_svg(self, position: Station) -> str:
        return self.stations_svg(position, f"Hydropipe {self.format(position)}")
