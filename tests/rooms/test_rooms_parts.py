"""The store's parts keep to their borders: no module of ``cipherkit.rooms`` reaches into
another object's private names (the handles use the store's public methods only), and a
room's default bot is the game's own choice (``GameSpec.default_bots``), for a game the
rooms never name."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

import cipherkit.rooms
from cipherkit.core import registry
from cipherkit.rooms import default_bot, open_store
from cipherkit.rooms import transactions as transactions_module

ROOMS = Path(cipherkit.rooms.__file__).parent


def _private_reaches(source: str) -> list[str]:
    """``x._name`` where ``_name`` is not the enclosing class's own (a method or an
    attribute it sets on ``self``), and ``from cipherkit... import _name``."""
    tree = ast.parse(source)
    own: dict[ast.AST, set[str]] = {}
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        names = {n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
        for node in ast.walk(cls):
            sets = isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            if sets and isinstance(node.value, ast.Name) and node.value.id == "self":
                names.add(node.attr)
            own[node] = names
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = node.attr
            private = name.startswith("_") and not name.startswith("__")
            if private and name not in own.get(node, set()):
                found.append(f"line {node.lineno}: .{name}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cipherkit"):
            found += [  # the catalog's _ and N_ are public (cipherkit.i18n's gettext names)
                f"line {node.lineno}: import {a.name}"
                for a in node.names
                if a.name.startswith("_") and node.module != "cipherkit.i18n"
            ]
    return found


def test_the_check_catches_a_reach_into_the_store() -> None:
    assert _private_reaches("def f(store):\n    return store._act(1)\n") == ["line 2: ._act"]
    assert _private_reaches("from cipherkit.rooms.store import _Row\n") == ["line 1: import _Row"]
    own = (
        "class A:\n    def _x(self):\n        return 1\n    def f(self, a):\n        return a._x()"
    )
    assert _private_reaches(own) == []
    other = "class Room:\n    def f(self):\n        return self.store._act(1)\n"
    assert _private_reaches(other) == ["line 3: ._act"]


def test_no_rooms_module_reaches_into_another_objects_private_names() -> None:
    modules = sorted(ROOMS.glob("*.py"))
    assert {"handles.py", "store.py", "storage.py", "transactions.py"} <= {p.name for p in modules}
    reaches = {
        path.name: found
        for path in modules
        if (found := _private_reaches(path.read_text(encoding="utf-8")))
    }
    assert reaches == {}


def _with_defaults(monkeypatch: pytest.MonkeyPatch, bots: tuple[str, ...]) -> None:
    real = registry.get_game

    def spec(name: str) -> Any:
        return dataclasses.replace(real(name), default_bots=bots)

    monkeypatch.setattr(transactions_module, "get_game", spec)


def test_default_bot_is_the_first_registered_of_the_games_own(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert {"greedy", "random"} <= set(registry.bot_names("toy-nim"))
    _with_defaults(monkeypatch, ())
    assert default_bot("toy-nim") == "random"
    _with_defaults(monkeypatch, ("no-such-bot", "greedy", "random"))
    assert default_bot("toy-nim") == "greedy"
    _with_defaults(monkeypatch, ("no-such-bot",))
    assert default_bot("toy-nim") == "random"


def test_a_room_of_a_game_the_rooms_never_name_gets_its_default_bots(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _with_defaults(monkeypatch, ("greedy",))
    with open_store(f"sqlite:///{tmp_path}/rooms.db") as store:
        room = store.create_room("toy-nim", bots=[1], seed=5)
        ada = store.join(room.code, "Ada")
        assert [s["bot"] for s in room.info()["seats"]] == [None, "greedy"]
        while not room.info()["over"]:
            version = ada.act(ada.legal_actions()[0])
            assert room.record().actions[-1][0] == 1 or room.info()["over"]  # the bot answered
            assert version == room.version
        seats = {seat for seat, _ in room.record().actions}
        assert seats == {0, 1}
        other = store.create_room("toy-nim", seed=6)
        store.join(other.code, "Bo")
        assert other.fill_with_bots() == [1]
        assert [s["bot"] for s in other.info()["seats"]] == [None, "greedy"]
