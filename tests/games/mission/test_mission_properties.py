"""Conformance checks (with no-leak) on every shipped mission, property tests over random
legal play, and proof that the no-leak check catches a leaking mission state."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mission_helpers import MISSIONS, all_cards, all_tokens

from cipherkit.core.rng import Rng
from cipherkit.core.testing import check_all, check_no_leak, random_playout
from cipherkit.games.mission import GAME, MissionBuilder, MissionState, load, new_game
from cipherkit.games.mission.rules.tables import T_GLYPH


def quick_mission():  # type: ignore[no-untyped-def]
    """A mission random play can solve: the Answer section's one glyph tops the entrance."""
    b = MissionBuilder("quick", title="Quick", question="Which letter?")
    b.glyph("a", "A").glyph("b", "B").word("b").answer_word("a").solution("A")
    b.room("hall", pos=(0, 0), entrance=True, stack=["a", "gas"])
    b.room("den", pos=(1, 0), stack=["b", "camera", "counter-intel:gather"])
    b.room("loft", pos=(0, 1), stack=["counter-intel:intel", "b"])
    b.passage("hall", "den").wall("hall", "loft")
    b.characters("archivist", "technician", "locksmith", "fixer")
    return b.build()


QUICK = quick_mission().to_dict()

CONFIGS: list[dict[str, Any] | None] = [
    None,
    {"mission": str(MISSIONS[0]), "players": 4},
    {"mission": str(MISSIONS[1]), "players": 3},
    {"mission": str(MISSIONS[2]), "players": 1},
    {"mission": QUICK, "players": 2},
    {"mission": QUICK, "players": 3, "optional_draw_in_peril": False},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "demo" if c is None else str(c)[-40:])
def test_conformance_checks_pass_including_no_leak(config) -> None:  # type: ignore[no-untyped-def]
    report = check_all(GAME, seeds=range(8), config=config)
    assert report["games"] == 8
    assert report["illegal_attempts"] > 100
    assert report["no_leak_variants_differing"] > 100


def test_random_play_reaches_every_kind_of_decision() -> None:
    """The conformance playouts cover solving, peeking and peril, not only the easy parts."""
    seen: set[str] = set()
    reasons: set[str] = set()
    for config in CONFIGS[1:]:
        for seed in range(8):
            states, record = random_playout(GAME, seed=seed, config=config)
            seen |= {text.split()[0] for _, text in record.actions}
            reasons.add(states[-1].outcome.reason)  # type: ignore[union-attr]
            seen |= {"peril"} if states[-1].peril else set()
    assert {
        "confirm",
        "reject",
        "propose-reading",
        "peek",
        "swap",
        "keep",
        "disarm",
        "unblock",
        "draw",
        "stop-drawing",
        "pass",
        "regroup",
        "slip",
        "peril",
    } <= seen
    assert reasons == {"solved", "out of time"}


@pytest.mark.parametrize("viewer", [0, 1, "spectator"])
def test_hidden_variants_keep_the_view_and_change_the_secrets(viewer) -> None:  # type: ignore[no-untyped-def]
    state = new_game({"mission": str(MISSIONS[1]), "players": 2}, seed=3)
    changed = {"deck": 0, "stacks": 0, "key": 0, "hands": 0}
    for i in range(30):
        twin = GAME.hidden_variants(state, viewer, Rng(i))
        assert twin.observe(viewer) == state.observe(viewer)
        for part in changed:
            changed[part] += getattr(twin, part) != getattr(state, part)
        assert sorted(all_cards(twin)) == list(range(40))
        assert all_tokens(twin) == all_tokens(state)
    assert all(changed[p] > 10 for p in ("deck", "stacks", "key")), changed
    assert (changed["hands"] > 10) == (viewer == "spectator" or viewer == 0 or viewer == 1)


# ---------------------------------------------------------------- the check has teeth
class TopTokenLeak(MissionState):
    def observe(self, viewer: Any) -> dict[str, Any]:
        obs = super().observe(viewer)
        stack = self.stacks[self.t.entrance]
        obs["hint"] = self.t.token_labels[stack[-1]] if stack else None
        return obs


