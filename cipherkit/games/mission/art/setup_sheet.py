"""The setup sheet of the print-and-play PDF: the rulebook's setup, for this mission's deal.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.setup_sheet``.

Examples
--------
>>> from cipherkit.games.mission import demo_mission
>>> steps = setup_steps(demo_mission())
>>> print(steps[1])  # doctest: +ELLIPSIS
Mix all 7 clue tokens face down (their backs are all alike) and deal them, unseen, ...
>>> back_note(demo_mission()).startswith("All backs are alike")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.games.mission.content.mission import ENTRANCE, PASSAGE_TOKEN, WALL_TOKEN
from cipherkit.i18n import _, ngettext

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

SHUFFLED = "shuffled"


def names_of_rooms(mission: Mission) -> dict[str, str]:
    """Each room id and the name printed for it."""
    return {room: attrs.get("name") or room for room, attrs in mission.map.nodes(data=True)}


def prints_room_on_backs(mission: Mission) -> bool:
    """Whether the token backs name their room and place (only with ``deal: fixed``)."""
    return getattr(mission, "deal", SHUFFLED) != SHUFFLED


def back_note(mission: Mission) -> str:
    """The line printed over the token backs."""
    if prints_room_on_backs(mission):
        return _("Each back names the token's room and its place in the stack (1 = top).")
    return _(
        "All backs are alike: mix the tokens face down at the table and deal them "
        "(see the setup sheet)."
    )


def _piles(mission: Mission) -> str:
    names = names_of_rooms(mission)
    sizes = [(names[room], len(stack)) for room, stack in mission.stacks.items() if stack]
    return ", ".join(f"{name} {size}" for name, size in sizes) or _("none")


def setup_steps(mission: Mission) -> list[str]:
    """The setup, step by step, as the rulebook says (docs/rules/mission.md §1.4) for
    this mission's deal."""
    names = names_of_rooms(mission)
    entrance = next(
        (names[r] for r, t in mission.map.nodes(data="tokens") if ENTRANCE in (t or ())),
        _("the entrance room"),
    )
    count = sum(len(stack) for stack in mission.stacks.values())
    special = [_("the entrance token in {room}", room=entrance)]
    for a, b, attrs in mission.map.edges(data=True):
        token = attrs.get("token") or ""
        if token == WALL_TOKEN:
            special.append(_("a wall token between {a} and {b}", a=names[a], b=names[b]))
        elif token == PASSAGE_TOKEN:
            special.append(_("a passage token between {a} and {b}", a=names[a], b=names[b]))
    steps = [_("Lay out the map and put {tokens}.", tokens="; ".join(special))]
    piles = _piles(mission)
    if prints_room_on_backs(mission):
        steps.append(
            ngettext(
                "Sort the {n} clue token by the room named on its back and stack each "
                "room's pile face down by the numbers on the backs, 1 on top: {piles}. "
                "(This mission's deal is fixed: every game starts from this layout.)",
                "Sort the {n} clue tokens by the room named on their backs and stack each "
                "room's pile face down by the numbers on the backs, 1 on top: {piles}. "
                "(This mission's deal is fixed: every game starts from this layout.)",
                count,
                piles=piles,
            )
        )
    else:
        steps.append(
            ngettext(
                "Lay the {n} clue token face down and deal it, unseen, into the rooms' "
                "piles: {piles}. (Every game gets a fresh layout, as in the playtests.)",
                "Mix all {n} clue tokens face down (their backs are all alike) and deal "
                "them, unseen, into the rooms' piles: {piles}. (Every game gets a fresh "
                "layout, as in the playtests.)",
                count,
                piles=piles,
            )
        )
    deck = mission.deck
    steps += [
        _("Every character starts in {room}.", room=entrance),
        ngettext(
            "Lay a shutter on every window of the console ({n} window).",
            "Lay a shutter on every window of the console ({n} windows).",
            len(mission.cells),
        ),
        ngettext(
            "Put the {n} time card on the discard pile card, normal side up.",
            "Put the {n} time cards on the discard pile card, normal side up.",
            len(deck.time),
        ),
        ngettext(
            "Shuffle the other {n} resource card into the resource deck and deal every "
            "character a hand of {hand}.",
            "Shuffle the other {n} resource cards into the resource deck and deal every "
            "character a hand of {hand}.",
            deck.resource_count,
            hand=deck.hand_size,
        ),
    ]
    return steps
