"""One test per rule of docs/rules/mission.md, the rulebook's worked example,
the characters, observations and the protocol."""

from __future__ import annotations

import json

import pytest
from mission_helpers import (
    MISSIONS,
    act,
    all_cards,
    all_tokens,
    empty_deck_into_discard,
    game,
    give,
    hello_mission,
    set_pile,
    texts,
)

from cipherkit.core.errors import ConfigError, IllegalAction, NotationError
from cipherkit.core.record import Record
from cipherkit.games.mission import GAME, MissionState, load, new_game, parse_action
from cipherkit.games.mission.content.tokens import ACTIONS, INTEL, REGROUP, RUN
from cipherkit.games.mission.content.words import log_words
from cipherkit.games.mission.format.files import mission_from_dict


def room_of(state: MissionState, character: int) -> str:
    return state.t.rooms[state.pos[character]]


def faceup(state: MissionState, room: str) -> list[str]:
    return [state.t.token_labels[x] for x in state.faceup[state.t.room_index[room]]]


def stack(state: MissionState, room: str) -> list[str]:
    """Face-down tokens of a room, top first."""
    return [state.t.token_labels[x] for x in reversed(state.stacks[state.t.room_index[room]])]


def move_to_deck_top(state: MissionState, *cards: int) -> None:
    """Put these cards (from the deck or the discard pile) on top of the deck, in order."""
    for card in cards:
        if card in state.deck:
            state.deck.remove(card)
        else:
            state.discard.remove(card)
            state.time_icons -= state.t.cards.icons[card]
        state.deck.append(card)


def into_peril(state: MissionState) -> None:
    """Play seat 0's turn so that the deck runs out while it draws."""
    give(state, 0, [1, 2, 3, 4])
    empty_deck_into_discard(state, keep=1)
    act(state, 0, "play 1 run")
    act(state, 0, "stop")
    act(state, 0, "play 2 gather")
    act(state, 0, "stop")  # draws the last card; the deck runs out
    assert state.peril


# ---------------------------------------------------------------- the worked example
def test_worked_example_from_the_rulebook() -> None:
    state = game(seed=3)
    give(state, 0, [1, 3, 6, 10])
    set_pile(state, "intel", [4])
    deck = len(state.deck)
    # 1. Intel's pile shows a 4: Blue cannot play his 1 or 3 there; he plays a 6.
    legal = texts(state, 0)
    assert "play 1 intel" not in legal and "play 3 intel" not in legal
    assert "play 6 intel" in legal
    for low in (1, 3):
        with pytest.raises(IllegalAction, match="the Intel pile shows 4: play a card higher"):
            act(state, 0, f"play {low} intel")
    six = next(label for label in state.cards_in_hand(0) if label.startswith("6"))
    assert act(state, 0, "play 6 intel") == [f"Mara plays {said(six)} on Intel."]
    # 2. He reveals two tokens in a room, one at a time; glyph Q is not on the card: removed.
    assert act(state, 0, "intel archive") == [
        "Mara reveals Q in the Archive: it is not on the card and is removed."
    ]
    assert texts(state, 0) == ["reveal", "stop"]
    assert act(state, 0, "reveal") == ["Mara reveals E in the Archive."]
    assert faceup(state, "archive") == ["E"]
    assert state.t.token_labels[state.removed[-1]] == "Q"
    # 3. He plays his 1 on Gather and reveals the top token of his own room: glyph L.
    assert state.actions_taken == 1 and "play 1 gather" in texts(state, 0)
    act(state, 0, "play 1 gather")
    assert act(state, 0, "reveal-top") == ["Mara reveals L in the Hall."]
    # 4. L is on the card: he collects it and the two windows under L open.
    assert texts(state, 0) == ["collect L", "leave"]
    assert act(state, 0, "collect L") == ["Mara collects L: 2 windows open (L)."]
    cells = state.observe(1)["console"]["cells"]
    assert [c["content"] for c in cells] == [None, None, "L", "L", None]
    # Having taken two actions (he reveals nothing more), he draws two cards.
    assert act(state, 0, "stop") == [
        "Mara stops gathering.",
        "Mara draws 2 cards.",
        "Teo's turn.",
    ]
    assert len(state.hands[0]) == 4 and len(state.deck) == deck - 2
    assert state.turn == 1 and state.actors() == [1]