class WindowLeak(MissionState):
    def observe(self, viewer: Any) -> dict[str, Any]:
        obs = super().observe(viewer)
        obs["hint"] = len(self.true_answer())
        return obs


class HandLeak(MissionState):
    def observe(self, viewer: Any) -> dict[str, Any]:
        obs = super().observe(viewer)
        obs["hint"] = sorted(self.cards_in_hand(len(self.chars) - 1))
        return obs


class DeckLeak(MissionState):
    def observe(self, viewer: Any) -> dict[str, Any]:
        obs = super().observe(viewer)
        obs["hint"] = self.deck[-1:]
        return obs


@pytest.mark.parametrize("leaky", [TopTokenLeak, WindowLeak, HandLeak, DeckLeak])
def test_no_leak_check_catches_leaks(leaky: type[MissionState]) -> None:
    def make(config: Any = None, *, seed: int) -> MissionState:
        return leaky.from_json(GAME.new_game(config, seed=seed).to_json())

    def variants(state: Any, viewer: Any, rng: Rng) -> MissionState:
        return leaky.from_json(GAME.hidden_variants(state, viewer, rng).to_json())

    spec = dataclasses.replace(GAME, new_game=make, state_type=leaky, hidden_variants=variants)
    config = {"mission": str(MISSIONS[2]), "players": 2}
    with pytest.raises(AssertionError, match="hint"):
        check_no_leak(spec, seeds=range(3), config=config)


# ---------------------------------------------------------------- properties
def check_invariants(state: MissionState, total_tokens: int) -> None:
    t = state.t
    icons = t.cards.icons
    # every card is in exactly one place: deck, discard, a hand or a pile
    assert all_cards(state) == list(range(len(t.cards)))
    assert not any(icons[c] for hand in state.hands for c in hand)
    assert not any(icons[c] for pile in state.piles for c in pile)
    assert all(len(hand) <= state.hand_size for hand in state.hands)
    # every token is in exactly one place
    assert all_tokens(state) == list(range(total_tokens))
    # no window opens without its glyph collected, and a collected glyph opens its windows
    collected = {t.token_glyph[x] for x in state.collected}
    assert all(t.token_class[x] == T_GLYPH for x in state.collected)
    assert {g for g, o in enumerate(state.opened) if o} == collected
    # time: the count matches the pile; the loss comes exactly at 3 icons in peril
    assert state.time_icons == sum(icons[c] for c in state.discard)
    out_of_time = state.peril and state.time_icons >= 3
    if state.outcome is None:
        assert not out_of_time
    elif state.outcome.reason == "out of time":
        assert out_of_time and state.outcome.winners == ()


@settings(max_examples=80, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 10_000), max_size=500),
)
def test_invariants_hold_under_any_legal_play(config, seed: int, choices: list[int]) -> None:  # type: ignore[no-untyped-def]
    state = new_game(config, seed=seed)
    total = len(state.t.tokens)
    check_invariants(state, total)
    for pick in choices:
        if state.outcome is not None:
            break
        actors = state.actors()
        seat = actors[pick % len(actors)]
        legal = state.legal_actions(seat)
        before_peril_icons = state.peril and state.time_icons
        state.apply(seat, legal[pick % len(legal)])
        check_invariants(state, total)
        if state.outcome is not None and state.outcome.reason == "out of time":
            assert before_peril_icons is False or before_peril_icons < 3


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_json_and_copy_round_trip_anywhere(seed: int, steps: int) -> None:
    state = new_game({"mission": QUICK, "players": 3}, seed=seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        seat = chooser.choice(state.actors())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    again = MissionState.from_json(state.to_json())
    assert again.to_json() == state.to_json() == state.copy().to_json()
    for viewer in (0, 1, 2, "spectator"):
        assert again.observe(viewer) == state.observe(viewer)


def test_shipped_missions_play_to_an_end() -> None:
    for path in MISSIONS:
        mission = load(path)
        for players in range(mission.players[0], mission.players[1] + 1):
            states, _ = random_playout(
                GAME, seed=players, config={"mission": str(path), "players": players}
            )
            assert states[-1].outcome is not None
