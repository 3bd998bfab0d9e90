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


def plugin_modules() -> list[str]:
    """The names of every module of the plug-in packages, in the order they load
    (found on disk: only the packages themselves are imported)."""
    names = []
    for name in PLUGIN_PACKAGES:
        package = importlib.import_module(name)
        modules = pkgutil.walk_packages(package.__path__, f"{name}.")
        names += sorted(module.name for module in modules)
    return names


def load_all() -> None:
    """Import every module of the plug-in packages once (each registers its rulesets).

    Done on the first look-up rather than when a package is imported, so that a
    module anywhere (the search engine included) can import ``grundy.protocol``
    without importing every ruleset, and rulesets can import ``grundy.search``.
    The rulesets are then listed in the order of their modules, whichever loaded
    first (``get`` may have loaded one module alone).
    """
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    modules = plugin_modules()
    for module in modules:
        importlib.import_module(module)
    order = {module: index for index, module in enumerate(modules)}
    _ALL.sort(key=lambda ruleset: order.get(type(ruleset).__module__, len(order)))


def _load_named(key: str) -> Ruleset[Any] | None:
    """The ruleset ``key`` from the module of the same name alone (``domineering`` from
    ``grundy.rulesets.grids.domineering``), if one registers it: a command on one
    ruleset then loads only that ruleset's module.  None: look everywhere."""
    stem = f".{key.replace('-', '_')}"
    for module in plugin_modules():
        if module.endswith(stem):
            importlib.import_module(module)
    return _BY_NAME.get(key)


def get(name: str) -> Ruleset[Any]:
    """The ruleset called ``name`` (or one of its aliases), case-insensitively."""
    key = _normal(name)
    if key in _BY_NAME or (not _LOADED and _load_named(key) is not None):
        return _BY_NAME[key]
    load_all()
    try:
        return _BY_NAME[key]
    except KeyError:
        for family in _FAMILIES:
            built = family(key)
            if built is not None:
                return built
        close = difflib.get_close_matches(key, list(_BY_NAME), n=3)
        hint = f"did you mean {', '.join(close)}?" if close else "see `grundy rulesets`"
        raise UnknownRulesetError(f"unknown ruleset {name!r}: {hint}") from None


def all_rulesets() -> list[Ruleset[Any]]:
    """Every registered ruleset, in registration order."""
    load_all()
    return list(_ALL)