# ---------------------------------------------------------------- setup
def test_setup() -> None:
    state = game(players=3, seed=5)
    assert state.pos == [state.t.room_index["hall"]] * 3  # everyone at the entrance
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert sorted(state.t.cards.labels[c] for c in state.discard) == ["T1", "T1", "T1", "T2"]
    assert state.time_icons == 5 and not state.peril
    assert len(state.deck) == 36 - 12
    assert not any(state.opened)
    assert stack(state, "hall") == ["L", "H"] and stack(state, "garden") == []
    assert all_cards(state) == list(range(40))
    assert all_tokens(state) == list(range(len(state.t.tokens)))


def test_first_player_is_seeded_or_chosen() -> None:
    firsts = {new_game({"players": 3}, seed=s).turn for s in range(30)}
    assert firsts == {0, 1, 2}
    assert new_game({"players": 3, "first_player": 2}, seed=1).turn == 2


def test_config_is_validated() -> None:
    with pytest.raises(ConfigError, match="unknown config option 'colour'"):
        new_game({"colour": 1}, seed=1)
    with pytest.raises(ConfigError, match="players must be a whole number from 1 to 4"):
        new_game({"players": 5}, seed=1)
    with pytest.raises(ConfigError, match="character 'wizard' is not offered"):
        new_game({"characters": ["wizard", "fixer"]}, seed=1)
    with pytest.raises(ConfigError, match="2 players need at least 2 characters"):
        new_game({"characters": ["fixer"]}, seed=1)
    with pytest.raises(ConfigError, match=r"mission:.*no such file"):
        new_game({"mission": "nowhere.yaml"}, seed=1)
    with pytest.raises(ConfigError, match="at most 4 characters"):
        game(characters=["locksmith", "lookout", "archivist", "fixer", "technician"])


def test_a_solo_only_mission_still_gets_two_characters() -> None:
    data = hello_mission().to_dict()
    data["players"] = {"min": 1, "max": 1}
    state = new_game({"mission": data, "players": 1}, seed=1)
    assert [c.id for c in state.chars] == ["locksmith", "lookout"]


def test_a_solo_player_runs_several_characters() -> None:
    state = new_game({"players": 1}, seed=2)
    assert len(state.chars) == 2 and state.seat_of == (0, 0)
    obs = state.observe(0)
    assert all(hand is not None for hand in obs["hands"])
    state = new_game({"players": 1, "characters": ["fixer"]}, seed=2)
    assert state.seat_of == (0,)


@pytest.mark.parametrize(
    ("players", "characters"),
    [
        (2, ["fixer", "lookout", "locksmith"]),
        (2, ["fixer", "lookout", "locksmith", "archivist"]),
        (3, ["fixer", "lookout", "locksmith", "archivist"]),
        (1, ["fixer", "lookout", "locksmith"]),
    ],
)
def test_each_player_runs_one_character_a_solo_player_up_to_two(
    players: int, characters: list[str]
) -> None:
    """docs/rules/mission.md §1.2 (two players running four characters was allowed)."""
    with pytest.raises(ConfigError, match="each player takes one character"):
        new_game({"players": players, "characters": characters}, seed=2)


# ---------------------------------------------------------------- a turn
def test_one_or_two_actions_then_refill_to_four() -> None:
    state = game()
    give(state, 0, [2, 5, 7, 9])
    assert "end" not in texts(state, 0)
    with pytest.raises(IllegalAction, match="take at least one action"):
        act(state, 0, "end")
    act(state, 0, "play 2 run")
    act(state, 0, "stop")
    assert "end" in texts(state, 0)
    assert act(state, 0, "end") == ["Mara ends the turn.", "Mara draws 1 card.", "Teo's turn."]
    assert len(state.hands[0]) == 4
    give(state, 1, [1, 2, 3, 4])
    act(state, 1, "play 3 run")
    act(state, 1, "stop")
    act(state, 1, "play 4 gather")
    events = act(state, 1, "stop")  # the second action ends the turn by itself
    assert events == ["Teo stops gathering.", "Teo draws 2 cards.", "Mara's turn."]
    assert len(state.hands[1]) == 4


