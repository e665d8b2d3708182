"""The key exchange game (lesson 13's room): both seats find the same key, a wrong key
costs a second try and nothing else, the eavesdropper's view holds only public numbers,
every refusal has a reason and changes nothing, and the honest bots play it through."""

from __future__ import annotations

import json

import pytest

from cipherkit.core.errors import ConfigError, IllegalAction, NotationError
from cipherkit.core.protocol import SPECTATOR
from cipherkit.core.registry import get_game, make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.keyexchange import GAME, Agree, Choose, Send
from cipherkit.games.keyexchange.present import action_words, board
from cipherkit.games.keyexchange.rules import KeyExchangeState, key_options, lock, new_game
from cipherkit.i18n import speaking


def chosen(seed: int = 3) -> KeyExchangeState:
    state = new_game(seed=seed)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[-1])
    return state


def test_the_game_is_registered_with_its_bots() -> None:
    assert get_game("keyexchange") is GAME
    assert make_bot("keyexchange", "honest").name == "honest"


def test_both_seats_find_the_same_key_and_it_is_g_to_the_ab() -> None:
    state = chosen()
    a, b = state.secrets
    assert a is not None and b is not None
    p, g = 23, 5
    assert state.public(0) == pow(g, a, p) and state.public(1) == pow(g, b, p)
    key = pow(g, a * b, p)
    assert state.shared_key() == key
    for seat in (0, 1):  # each seat is offered the true key among its candidates
        assert key in key_options(state, seat)
        assert len(key_options(state, seat)) == 4


def test_a_wrong_key_costs_a_second_try_and_is_not_offered_again() -> None:
    state = chosen()
    key = state.shared_key()
    wrong = next(n for n in key_options(state, 1) if n != key)
    events = state.apply(1, Agree(wrong))
    assert events[0].kind == "wrong_key" and str(wrong) not in events[0].text
    assert not state.found[1] and wrong not in key_options(state, 1)
    assert state.actors() == [0, 1]
    state.apply(1, Agree(key))  # type: ignore[arg-type]
    assert state.found == [False, True] and state.actors() == [0]


def test_the_code_travels_locked_and_the_game_ends_with_both_winning() -> None:
    state = chosen()
    key = state.shared_key()
    for seat in (0, 1):
        state.apply(seat, Agree(key))  # type: ignore[arg-type]
    assert state.legal_actions(0) == [Send()] and state.legal_actions(1) == []
    events = state.apply(0, Send())
    locked = lock(state.code, key)  # type: ignore[arg-type]
    assert events[0].data["locked"] == locked and str(locked) in events[0].text
    assert state.outcome is not None and state.outcome.winners == (0, 1)
    assert state.observe(1)["code"] == state.code  # Bob reads it
    assert state.observe(SPECTATOR)["code"] is None  # Eve sees only the locked one
    assert state.observe(SPECTATOR)["locked"] == locked


def test_the_eavesdropper_sees_only_public_numbers_at_every_step() -> None:
    state = new_game(seed=5)
    rng, bots = Rng(1), [make_bot("keyexchange", "honest") for _ in (0, 1)]
    while state.outcome is None:
        seen = state.observe(SPECTATOR)
        assert seen["offers"] is None and seen["secret"] is None and seen["key"] is None
        assert seen["code"] is None and seen["you"] is None
        facts = dict(board(seen, None)["facts"])
        assert "Your secret number" not in facts and "The code" not in facts
        assert facts["The shared key"].startswith("never sent")
        seat = state.actors()[0]
        action = bots[seat].act(dict(state.observe(seat)), state.legal_actions(seat), rng)
        state.apply(seat, action)
    text = json.dumps(state.observe(SPECTATOR))
    assert f"{state.code}" not in text and state.observe(SPECTATOR)["public"] == [
        state.public(0),
        state.public(1),
    ]


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (0, Choose(1), "keep one of the numbers you were offered"),
        (0, Agree(3), "first each player keeps a secret number"),
        (0, Send(), "first each player keeps a secret number"),
        (7, Choose(2), "it is not your move"),
    ],
)
def test_refusals_say_why_and_change_nothing(seat: int, action: object, reason: str) -> None:
    state = new_game(seed=3)
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_a_key_not_offered_is_refused_and_a_refusal_is_said_in_russian() -> None:
    state = chosen()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Agree(999))
    assert "say one of the keys offered" in str(refused.value)
    with speaking("ru"):
        assert refused.value.message.words("ru") != refused.value.message.words("en")


@pytest.mark.parametrize(
    ("config", "field"),
    [({"p": 21}, "p must be a prime"), ({"g": 22}, "g must be"), ({"offers": 40}, "offers")],
)
def test_a_bad_config_names_its_field(config: dict[str, int], field: str) -> None:
    with pytest.raises(ConfigError, match=field):
        new_game(config, seed=1)


def test_notation_round_trips_and_nonsense_is_refused_with_a_hint() -> None:
    for action in (Choose(12), Agree(4), Send()):
        assert GAME.parse_action(str(action)) == action
    with pytest.raises(NotationError, match="try 'secret 6'"):
        GAME.parse_action("secret six")


def test_buttons_say_the_move_in_the_pages_language() -> None:
    assert action_words("secret 12") == "Keep 12 as my secret"
    with speaking("ru"):
        assert "12" in action_words("secret 12") and "Keep" not in action_words("secret 12")
