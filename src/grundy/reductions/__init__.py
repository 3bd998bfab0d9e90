"""Position maps between rulesets (isomorphisms, special cases, value- and
nimber-preserving reductions), each citing its theorem; registry, verifier, lattice.

Modules that define reductions register them when imported; this package imports
them all, so ``all_reductions()`` is complete after ``import grundy.reductions``.
"""

import importlib
import pkgutil

from grundy.reductions.registry import (
    Kind,
    Reduction,
    UnknownReductionError,
    all_reductions,
    get,
    register,
)

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["Kind", "Reduction", "UnknownReductionError", "all_reductions", "get", "register"]