def test_action_piles_ascend_and_an_empty_pile_takes_any_card() -> None:
    state = game()
    give(state, 0, [12, 5, 5, 1])
    assert {"play 1 run", "play 5 run", "play 12 run"} <= set(texts(state, 0))
    set_pile(state, "run", [5])
    legal = texts(state, 0)
    assert "play 12 run" in legal and "play 5 run" not in legal and "play 1 run" not in legal
    with pytest.raises(IllegalAction, match="the Run pile shows 5"):
        act(state, 0, "play 5 run")
    act(state, 0, "play 12 run")
    assert [state.t.cards.value[c] for c in state.piles[RUN]] == [5, 12]


def test_a_pile_blocked_by_counter_intel_accepts_no_card() -> None:
    state = game()
    give(state, 0, [3, 4, 8, 9])
    act(state, 0, "play 3 intel")
    act(state, 0, "intel attic")  # counter-intel showing Run
    assert state.blocks[RUN] and faceup(state, "attic") == []
    assert not any(t.endswith(" run") and t.startswith("play") for t in texts(state, 0))
    with pytest.raises(IllegalAction, match="the Run card is blocked by counter-intel"):
        act(state, 0, "play 9 run")
    # Regroup clears the token and every card on the pile; the card takes plays again.
    set_pile(state, "run", [2])
    act(state, 0, "play 4 regroup")
    assert texts(state, 0) == ["regroup run", "regroup gather", "regroup intel"]
    act(state, 0, "regroup run")
    assert state.piles[RUN] == [] and state.blocks[RUN] == []
    assert state.t.token_labels[state.removed[-1]] == "counter-intel:run"


def test_regroup_cannot_clear_itself() -> None:
    state = game()
    give(state, 0, [3, 4, 8, 9])
    act(state, 0, "play 3 regroup")
    with pytest.raises(IllegalAction, match="Regroup cannot clear itself"):
        act(state, 0, "regroup regroup")
    act(state, 0, "regroup intel")
    assert [state.t.cards.value[c] for c in state.piles[REGROUP]] == [3]


def test_special_action_discards_two_cards_and_may_be_done_twice() -> None:
    state = game()
    give(state, 0, [2, 2, 7, 9])
    assert "special 2 2" in texts(state, 0) and "special 2 7" in texts(state, 0)
    top = len(state.discard)
    act(state, 0, "special 2 9")
    assert [state.t.cards.value[c] for c in state.discard[top:]] == [2, 9]
    act(state, 0, "stop")  # the ability may be declined: still an action
    assert state.actions_taken == 1
    with pytest.raises(IllegalAction, match="you do not have two 7s"):
        act(state, 0, "special 7 7")
    act(state, 0, "special 2 7")  # a second special action: four cards in all
    act(state, 0, "stop")
    assert state.turn == 1 and len(state.discard) == top + 4


def test_forced_pass_only_when_no_action_is_possible() -> None:
    state = game()
    give(state, 0, [3, 4])
    with pytest.raises(IllegalAction, match="you can still act"):
        act(state, 0, "pass")
    give(state, 0, [3])
    for action in ACTIONS:
        set_pile(state, action, [12 - ACTIONS.index(action)])
    assert texts(state, 0) == ["pass"]
    events = act(state, 0, "pass")
    assert events[0] == "Mara cannot act and passes (forced pass)."
    # After a forced pass drawing is optional, one card at a time.
    assert state.phase == "draw" and texts(state, 0) == ["draw", "stop-drawing"]
    act(state, 0, "draw")
    assert len(state.hands[0]) == 2
    act(state, 0, "stop-drawing")
    assert state.turn == 1 and len(state.hands[0]) == 2


# ---------------------------------------------------------------- Run
def test_run_up_to_three_rooms_through_open_passages() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 run")
    assert texts(state, 0) == ["step archive", "stop"]  # not the vault: a printed wall
    with pytest.raises(IllegalAction, match="no open passage joins them"):
        act(state, 0, "step vault")
    act(state, 0, "step archive")
    assert set(texts(state, 0)) == {"step hall", "step cellar", "step attic", "stop"}
    act(state, 0, "step attic")  # a printed wall opened by a passage token
    act(state, 0, "step archive")
    assert room_of(state, 0) == "archive" and state.phase == "act"  # three steps: done
    assert state.actions_taken == 1 and "step cellar" not in texts(state, 0)


def test_wall_token_closes_a_passageway() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 run")
    act(state, 0, "step archive")
    act(state, 0, "step cellar")
    assert "step garden" not in texts(state, 0)
    with pytest.raises(IllegalAction, match="no open passage"):
        act(state, 0, "step garden")
    act(state, 0, "stop")
    assert room_of(state, 0) == "cellar"


