"""The workbench's value calculator: CGSuite notation in, value and thermograph out.

Some inputs are very slow (sums with big nimber options), so each computation runs in
a worker process (``grundy.web.workers``) under a deadline; on overrun the worker is
killed and replaced, and the answer is "not solved within the budget".  Input is
parsed by ``grundy.values.notation`` (never evaluated).
"""

from __future__ import annotations

from typing import Any

from grundy.search import BudgetExceeded
from grundy.values import NotationError, parse
from grundy.web.workers import Busy, Overrun, Workers

#: Longest expression accepted: a printed value as long as Snort P15's (21,122 characters)
#: reads in well under a second, the notation being read in linear time.
MAX_EXPRESSION = 25_000
#: Default hard timeout of one computation, in seconds.
TIMEOUT = 5.0


class CalcError(ValueError):
    """Bad input for the calculator (unparsable notation, too long)."""


class CalcTimeout(Exception):
    """The computation did not finish within the budget."""


class CalcBusy(Exception):
    """Another computation is running (one at a time; the next is refused at once)."""


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
            "svg": thermo.svg(f"thermograph of {game}"),
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
