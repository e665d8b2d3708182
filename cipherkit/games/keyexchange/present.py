"""How pages show a key exchange: the seat's numbers as facts in the reader's language,
and each legal action as a sentence (the generic table draws them).

>>> from cipherkit.games.keyexchange.rules import new_game
>>> state = new_game(seed=3)
>>> board(state.observe("spectator"), None)["facts"][:3]
[['Prime p', '23'], ['Base g', '5'], ["Alice's public number", 'not sent yet']]
>>> action_words("secret 4"), action_words("key 12"), action_words("send")
('Keep 4 as my secret', 'The shared key is 12', 'Send the locked code')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import JsonDict, State
from cipherkit.games.keyexchange.rules import ROLES
from cipherkit.i18n import _

__all__ = ["action_words", "board", "progress", "seat_names", "title"]


def title(state: State) -> str:
    """The game's title in the reader's language."""
    return _("Key exchange")


def seat_names(state: State) -> list[str]:
    """The two roles of the story, Alice and Bob."""
    return [_(name) for name in ROLES]


def _number(value: int | None, missing: str) -> str:
    return missing if value is None else str(value)


def board(observation: Mapping[str, Any], truth: JsonDict | None) -> JsonDict:
    """The numbers a viewer may know, as ``[label, value]`` facts: everyone sees p, g,
    both public numbers and the locked code; a seat also sees its offers, its secret,
    the key once it found it, and the code when it is theirs to read."""
    public, found = observation["public"], observation["found"]
    facts: list[list[str]] = [
        [_("Prime p"), str(observation["p"])],
        [_("Base g"), str(observation["g"])],
    ]
    for seat in (0, 1):
        label = _("{name}'s public number", name=_(ROLES[seat]))
        facts.append([label, _number(public[seat], _("not sent yet"))])
    if observation["offers"] is not None and observation["secret"] is None:
        facts.append(
            [_("Secret numbers offered to you"), ", ".join(map(str, observation["offers"]))]
        )
    if observation["secret"] is not None:
        facts.append([_("Your secret number"), str(observation["secret"])])
    if observation["you"] is None:
        facts.append([_("The shared key"), _("never sent: only the two players can work it out")])
    else:
        facts.append([_("The shared key"), _number(observation["key"], _("not found yet"))])
    facts.append([_("Keys found"), ", ".join(_(ROLES[s]) for s in (0, 1) if found[s]) or "-"])
    if observation["locked"] is not None:
        facts.append([_("The locked code"), f"{observation['locked']:04d}"])
    if observation["code"] is not None:
        facts.append([_("The code"), f"{observation['code']:04d}"])
    return {"svg": None, "facts": facts, "tables": []}


def action_words(text: str) -> str:
    """A legal action's notation as a sentence for its button."""
    word, _space, number = text.partition(" ")
    if word == "secret":
        return _("Keep {n} as my secret", n=number)
    if word == "key":
        return _("The shared key is {n}", n=number)
    return _("Send the locked code")


def progress(view: JsonDict) -> tuple[str, str]:
    """How far a room is, for the teacher's table."""
    phases = {
        "choose": _("choosing secrets"),
        "key": _("working out the key"),
        "send": _("sending the code"),
        "over": _("code sent"),
    }
    found = sum(1 for f in view.get("found", []) if f)
    return phases.get(str(view.get("phase")), "-"), _("{n} of 2 keys found", n=found)