# ---------------------------------------------------------------- Intel
def test_intel_any_room_up_to_two_reveals_one_at_a_time() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 intel")
    rooms = {t.split()[1] for t in texts(state, 0) if t.startswith("intel ")}
    assert rooms == {"hall", "archive", "cellar", "vault", "attic"}  # not the empty garden
    act(state, 0, "intel cellar")  # far away: Intel does not need you there
    assert faceup(state, "cellar") == ["O"] and state.phase == "intel"
    with pytest.raises(IllegalAction, match="Intel reveals in one room only"):
        act(state, 0, "intel hall")
    act(state, 0, "stop")  # "up to two": one is enough
    assert state.phase == "act" and stack(state, "cellar") == ["camera"]


def test_intel_ends_when_the_room_runs_out_of_tokens() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 intel")
    act(state, 0, "intel vault")  # one token (gas): nothing left to reveal
    assert state.phase == "act" and state.actions_taken == 1


# ---------------------------------------------------------------- Gather
def test_gather_collects_face_up_glyphs_in_your_own_room_only() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 intel")
    act(state, 0, "intel hall")  # L face up in the hall
    act(state, 0, "reveal")  # H face up too
    act(state, 0, "play 6 gather")
    assert texts(state, 0) == ["collect L", "collect H", "stop"]  # stack now empty
    act(state, 0, "collect H")
    assert state.opened[state.t.glyph_index["H"]]
    assert act(state, 0, "collect L") == [
        "Mara collects L: 2 windows open (L).",
        "Mara draws 2 cards.",
        "Teo's turn.",
    ]
    assert [state.t.token_labels[x] for x in state.collected] == ["H", "L"]


def test_gather_does_not_reach_other_rooms() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 intel")
    act(state, 0, "intel archive")
    act(state, 0, "reveal")  # E face up in the archive, Mara is in the hall
    act(state, 0, "play 6 gather")
    assert "collect E" not in texts(state, 0)
    with pytest.raises(IllegalAction, match="no face-up E"):
        act(state, 0, "collect E")


def test_gather_reveal_top_uses_a_collection_and_may_leave_the_glyph() -> None:
    state = game(hello_mission(hall=["camera", "L", "H"]))
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 gather")
    act(state, 0, "reveal-top")  # a camera: nothing to collect, one collection used
    assert faceup(state, "hall") == ["camera"] and state.steps == 1
    assert "collect camera" not in texts(state, 0)  # traps are never collected
    act(state, 0, "reveal-top")  # L: may be collected at once
    assert texts(state, 0) == ["collect L", "leave"]
    act(state, 0, "leave")  # both collections used: the Gather ends, L stays face up
    assert state.phase == "act" and faceup(state, "hall") == ["camera", "L"]
    assert not state.opened[state.t.glyph_index["L"]]


def test_a_left_glyph_can_be_collected_later() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 gather")
    act(state, 0, "reveal-top")
    act(state, 0, "leave")
    assert texts(state, 0) == ["collect L", "reveal-top", "stop"]
    act(state, 0, "collect L")
    assert state.opened[state.t.glyph_index["L"]] and state.phase == "act"


# ---------------------------------------------------------------- traps
def said(label: str) -> str:
    """A card label as the log says it, as a person would: ``"6G"`` -> ``"6 green"``."""
    return f"{label[:-1]} {dict(B='blue', G='green', Y='yellow')[label[-1]]}"


def test_camera_stays_and_discards_from_the_deck_at_the_end_of_your_turn() -> None:
    state = game(hello_mission(hall=["camera", "camera", "L"]))
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 intel")
    act(state, 0, "intel hall")
    act(state, 0, "reveal")
    assert faceup(state, "hall") == ["camera", "camera"]
    top_two = [state.t.cards.labels[c] for c in state.deck[-2:]][::-1]
    deck = len(state.deck)
    events = act(state, 0, "end")
    assert events[1:3] == [
        f"A camera watches Mara: {said(top_two[0])} is discarded from the deck.",
        f"A camera watches Mara: {said(top_two[1])} is discarded from the deck.",
    ]
    assert len(state.deck) == deck - 2 - 1  # two for the cameras, then one drawn
    assert [state.t.cards.labels[c] for c in state.discard[-2:]] == top_two


