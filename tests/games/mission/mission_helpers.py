"""Shared helpers for the mission tests: acting by notation and rigging hands and piles
without breaking card conservation (cards only move between the deck and a place)."""

from __future__ import annotations

from pathlib import Path

from cipherkit.games.mission import MissionBuilder, MissionState, parse_action
from cipherkit.games.mission.content.tokens import ACTIONS

ROOT = Path(__file__).resolve().parents[3]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
CIPHERKIT = ROOT / ".venv" / "bin" / "cipherkit"


def act(state: MissionState, seat: int, text: str) -> list[str]:
    return [e.text for e in state.apply(seat, parse_action(text))]


def texts(state: MissionState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def take_from_deck(state: MissionState, value: int) -> int:
    card = next(c for c in state.deck if state.t.cards.value[c] == value)
    state.deck.remove(card)
    return card


def give(state: MissionState, character: int, values: list[int]) -> None:
    """Replace a character's hand by cards of these values (taken from the deck)."""
    state.deck.extend(state.hands[character])
    state.hands[character] = [take_from_deck(state, v) for v in values]


def set_pile(state: MissionState, action: str, values: list[int]) -> None:
    a = ACTIONS.index(action)
    state.deck.extend(state.piles[a])
    state.piles[a] = [take_from_deck(state, v) for v in values]


def empty_deck_into_discard(state: MissionState, keep: int = 0) -> None:
    """Move all but ``keep`` deck cards to the discard pile (as if played and cleared)."""
    while len(state.deck) > keep:
        state.discard.insert(0, state.deck.pop(0))


def all_cards(state: MissionState) -> list[int]:
    cards = state.deck + state.discard
    for hand in state.hands:
        cards = cards + hand
    for pile in state.piles:
        cards = cards + pile
    return sorted(cards)


def all_tokens(state: MissionState) -> list[int]:
    tokens = state.collected + state.removed
    for group in (state.stacks, state.faceup, state.blocks):
        for part in group:
            tokens = tokens + part
    return sorted(tokens)


def hello_mission(**extra_rooms: list[str]):  # type: ignore[no-untyped-def]
    """The worked example's mission: L is on the card twice, Q is not on the card.

    hall (entrance) -- archive -- cellar, hall -x- vault (printed wall), archive -x- attic
    (printed wall with a passage token), cellar -- garden closed by a wall token.
    """
    b = MissionBuilder("hello", title="Hello", question="What is the greeting?")
    b.glyph("H", "H").glyph("E", "E").glyph("L", "L").glyph("O", "O").glyph("Q")
    b.word("H", "E", "L", "L", "O").solution("HELLO")
    stacks = {
        "hall": ["L", "H"],
        "archive": ["Q", "E"],
        "cellar": ["O", "camera"],
        "vault": ["gas"],
        "attic": ["counter-intel:run"],
        "garden": [],
    }
    stacks.update(extra_rooms)
    b.room("hall", pos=(0, 0), name="Hall", entrance=True, stack=stacks["hall"])
    b.room("archive", pos=(1, 0), name="Archive", stack=stacks["archive"])
    b.room("cellar", pos=(2, 0), name="Cellar", stack=stacks["cellar"])
    b.room("vault", pos=(0, 1), name="Vault", stack=stacks["vault"])
    b.room("attic", pos=(1, 1), name="Attic", stack=stacks["attic"])
    b.room("garden", pos=(3, 0), name="Garden", stack=stacks["garden"])
    b.passage("hall", "archive").passage("archive", "cellar")
    b.passage("cellar", "garden", token="wall")
    b.wall("hall", "vault").wall("archive", "attic", token="passage")
    b.characters("locksmith", "lookout", "archivist", "fixer", "technician")
    b.players(1, 4).deal("fixed")  # the rules' tests need to know what lies where
    b.campaign(
        win={"next": "m2", "unlock": ["clerks-note"], "text": "Well done."},
        loss={"next": "m2-again", "text": "Try the back door."},
    )
    return b.build()


def game(mission=None, *, players: int = 2, characters=None, seed: int = 1, **config):  # type: ignore[no-untyped-def]
    from cipherkit.games.mission import new_game

    cfg = {"mission": mission or hello_mission(), "players": players, "first_player": 0}
    if characters is not None:
        cfg["characters"] = characters
    cfg.update(config)
    return new_game(cfg, seed=seed)
