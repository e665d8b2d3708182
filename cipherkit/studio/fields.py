"""The mission's other fields as the studio sets them: what a ``set_field`` edit may name,
and the shape each value must have (whether it makes a good mission is the validator's
say, shown as the issues).

>>> check_field("players", {"min": 2, "max": 4})
(('players',), {'min': 2, 'max': 4})
>>> check_field("campaign.win", {"next": "signal-box", "unlock": ["lamp"]})
(('campaign', 'win'), {'next': 'signal-box', 'unlock': ['lamp']})
>>> check_field("format", 2)
Traceback (most recent call last):
...
cipherkit.studio.fields.FieldError: The studio sets title, question, story, id, seed, \
players, characters, deck, campaign.win or campaign.loss, not 'format'.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import Message, nsay, say
from cipherkit.studio.words import kind_words

__all__ = ["EDITABLE", "FieldError", "check_field", "check_tokens"]

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_:-]{0,59}$")
MAX_SEED = 2**31 - 1


class FieldError(CipherkitError):
    """A value the studio will not write; its message is a sentence."""


def _text(most: int, optional: bool = False) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise FieldError(
                nsay(
                    "This field is text (at most {n} character), not empty.",
                    "This field is text (at most {n} characters), not empty.",
                    most,
                )
            )
        if len(value) > most:
            raise FieldError(
                nsay(
                    "This field has at most {n} character.",
                    "This field has at most {n} characters.",
                    most,
                )
            )
        return value

    return check


def _ident(value: Any, what: Message) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise FieldError.say(
            "A {what} is letters, digits, '-' or '_', not {kind}.",
            what=what,
            kind=kind_words(value),
        )
    return value


def _whole(value: Any, lo: int, hi: int, what: Message) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise FieldError.say(
            "The {what} is a whole number from {lo} to {hi}.", what=what, lo=lo, hi=hi
        )
    return value


def _mapping(value: Any, keys: tuple[str, ...], what: Message) -> dict[str, Any]:
    if not isinstance(value, dict) or not value or not set(value) <= set(keys):
        raise FieldError.say("The {what} is a mapping of {keys}.", what=what, keys=", ".join(keys))
    return value


def _listed(value: Any, most: int, too_long: Message) -> list[Any]:
    """``value``, a list of at most ``most`` items; ``too_long`` refuses anything else."""
    if not isinstance(value, list) or len(value) > most:
        raise FieldError(too_long)
    return value


def _names(value: Any, most: int, what: Message, each: Message) -> list[str]:
    """A list of ids: ``what`` names the list (plural), ``each`` one of its items."""
    too_long = nsay(
        "The {what} are a list of at most {n} name.",
        "The {what} are a list of at most {n} names.",
        most,
        what=what,
    )
    return [_ident(v, each) for v in _listed(value, most, too_long)]


def check_tokens(value: Any, most: int = 40) -> list[str]:
    """A list of token names (a room's placed stack, a pool), as the page sent it.

    >>> check_tokens(["anchor", "trap:gas", "camera"])
    ['anchor', 'trap:gas', 'camera']
    """
    too_long = nsay(
        "Tokens are a list of at most {n} name.", "Tokens are a list of at most {n} names.", most
    )
    for token in _listed(value, most, too_long):
        if not isinstance(token, str) or not _TOKEN.match(token):
            small = isinstance(token, str) and len(token) <= 40
            raise FieldError.say(
                "A token is a glyph id or a token such as camera or gas, not {shown}.",
                shown=repr(token) if small else kind_words(token),
            )
    return list(value)


def _players(value: Any) -> Any:
    if value is None:
        return None
    checked = _mapping(value, ("min", "max"), say("players"))
    limits = {"min": say("players' min"), "max": say("players' max")}
    return {k: _whole(v, 1, 8, limits[k]) for k, v in checked.items()}


def _deck(value: Any) -> Any:
    if value is None:
        return None
    out: dict[str, Any] = {}
    names = {
        "values": say("deck's values"),
        "suits": say("deck's suits"),
        "time": say("deck's time"),
        "hand_size": say("deck's hand_size"),
    }
    for key, item in _mapping(value, ("values", "suits", "time", "hand_size"), say("deck")).items():
        if key == "suits" and isinstance(item, list):
            out[key] = _names(item, 26, say("suits"), say("suit"))
        elif key == "time" and isinstance(item, list):  # the time icons, value by value
            too_long = nsay(
                "The deck's time has at most {n} entry.",
                "The deck's time has at most {n} entries.",
                99,
            )
            out[key] = [_whole(v, 0, 9, names["time"]) for v in _listed(item, 99, too_long)]
        else:
            out[key] = _whole(item, 0, 99, names[key])
    return out


def _link(value: Any) -> Any:
    if value is None:
        return None
    out: dict[str, Any] = {}
    keys = ("next", "unlock", "text")
    for key, item in _mapping(value, keys, say("campaign link")).items():
        if key == "next":
            out[key] = None if item is None else _ident(item, say("mission id"))
        elif key == "unlock":
            out[key] = _names(item, 12, say("unlocks"), say("unlock"))
        else:
            out[key] = _text(2000)(item)
    return out


EDITABLE: dict[str, Callable[[Any], Any]] = {
    "title": _text(200),
    "question": _text(300),
    "story": _text(4000, optional=True),
    "id": lambda v: _ident(v, say("mission id")),
    "seed": lambda v: None if v is None else _whole(v, 0, MAX_SEED, say("seed")),
    "players": _players,
    "characters": lambda v: (
        None if v is None else _names(v, 8, say("characters"), say("character"))
    ),
    "deck": _deck,
    "campaign.win": _link,
    "campaign.loss": _link,
}
"""Each field the studio sets, and its check (``None`` removes an optional field)."""


def check_field(path: Any, value: Any) -> tuple[tuple[str, ...], Any]:
    """The field's path as keys, and its checked value; :class:`FieldError` otherwise."""
    if not isinstance(path, str) or path not in EDITABLE:
        small = isinstance(path, str) and len(path) <= 40
        *most, last = list(EDITABLE)
        raise FieldError.say(
            "The studio sets {fields} or {last}, not {shown}.",
            fields=", ".join(most),
            last=last,
            shown=repr(path) if small else kind_words(path),
        )
    return tuple(path.split(".")), EDITABLE[path](value)