def test_camera_elsewhere_does_not_watch_you() -> None:
    state = game()
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 intel")
    act(state, 0, "intel cellar")
    act(state, 0, "reveal")  # the camera is in the cellar, Mara in the hall
    deck = len(state.deck)
    events = act(state, 0, "end")
    assert not any("camera" in e for e in events) and len(state.deck) == deck - 1


def test_gas_makes_everyone_in_the_room_discard_a_random_card() -> None:
    state = game(hello_mission(hall=["gas", "L"]), players=3)
    give(state, 0, [5, 6, 7, 8])
    give(state, 2, [1, 2, 3, 4])
    state.pos[1] = state.t.room_index["archive"]  # Teo is elsewhere
    act(state, 0, "play 5 intel")
    events = act(state, 0, "intel hall")
    assert events[0] == "Mara reveals gas in the Hall!"
    assert [e.split()[0] for e in events[1:]] == ["Mara", "Ines"]
    assert [len(h) for h in state.hands] == [2, 4, 3]
    assert faceup(state, "hall") == []  # yellow trap: discarded
    act(state, 0, "stop")
    act(state, 0, "end")
    assert len(state.hands[0]) == 4 and len(state.hands[2]) == 3  # Ines draws on her turn


def test_counter_intel_revealed_by_another_action_is_discarded() -> None:
    state = game(hello_mission(hall=["counter-intel:gather", "L"]))
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 gather")
    events = act(state, 0, "reveal-top")
    assert events == ["Mara reveals counter-intel (Gather) in the Hall; it is discarded."]
    assert state.blocks == [[], [], [], []]


# ---------------------------------------------------------------- time and peril
def test_in_peril_when_the_deck_runs_out_and_the_discard_pile_is_reshuffled() -> None:
    state = game()
    into_peril(state)
    assert state.discard == [] and state.time_icons == 0
    assert sum(state.t.cards.icons[c] for c in state.deck) == 5  # time cards are in the deck
    assert any("In Peril" in log_words(line) for line in state.log)
    # Seat 0 could not draw its second card: it may draw after the new deck is made.
    assert state.phase == "draw" and len(state.hands[0]) == 3
    assert texts(state, 0) == ["draw", "stop-drawing"]
    assert all_cards(state) == list(range(40))


def test_in_peril_drawing_is_optional_and_one_card_at_a_time() -> None:
    state = game()
    into_peril(state)
    act(state, 0, "stop-drawing")
    assert len(state.hands[0]) == 3 and state.turn == 1
    give(state, 1, [5, 6, 7, 8])
    resource = [c for c in state.deck if not state.t.cards.icons[c]]
    move_to_deck_top(state, *resource[:2])
    act(state, 1, "play 5 run")
    act(state, 1, "stop")
    act(state, 1, "end")
    assert state.phase == "draw"
    act(state, 1, "draw")
    assert len(state.hands[1]) == 4 and state.turn == 0  # a full hand ends the drawing


def test_drawing_is_optional_even_with_no_cards() -> None:
    state = game()
    into_peril(state)
    act(state, 0, "stop-drawing")
    give(state, 1, [5, 6])
    act(state, 1, "special 5 6")
    act(state, 1, "stop")
    act(state, 1, "end")
    assert state.hands[1] == [] and texts(state, 1) == ["draw", "stop-drawing"]
    act(state, 1, "stop-drawing")
    assert state.turn == 0 and state.hands[1] == []


def test_a_time_card_is_discarded_when_drawn_and_another_may_be_drawn() -> None:
    state = game()
    into_peril(state)
    t1 = next(c for c in state.deck if state.t.cards.icons[c] == 1)
    move_to_deck_top(state, t1)
    events = act(state, 0, "draw")
    assert events == [
        "Mara draws a time card (1 icon) and discards it: 1 time icon in the discard pile."
    ]
    assert state.discard == [t1] and len(state.hands[0]) == 3
    assert texts(state, 0) == ["draw", "stop-drawing"]


def test_the_group_loses_exactly_at_three_time_icons_in_peril() -> None:
    state = game()
    into_peril(state)
    icons = state.t.cards.icons
    t2 = next(c for c in state.deck if icons[c] == 2)
    ones = [c for c in state.deck if icons[c] == 1]
    move_to_deck_top(state, ones[0], t2)  # t2 on top, then a T1
    act(state, 0, "draw")
    assert state.time_icons == 2 and state.outcome is None
    events = act(state, 0, "draw")
    assert state.time_icons == 3
    assert state.outcome is not None and state.outcome.reason == "out of time"
    assert state.outcome.winners == ()
    assert events[-2] == "3 time icons lie in the discard pile: out of time, the mission fails."
    assert state.actors() == [] and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="the mission is over"):
        act(state, 0, "propose HELLO")


