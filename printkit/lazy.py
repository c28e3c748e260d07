"""Deferred imports, so the commands that print nothing (``score``,
``validate``, ``games``, ``--help``) never load the print stack (reportlab,
pypdf, pikepdf, jinja2, weasyprint: about 0.4 s of a 0.5 s start-up).

A game's contract (:class:`printkit.build.GameKit`) names its functions
through :func:`deferred` and its deck icons through :class:`LazyMapping`;
the module behind them is imported on the first call or look-up.
``tests/test_lazy_imports.py`` checks the commands in a fresh interpreter.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Callable, Iterator


def _resolve(target: str) -> Any:
    module, _, name = target.partition(":")
    obj = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def deferred(target: str) -> Callable[..., Any]:
    """A function standing for ``"package.module:function"``: the module is
    imported on the first call, then the call is passed through unchanged
    (arguments, return value, exceptions)."""
    cache: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not cache:
            cache.append(_resolve(target))
        return cache[0](*args, **kwargs)

    call.__name__ = target.rpartition(":")[2].rpartition(".")[2]
    call.__qualname__ = call.__name__
    call.__doc__ = f"Deferred: {target} (imported on first call)."
    return call


class LazyMapping(Mapping):
    """A read-only mapping built on first use (length, iteration or look-up)
    and kept: ``load`` is ``"package.module:NAME"`` (a mapping in a module
    imported then) or a function returning a mapping."""

    def __init__(self, load: str | Callable[[], Mapping[str, Any]]):
        self._load = (lambda: _resolve(load)) if isinstance(load, str) else load
        self._data: Mapping[str, Any] | None = None

    def _get(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = dict(self._load())
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


class LazyModule:
    """Stands for the module ``name`` and imports it on the first attribute
    look-up (``pieces = LazyModule("printkit.games.archeo.pieces")``, then
    ``pieces.tile_back(...)`` as usual)."""

    def __init__(self, name: str):
        self.__dict__["_name"] = name

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self.__dict__["_name"])
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<lazy module {self.__dict__['_name']!r}>"
