"""How generic tools (the :class:`~cipherkit.widgets.Replay` widget) show a mission game.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.present``.

>>> from cipherkit.games.mission import new_game
>>> state = new_game({"players": 2, "first_player": 0}, seed=1)
>>> title(state), seat_names(state)
('Mission: The Owl Room', ['Mara', 'Teo'])
>>> obs, truth = omniscient(state)
>>> truth["answer"], all(c["content"] for c in obs["console"]["cells"])
('OWL', True)
>>> drawn = board(state.observe(0), None)
>>> drawn["svg"].startswith("<svg"), drawn["svg2"].startswith("<svg"), drawn["facts"][1]
(True, True, ['Phase', 'act'])
>>> "OWL" in drawn["svg"] + drawn["svg2"]
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cipherkit.core.protocol import SPECTATOR, JsonDict
from cipherkit.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.engine import MissionState

__all__ = ["board", "omniscient", "seat_names", "title"]


def _remember(state: MissionState) -> None:
    """Keep the mission's glyph drawings for :func:`board` (see the module docstring)."""
    from cipherkit.games.mission.art.board import remember

    remember(state.mission)


def title(state: MissionState) -> str:
    """``"Mission: <the mission's title>"`` (in the language in force)."""
    _remember(state)
    return _("Mission: {title}", title=state.mission.title)


def seat_names(state: MissionState) -> list[str]:
    """Each seat named by its characters (``"Mara & Theo"`` for a seat playing two)."""
    _remember(state)
    return [
        " & ".join(state.name(c) for c, s in enumerate(state.seat_of) if s == seat)
        for seat in range(state.players)
    ]


def omniscient(state: MissionState) -> tuple[JsonDict, JsonDict]:
    """The spectator's observation with every window's content filled in (shown greyed
    while closed) and every hand, and the hidden facts: what the author sees."""
    _remember(state)
    obs = state.observe(SPECTATOR)
    t = state.t
    key = dict(zip(t.glyphs, state.key, strict=True))
    console: JsonDict = dict(obs["console"])
    console["cells"] = [dict(c, content=key[c["glyph"]]) for c in console["cells"]]
    seen = {
        **obs,
        "console": console,
        "hands": [state.cards_in_hand(c) for c in range(len(state.chars))],
    }
    rooms = t.rooms
    truth = {
        "answer": state.true_answer(),
        "window contents": {g: state.key[i] for i, g in enumerate(t.glyphs) if t.on_card[i]},
        "face-down stacks (top first)": {
            rooms[r]: [t.token_labels[x] for x in reversed(stack)]
            for r, stack in enumerate(state.stacks)
        },
        "hands": {state.name(c): state.cards_in_hand(c) for c in range(len(state.chars))},
        "deck (top first)": [t.cards.labels[c] for c in reversed(state.deck)],
    }
    return seen, truth


def _cards(cards: Any) -> str:
    if isinstance(cards, list | tuple):
        return " ".join(str(c) for c in cards) or "—"
    return str(cards)


def _phase(phase: str) -> str:
    """A phase's id as a word (in the language in force)."""
    words = {
        "act": pgettext("mission phase", "act"),
        "run": pgettext("mission phase", "run"),
        "gather": pgettext("mission phase", "gather"),
        "intel": pgettext("mission phase", "intel"),
        "regroup": pgettext("mission phase", "regroup"),
        "special": pgettext("mission phase", "special"),
        "draw": pgettext("mission phase", "draw"),
        "solve": pgettext("mission phase", "solve"),
        "over": pgettext("mission phase", "over"),
    }
    return words.get(phase, phase)


def _action_name(action: str) -> str:
    names = {"run": _("Run"), "gather": _("Gather"), "intel": _("Intel"), "regroup": _("Regroup")}
    return names.get(action, action.title())


def board(obs: Mapping[str, Any], truth: Mapping[str, Any] | None = None) -> JsonDict:
    """The map and the console as ``obs`` shows them (``svg``, ``svg2``), the turn's
    facts and the characters' table."""
    from cipherkit.games.mission.art.board import art_for

    drawn_map, drawn_console = art_for(obs["mission"]).board(obs)
    names = [c["name"] for c in obs["characters"]]
    current = obs["characters"][obs["turn"]]["name"] if obs["characters"] else ""
    piles = obs["piles"]
    facts: list[list[Any]] = [
        [_("Turn"), f"{obs['turn_number']} ({current})"],
        [_("Phase"), _phase(obs["phase"])],
        [_("Reads"), obs["console"]["reading"]],
        [_("Deck"), obs["deck_size"]],
        [_("Time icons in discard"), obs["discard"]["time_icons"]],
    ]
    if obs["peril"]:
        facts.append([_("In Peril"), _("yes")])
    piles_words = [
        _("{action} {card} (blocked)", action=_action_name(a), card=p[-1] if p else "—")
        if obs["blocked"][a]
        else f"{_action_name(a)} {p[-1] if p else '—'}"
        for a, p in piles.items()
    ]
    facts.append([_("Action piles"), ", ".join(piles_words)])
    rows = []
    for c, ch in enumerate(obs["characters"]):
        hand = obs["hands"][c]
        rows.append(
            [
                names[c],
                ch["room"],
                _cards(hand)
                if hand is not None
                else ngettext("{n} card", "{n} cards", ch["hand_size"]),
            ]
        )
    table = {
        "title": _("Characters"),
        "columns": [_("character"), _("room"), _("hand")],
        "rows": rows,
    }
    return {
        "svg": drawn_map["svg"],
        "svg2": drawn_console["svg"],
        "facts": facts,
        "tables": [table],
    }


def progress(view: Mapping[str, Any]) -> tuple[str, str]:
    """The turn and the glyphs collected, from a spectator's view.

    >>> progress({"turn_number": 4, "collected": ["g1", "g2"]})
    ('turn 4', '2 glyphs collected')
    """
    collected = view.get("collected")
    score = (
        ngettext("{n} glyph collected", "{n} glyphs collected", len(collected))
        if isinstance(collected, list)
        else ""
    )
    turn = _("turn {number}", number=view["turn_number"]) if view.get("turn_number") else ""
    return turn, score