def test_time_icons_before_peril_do_not_lose() -> None:
    state = game()
    assert state.time_icons == 5 and state.outcome is None  # the time cards start discarded


def test_peril_drawing_can_be_made_automatic() -> None:
    """With optional_draw_in_peril false, In Peril the hand refills by itself, time cards
    are discarded and replaced at once."""
    redrawn = 0
    for seed in range(40):
        state = game(optional_draw_in_peril=False, seed=seed)
        give(state, 0, [1, 2, 3, 4])
        empty_deck_into_discard(state, keep=1)
        act(state, 0, "play 1 run")
        act(state, 0, "stop")
        act(state, 0, "play 2 gather")
        events = act(state, 0, "stop")
        assert state.peril and state.outcome is None
        assert len(state.hands[0]) == 4 and state.turn == 1 and state.phase == "act"
        redrawn += any("draws a time card" in e for e in events)
    assert redrawn >= 3


# ---------------------------------------------------------------- solving
def test_solve_by_unanimous_decision_wins_for_everyone() -> None:
    state = game(players=3)
    with pytest.raises(IllegalAction, match="nobody has proposed"):
        act(state, 1, "confirm")
    act(state, 0, "propose h-e l l o")
    assert state.phase == "solve" and state.actors() == [1, 2]
    with pytest.raises(IllegalAction, match="you proposed this answer"):
        act(state, 0, "confirm")
    with pytest.raises(IllegalAction, match="confirm or reject it first"):
        act(state, 1, "play 5 run")
    act(state, 2, "confirm")
    assert state.actors() == [1]
    with pytest.raises(IllegalAction, match="already confirmed"):
        act(state, 2, "confirm")
    events = act(state, 1, "confirm")
    assert state.outcome is not None and state.outcome.winners == (0, 1, 2)
    assert state.outcome.reason == "solved"
    assert events[-1] == "Well done. Next mission: M2. Unlocked: The Clerk's Note."
    assert state.campaign_result() == {
        "result": "win",
        "next": "m2",
        "next_title": "",
        "unlock": ["clerks-note"],
        "text": "Well done.",
    }


def test_any_reject_cancels_and_play_goes_on() -> None:
    state = game(players=3)
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 run")
    with pytest.raises(IllegalAction, match="propose between actions"):
        act(state, 0, "propose HELLO")
    act(state, 0, "stop")
    act(state, 0, "propose HELLO")
    act(state, 1, "confirm")
    act(state, 2, "reject")
    assert state.outcome is None and state.phase == "act" and state.actions_taken == 1
    assert state.proposal is None and "end" in texts(state, 0)


def test_a_wrong_answer_loses_by_one_letter() -> None:
    state = game()
    act(state, 0, "propose HELLA")
    events = act(state, 1, "confirm")
    assert state.outcome is not None and state.outcome.winners == ()
    assert state.outcome.reason == "wrong answer"
    assert any("it was 'HELLO'" in e for e in events)
    assert state.campaign_result()["next"] == "m2-again"


def test_one_seat_needs_no_confirmation() -> None:
    state = game(players=1)
    act(state, 0, "propose hello")
    assert state.outcome is not None and state.outcome.winners == (0,)


def test_propose_reading_is_listed_only_when_every_answer_window_is_open() -> None:
    state = game()
    assert "propose-reading" not in texts(state, 0)
    with pytest.raises(IllegalAction, match="still closed"):
        act(state, 0, "propose-reading")
    for g in ("H", "E", "L", "O"):
        state.opened[state.t.glyph_index[g]] = True  # as if collected
    assert texts(state, 0)[-1] == "propose-reading"
    act(state, 0, "propose-reading")
    assert state.proposal == "HELLO"


def test_proposing_while_drawing() -> None:
    state = game()
    into_peril(state)
    act(state, 0, "propose HELLO")
    act(state, 1, "reject")
    assert state.phase == "draw" and texts(state, 0) == ["draw", "stop-drawing"]


