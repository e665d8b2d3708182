"""Rooms: students play together. A room is a core Session whose record lives in a store.

Design notes: ``docs/rooms.md``, ``cipherkit.rooms``.
"""

from __future__ import annotations

from cipherkit.rooms.codes import CODE_BITS, new_code, normalize_code
from cipherkit.rooms.errors import (
    BadName,
    ReadOnly,
    RoomClosed,
    RoomError,
    RoomFull,
    SeatGone,
    SeatUnavailable,
    StaleVersion,
    StoreError,
    StoreReadOnly,
    StoreUnreachable,
    TooManyTries,
    UnknownCode,
    UnknownRoom,
    UnknownToken,
)
from cipherkit.rooms.schema import SCHEMA_VERSION
from cipherkit.rooms.store import (
    ENV_STORE,
    Room,
    SeatHandle,
    Spectator,
    Store,
    clean_name,
    default_bot,
    default_store_url,
    open_store,
)

__all__ = [
    "CODE_BITS",
    "ENV_STORE",
    "SCHEMA_VERSION",
    "BadName",
    "ReadOnly",
    "Room",
    "RoomClosed",
    "RoomError",
    "RoomFull",
    "SeatGone",
    "SeatHandle",
    "SeatUnavailable",
    "Spectator",
    "StaleVersion",
    "Store",
    "StoreError",
    "StoreReadOnly",
    "StoreUnreachable",
    "TooManyTries",
    "UnknownCode",
    "UnknownRoom",
    "UnknownToken",
    "clean_name",
    "default_bot",
    "default_store_url",
    "new_code",
    "normalize_code",
    "open_store",
]
