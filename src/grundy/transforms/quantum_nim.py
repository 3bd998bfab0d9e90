"""Quantum and demi-quantum Nim, Boolean Nim and Avoid True: instances of the transforms
of ``grundy.transforms.quantum`` with keys that use the heaps' symmetry.

- DEMI-QUANTUM NIM (seed 000, ``000_7d67923f02e8dd4e.txt`` L324-330): an s×n matrix,
  one realization per row; move (k, q) is feasible iff some row has heap k ≥ q, and
  the rows with heap k < q collapse.
- DEMI-QUANTUM BOOLEAN NIM (L326, Prop 4 L332-334): the same on 0/1 heaps; it is
  CROSSWISE AND (a row per realization), so it is keyed and valued as Transverse Wave.
- QUANTUM NIM (Figure 7, L289-294; seed 001 Figure 6.1, ``001_56c9c94dd1ec088e.txt``
  @136442) and QUANTUM BOOLEAN NIM / QUANTUM AVOID TRUE (seed 001 Thm 6.3.2,
  @162818): quantum moves of width 2 (``quantum(nim,3)`` etc. give other widths).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, cast

import grundy.rulesets.formulas.avoid_true
import grundy.rulesets.heaps.nim  # noqa: F401  (the bases register first)
from grundy.protocol import Citation, Key, ParseError
from grundy.rulesets.registry import get, register
from grundy.rulesets.transverse_wave.rules import Grid, canonical_grid, closed_form
from grundy.transforms.quantum import (
    MAX_REALIZATIONS,
    DemiQuantum,
    Quantum,
    Superposition,
    superpose,
)


def heap_key(position: Superposition) -> Key:
    """Heaps permuted alike in every realization give the same game, and a heap empty
    in every realization never matters: drop those, sort the columns, re-sort the rows."""
    rows = cast(tuple[tuple[int, ...], ...], position)
    columns = sorted(column for column in zip(*rows, strict=True) if any(column))
    return superpose(zip(*columns, strict=True)) if columns else ((),)


def as_grid(position: Superposition) -> Grid:
    """A Boolean Nim superposition as a Transverse Wave grid: a row per realization,
    purple where the heap is empty (Prop 4)."""
    rows = cast(tuple[tuple[int, ...], ...], position)
    return Grid(len(rows[0]), tuple(sum(1 << j for j, h in enumerate(b) if not h) for b in rows))


class HeapMatrix(DemiQuantum):
    """Superpositions of heap vectors: an s×n matrix, every realization with the same
    n heaps (seed 000 L324), and at most ``MAX_TOKENS`` tokens in all, so that the
    classical moves of every realization (one per token) stay a small table."""

    limits: ClassVar[Mapping[str, int]] = {"realizations": MAX_REALIZATIONS, "tokens": 20_000}

    def parse(self, text: str) -> Superposition:
        position = super().parse(text)
        counts = sorted({len(heaps) for heaps in cast(tuple[tuple[int, ...], ...], position)})
        if len(counts) > 1:
            raise ParseError(
                f"the realizations have {counts[0]} and {counts[-1]} heaps: give every "
                "realization the same number of heaps, e.g. <(1,2)|(2,1)>"
            )
        self.check_size("tokens", sum(map(sum, cast(tuple[tuple[int, ...], ...], position))))
        return position


@register
class DemiQuantumNim(HeapMatrix):
    name = "demi-quantum-nim"
    aliases = ("dq-nim", "dqn")
    citation = Citation("000_7d67923f02e8dd4e.txt", "L324-330", "§3.2")
    examples = ("<(5,3,0,4,2,2)|(1,3,3,2,1,0)|(0,0,4,6,5,7)|(4,2,5,0,1,2)>", "<(1,2)|(2,1)>")

    def __init__(self) -> None:
        super().__init__(get("nim"), self.name)  # type: ignore[arg-type]

    def key(self, position: Superposition) -> Key:
        return heap_key(position)


@register
class DemiQuantumBooleanNim(HeapMatrix):
    name = "demi-quantum-boolean-nim"
    aliases = ("dq-boolean-nim", "dqbn")
    citation = Citation("000_7d67923f02e8dd4e.txt", "L326-334", "§3.2, Prop 4")
    examples = ("<(1,0,0,1,1,0,1)|(0,1,0,1,1,1,0)|(1,0,0,1,1,1,0)>",)

    def __init__(self) -> None:
        super().__init__(get("boolean-nim"), self.name)  # type: ignore[arg-type]

    def key(self, position: Superposition) -> Key:
        return canonical_grid(*as_grid(position))

    def fast_grundy(self, position: Superposition) -> int | None:
        return closed_form(as_grid(position))


@register
class QuantumNim(HeapMatrix, Quantum):
    name = "quantum-nim"
    aliases = ("qnim",)
    citation = Citation("000_7d67923f02e8dd4e.txt", "L289-294", "§3.1, Figure 7")
    examples = ("2,2", "<(1,2)|(2,1)>")

    def __init__(self) -> None:
        super().__init__(get("nim"), 2, self.name)  # type: ignore[arg-type]

    def key(self, position: Superposition) -> Key:
        return heap_key(position)


@register
class QuantumBooleanNim(HeapMatrix, Quantum):
    name = "quantum-boolean-nim"
    aliases = ("qbnim",)
    citation = Citation("001_56c9c94dd1ec088e.txt", "@162818", "Thm 6.3.2")
    examples = ("<(1,1,0)|(0,1,1)>",)

    def __init__(self) -> None:
        super().__init__(get("boolean-nim"), 2, self.name)  # type: ignore[arg-type]

    def key(self, position: Superposition) -> Key:
        return heap_key(position)


@register
class QuantumAvoidTrue(Quantum):
    name = "quantum-avoid-true"
    citation = Citation("001_56c9c94dd1ec088e.txt", "@162818", "Thm 6.3.2")
    examples = ("<((x1|x2)&(x2|x3))|((x1|x3))>",)

    def __init__(self) -> None:
        super().__init__(get("avoid-true"), 2, self.name)  # type: ignore[arg-type]
