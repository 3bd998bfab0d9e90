"""The workbench's value calculator: CGSuite notation in, value and thermograph out.

The values package has no budget hook and some inputs are very slow (sums with big
nimber options), so each computation runs in a separate worker process with a hard
timeout; on timeout the worker is killed and replaced, and the answer is "not solved
within the budget".  Input is parsed by ``grundy.values.notation`` (never evaluated).
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from grundy.values import NotationError, parse

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
    """One worker process at a time, killed and replaced when a computation overruns."""

    def __init__(self, timeout: float = TIMEOUT, max_expression: int = MAX_EXPRESSION) -> None:
        self.timeout = timeout
        self.max_expression = max_expression
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # the server has threads
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
        return self._pool

    def _kill(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        for process in list(pool._processes.values()):
            process.kill()
        pool.shutdown(wait=True, cancel_futures=True)

    def calc(self, expression: str, timeout: float | None = None) -> dict[str, Any]:
        """The value of ``expression``; ``CalcError`` for bad input, ``CalcTimeout`` when
        the (hard) timeout passes first."""
        expression = expression.strip()
        if not expression:
            raise CalcError("empty expression: write a game such as {1|0} + ^ + *2")
        if len(expression) > self.max_expression:
            raise CalcError(f"expression too long ({len(expression)} characters, at most "
                            f"{self.max_expression}): write a shorter one")
        limit = self.timeout if timeout is None else min(timeout, self.timeout)
        if not self._lock.acquire(timeout=0.5):
            raise CalcBusy("the calculator is busy with another request: try again in a "
                           "moment")
        try:
            future = self._executor().submit(compute, expression)
            return future.result(timeout=limit)
        except FutureTimeout:
            self._kill()
            raise CalcTimeout(f"not solved within the budget ({limit:g} s): the values "
                              "code is slow on this game; try a smaller one") from None
        except BrokenProcessPool:
            self._kill()
            raise CalcTimeout("not solved within the budget: the worker process stopped "
                              "(out of memory?); try a smaller game") from None
        finally:
            self._lock.release()

    def close(self) -> None:
        self._kill()
