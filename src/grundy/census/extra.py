"""The census's optional dependencies (the ``census`` extra), imported when first used."""

from __future__ import annotations

from types import ModuleType

from grundy.extras import imported


def require(module: str) -> ModuleType:
    """Import ``module`` or say in one line that the census extra brings it."""
    return imported(module, "census", "a census")
