"""The ruleset registry: find rulesets by name or alias."""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable
from typing import Any, TypeVar

from grundy.protocol import GrundyError, Ruleset

_BY_NAME: dict[str, Ruleset[Any]] = {}
_ALL: list[Ruleset[Any]] = []
#: Parametric names such as ``quantum(nim,2)``: each family returns its ruleset or None.
_FAMILIES: list[Callable[[str], Ruleset[Any] | None]] = []
_LOADED = False

R = TypeVar("R", bound=type[Ruleset[Any]])


class UnknownRulesetError(GrundyError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def _normal(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(cls: R) -> R:
    """Class decorator: instantiate the ruleset once and index it by name and aliases."""
    ruleset = cls()
    for name in (cls.name, *cls.aliases):
        key = _normal(name)
        if key in _BY_NAME:
            raise ValueError(f"ruleset name {name!r} is registered twice")
        _BY_NAME[key] = ruleset
    _ALL.append(ruleset)
    return cls


def register_family(family: Callable[[str], Ruleset[Any] | None]) -> None:
    """Let ``get`` build rulesets from parametric names (e.g. transforms)."""
    _FAMILIES.append(family)


#: Where rulesets live: every module of these packages (and their subpackages) is
#: imported on the first look-up, so a new ruleset module registers itself.
PLUGIN_PACKAGES = ("grundy.rulesets", "grundy.transforms")


def load_all() -> None:
    """Import every module of the plug-in packages once (each registers its rulesets).

    Done on the first look-up rather than when a package is imported, so that a
    module anywhere (the search engine included) can import ``grundy.protocol``
    without importing every ruleset, and rulesets can import ``grundy.search``.
    """
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for name in PLUGIN_PACKAGES:
        package = importlib.import_module(name)
        prefix = f"{name}."
        modules = pkgutil.walk_packages(package.__path__, prefix)
        for module in sorted(modules, key=lambda m: m.name):
            importlib.import_module(module.name)


def get(name: str) -> Ruleset[Any]:
    """The ruleset called ``name`` (or one of its aliases), case-insensitively."""
    load_all()
    try:
        return _BY_NAME[_normal(name)]
    except KeyError:
        for family in _FAMILIES:
            built = family(_normal(name))
            if built is not None:
                return built
        close = difflib.get_close_matches(_normal(name), list(_BY_NAME), n=3)
        hint = f"did you mean {', '.join(close)}?" if close else "see `grundy rulesets`"
        raise UnknownRulesetError(f"unknown ruleset {name!r}: {hint}") from None


def all_rulesets() -> list[Ruleset[Any]]:
    """Every registered ruleset, in registration order."""
    load_all()
    return list(_ALL)
