"""Quantum Snort, Quantum Bigraph Node Kayles, Quantum Partition-Free QBF and quantum
QuantumLevel: the partizan quantum transform (``grundy.transforms.quantum.PartizanQuantum``,
superposed moves of width 2) of Snort, of black-white (bigraph) Node Kayles, of Schaefer's
formula game (§6.4.3, L1325-1340) and of QuantumLevel(ℓ, C) (Thm 6.4.12, L1293-1324).

Seed 001 §6.4.4 (``001_56c9c94dd1ec088e.wrapped.txt`` L1396-1433): Theorems 6.4.18
(Quantum Bigraph Node Kayles) and 6.4.19 (Quantum Snort) are PSPACE-complete; their
constructions are checked in ``grundy.reductions.quantum_partizan``.
"""

from __future__ import annotations

import grundy.rulesets.formulas.partition_free_qbf
import grundy.rulesets.formulas.quantum_level
import grundy.rulesets.graph_games.black_white_node_kayles
import grundy.rulesets.graph_games.snort  # noqa: F401  (the bases register first)
from grundy.protocol import Citation, PartizanRuleset
from grundy.rulesets.registry import get, register
from grundy.transforms.quantum import PartizanQuantum


def partizan(name: str) -> PartizanRuleset[object]:
    base = get(name)
    assert isinstance(base, PartizanRuleset), f"{name} is impartial"
    return base


@register
class QuantumSnort(PartizanQuantum):
    name = "quantum-snort"
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1432-1433", "Thm 6.4.19")
    examples = ("4;0-1,1-2,2-3", "<(3;0-1,1-2)|(3;0-1,1-2;black=0)>")

    def __init__(self) -> None:
        super().__init__(partizan("snort"), 2, self.name)


@register
class QuantumBigraphNodeKayles(PartizanQuantum):
    name = "quantum-bigraph-node-kayles"
    aliases = ("quantum-black-white-node-kayles",)
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1427-1431", "Thm 6.4.18")
    examples = ("4;0-1,1-2,2-3;black=0,2;white=1,3",
                "<(3;0-1,1-2;black=0,1;white=2)|(3;0-1;black=0,1;white=2)>")

    def __init__(self) -> None:
        super().__init__(partizan("black-white-node-kayles"), 2, self.name)


@register
class QuantumPartitionFreeQbf(PartizanQuantum):
    name = "quantum-partition-free-qbf"
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1325-1340", "§6.4.3")
    examples = ("1:(t1|f1)&(~t1|~f1)", "<(1:(t1|f1); t1=1)|(1:(t1|f1); t1=0)>")

    def __init__(self) -> None:
        super().__init__(partizan("partition-free-qbf"), 2, self.name)


@register
class QuantumQuantumLevel(PartizanQuantum):
    name = "quantum-quantum-level"
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1293-1324", "Thm 6.4.12")
    examples = ("2,sigma,1:(t1|f1)&(~t1|~f1)",
                "<(2,sigma,1:(t1|f1)&(~t1|~f1); t1=0)|(2,sigma,1:(t1|f1)&(~t1|~f1); t1=1)>")

    def __init__(self) -> None:
        super().__init__(partizan("quantum-level"), 2, self.name)
