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
        return "Each back names the token's room and its place in the stack (1 = top)."
    return (
        "All backs are alike: mix the tokens face down at the table and deal them "
        "(see the setup sheet)."
    )


def _piles(mission: Mission) -> str:
    names = names_of_rooms(mission)
    sizes = [(names[room], len(stack)) for room, stack in mission.stacks.items() if stack]
    return ", ".join(f"{name} {size}" for name, size in sizes) or "none"


def setup_steps(mission: Mission) -> list[str]:
    """The setup, step by step, as the rulebook says (docs/rules/mission.md §1.4) for
    this mission's deal."""
    names = names_of_rooms(mission)
    entrance = next(
        (names[r] for r, t in mission.map.nodes(data="tokens") if ENTRANCE in (t or ())),
        "the entrance room",
    )
    count = sum(len(stack) for stack in mission.stacks.values())
    special = [f"the entrance token in {entrance}"]
    for a, b, attrs in mission.map.edges(data=True):
        kind = {WALL_TOKEN: "a wall token", PASSAGE_TOKEN: "a passage token"}.get(
            attrs.get("token") or ""
        )
        if kind:
            special.append(f"{kind} between {names[a]} and {names[b]}")
    steps = ["Lay out the map and put " + "; ".join(special) + "."]
    piles = _piles(mission)
    if prints_room_on_backs(mission):
        steps.append(
            f"Sort the {count} clue tokens by the room named on their backs and stack each "
            f"room's pile face down by the numbers on the backs, 1 on top: {piles}. "
            "(This mission's deal is fixed: every game starts from this layout.)"
        )
    else:
        steps.append(
            f"Mix all {count} clue tokens face down (their backs are all alike) and deal "
            f"them, unseen, into the rooms' piles: {piles}. (Every game gets a fresh "
            "layout, as in the playtests.)"
        )
    deck = mission.deck
    steps += [
        f"Every character starts in {entrance}.",
        f"Lay a shutter on every window of the console ({len(mission.cells)} windows).",
        f"Put the {len(deck.time)} time cards on the discard pile card, normal side up.",
        f"Shuffle the other {deck.resource_count} resource cards into the resource deck "
        f"and deal every character a hand of {deck.hand_size}.",
    ]
    return steps
