"""Commands for Burke's Matchmaker and Dictator games (Burke 2009; seed
``004_d08755248cee49c5.txt``):
``grundy matchmaker tables``, ``verify``, ``conjecture`` and ``transform``,
``grundy dictator prove`` and ``verify``."""

from __future__ import annotations

import sys
from typing import Any

import click

from grundy import _native
from grundy.cli import Output, Spinner
from grundy.cli.common import Search, emit_json, engine_option, json_option, search_options
from grundy.rulesets import GrundyError, ParseError, get
from grundy.rulesets.dictator.rules import (
    LETTERS,
    BasicDictator,
    Board,
    chain_certificate,
    find_chain_proof,
    letter,
    pareto_violated,
    remaining_plays,
    verify_chain_proof,
)
from grundy.rulesets.dictator.tree import (
    describe,
    find_tree_proof,
    leaves,
    parse_tree,
    verify_tree_proof,
)
from grundy.rulesets.matchmaker.nimberizer import (
    Nimberizer,
    class_tables,
    verify,
)
from grundy.rulesets.matchmaker.rules import (
    Matching,
    Matchmaker,
    check_neighbour_pairs,
    check_uncrossing,
    crossings,
    matching_class,
    matchmaker_tables,
    neighbour_pairs,
    shift_west,
    un_z,
)
from grundy.search import Solver

MATCHMAKERS = ("matchmaker", "stubborn-matchmaker", "full-matchmaker")
#: Largest board of the tables: the native kernel values every profile of the boards of up
#: to 20 a side (127 million) level by level; 20 reaches every printed cell at its fewest
#: candidates.  The Python evaluator (--engine python) builds the same tables to 14 (every
#: size) or 16 (--smallest) within its time budget.
MAX_TABLE_N = _native.MATCHMAKER_MAX_SIDE
MAX_PYTHON_N = 14
MAX_PYTHON_SMALLEST_N = 16
#: Largest board of the tables by search (every board solved: minutes at 9).
MAX_SEARCH_N = 9
#: Largest board the Verifier starts from (it visits every pairing of every class reached).
MAX_VERIFY_N = 8


def _cell(values: Any) -> str:
    return ",".join(map(str, sorted(values)))


@click.command("tables")
@click.option("--max-n", type=click.IntRange(1, MAX_TABLE_N), default=6, show_default=True,
              help=f"Largest board (candidates per side), at most {MAX_TABLE_N}; 8 reaches 40 "
                   "printed cells, 10 reaches 70, 14 reaches 168 and 20 reaches 259, every "
                   "printed cell that has a board (seconds).")
@click.option("--smallest", is_flag=True,
              help="Count each class (x, y, z) only at its fewest candidates a side, "
                   "x + max(y, z): the reading under which the printed cells hold; --max-n "
                   "20 reaches the same 259 cells.")
@click.option("--loose", is_flag=True,
              help="Count every board without crossed pairs (the printed tables need the "
                   "stricter convention).")
@click.option("--search", "brute", is_flag=True,
              help=f"Solve every board by search instead of the profile values (slow: about "
                   f"a minute at 8; at most {MAX_SEARCH_N}).")