def test_answer_section_only_its_content_counts() -> None:
    ledger = load(MISSIONS[2])
    for text, won in (("4017 52", True), ("4017-52", True), ("SAFE DEAD 4017 52", False)):
        state = new_game({"mission": ledger, "players": 1}, seed=1)
        act(state, 0, f"propose {text}")
        assert state.outcome is not None and bool(state.outcome.winners) is won, text


# ---------------------------------------------------------------- characters
def special(state: MissionState, character_seat: int = 0) -> None:
    give(state, state.turn, [1, 2, 3, 4])
    act(state, character_seat, "special 1 2")


def test_locksmith_slips_through_a_wall() -> None:
    state = game(characters=["locksmith", "lookout"])
    special(state)
    assert texts(state, 0) == ["slip archive", "slip vault", "stop"]
    assert act(state, 0, "slip vault") == ["Mara slips into the Vault through the wall."]
    assert room_of(state, 0) == "vault"


def test_lookout_reveals_the_top_token_of_a_nearby_stack() -> None:
    state = game(characters=["lookout", "locksmith"])
    special(state)
    assert texts(state, 0) == ["scout hall", "scout archive", "stop"]  # not beyond a wall
    events = act(state, 0, "scout archive")
    assert events[0] == "Teo reveals Q in the Archive: it is not on the card and is removed."
    assert stack(state, "archive") == ["E"] and state.actions_taken == 1
    state2 = game(hello_mission(hall=["counter-intel:intel"]), characters=["lookout", "fixer"])
    special(state2)
    act(state2, 0, "scout hall")  # not Intel: counter-intel is discarded
    assert state2.blocks[INTEL] == []


def test_fixer_lowers_an_action_pile() -> None:
    state = game(characters=["fixer", "lookout"])
    set_pile(state, "intel", [4, 9])
    give(state, 0, [1, 2, 5, 10])
    act(state, 0, "special 1 2")
    assert texts(state, 0) == ["lower intel", "stop"]
    act(state, 0, "lower intel")
    assert [state.t.cards.value[c] for c in state.piles[INTEL]] == [4]
    assert state.t.cards.value[state.discard[-1]] == 9
    assert "play 5 intel" in texts(state, 0)  # the pile is low enough again


def test_archivist_peeks_privately_and_may_swap() -> None:
    state = game(characters=["archivist", "lookout"])
    special(state)
    assert texts(state, 0) == ["peek hall", "peek archive", "stop"]
    act(state, 0, "peek hall")
    assert texts(state, 0) == ["keep", "swap"]
    assert state.observe(0)["known"] == {
        "hall": [{"depth": 0, "token": "L"}, {"depth": 1, "token": "H"}]
    }
    assert state.observe(1)["known"] == {} and state.observe("spectator")["known"] == {}
    act(state, 0, "swap")
    assert stack(state, "hall") == ["H", "L"]
    assert state.observe(0)["known"]["hall"][0] == {"depth": 0, "token": "H"}
    act(state, 0, "play 3 intel")
    act(state, 0, "intel hall")
    assert state.observe(0)["known"] == {"hall": [{"depth": 0, "token": "L"}]}


def test_technician_disarms_a_camera_or_a_counter_intel_token() -> None:
    state = game(
        hello_mission(hall=["camera", "counter-intel:run"]), characters=["technician", "lookout"]
    )
    give(state, 0, [1, 2, 3, 4])
    act(state, 0, "play 1 intel")
    act(state, 0, "intel hall")
    act(state, 0, "reveal")
    assert state.blocks[RUN] and faceup(state, "hall") == ["camera"]
    act(state, 0, "special 2 3")
    assert texts(state, 0) == ["disarm hall", "unblock run", "stop"]
    act(state, 0, "unblock run")
    assert state.blocks[RUN] == []
    assert state.turn == 1


# ---------------------------------------------------------------- observations
def test_observation_hides_what_a_seat_cannot_see() -> None:
    state = game(players=2)
    obs = state.observe(0)
    assert obs["hands"][0] == state.cards_in_hand(0) and obs["hands"][1] is None
    assert obs["rooms"]["hall"] == {"stack": 2, "face_up": [], "characters": [0, 1]}
    blob = json.dumps(obs)
    assert "HELLO" not in blob and '"content": "H"' not in blob
    assert obs["answer"] is None and obs["deck_size"] == len(state.deck)
    assert obs["discard"] == {
        "size": 4,
        "top": "T2",
        "time_icons": 5,
        "time_cards": ["T1", "T1", "T1", "T2"],
    }
    spectator = state.observe("spectator")
    assert spectator["hands"] == [None, None]
    with pytest.raises(ValueError, match="mission viewers"):
        state.observe(7)


