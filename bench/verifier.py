"""Verifier throughput: instances checked per second for every registered reduction and
composite path (``grundy.reductions.verify``), at sizes larger than the test suite's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.reductions import all_reductions
from grundy.reductions.lattice import composites
from grundy.reductions.verify import verify

#: Instances per reduction and the largest instance size (full run; --quick quarters).
INSTANCES, MAX_SIZE = 200, 7


def verifier_lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    """One JSON-ready record per reduction whose workload name contains ``only``."""
    count = INSTANCES // 4 if quick else INSTANCES
    for reduction in [*all_reductions(), *composites()]:
        name = f"verify {reduction.name}"
        if only not in name:
            continue
        report = verify(reduction, count, MAX_SIZE)
        yield {
            "workload": name,
            "kind": report.kind.value,
            "instances": report.instances,
            "max_size": MAX_SIZE,
            "instances_per_second": round(report.instances / report.seconds, 1),
            "ok": report.ok,
        }
