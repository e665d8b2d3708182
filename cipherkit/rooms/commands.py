"""``cipherkit rooms``: create, list, show and close rooms from the command line.

:data:`ROOMS` defines the command's arguments and runs it. The store
is ``--store URL``, else ``$CIPHERKIT_STORE``, else ``cipherkit-rooms.db`` in the current
folder (:func:`~cipherkit.rooms.store.default_store_url`). Only ``create`` makes a new
SQLite file; the others report a missing store as an error.

>>> parse_bots("1, 3=random")
{1: None, 3: 'random'}
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cipherkit.core.commands import Command, add_game, add_json, add_store, whole
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _
from cipherkit.rooms.store import Store, open_store

__all__ = ["ROOMS", "format_info", "parse_bots", "run_rooms"]


def parse_bots(text: str | None) -> dict[int, str | None]:
    """``--bots``: seats as ``SEAT`` (the game's default bot) or ``SEAT=BOT``."""
    bots: dict[int, str | None] = {}
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        seat, _, bot = part.partition("=")
        try:
            number = int(seat.strip())
        except ValueError:
            raise CipherkitError.say(
                "--bots: {strip!r} is not a seat number", strip=seat.strip()
            ) from None
        bots[number] = bot.strip() or None
    return bots


def _config(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    try:
        config = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CipherkitError.say(
            "--config is not JSON: {msg} (column {colno})", msg=exc.msg, colno=exc.colno
        ) from None
    if not isinstance(config, dict):
        example = '{"players": 4}'
        raise CipherkitError.say(
            "--config must be a JSON object, e.g. '{example}'", example=example
        )
    return config


def format_info(info: dict[str, Any]) -> str:
    """A room's facts as a few lines of text."""
    lines = [
        f"room {info['id']}  code {info['code']}  {info['game']}  {info['status']}",
        f"version {info['version']}"
        + (f"  over: {info['outcome']['reason']}" if info["over"] else "")
        + (f"  to act: {', '.join(map(str, info['actors']))}" if info["actors"] else ""),
    ]
    for seat in info["seats"]:
        who = f"{seat['bot']} bot" if seat["bot"] else (seat["name"] or "(free)")
        team = f" [{seat['team']}]" if "team" in seat else ""
        here = (
            ""
            if seat["bot"] or not seat["taken"]
            else ("  connected" if seat["connected"] else "  away")
        )
        lines.append(f"  seat {seat['seat']}{team}: {who}{here}")
    return "\n".join(lines)


def _summary_line(info: dict[str, Any]) -> str:
    taken = sum(1 for s in info["seats"] if s["taken"])
    state = "over" if info["over"] else f"v{info['version']}"
    return (
        f"{info['id']}  {info['code']:<22} {info['game']:<10} {info['status']:<6} "
        f"{taken}/{len(info['seats'])} seats  {state}"
    )


def run_rooms(args: argparse.Namespace) -> int:
    """Run ``cipherkit rooms ACTION`` (the arguments :data:`ROOMS` parsed)."""
    action = args.rooms_action
    store: Store = open_store(args.store, create=action == "create")
    with store:
        if action == "create":
            room = store.create_room(
                args.game, _config(args.config), bots=parse_bots(args.bots), seed=args.seed
            )
            if args.json:
                print(json.dumps(room.info(), indent=2))
            else:
                print(f"room {room.id} code {room.code}")
        elif action == "list":
            infos = store.rooms(open_only=not args.all)
            if args.json:
                print(json.dumps(infos, indent=2))
            elif infos:
                print("\n".join(_summary_line(info) for info in infos))
            else:
                print("no open rooms" if not args.all else "no rooms")
        elif action == "show":
            info = store.room(args.room).info()
            print(json.dumps(info, indent=2) if args.json else format_info(info))
        elif action == "close":
            room = store.room(args.room)
            room.close()
            info = room.info()
            if args.json:
                print(json.dumps(info, indent=2))
            else:
                print(f"closed room {info['id']} (code {info['code']})")
        else:  # pragma: no cover - argparse allows only the actions above
            raise CipherkitError.say("unknown rooms action {action!r}", action=action)
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="rooms_action", metavar="ACTION")
    actions.required = True
    common = argparse.ArgumentParser(add_help=False)
    add_store(common)
    add_json(common, N_("print the room facts as JSON"))
    create = actions.add_parser(
        "create",
        parents=[common],
        help=_("open a new room and print its id and join code"),
        description=_("Open a room of GAME and print its id and join code (--json: its facts)."),
    )
    add_game(create)
    create.add_argument("--config", metavar="JSON", help=_("game config, e.g. '{\"players\": 4}'"))
    create.add_argument(
        "--bots",
        metavar="SEAT,...",
        help=_("seats bots play: 1,3 (the game's best bot) or 1=random"),
    )
    create.add_argument("--seed", type=whole, default=None, help=_("the deal (default: random)"))
    listing = actions.add_parser(
        "list",
        parents=[common],
        help=_("list the open rooms"),
        description=_("List the open rooms (--all: closed ones too)."),
    )
    listing.add_argument("--all", action="store_true", help=_("closed rooms too"))
    for action, text, sentence in (
        ("show", N_("print a room's facts"), N_("Print a room's facts.")),
        ("close", N_("close a room"), N_("Close a room.")),
    ):
        one = actions.add_parser(action, parents=[common], help=_(text), description=_(sentence))
        one.add_argument("room", metavar="ROOM", help=_("the room's id or join code"))


ROOMS = Command(
    "rooms",
    help=N_("rooms where students play together: create, list, show, close"),
    description=N_(
        "Manage the rooms of a room store (docs/rooms.md). The store is --store "
        "URL (sqlite:///path/to/file.db or postgresql://...), else $CIPHERKIT_STORE, else "
        "rooms.db in your cipherkit data folder ($CIPHERKIT_HOME, else "
        "~/.local/share/cipherkit): the same store cipherkit serve uses, wherever you run it."
    ),
    configure=_configure,
    run=run_rooms,
)