def test_everything_is_shown_when_the_game_is_over() -> None:
    state = game(players=1)
    act(state, 0, "propose HELLA")
    obs = state.observe("spectator")
    assert obs["answer"] == "HELLO" and all(h is not None for h in obs["hands"])
    assert [c["content"] for c in obs["console"]["cells"]] == list("HELLO")
    assert obs["campaign"]["result"] == "loss"


# ---------------------------------------------------------------- protocol
def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = game()
    give(state, 0, [1, 2, 3, 4])
    before = state.to_json()
    for seat, text in (
        (1, "play 1 run"),
        (0, "play 9 run"),
        (0, "step archive"),
        (0, "collect L"),
        (0, "confirm"),
        (0, "special 5 6"),
        (5, "end"),
        (0, "draw"),
        (0, "regroup run"),
    ):
        with pytest.raises(IllegalAction):
            act(state, seat, text)
    assert state.to_json() == before


def test_every_action_notation_round_trips() -> None:
    for text in (
        "play 7 run",
        "special 3 9",
        "end",
        "pass",
        "step hall",
        "stop",
        "intel hall",
        "reveal",
        "collect L",
        "reveal-top",
        "leave",
        "regroup intel",
        "slip vault",
        "scout hall",
        "lower intel",
        "peek hall",
        "keep",
        "swap",
        "disarm hall",
        "unblock run",
        "draw",
        "stop-drawing",
        "propose Two words",
        "propose-reading",
        "confirm",
        "reject",
    ):
        assert str(parse_action(text)) == text
    assert parse_action("Special 9 3") == parse_action("special 3 9")
    for bad, message in (
        ("dance", "not a mission action"),
        ("play x run", "not a card value"),
        ("play 3 sprint", "not an action card"),
        ("propose", "propose what"),
        ("", "empty action"),
    ):
        with pytest.raises(NotationError, match=message):
            parse_action(bad)


def test_records_replay_with_a_path_or_a_dict(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cipherkit.core.testing import random_playout

    for config in (
        {"mission": str(MISSIONS[1]), "players": 3},
        {"mission": load(MISSIONS[0]).to_dict(), "players": 2},
    ):
        states, record = random_playout(GAME, seed=4, config=config)
        path = tmp_path / "game.json"
        record.save(path)
        assert Record.load(path).replay().to_json() == states[-1].to_json()


def test_copy_and_json_are_independent() -> None:
    state = game()
    twin = state.copy()
    give(twin, 0, [1, 2, 3, 4])
    act(twin, 0, "play 1 run")
    assert state.to_json() != twin.to_json()
    assert MissionState.from_json(json.loads(json.dumps(twin.to_json()))).to_json() == (
        twin.to_json()
    )
    assert "phase=act" in repr(state) and "HELLO" not in state.summary()


# ---------------------------------------------------------------- the deal
def test_every_game_shuffles_the_clue_tokens_into_the_missions_stack_sizes() -> None:
    """docs/rules/mission.md §1.4: the tokens are shuffled and dealt face down as the
    mission card shows (the engine used to lay out every game of a mission alike)."""
    mission = load(MISSIONS[0])
    assert mission.deal == "shuffled"
    sizes = [len(mission.stacks[room]) for room in mission.rooms]
    layouts = set()
    for seed in range(12):
        state = new_game({"mission": mission, "players": 2}, seed=seed)
        assert [len(s) for s in state.stacks] == sizes
        assert sorted(t for s in state.stacks for t in s) == sorted(
            t for s in state.t.initial_stacks for t in s
        )
        layouts.add(tuple(tuple(s) for s in state.stacks))
    assert len(layouts) > 6


def test_a_fixed_deal_lays_out_the_stacks_as_written() -> None:
    mission = hello_mission()  # deal: fixed
    for seed in range(5):
        state = game(mission, seed=seed)
        assert stack(state, "hall") == ["L", "H"] and stack(state, "archive") == ["Q", "E"]


def test_an_unknown_deal_is_refused_with_the_choices() -> None:
    from cipherkit.games.mission.format.problems import MissionError

    data = hello_mission().to_dict()
    data["deal"] = "random"
    with pytest.raises(MissionError, match="deal must be one of shuffled, fixed, not 'random'"):
        mission_from_dict(data)
