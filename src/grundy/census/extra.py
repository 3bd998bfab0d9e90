"""The census's optional dependencies (the ``census`` extra), imported when first used."""

from __future__ import annotations

import importlib
from types import ModuleType

from grundy.protocol import GrundyError


def require(module: str) -> ModuleType:
    """Import ``module`` or say in one line which extra brings it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.partition(".")[0]
        raise GrundyError(f"censuses need the 'census' extra ({package} is missing): "
                          "pip install 'grundy[census]'") from None
