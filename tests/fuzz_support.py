"""Shared pieces of the fuzz tests: hostile position texts and a per-input time limit.

The suite runs a fixed number of examples per target; ``make fuzz`` raises it through
``GRUNDY_FUZZ_EXAMPLES``.
"""

from __future__ import annotations

import os
import re
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import strategies as st

#: Examples per fuzz target (the suite's fixed budget; ``make fuzz`` raises it).
EXAMPLES = int(os.environ.get("GRUNDY_FUZZ_EXAMPLES", "40"))
#: Seconds one input may take (parse, format, key, moves, picture together).
SECONDS_PER_INPUT = 5.0

HUGE_NUMBERS = ("1000000000", "10000000", "30000", "99999", "1" + "0" * 25, "9" * 5000, "-1",
                "0", "007")
ALPHABET = "0123456789,;|:/()[]{}<>x-_=. PGRBLT*^v\n\t"


class Hang(AssertionError):
    """An input that took longer than ``SECONDS_PER_INPUT``."""


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Fail with Hang if the block runs longer than ``seconds`` (main thread only)."""

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"{what} took more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def memory_limit(extra_bytes: int) -> Iterator[None]:
    """Let the process grow by at most ``extra_bytes`` of address space in the block
    (a runaway allocation becomes MemoryError instead of exhausting the machine)."""
    with open("/proc/self/statm") as statm:
        in_use = int(statm.read().split()[0]) * resource.getpagesize()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = in_use + extra_bytes
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _with_number(example: str, index: int, number: str) -> str:
    numbers = list(re.finditer(r"\d+", example))
    if not numbers:
        return example + number
    found = numbers[index % len(numbers)]
    return example[: found.start()] + number + example[found.end():]


@st.composite
def _mutation(draw: st.DrawFn, example: str) -> str:
    chars = list(example)
    for _ in range(draw(st.integers(1, 5))):
        where = draw(st.integers(0, len(chars)))
        action = draw(st.sampled_from(("delete", "insert", "replace", "duplicate")))
        if action == "delete" and chars:
            del chars[min(where, len(chars) - 1)]
        elif action == "insert":
            chars.insert(where, draw(st.sampled_from(ALPHABET + example)))
        elif action == "replace" and chars:
            chars[min(where, len(chars) - 1)] = draw(st.sampled_from(ALPHABET))
        elif action == "duplicate":
            chars[where:where] = chars[where: where + draw(st.integers(1, 20))]
    return "".join(chars)


def hostile_texts(examples: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Random text, mutations of every example, huge numbers in every numeric slot,
    deep nesting, unicode, the empty text and 100,000-character texts."""
    seeds = examples or ("0",)
    example = st.sampled_from(seeds)
    return st.one_of(
        st.text(max_size=60),
        st.text(alphabet=ALPHABET, max_size=80),
        example.flatmap(_mutation),
        st.builds(_with_number, example, st.integers(0, 20), st.sampled_from(HUGE_NUMBERS)),
        st.builds(lambda e, n: e * n, example, st.integers(2, 400)),
        st.builds(lambda c, n: c * n + "0" + {"(": ")", "[": "]", "{": "}", "<": ">"}[c] * n,
                  st.sampled_from("([{<"), st.integers(100, 20_000)),
        st.sampled_from(("", " ", "\x00", "é∞\u202e😀", "x" * 100_000, "1," * 50_000,
                         "(" * 100_000, "9" * 100_000)),
    )
