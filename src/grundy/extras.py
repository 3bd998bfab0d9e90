"""Optional dependencies, installed as extras: a missing one is named in one line.

The core (``pip install grundy``) computes, lists moves and plays; pictures as PNG need
``grundy[plot]``, the browser workbench ``grundy[web]``, the census tools
``grundy[census]`` and the documentation site ``grundy[docs]``.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from grundy.protocol import GrundyError


class MissingExtra(GrundyError):
    """An optional dependency is not installed; the message names the extra to install."""


def _missing(extra: str, what: str, missing: list[str]) -> MissingExtra:
    return MissingExtra(f"{what} needs {', '.join(missing)} (the {extra} extra): "
                        f'pip install "grundy[{extra}]"')


def require(extra: str, what: str, *modules: str) -> None:
    """Raise MissingExtra unless every module is importable (``what`` needs them)."""
    missing = [module for module in modules if importlib.util.find_spec(module) is None]
    if missing:
        raise _missing(extra, what, missing)


def imported(module: str, extra: str, what: str) -> ModuleType:
    """``module``, imported when first needed, or MissingExtra naming its extra."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise _missing(extra, what, [module.partition(".")[0]]) from None
