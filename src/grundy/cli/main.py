"""The ``grundy`` command: the everyday commands on top, the papers' tools in groups.

Every command is named here as ``"module:attribute"`` and imported only when it
runs (``grundy.cli.group.GrundyGroup``), so starting the command line loads click
and nothing of the library.  The names of earlier releases (``grundy thermograph``,
``grundy matchmaker-tables``, ...) keep working as hidden aliases.
"""

from __future__ import annotations

from typing import Any

import click

from grundy import __version__
from grundy.cli.group import DefaultGroup, GrundyGroup

#: The top level: the everyday commands, then one group per family of tools.
COMMANDS = {
    "value": "grundy.cli.positions:value",
    "moves": "grundy.cli.positions:moves",
    "play": "grundy.cli.positions:play",
    "show": "grundy.cli.positions:show",
    "rulesets": "grundy.cli.positions:rulesets",
    "calc": "grundy.cli.values:calc",
    "serve": "grundy.cli.serve:serve",
    "verify": "grundy.cli.lattice:verify",
    "tour": "grundy.cli.tour:tour",
}

SOLVE = {
    "atropos": "grundy.cli.atropos:atropos",
    "hex": "grundy.cli.hex:hex_group",
}

VALUES = {
    "thermograph": "grundy.cli.values:thermograph",
    "ops": "grundy.cli.valueops:value_ops",
    "misere": "grundy.cli.valueops:misere",
    "octal": "grundy.cli.octal:octal",
    "oracle": "grundy.cli.oracles:oracle",
    "habitat": "grundy.cli.habitat:habitat",
    "triangle": "grundy.cli.lattice:tw_triangle",
    "loopy": "grundy.cli.loopy:loopy",
}
MATCHMAKER = {
    "tables": "grundy.cli.burke:matchmaker_tables_command",
    "conjecture": "grundy.cli.burke:matchmaker_conjecture",
    "transform": "grundy.cli.burke:matchmaker_transform",
    "verify": "grundy.cli.burke:matchmaker_verify",
}
DICTATOR = {
    "prove": "grundy.cli.burke:dictator_prove",
    "verify": "grundy.cli.burke:dictator_verify",
}
CONSTRUCTIONS = {
    "encode": "grundy.cli.geography:encode",
    "encode-sum": "grundy.cli.geography:encode_sum",
    "generate": "grundy.cli.geography:generate",
    "triangulated-map": "grundy.cli.geography:triangulated_map",
    "lattice": "grundy.cli.lattice:lattice",
}
CENSUS = {
    "run": "grundy.cli.census:census",
    "query": "grundy.cli.census:query_command",
    "split": "grundy.cli.census:split",
}

#: Old top-level names (hidden): each runs the command it was renamed to.
ALIASES = {
    "atropos": "solve atropos",
    "hex": "solve hex",
    "thermograph": "values thermograph",
    "value-ops": "values ops",
    "misere": "values misere",
    "octal": "values octal",
    "oracle": "values oracle",
    "habitat": "values habitat",
    "tw-triangle": "values triangle",
    "lattice": "constructions lattice",
    "encode": "constructions encode",
    "encode-sum": "constructions encode-sum",
    "generate": "constructions generate",
    "triangulated-map": "constructions triangulated-map",
    "geography": "constructions",
    "matchmaker-tables": "matchmaker tables",
    "matchmaker-conjecture": "matchmaker conjecture",
    "matchmaker-transform": "matchmaker transform",
    "matchmaker-verify": "matchmaker verify",
    "dictator-prove": "dictator prove",
    "dictator-verify": "dictator verify",
    "query": "census query",
    "split": "census split",
    "bench": "grundy.cli.bench:bench",
}


def group(name: str, commands: dict[str, str], text: str, cls: type[GrundyGroup] = GrundyGroup,
          **settings: Any) -> GrundyGroup:
    """A lazy group of ``commands`` with help ``text``."""
    return cls(name, lazy=commands, help=text, **settings)


@click.group(cls=GrundyGroup, lazy=COMMANDS, aliases=ALIASES)
@click.version_option(__version__, prog_name="grundy")
def cli() -> None:
    """A workbench for combinatorial games: values, moves, play, and a tour of the papers.

    Exit status: 0 on success; 2 for bad input (an unreadable position, an illegal
    move, an unknown ruleset), reported as one line `grundy: error: <message>` on
    stderr, and for bad options (click's usage message); 3 when a search runs out
    of its --max-nodes / --max-seconds budget.
    """


cli.add_command(group("solve", SOLVE, """Games solved from the start by searches of their own:
    Atropos (Burke 2009) and Hex (proof-number search with virtual connections)."""))
cli.add_command(group("values", VALUES, """Game values: thermographs, operations on values,
    misère forms and quotients, octal games, the oracle model, habitats, Theorem 1's
    triangle and loopy games."""))
cli.add_command(group("matchmaker", MATCHMAKER, """Burke's Matchmaker (Burke 2009): nimber
    tables, conjectures, transforms and verified positions."""))
cli.add_command(group("dictator", DICTATOR, """Burke's Dictator (Burke 2009): find and check
    proofs that a board violates the Pareto condition."""))
cli.add_command(group("constructions", CONSTRUCTIONS, """Positions and pictures built by the
    papers' constructions: geography encodings, generated graphs, triangulated maps and the
    lattice of rulesets."""))
cli.add_command(group(
    "census", CENSUS, """Every position of a ruleset up to a size, solved in chunks and kept
    as Parquet; SQL queries over it.  `grundy census SPEC...` is short for
    `grundy census run SPEC...`.""", cls=DefaultGroup, default="run", context_settings={
        "ignore_unknown_options": True}))


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="grundy")
