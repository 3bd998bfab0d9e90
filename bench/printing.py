"""Benchmarks of issue 31's values work: the printer, thermographs, superstar sums.

- ``printing``: the printer reading compact uptimals off the shape of the canonical form
  against the printer trying sums (``grundy.values.naive.NAIVE_FORMS``, the printer as it
  was), on benched values, each printed once in a fresh process (cold caches).
- ``thermographs``: temperature and stops of the 4x6 Domineering value through ``Game``
  (read in the native store the kernel interned it in), by the Python algorithm (a table
  of its own), and by cgt-py on its own canonical form (when the ``bench`` extras are
  installed); the first call each in a fresh process, medians over nine processes.
- ``superstars``: Ferland's Theorem 4.2.4 example through ``grundy value superstars`` and
  ``grundy calc``, whole process (median of five), and in process with native sums and
  with ``python_only``.
"""

from __future__ import annotations

import importlib.util
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from bench.partizan import board, ours, path
from grundy.values import Game, native, parse
from grundy.values.naive import NAIVE_FORMS
from grundy.values.notation import format_game
from grundy.values.thermograph import Thermograph, thermograph

T = TypeVar("T")

PRINTING = "printing: the printer reading shapes against the printer trying sums"
THERMOGRAPHS = "thermographs: temperature and stops of the 4x6 Domineering value vs cgt-py"
SUPERSTARS = "superstars: Ferland's Theorem 4.2.4 example, whole process"
THEOREM_4_2_4 = "{*,*2,*16|0}+{*7,*4,*32|0}+{0|*,*2}+{0|*10,*8,*9}+*15"


def _timed(work: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


_VALUES: dict[str, Callable[[], Game]] = {
    "snort P12": lambda: ours("snort", path(12)),
    "domineering 4x4": lambda: ours("domineering", board(4, 4)),
    "domineering 4x5": lambda: ours("domineering", board(4, 5)),
    "superstars Thm 4.2.4": lambda: parse(THEOREM_4_2_4.replace("+", " + ")),
}


def _printing_run(label: str, naive: bool) -> dict[str, Any]:
    """One fresh process: the value, then the first printing of it (cold caches)."""
    value = _VALUES[label]()
    text, seconds = _timed(lambda: format_game(value, NAIVE_FORMS if naive else None))
    return {"seconds": seconds, "text": text}


def _fresh(*arguments: str) -> dict[str, Any]:
    output = subprocess.run([sys.executable, "-m", "bench.printing", *arguments], check=True,
                            capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(output)
    return result


def printing(quick: bool) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    agree = True
    for label in _VALUES:
        if quick and label == "domineering 4x5":
            continue
        shapes = _fresh("print", label, "shapes")
        row: dict[str, Any] = {"characters": len(shapes["text"]),
                               "shapes_seconds": round(shapes["seconds"], 4)}
        if not (quick and label.startswith("superstars")):  # the trial sums take a minute
            sums = _fresh("print", label, "sums")
            agree &= sums["text"] == shapes["text"]
            row |= {"trial_sums_seconds": round(sums["seconds"], 3),
                    "speedup": round(sums["seconds"] / shapes["seconds"], 1)}
        rows[label] = row
    return {"workload": PRINTING, "values": rows, "same_text": agree,
            "note": "each printing in a fresh process, from cold caches"}


def _python_thermograph(game: Game) -> Thermograph:
    made: dict[int, Thermograph] = {}
    for follower in game._bottom_up(lambda g: g.id not in made):
        made[follower.id] = thermograph(follower, lambda g: made[g.id])
    return made[game.id]


def _thermograph_run() -> dict[str, Any]:
    """One fresh process: the first call of each on the 4x6 Domineering value."""
    value = ours("domineering", board(4, 6))
    found, native_seconds = _timed(
        lambda: (value.temperature(), value.left_stop(), value.right_stop()))
    python, python_seconds = _timed(lambda: _python_thermograph(value))
    run: dict[str, Any] = {"native": native_seconds, "python": python_seconds,
                           "agree": python == value.thermograph(), "followers": value._count(),
                           "temperature": str(found[0])}
    if importlib.util.find_spec("cgt_py") is not None and importlib.util.find_spec("anywidget"):
        import cgt_py

        form = cgt_py.Domineering("|".join(["......"] * 4)).canonical_form
        theirs, run["cgt_py"] = _timed(
            lambda: (form.temperature, form.left_stop, form.right_stop))
        run["agree"] &= str(theirs[0]) == f"DyadicRationalNumber('{found[0]}')"
    return run


def thermographs(quick: bool) -> dict[str, Any]:
    """Medians over fresh processes (each value's caches start cold)."""
    runs = [_fresh("thermograph") for _ in range(3 if quick else 9)]
    median = {key: statistics.median(run[key] for run in runs)
              for key in ("native", "python", "cgt_py") if key in runs[0]}
    line: dict[str, Any] = {
        "workload": THERMOGRAPHS, "runs": len(runs), "followers": runs[0]["followers"],
        "temperature": runs[0]["temperature"], "agree": all(run["agree"] for run in runs),
        **{f"{key}_median_seconds": round(seconds, 6) for key, seconds in median.items()},
        "python_over_native": round(median["python"] / median["native"], 1)}
    if "cgt_py" in median:
        line["cgt_py_over_native"] = round(median["cgt_py"] / median["native"], 2)
    return line


def _whole_process(arguments: list[str], runs: int) -> tuple[float, float]:
    """Medians of the wall-clock and the CPU time (user + system) of fresh processes: on
    a loaded machine the CPU time is the figure that means something."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "grundy", *arguments], check=True,
                       capture_output=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return round(statistics.median(walls), 3), round(statistics.median(cpus), 3)


def superstars(quick: bool) -> dict[str, Any]:
    runs = 3 if quick else 5
    value_command = ["value", "superstars", THEOREM_4_2_4]
    calc_command = ["calc", THEOREM_4_2_4.replace("+", " + ")]
    (value_wall, value_cpu), (calc_wall, calc_cpu) = (
        _whole_process(value_command, runs), _whole_process(calc_command, runs))
    line: dict[str, Any] = {
        "workload": SUPERSTARS, "runs": runs,
        "value_superstars_median_wall_seconds": value_wall,
        "value_superstars_median_cpu_seconds": value_cpu,
        "calc_median_wall_seconds": calc_wall, "calc_median_cpu_seconds": calc_cpu,
        "import_cli_median_cpu_seconds": _whole_process(["--help"], runs)[1]}
    text = THEOREM_4_2_4.replace("+", " + ")
    fast, native_seconds = _timed(lambda: format_game(parse(text)))
    line["in_process_native_seconds"] = round(native_seconds, 3)
    if not quick:  # the Python sums take a few seconds more
        code = ("from grundy.values import native, parse\n"
                "with native.python_only():\n"
                f"    print(parse({text!r}))\n")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        slow = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                              text=True).stdout.strip()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        line |= {"python_sums_whole_process_cpu_seconds": round(cpu, 3),
                 "same_value": slow == fast}
    line["characters"] = len(fast)
    return line


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    if only in PRINTING:
        yield printing(quick)
    if only in THERMOGRAPHS and native.available():
        yield thermographs(quick)
    if only in SUPERSTARS:
        yield superstars(quick)


if __name__ == "__main__":  # one fresh-process run: thermograph, or print LABEL shapes|sums
    if sys.argv[1] == "thermograph":
        print(json.dumps(_thermograph_run()))
    else:
        print(json.dumps(_printing_run(sys.argv[2], sys.argv[3] == "sums")))
