"""Helpers to drive intercept games step by step in tests."""

from __future__ import annotations

from typing import Any

from cipherkit.games.intercept import CODES, InterceptState, new_game, parse_action
from cipherkit.games.intercept.actions import Code, Guess

KEYWORDS = {
    "white": ["black", "dragonfly", "cocktail", "sombrero"],
    "black": ["antiquity", "bone", "morning", "nightmare"],
}

HAND_WRITTEN = {"mexico", "insect", "horror", "gargoyle", "dog", "puppy", "volcano"}
"""Clues the tests write by hand (``write(state, 0, ["Mexico"])``): never drawn below."""

CLUE_WORDS = str.split(
    """
    parasol evening skeleton rise freddy ocean candle orbit violet
    thunder harvest pillow castle ribbon spider garden tunnel lemon basket anchor comet
    meadow lantern saddle marble glacier falcon pepper shadow whisper engine velvet
    copper kettle island hammer circus
    """
)
"""The clues :func:`write` draws: the first still legal, so a game's clues depend on
that game alone (not on which tests ran before it in the same process)."""
assert not HAND_WRITTEN & set(CLUE_WORDS)


def game(seed: int = 1, **config: Any) -> InterceptState:
    config.setdefault("keywords", KEYWORDS if config.get("players", 4) != 3 else None)
    if config["keywords"] is None:
        del config["keywords"]
    return new_game(config, seed=seed)


def act(state: InterceptState, seat: int, text: str) -> list[Any]:
    return state.apply(seat, parse_action(text))


def write(state: InterceptState, team: int, clues: list[str] | None = None) -> None:
    """The team's Encryptor writes ``clues``, or (without) all its remaining clues."""
    seat = state.encryptors[team]
    assert seat is not None
    if clues is not None:
        for text in clues:
            act(state, seat, f"clue {text}")
        return
    while len(state.written[team]) < 3 and seat in state.writers():
        written = len(state.written[team])
        for word in CLUE_WORDS:
            if state.is_legal(seat, parse_action(f"clue {word}")):
                act(state, seat, f"clue {word}")
                break
        assert len(state.written[team]) == written + 1, "no legal clue word left"


def write_all(state: InterceptState) -> None:
    for team in range(state.coding_teams):
        write(state, team)


def wrong(code: Code) -> Code:
    return next(c for c in CODES if c != code)


def resolve(state: InterceptState, *, decrypt: bool = True, intercept: bool = False) -> None:
    """Guess the code being read: right or wrong decrypt, right or wrong interception."""
    team = state.active_team
    assert team is not None
    code = state.codes[team]
    assert code is not None
    if state.decryptors():
        seat = state.decryptors()[0]
        state.apply(seat, Guess(code if decrypt else wrong(code)))
    if state.interceptors():
        seat = state.interceptors()[0]
        state.apply(seat, Guess(code if intercept else wrong(code)))


def play_round(
    state: InterceptState,
    decrypt: tuple[bool, bool] = (True, True),
    intercept: tuple[bool, bool] = (False, False),
) -> None:
    """One whole round; ``decrypt[t]``/``intercept[t]``: whether team t's code is
    decrypted by its team / intercepted by the other side."""
    start = state.round
    write_all(state)
    while state.phase == "guess" and state.round == start:
        team = state.active_team
        assert team is not None
        resolve(state, decrypt=decrypt[team], intercept=intercept[team])