@engine_option
@search_options
@json_option
def matchmaker_tables_command(max_n: int, smallest: bool, loose: bool, brute: bool,
                              engine: str, max_nodes: int | None, max_seconds: float | None,
                              store: str | None, as_json: bool) -> None:
    """Regenerate Tables 5.1-5.4 of Burke 2009, §5.3 from the Stubborn Matchmaker profile
    values (the thesis' Nimberizer, made exact; `grundy matchmaker verify` checks it;
    native unless --engine python) or, with --search, by solving every board; beside the
    printed cells, with a board of the fewest candidates for every value the table does
    not print; exit status 1 if some cell differs."""
    native = engine != "python"
    largest = MAX_TABLE_N if native else MAX_PYTHON_SMALLEST_N if smallest else MAX_PYTHON_N
    if max_n > largest:
        raise GrundyError(f"--engine python builds the tables up to {largest} a side: give "
                          f"--max-n {largest} or less, or leave out --engine python")
    if brute and max_n > MAX_SEARCH_N:
        raise GrundyError(f"--search solves every board: give --max-n {MAX_SEARCH_N} or less, "
                          "or leave out --search")
    with Spinner() as spinner:
        budget = Search(max_nodes, max_seconds, store).budget(spinner)
        tables = matchmaker_tables(max_n, not loose, budget, smallest=smallest) if brute else \
            class_tables(max_n, not loose, budget, smallest=smallest, native=native)
    rows = tables.comparison()
    mismatches = tables.mismatches()
    ruleset = get("stubborn-matchmaker")

    def witnesses(cell: tuple[int, int, int], printed: Any, computed: set[int]) -> dict[int, str]:
        return {v: ruleset.format(tables.witnesses[cell, v]) for v in sorted(computed)
                if v not in (printed or ())}

    if as_json:
        emit_json({"conventions": tables.conventions(), "max_n": max_n,
                   "cells": [{"class": list(cell), "printed": sorted(printed or ()),
                              "computed": sorted(computed),
                              "witnesses": witnesses(cell, printed, computed)}
                             for cell, printed, computed in rows],
                   "mismatches": len(mismatches)})
    else:
        out = Output()
        out.heading("Stubborn Matchmaker by class (x; min loners, max loners)",
                    "Burke 2009, §5.3, Tables 5.1-5.4")
        out.line(f"conventions: {tables.conventions()}")
        out.table(["x", "loners", "printed", "computed", ""],
                  [[str(x), f"({low},{high})", _cell(printed or ()), _cell(computed),
                    "" if printed == frozenset(computed) else "differs" + "".join(
                        f"; *{v} at {board}" for v, board in
                        witnesses((x, low, high), printed, computed).items())]
                   for (x, low, high), printed, computed in rows])
        out.line(f"{len(rows) - len(mismatches)} of {len(rows)} printed cells reached by boards "
                 f"up to {max_n} per side agree")
    if mismatches:
        sys.exit(1)


@click.command("conjecture")
@click.argument("conjecture", type=click.Choice(["uncrossing", "neighbour-pairs"]))
@click.option("--ruleset", "name", type=click.Choice(MATCHMAKERS[:2]),
              default="stubborn-matchmaker", show_default=True)
@click.option("--max-n", type=click.IntRange(1, 8), default=6, show_default=True,
              help="Largest board (candidates per side) examined.")
@click.option("--show", type=click.IntRange(min=0), default=5, show_default=True,
              help="Counterexamples to print.")
@search_options
@json_option
def matchmaker_conjecture(conjecture: str, name: str, max_n: int, show: int,
                          max_nodes: int | None, max_seconds: float | None, store: str | None,
                          as_json: bool) -> None:
    """Check Conjecture 5.3.1 (uncrossing flips the low bit) or 5.3.2 (neighbour pairs keep
    the value) of Burke 2009, §5.3, on every board up to --max-n per side.  Exit
    status 1 when a counterexample is found, e.g. `grundy matchmaker conjecture neighbour-pairs
    --ruleset matchmaker --max-n 4`."""
    ruleset = get(name)
    assert isinstance(ruleset, Matchmaker)
    check = check_uncrossing if conjecture == "uncrossing" else check_neighbour_pairs
    with Spinner() as spinner:
        report = check(ruleset, max_n, Search(max_nodes, max_seconds, store).budget(spinner))
    shown = [(ruleset.format(a), ruleset.format(b), va, vb)
             for a, b, va, vb in report.counterexamples[:show]]
    if as_json:
        emit_json({"conjecture": report.conjecture, "ruleset": name, "max_n": max_n,
                   "cases": report.cases, "counterexamples": len(report.counterexamples),
                   "shown": [{"before": a, "after": b, "values": [va, vb]}
                             for a, b, va, vb in shown]})
    else:
        click.echo(f"{report.conjecture} on {name}, boards up to {max_n} per side: "
                   f"{report.cases:,} cases, {len(report.counterexamples):,} counterexamples")
        relation = "after = before xor 1" if conjecture == "uncrossing" else "equal values"
        for a, b, va, vb in shown:
            click.echo(f"  {a} (*{va}) -> {b} (*{vb}): expected {relation}")
    if not report.holds:
        sys.exit(1)


