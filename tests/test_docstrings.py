"""Every public function, class and method of cipherkit has a docstring.

The API reference (``mkdocs build``, see ``docs/site.md``) is made from the docstrings,
so an object without one is a blank entry on the site. This test walks every public
module (no part of its dotted name starts with ``_``), takes the functions and classes
the module defines itself (``obj.__module__`` is the module) that are public (in
``__all__`` when the module has one, else not starting with ``_``), and the public
methods and properties (cached ones too) each such class defines in its own body, and
lists every one that has no docstring of its own.

One case counts as documented without a docstring in the object's own body: a method
that overrides a documented method of a base class (``inspect.getdoc`` gives the base's
docstring, and that is what it does). The text a dataclass or a named
tuple writes for itself (``Point(x: int, y: int)``) is a signature, not a docstring, and
does not count.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from types import ModuleType

import cipherkit


def public_modules() -> list[ModuleType]:
    """Every cipherkit module whose dotted name has no part starting with ``_``."""
    modules = [cipherkit]
    for info in pkgutil.walk_packages(cipherkit.__path__, "cipherkit."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        modules.append(importlib.import_module(info.name))
    return modules


def public_names(module: ModuleType) -> list[str]:
    """The module's ``__all__``, or else its names that do not start with ``_``."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name in vars(module) if not name.startswith("_")]
    return list(names)


def own_docstring(obj: object) -> str | None:
    """The docstring written in the object's own body, or None.

    A dataclass's or named tuple's generated ``Name(field, ...)`` text is not one.
    """
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    if not isinstance(doc, str) or not doc.strip():
        return None
    if isinstance(obj, type) and doc.startswith(f"{obj.__name__}("):
        generated = dataclasses.is_dataclass(obj) or (
            issubclass(obj, tuple) and hasattr(obj, "_fields")
        )
        if generated:
            return None
    return doc


def inherited_docstring(cls: type, name: str) -> str | None:
    """The docstring of the method ``name`` on one of ``cls``'s bases, or None."""
    for base in cls.__mro__[1:]:
        member = base.__dict__.get(name)
        if member is None:
            continue
        doc = _member_docstring(member)
        if doc:
            return doc
    return None


def _member_docstring(member: object) -> str | None:
    if isinstance(member, (staticmethod, classmethod)):
        member = member.__func__
    if isinstance(member, property):
        return member.__doc__ if member.__doc__ and member.__doc__.strip() else None
    if isinstance(member, dataclasses.Field):
        return None
    doc = getattr(member, "__doc__", None)
    return doc if isinstance(doc, str) and doc.strip() else None


def _is_method(member: object) -> bool:
    if isinstance(member, (staticmethod, classmethod, property, functools.cached_property)):
        return True
    return inspect.isfunction(member)


def public_objects() -> Iterator[tuple[str, bool]]:
    """``(dotted name, documented)`` for every public function, class and method."""
    for module in public_modules():
        for name in public_names(module):
            obj = getattr(module, name, None)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            if getattr(obj, "__module__", None) != module.__name__:
                continue
            dotted = f"{module.__name__}.{name}"
            yield dotted, own_docstring(obj) is not None
            if not inspect.isclass(obj):
                continue
            for attr, member in vars(obj).items():
                if attr.startswith("_") or not _is_method(member):
                    continue
                documented = _member_docstring(member) is not None or (
                    inherited_docstring(obj, attr) is not None
                )
                yield f"{dotted}.{attr}", documented


def test_every_public_function_class_and_method_has_a_docstring() -> None:
    objects = list(public_objects())
    missing = sorted(name for name, documented in objects if not documented)
    print(f"{len(objects)} public objects, {len(objects) - len(missing)} with docstrings")
    assert len(objects) > 500, "the walk found too few objects: is the package importable?"
    assert not missing, f"{len(missing)} public objects have no docstring:\n" + "\n".join(missing)


def test_the_count_sees_a_missing_docstring() -> None:
    """The checks this test relies on tell a bare object from a documented one."""

    @dataclasses.dataclass
    class Bare:
        x: int

    @dataclasses.dataclass
    class Documented:
        """A point."""

        x: int

    def bare() -> None:
        pass

    assert own_docstring(Bare) is None
    assert own_docstring(Documented) == "A point."
    assert own_docstring(bare) is None
    assert own_docstring(public_objects) is not None
