"""``grundy constructions encode``, ``encode-sum``, ``generate`` and
``triangulated-map``: geography positions
built by the constructions of Ferland 2024 and Burke, Ferland & Teng 2022, printed in the
geography text format
(so they can be fed back to ``grundy value``), with optional DOT and SVG drawings."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from grundy.cli.common import emit_json, impartial, json_option
from grundy.reductions.geography_constructions import binomial_tree, nimber_generation
from grundy.reductions.star_atlas import homomorphic_sum, star_atlas
from grundy.rulesets.geography.algorithms import BranchAndBound
from grundy.rulesets.geography.triangulated_maps import dual_position, random_triangulation
from grundy.rulesets.geography.vertex import Geography, GeographyPosition, UndirectedGeography
from grundy.rulesets.graphs import graph_dot

F = TypeVar("F", bound=Callable[..., Any])

CONSTRUCTIONS = {"nimber-generation": nimber_generation, "binomial-tree": binomial_tree}


def drawing_options(command: F) -> F:
    path = click.Path(dir_okay=False, writable=True)
    command = click.option("--svg", "svg_path", type=path, metavar="FILE",
                           help="Also draw the graph as SVG into FILE.")(command)
    return click.option("--dot", "dot_path", type=path, metavar="FILE",
                        help="Also write the graph in Graphviz DOT into FILE.")(command)


def report(
    rules: Geography,
    position: GeographyPosition,
    seconds: float,
    dot_path: str | None,
    svg_path: str | None,
    as_json: bool,
    **facts: Any,
) -> None:
    """Print the position (text or JSON) and write the drawings asked for; in text mode a
    one-line summary goes first, on stderr, so stdout stays a position to pipe on."""
    text = rules.format(position)
    edges = sum(row.bit_count() for row in position.adj) // (1 if rules.directed else 2)
    if dot_path is not None:
        title = f"{rules.name} start={position.token}"
        dot = graph_dot(position.adj, rules.directed, title, selected=1 << position.token)
        Path(dot_path).write_text(dot, encoding="utf-8")
    if svg_path is not None:
        Path(svg_path).write_text(rules.render_svg(position), encoding="utf-8")
    if as_json:
        emit_json({"ruleset": rules.name, "position": text, "vertices": position.n,
                   "edges": edges, "build_seconds": round(seconds, 6), **facts})
    else:
        noun = "arcs" if rules.directed else "edges"
        click.echo(f"{rules.name}: {position.n:,} vertices, {edges:,} {noun}, token on vertex "
                   f"{position.token}; built in {seconds:.3f} s ({len(text):,} characters "
                   "follow; --svg or --dot draws it, --json gives these fields)", err=True)
        click.echo(text)


@click.command()
@click.argument("ruleset_name", metavar="RULESET")
@click.argument("position_text", metavar="POSITION")
@click.option("--as", "target", type=click.Choice(["geography"]), required=True,
              help="The ruleset to encode into (Generalized Geography, by Star Atlas).")
@drawing_options
@json_option
def encode(
    ruleset_name: str, position_text: str, target: str,
    dot_path: str | None, svg_path: str | None, as_json: bool,
) -> None:
    """A Generalized Geography position with the nimber of POSITION (Burke, Ferland & Teng 2022,
    Thm 11, Star Atlas), built without computing that nimber.

    Example: grundy constructions encode nim 1,2 --as geography
    """
    ruleset = impartial(ruleset_name)
    position = ruleset.parse(position_text)
    start = time.perf_counter()
    encoded = star_atlas(ruleset, position)
    report(Geography(), encoded, time.perf_counter() - start, dot_path, svg_path, as_json,
           source={"ruleset": ruleset.name, "position": ruleset.format(position)})


@click.command("encode-sum")
@click.argument("first_ruleset", metavar="R1")
@click.argument("first_position", metavar="P1")
@click.argument("second_ruleset", metavar="R2")
@click.argument("second_position", metavar="P2")
@drawing_options
@json_option
def encode_sum(
    first_ruleset: str, first_position: str, second_ruleset: str, second_position: str,
    dot_path: str | None, svg_path: str | None, as_json: bool,
) -> None:
    """One Generalized Geography position whose nimber is nimber(P1) XOR nimber(P2)
    (Burke, Ferland & Teng 2022, Thm 17, the homomorphic
    sum).

    Example: grundy constructions encode-sum nim 2 transverse-wave "(01)(2)"
    """
    first, second = impartial(first_ruleset), impartial(second_ruleset)
    g1, g2 = first.parse(first_position), second.parse(second_position)
    start = time.perf_counter()
    encoded = homomorphic_sum((first, g1), (second, g2))
    report(Geography(), encoded, time.perf_counter() - start, dot_path, svg_path, as_json,
           summands=[{"ruleset": first.name, "position": first.format(g1)},
                     {"ruleset": second.name, "position": second.format(g2)}])


@click.command()
@click.argument("kind", type=click.Choice(["undirected-geography"]))
@click.option("--nimber", type=click.IntRange(min=0), required=True, metavar="N",
              help="The value *N of the generated position.")
@click.option("--construction", type=click.Choice(sorted(CONSTRUCTIONS)),
              default="nimber-generation", show_default=True,
              help="Ferland's Algorithm 1 (O(N²) vertices) or the binomial tree t(N) "
                   "(2^N vertices).")
@drawing_options
@json_option
def generate(
    kind: str, nimber: int, construction: str,
    dot_path: str | None, svg_path: str | None, as_json: bool,
) -> None:
    """An undirected geography position of value *N (Ferland 2024, Alg 1 with its fixes,
    or Obs 3.6.1's binomial tree).

    Example: grundy constructions generate undirected-geography --nimber 7
    """
    start = time.perf_counter()
    position = CONSTRUCTIONS[construction](nimber)
    report(UndirectedGeography(), position, time.perf_counter() - start, dot_path, svg_path,
           as_json, nimber=nimber, construction=construction)


@click.command("triangulated-map")
@click.option("--vertices", type=int, required=True, metavar="N",
              help="Vertices of the random triangulation (its dual has 2N − 4 faces).")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--start", type=int, default=0, show_default=True, metavar="F",
              help="The face holding the token.")
@click.option("--moves", type=click.IntRange(min=0), default=0, show_default=True,
              help="Play this many random moves first (the position after them is printed).")
@drawing_options
@json_option
def triangulated_map(
    vertices: int, seed: int, start: int, moves: int,
    dot_path: str | None, svg_path: str | None, as_json: bool,
) -> None:
    """Undirected geography on the dual of a random fully triangulated planar map, valued
    by the branch-and-bound of Ferland 2024, Thm 3.3.1 (polynomial here: Cor 3.4.1).

    Example: grundy constructions triangulated-map --vertices 20 --moves 3
    """
    rng = random.Random(seed)
    clock = time.perf_counter()
    position = dual_position(random_triangulation(rng, vertices), start)
    rules = UndirectedGeography()
    for _ in range(moves):
        children = [child for _, child in rules.moves(position)]
        if not children:
            break
        position = rng.choice(children)
    built = time.perf_counter() - clock
    search = BranchAndBound(position.adj)
    nimber = search.grundy(position.token, position.removed)
    report(rules, position, built, dot_path, svg_path, as_json, faces=position.n,
           nimber=nimber, nodes=search.nodes, matchings=search.matchings)
    if not as_json:
        click.echo(f"value *{nimber}: {search.nodes} positions expanded, "
                   f"{search.matchings} maximum matchings", err=True)
