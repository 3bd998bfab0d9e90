"""The workbench's value calculator: CGSuite notation in, value and thermograph out.

Some inputs are very slow (sums with big nimber options), so each computation runs in
a worker process (``grundy.web.workers``) under a deadline; on overrun the worker is
killed and replaced, and the answer is "not solved within the budget".  Input is
parsed by ``grundy.values.notation`` (never evaluated).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from grundy.rulesets.drawing import INK, svg_document, text
from grundy.search import BudgetExceeded
from grundy.values import NotationError, parse
from grundy.values.thermograph import Thermograph
from grundy.web.workers import Busy, Overrun, Workers

#: Longest expression accepted.
MAX_EXPRESSION = 500
#: Default hard timeout of one computation, in seconds.
TIMEOUT = 5.0


class CalcError(ValueError):
    """Bad input for the calculator (unparsable notation, too long)."""


class CalcTimeout(Exception):
    """The computation did not finish within the budget."""


class CalcBusy(Exception):
    """Another computation is running (one at a time; the next is refused at once)."""


def thermograph_svg(thermo: Thermograph, title: str = "") -> str:
    """The thermograph as a standalone SVG: values decrease to the right, temperature
    upwards; Left wall blue, Right wall red, the mast black."""
    top = thermo.temperature + max(Fraction(1), (thermo.temperature + 1) / 2)
    values = [v for _, v in (*thermo.left, *thermo.right)]
    high, low = max(values), min(values)
    span = max(high - low, Fraction(2))
    middle = (high + low) / 2
    high, low = middle + span / 2 + span / 10, middle - span / 2 - span / 10
    width, height, margin = 320.0, 260.0, 40.0

    def x(value: Fraction) -> float:
        return margin + float((high - value) / (high - low)) * (width - 2 * margin)

    def y(t: Fraction) -> float:
        return height - margin - float((t + 1) / (top + 1)) * (height - 2 * margin)

    body = [f'<line x1="{margin}" y1="{y(Fraction(0)):.1f}" x2="{width - margin}" '
            f'y2="{y(Fraction(0)):.1f}" stroke="#bbbbbb" stroke-dasharray="4 3"/>',
            f'<line x1="{margin}" y1="{height - margin}" x2="{width - margin}" '
            f'y2="{height - margin}" stroke="{INK}"/>']
    for wall, colour, side in ((thermo.left, "#1f77b4", "left"),
                               (thermo.right, "#d62728", "right")):
        points = " ".join(f"{x(v):.1f},{y(t):.1f}" for t, v in wall)
        body.append(f'<polyline class="{side}-wall" points="{points}" fill="none" '
                    f'stroke="{colour}" stroke-width="2"/>')
    body.append(f'<line class="mast" x1="{x(thermo.mast):.1f}" y1="{y(thermo.temperature):.1f}" '
                f'x2="{x(thermo.mast):.1f}" y2="{y(top):.1f}" stroke="{INK}" stroke-width="2"/>')
    body.append(text(width / 2, height - 10, "value (Left ← → Right)", 11))
    body.append(text(x(thermo.mast), margin / 2,
                     f"mean {thermo.mast}, temperature {thermo.temperature}", 11))
    for value in sorted({thermo.left[0][1], thermo.right[0][1], thermo.mast}):
        body.append(text(x(value), height - margin + 10, str(value), 10))
    return svg_document(width, height, body, title or "thermograph")


def compute(expression: str) -> dict[str, Any]:
    """Everything the calculator shows for one expression (run in the worker process)."""
    try:
        game = parse(expression)
        thermo = game.thermograph()
        outcome = game.outcome()
        return {
            "expression": expression,
            "value": str(game),
            "outcome": outcome.value,
            "outcome_description": outcome.description,
            "mean": str(game.mean()),
            "temperature": str(game.temperature()),
            "left_stop": str(game.left_stop()),
            "right_stop": str(game.right_stop()),
            "thermograph": thermo.to_json(),
            "svg": thermograph_svg(thermo, f"thermograph of {game}"),
        }
    except NotationError as error:
        raise CalcError(" ".join(str(error).split())) from None
    except RecursionError:
        raise CalcError("the game is too deep to compute here (Python's recursion limit): "
                        "write a shallower expression") from None


class Calculator:
    """Worker processes for the calculator, killed and replaced when a computation
    overruns; a request that finds every worker taken waits a little, then is refused."""

    def __init__(self, timeout: float = TIMEOUT, max_expression: int = MAX_EXPRESSION,
                 workers: int = 2) -> None:
        self.timeout = timeout
        self.max_expression = max_expression
        self._workers = Workers(workers)

    async def calc(self, expression: str, timeout: float | None = None) -> dict[str, Any]:
        """The value of ``expression``; ``CalcError`` for bad input, ``CalcTimeout`` when
        the deadline passes first, ``CalcBusy`` when no worker frees up in time."""
        expression = expression.strip()
        if not expression:
            raise CalcError("empty expression: write a game such as {1|0} + ^ + *2")
        if len(expression) > self.max_expression:
            raise CalcError(f"expression too long ({len(expression)} characters, at most "
                            f"{self.max_expression}): write a shorter one")
        limit = self.timeout if timeout is None else min(timeout, self.timeout)
        try:
            result: dict[str, Any] = await self._workers.run(compute, (expression,), limit,
                                                             wait=self.timeout)
            return result
        except Busy:
            raise CalcBusy("the calculator is busy with other requests: try again in a "
                           "moment") from None
        except (Overrun, BudgetExceeded):
            raise CalcTimeout(f"not solved within the budget ({limit:g} s): the values "
                              "code is slow on this game; try a smaller one") from None

    def close(self) -> None:
        self._workers.close()