@click.command("verify")
@click.argument("position")
@search_options
@json_option
def matchmaker_verify(position: str, max_nodes: int | None, max_seconds: float | None,
                      store: str | None, as_json: bool) -> None:
    """Verify the Stubborn Matchmaker class values (Burke 2009, §5.3, the Nimberizer and
    its Verifier) from POSITION, e.g. `6:` for the empty board of 6 a side: every board of
    every class reached must get the mex of its children's values; exit status 1 at the
    first class that does not."""
    ruleset = get("stubborn-matchmaker")
    board = ruleset.parse(position)
    if len(board) > MAX_VERIFY_N:
        raise GrundyError(f"the Verifier checks every board of every class reached: give a "
                          f"board of at most {MAX_VERIFY_N} a side")
    with Spinner() as spinner:
        budget = Search(max_nodes, max_seconds, store).budget(spinner)
        nimberizer = Nimberizer()
        value = nimberizer.grundy(board, budget)
        report = verify(nimberizer, board, budget)
    failure = None if report.failure is None else {
        "board": ruleset.format(report.failure[0]), "claimed": report.failure[1],
        "mex_of_children": report.failure[2]}
    if as_json:
        emit_json({"position": ruleset.format(board), "value": value,
                   "classes_verified": len(report.verified), "boards_checked": report.boards,
                   "profiles": len(nimberizer), "failure": failure})
    else:
        click.echo(f"{ruleset.format(board)} is *{value}, from {len(nimberizer):,} profiles")
        if failure is None:
            click.echo(f"verified: {len(report.verified):,} classes, "
                       f"{report.boards:,} boards checked one level deep")
        else:
            click.echo(f"wrong at {failure['board']}: given *{failure['claimed']}, its "
                       f"children give *{failure['mex_of_children']}")
    if failure is not None:
        sys.exit(1)


def _ints(text: str, count: int) -> list[int]:
    parts = text.split(",")
    if len(parts) != count or not all(p.strip().isdigit() for p in parts):
        raise ParseError(f"{text!r}: give {count} whole number(s) separated by commas")
    return [int(p) for p in parts]


@click.command("transform")
@click.argument("ruleset_name", metavar="RULESET", type=click.Choice(MATCHMAKERS))
@click.argument("position")
@click.option("--neighbour-pairs", "pair_at", metavar="I,J",
              help="M(I,J): insert the uncrossed pairs (I,J), (I+1,J+1) (Burke 2009, §5.3).")
@click.option("--un-z", "z_at", metavar="I,J", help="Un-Z at (I,J) (Burke 2009, Lemma 5.3.3).")
@click.option("--shift-west", "shift_at", metavar="A",
              help="Move the West pair A, A+1 to the top (Burke 2009, Lemma 5.3.4).")
@json_option
def matchmaker_transform(ruleset_name: str, position: str, pair_at: str | None,
                         z_at: str | None, shift_at: str | None, as_json: bool) -> None:
    """Class (x, y, z) (Burke 2009, §5.3), crossings and nimber of a board, and of its transform."""
    ruleset = get(ruleset_name)
    assert isinstance(ruleset, Matchmaker)
    board = ruleset.parse(position)
    chosen = [t for t in (pair_at, z_at, shift_at) if t is not None]
    if len(chosen) > 1:
        raise GrundyError("give at most one of --neighbour-pairs, --un-z, --shift-west")
    boards = [board]
    if pair_at is not None:
        boards.append(neighbour_pairs(board, *_ints(pair_at, 2)))
    elif z_at is not None:
        boards.append(un_z(board, *_ints(z_at, 2)))
    elif shift_at is not None:
        boards.append(shift_west(board, *_ints(shift_at, 1)))
    solver = Solver(ruleset)

    def describe(m: Matching) -> dict[str, Any]:
        return {"position": ruleset.format(m), "class": list(matching_class(m)),
                "crossings": crossings(m), "grundy": solver.grundy(ruleset.check(m))}

    described = [describe(m) for m in boards]
    if as_json:
        emit_json(described)
        return
    for label, d in zip(("board", "transform"), described, strict=False):
        click.echo(f"{label}: {d['position']}  class {tuple(d['class'])}  "
                   f"{d['crossings']} crossed pairs  *{d['grundy']}")


def _board(text: str) -> Board:
    ruleset = get("basic-dictator")
    assert isinstance(ruleset, BasicDictator)
    return ruleset.parse(text)


def _format_board(board: Board) -> str:
    return get("basic-dictator").format(board)


