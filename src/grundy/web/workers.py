"""Worker processes for the workbench: CPU-heavy work that can be killed.

Every operation of ``Workbench`` that parses, draws or searches runs in a worker
process, one job per process at a time, under a deadline: inside the worker a timer
stops all its work (``hard_deadline``: parsing, move generation, keying, rendering,
search) and the answer is "not solved within the budget"; should the worker not
answer even then (a long C call), the server kills it and starts a fresh one.  A
worker's address space is capped, so one request cannot take the machine's memory.
A job whose request is cancelled (its client went away: ``grundy.web.app``) has its
worker killed and replaced at once.  So one request never holds what another user
needs beyond its deadline, nor past its client's leaving, and Ctrl-C stops the server
at once (workers are killed, not waited for).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import resource
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.protocol import GrundyError, TooBig
from grundy.search import hard_deadline

if TYPE_CHECKING:
    from grundy.web.service import Limits, Workbench

#: Address space a worker may use (bytes); over it, allocations fail with MemoryError.
MEMORY_BYTES = 2 << 30
#: Seconds past a job's own deadline before the server kills its worker.
KILL_GRACE = 2.0
#: Seconds a new worker may take to start (not counted in any job's deadline).
STARTUP_SECONDS = 120.0

_bench: Workbench | None = None


class Busy(GrundyError):
    """Every worker is taken and the queue is full, or this client already has its
    share of searches waiting: the client should try again."""


class Overrun(TooBig):
    """A job that did not answer by its deadline: its worker was killed."""


def limit_process() -> None:
    """Worker initializer: a memory cap, and no Ctrl-C (the server kills its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = MEMORY_BYTES if hard == resource.RLIM_INFINITY else min(MEMORY_BYTES, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def start_workbench(store_path: Path | None, limits: Limits) -> None:
    """Worker initializer of the workbench's workers: ``limit_process`` and a Workbench,
    warmed up by drawing every ruleset's first example (the gallery's thumbnails), so
    that first-use costs (imports, caches) fall in the worker's start-up (outside every
    job's deadline) and not in the requests that find the worker ready."""
    global _bench
    from grundy.web.service import Workbench

    limit_process()
    _bench = Workbench(store_path, limits)
    _bench.rulesets()


def workbench_job(name: str, args: tuple[Any, ...]) -> Any:
    """``Workbench.<name>(*args)`` on this worker's Workbench."""
    assert _bench is not None
    return getattr(_bench, name)(*args)


def _ready() -> None:
    """The first job of a new worker: its start-up is not counted in a job's deadline."""


def _run(job: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Any:
    """``job(*args)`` in this worker within ``seconds``."""
    try:
        with hard_deadline(seconds):
            return job(*args)
    except MemoryError:
        raise TooBig("this request needs more memory than a workbench worker has: "
                     "try a smaller position (or the grundy command)") from None
    except RecursionError:
        raise TooBig("this position is nested too deeply for the workbench: try a "
                     "smaller one") from None


class Workers:
    """``count`` single-process executors, each running one job at a time."""

    def __init__(self, count: int, initializer: Callable[..., None] = limit_process,
                 initargs: tuple[Any, ...] = ()) -> None:
        self._count = count
        self._initializer, self._initargs = initializer, initargs
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["grundy.web.service", "grundy.rulesets"])
        self._idle: asyncio.Queue[ProcessPoolExecutor] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._all: set[ProcessPoolExecutor] = set()
        self._starting: dict[ProcessPoolExecutor, Future[None]] = {}
        self._closed = False

    def _new(self) -> ProcessPoolExecutor:
        executor = ProcessPoolExecutor(1, mp_context=self._context,
                                       initializer=self._initializer, initargs=self._initargs)
        self._all.add(executor)
        self._starting[executor] = executor.submit(_ready)
        return executor

    def _queue(self) -> asyncio.Queue[ProcessPoolExecutor]:
        """The idle executors, as a queue of the running event loop (a test client may
        run each request in a new loop: the idle executors move over)."""
        loop = asyncio.get_running_loop()
        if self._idle is None or self._loop is not loop:
            old, self._idle, self._loop = self._idle, asyncio.Queue(), loop
            if old is None:
                self._closed = False
                executors = [self._new() for _ in range(self._count)]
            else:
                executors = [old.get_nowait() for _ in range(old.qsize())]
            for executor in executors:
                self._idle.put_nowait(executor)
        return self._idle

    async def run(self, job: Callable[..., Any], args: tuple[Any, ...], seconds: float,
                  wait: float) -> Any:
        """``job(*args)`` in a worker (a module-level function: it is pickled), within
        ``seconds`` once the worker has started; Busy when no worker is free within
        ``wait`` seconds, Overrun when the job overruns (its worker is replaced).
        Cancelling this coroutine while the job runs kills its worker."""
        idle = self._queue()
        try:
            executor = await asyncio.wait_for(idle.get(), wait)
        except TimeoutError:
            raise Busy("the workbench is busy: try again in a moment") from None
        try:
            starting = self._starting.pop(executor, None)
            if starting is not None:
                await asyncio.wait_for(asyncio.wrap_future(starting), STARTUP_SECONDS)
            future = asyncio.get_running_loop().run_in_executor(executor, _run, job, args,
                                                                seconds)
            try:
                return await asyncio.wait_for(future, seconds + KILL_GRACE)
            except asyncio.CancelledError:  # the client went away, or the server stops
                executor = self._replace(executor)
                raise
        except TimeoutError:
            executor = self._replace(executor)
            raise Overrun(f"stopped after {seconds:g} s: the request took too long and was "
                          "cancelled; try a smaller position") from None
        except BrokenProcessPool:
            executor = self._replace(executor)
            raise Overrun("the worker stopped (out of memory?): try a smaller position") from None
        finally:
            idle.put_nowait(executor)

    def _replace(self, executor: ProcessPoolExecutor) -> ProcessPoolExecutor:
        """Kill a worker and start its successor (none once closed: the server is
        stopping and cancels its jobs after ``close``)."""
        _kill(executor)
        self._all.discard(executor)
        self._starting.pop(executor, None)
        return executor if self._closed else self._new()

    def close(self) -> None:
        """Kill every worker at once (nothing is waited for)."""
        for executor in list(self._all):
            _kill(executor)
        self._all.clear()
        self._starting.clear()
        self._closed = True
        self._idle = None  # fresh workers if the app is started again


def _kill(executor: ProcessPoolExecutor) -> None:
    for process in list((executor._processes or {}).values()):
        process.kill()
    executor.shutdown(wait=False, cancel_futures=True)
