"""AVOID TRUE (Ruleset 7, seed 000, ``000_7d67923f02e8dd4e.txt`` L352-354).

A position is a positive CNF F over variables V and the set T ⊆ V already made
true.  A move makes one more variable x ∈ V \\ T true, and is feasible only if
T ∪ {x} does not make F true.  Normal play.  An empty clause is never satisfied.

Theorem 4 (L358-390) makes it isomorphic to Transverse Wave: the unsatisfied
clauses are the rows, the variables outside T the columns, and a clause's
variables its purple cells, so the transposition key is the Transverse Wave key.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError, SizeLimitError, read_int
from grundy.rulesets.drawing import GREEN, PURPLE, clickable_circle, svg_document, text
from grundy.rulesets.registry import register
from grundy.rulesets.transverse_wave.rules import Grid, canonical_grid, closed_form


class Formula(NamedTuple):
    """``variables`` x1..xn; each clause and ``true`` a bitmask (bit i is x(i+1))."""

    variables: int
    clauses: tuple[int, ...]
    true: int


_VARIABLE = re.compile(r"x(\d+)")


#: Most variables and clauses of a formula (the documented limits of the formula games).
MAX_VARIABLES = 200
MAX_CLAUSES = 500
FORMULA_LIMITS = {"variables": MAX_VARIABLES, "clauses": MAX_CLAUSES}


def _variable_index(text: str, where: str) -> int:
    """The 0-based index of variable ``x<number>``, within ``MAX_VARIABLES``."""
    match = _VARIABLE.fullmatch(text)
    number = None if match is None else read_int(match.group(1), f"variable {text}")
    if number is None or number < 1:
        raise ParseError(f"{text!r} in {where} is not a variable: write x1, x2, ...")
    if number > MAX_VARIABLES:
        raise SizeLimitError(f"variable {text} in {where} is over the limit of "
                             f"{MAX_VARIABLES} variables: number them from x1")
    return number - 1


def _variable_set(text: str, where: str) -> int:
    mask = 0
    for item in filter(None, (part.strip() for part in re.split(r"[|,]", text))):
        mask |= 1 << _variable_index(item, where)
    return mask


def _names(mask: int, separator: str) -> str:
    return separator.join(f"x{i + 1}" for i in range(mask.bit_length()) if mask >> i & 1)


@register
class AvoidTrue(ImpartialRuleset[Formula]):
    name = "avoid-true"
    limits = FORMULA_LIMITS
    summary = "Make one more variable true without making the positive CNF formula true."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L352-354", "Ruleset 7")
    text_format = (
        "clauses in parentheses joined by &, variables x1, x2, ... joined by |, then optional "
        "'; T=x8,x3' (true variables) and '; n=9' (variables beyond the largest named), e.g. "
        "(x1|x2)&(x2|x3); T=x3.  'true' is the empty formula; () an empty clause"
    )
    examples = ("(x1|x2|x3|x4)&(x1|x5|x6|x7)&(x1|x3|x6)&(x2|x5|x8); T=x8",)

    def parse(self, text: str) -> Formula:
        formula, *options = (part.strip() for part in text.split(";"))
        clauses: list[int] = []
        if formula != "true":
            if formula.count("&") >= MAX_CLAUSES:
                raise SizeLimitError(f"more than {MAX_CLAUSES} clauses: the limit is "
                                     f"{MAX_CLAUSES}")
            for index, clause in enumerate(formula.split("&")):
                clause = clause.strip()
                if not (clause.startswith("(") and clause.endswith(")")):
                    raise ParseError(
                        f"clause {index} is {clause!r}: write clauses like (x1|x2) joined by &"
                    )
                clauses.append(_variable_set(clause[1:-1], f"clause {index}"))
        true, variables = 0, 0
        for option in options:
            name, _, value = option.partition("=")
            if name.strip() == "T":
                true = _variable_set(value, "T")
            elif name.strip() == "n" and value.strip().isdigit():
                variables = self.check_size("variables", read_int(value, "n"))
            else:
                raise ParseError(f"unknown option {option!r}: write '; T=x1,x2' or '; n=9'")
        needed = max((mask.bit_length() for mask in (*clauses, true)), default=0)
        if variables and variables < needed:
            raise ParseError(f"n={variables} is too small: variable x{needed} is used")
        return Formula(max(variables, needed), tuple(clauses), true)

    def format(self, position: Formula) -> str:
        text = "&".join(f"({_names(c, '|')})" for c in position.clauses) or "true"
        if position.true:
            text += f"; T={_names(position.true, ',')}"
        used = max((mask.bit_length() for mask in (*position.clauses, position.true)), default=0)
        if position.variables > used:
            text += f"; n={position.variables}"
        return text

    def format_move(self, move: Move) -> str:
        return f"x{move + 1}"  # type: ignore[operator]

    def moves(self, position: Formula) -> Iterator[tuple[Move, Formula]]:
        """x is feasible iff some clause stays false once x is true too (L354)."""
        for x in range(position.variables):
            bit = 1 << x
            true = position.true | bit
            if not position.true & bit and any(not c & true for c in position.clauses):
                yield x, position._replace(true=true)

    def grid(self, position: Formula) -> Grid:
        """The Transverse Wave grid of Theorem 4 (L377): a row per clause not yet satisfied
        (satisfied clauses must be dropped, erratum in docs/errata.md), a column per
        variable, purple where the variable is in the clause or already true."""
        true = position.true
        return Grid(position.variables, tuple(c | true for c in position.clauses if not c & true))

    def key(self, position: Formula) -> Grid:
        return canonical_grid(*self.grid(position))

    def fast_grundy(self, position: Formula) -> int | None:
        return closed_form(self.grid(position))

    def data(self, position: Formula) -> dict[str, Any]:
        return {
            "variables": position.variables,
            "clauses": [_names(c, "|").split("|") if c else [] for c in position.clauses],
            "true": _names(position.true, ",").split(",") if position.true else [],
        }

    def render_svg(self, position: Formula) -> str:
        """Variables as discs (purple once true), clauses listed below."""
        body = []
        for x in range(position.variables):
            fill = PURPLE if position.true >> x & 1 else GREEN
            body += clickable_circle(30 + 40 * x, 30, 15, f"x{x + 1}", fill, ink="#ffffff")
        for i, clause in enumerate(position.clauses):
            body.append(text(20 + 40 * position.variables / 2, 70 + 18 * i,
                             f"({_names(clause, ' ∨ ')})", 12))
        width = max(200, 20 + 40 * position.variables)
        return svg_document(width, 80 + 18 * len(position.clauses), body,
                            f"Avoid True {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Formula:
        variables = max(1, size)
        clauses = tuple(
            sum(1 << x for x in range(variables) if rng.random() < 0.3)
            for _ in range(max(1, (size + 1) // 2))
        )
        return Formula(variables, clauses, 0)