@click.command("prove")
@click.argument("board")
@click.option("--max-steps", type=click.IntRange(min=0), metavar="K",
              help="Longest chain of IIA-manipulations tried.")
@search_options
@json_option
def dictator_prove(board: str, max_steps: int | None, max_nodes: int | None,
                   max_seconds: float | None, store: str | None, as_json: bool) -> None:
    """Pareto status of a Dictator board (Lemma 4.4.1), the Basic Dictator winner
    (Cor 4.4.2) and a shortest chain proof of a violation (Def 3.4.16), with its
    certificate (check it with `grundy dictator verify`); failing a chain, a tree proof
    with candidate cases (Tree-Proof Dictator, Def 3.4.15)."""
    position = _board(board)
    tree = None
    with Spinner() as spinner:
        budget = Search(max_nodes, max_seconds, store).budget(spinner)
        proof = find_chain_proof(position, max_steps, budget)
        if proof is None and max_steps is None:
            tree = find_tree_proof(position, budget)
    certificate = None
    if proof is not None:
        certificate = "|".join(
            "".join(letter(c) for c in sorted(subset)) + "=" + _format_board(after)
            for subset, after in chain_certificate(position, proof))
    basic = get("basic-dictator")
    assert isinstance(basic, BasicDictator)
    summary = {
        "board": _format_board(position),
        "pareto_violated": pareto_violated(position),
        "remaining_plays": remaining_plays(position),
        "basic_next_player_wins": basic.fast_outcome(position),
        "chain_proof": None if proof is None else str(proof),
        "certificate": certificate,
        "tree_proof": None if tree is None else list(describe(tree)),
    }
    if as_json:
        emit_json(summary)
        return
    click.echo(f"Pareto {'violated' if summary['pareto_violated'] else 'not yet violated'} "
               f"(Lemma 4.4.1); {summary['remaining_plays']} plays left; Basic Dictator: the "
               f"next player {'wins' if summary['basic_next_player_wins'] else 'loses'}")
    click.echo(f"chain proof: {proof}" if proof else "no chain proof"
               + ("" if max_steps is None else f" of at most {max_steps} steps"))
    if certificate:
        click.echo(f"certificate: {certificate}")
    if tree is not None:
        click.echo(f"tree proof (Def 3.4.15), {leaves(tree)} cases:")
        click.echo("\n".join("  " + line for line in describe(tree)))


@click.command("verify")
@click.argument("board")
@click.argument("certificate")
@click.option("--tree", is_flag=True,
              help="CERTIFICATE is a file ('-': standard input) holding a proof tree as "
                   "`grundy dictator prove` prints it (Tree-Proof Dictator, Def 3.4.15).")
@json_option
def dictator_verify(board: str, certificate: str, tree: bool, as_json: bool) -> None:
    """Check a chain-proof certificate (Lemma 4.5.1, O(m n²) a step) or, with --tree, a
    proof tree with candidate cases.

    CERTIFICATE is the steps separated by '|', each SUBSET=BALLOTS, e.g.
    `AC=ABDC;BCAD|ABD=DABC;BCDA` (as `grundy dictator prove` prints it)."""
    position = _board(board)
    if tree:
        with click.open_file(certificate) as source:
            leaves = verify_tree_proof(position, parse_tree(source.read(100_000)))
        if as_json:
            emit_json({"board": _format_board(position), "valid": True, "proof": "tree",
                       "leaves": leaves})
        else:
            click.echo(f"valid: a proof tree whose {leaves} branches each end in a direct "
                       "Pareto violation")
        return
    steps = []
    for number, step in enumerate(filter(None, certificate.split("|")), 1):
        subset, equals, ballots = step.partition("=")
        if not equals or not subset or not set(subset.upper()) <= set(LETTERS):
            raise ParseError(f"step {number} is {step!r}: write SUBSET=BALLOTS like AC=ABDC;BCAD")
        steps.append((frozenset(LETTERS.index(c) + 1 for c in subset.upper()), _board(ballots)))
    x, y = verify_chain_proof(position, steps)
    if as_json:
        emit_json({"board": _format_board(position), "valid": True, "proof": "chain",
                   "steps": len(steps), "above": letter(y), "below": letter(x)})
        return
    click.echo(f"valid: {letter(y)} is above {letter(x)} in every ballot but {letter(x)} > "
               f"{letter(y)} in the result")
