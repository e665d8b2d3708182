"""Conformance checks that every cipherkit game runs from its tests.

Design notes: ``docs/design-notes.md``, ``cipherkit.core.testing``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from cipherkit.core.errors import IllegalAction, NotationError
from cipherkit.core.protocol import Action, GameSpec, Seat, State, StateT
from cipherkit.core.record import Record
from cipherkit.core.rng import Rng
from cipherkit.i18n import LANGUAGES

Config = Mapping[str, Any] | None


def _json_roundtrip(value: Any, what: str) -> Any:
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-safe: {exc}") from None
    return json.loads(text)


def random_playout(
    spec: GameSpec[StateT], *, seed: int, config: Config = None, max_steps: int = 5_000
) -> tuple[list[StateT], Record]:
    """Play one game with uniformly random legal actions; return every state and the record.

    The action choices use ``Rng(seed + 1)`` so a playout is a pure function of its
    arguments.
    """
    state = spec.new_game(config, seed=seed)
    record = Record.start(spec.name, config, seed)
    chooser = Rng(seed + 1)
    states = [state.copy()]
    for _ in range(max_steps):
        if state.outcome is not None:
            break
        actors = state.actors()
        assert actors, f"{spec.name}: no outcome yet but nobody may act ({state!r})"
        seat = actors[chooser.randbelow(len(actors))]
        legal = state.legal_actions(seat)
        assert legal, f"{spec.name}: seat {seat} is an actor with no legal action ({state!r})"
        action = chooser.choice(legal)
        state.apply(seat, action)
        record.add(seat, action)
        states.append(state.copy())
    else:
        raise AssertionError(f"{spec.name}: seed {seed} did not end within {max_steps} steps")
    return states, record


def check_random_playouts(
    spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None, max_steps: int = 5_000
) -> int:
    """Play and inspect every state; return the number of states checked."""
    checked = 0
    for seed in seeds:
        states, _ = random_playout(spec, seed=seed, config=config, max_steps=max_steps)
        for state in states:
            checked += 1
            _json_roundtrip(state.to_json(), f"{spec.name} to_json (seed {seed})")
            for viewer in spec.viewers(state):
                _json_roundtrip(state.observe(viewer), f"{spec.name} observe({viewer!r})")
            for seat in state.actors():
                for action in state.legal_actions(seat):
                    text = str(action)
                    parsed = spec.parse_action(text)
                    assert parsed == action, f"{spec.name}: {text!r} parses to {parsed!r}"
                    try:
                        state.check(seat, action)
                    except IllegalAction as exc:
                        raise AssertionError(
                            f"{spec.name}: legal action {text!r} for seat {seat} "
                            f"refused by check: {exc}"
                        ) from None
        assert states[-1].outcome is not None
        _json_roundtrip(states[-1].outcome.to_json(), "outcome")
    return checked


def check_determinism(
    spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None
) -> None:
    """Assert that the same seed gives the same game: the same actions and states."""
    for seed in seeds:
        first, rec1 = random_playout(spec, seed=seed, config=config)
        second, rec2 = random_playout(spec, seed=seed, config=config)
        assert rec1.actions == rec2.actions, f"{spec.name}: seed {seed} chose differently"
        for step, (a, b) in enumerate(zip(first, second, strict=True)):
            assert a.to_json() == b.to_json(), f"{spec.name}: seed {seed} differs at step {step}"
        fresh = spec.new_game(config, seed=seed)
        assert fresh.to_json() == first[0].to_json(), f"{spec.name}: new_game not deterministic"


def check_json_roundtrip(
    spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None
) -> None:
    """Assert that every state of random playouts survives a JSON round trip.

    Both the state (``to_json`` then ``state_from_json``) and every viewer's
    observation must come back unchanged.
    """
    for seed in seeds:
        states, _ = random_playout(spec, seed=seed, config=config)
        for step, state in enumerate(states):
            data = _json_roundtrip(state.to_json(), "to_json")
            back = spec.state_from_json(data)
            where = f"{spec.name}: seed {seed} step {step}"
            assert back.to_json() == state.to_json(), f"{where}: JSON round trip changes state"
            for viewer in spec.viewers(state):
                assert back.observe(viewer) == state.observe(viewer), f"{where}: observe differs"
            for seat in state.actors():
                assert back.legal_actions(seat) == state.legal_actions(seat), (
                    f"{where}: legal actions differ after round trip"
                )
            copy = state.copy()
            assert copy.to_json() == state.to_json(), f"{where}: copy() differs"


def check_replay(spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None) -> None:
    """Assert that a record, through JSON and back, replays to the very same states."""
    for seed in seeds:
        states, record = random_playout(spec, seed=seed, config=config)
        again = Record.from_json(_json_roundtrip(record.to_json(), "record"))
        replayed = list(again.states())
        assert len(replayed) == len(states), f"{spec.name}: replay length differs"
        for step, (a, b) in enumerate(zip(states, replayed, strict=True)):
            assert a.to_json() == b.to_json(), f"{spec.name}: replay differs at step {step}"


def _candidate_actions(spec: GameSpec[StateT], states: list[StateT]) -> list[Action]:
    """Every action any seat could take at any point of these games, plus some texts."""
    seen: dict[str, Action] = {}
    for state in states[:: max(1, len(states) // 25)]:
        for seat in range(spec.seats(_config_of(state))):
            for action in state.legal_actions(seat):
                seen.setdefault(str(action), action)
    return list(seen.values())


def _config_of(state: State) -> Mapping[str, Any] | None:
    return getattr(state, "config", None)


def check_illegal_actions(
    spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None, per_state: int = 12
) -> int:
    """Try actions that are not legal; each must raise and leave the state unchanged.

    Returns how many illegal attempts were checked.
    """
    tried = 0
    for seed in seeds:
        states, _ = random_playout(spec, seed=seed, config=config)
        pool = _candidate_actions(spec, states)
        rng = Rng(seed ^ 0x5EED)
        seats: list[Seat] = [*range(spec.seats(config)), -1, 99]
        for step, state in enumerate(states):
            before = json.dumps(state.to_json(), sort_keys=True)
            for _ in range(per_state):
                seat = rng.choice(seats)
                action = rng.choice(pool)
                legal = state.legal_actions(seat) if 0 <= seat < 99 else []
                if action in legal:
                    continue
                tried += 1
                try:
                    state.apply(seat, action)
                except IllegalAction as exc:
                    _check_reason(spec.name, exc)
                else:
                    raise AssertionError(
                        f"{spec.name}: seed {seed} step {step}: seat {seat} applied {action} "
                        "which is not in legal_actions"
                    )
                after = json.dumps(state.to_json(), sort_keys=True)
                assert after == before, (
                    f"{spec.name}: refused action {action} changed the state (seed {seed})"
                )
        for garbage in ("", "xyzzy", "play", "🙂" * 3, "1" * 500):
            try:
                spec.parse_action(garbage)
            except NotationError:
                continue
    return tried


def _check_reason(game: str, exc: IllegalAction) -> None:
    """A refusal has a reason in every language, and its message is JSON-safe (an id and
    parameters: what a room may send to each seat to be said there)."""
    _json_roundtrip(exc.message.to_json(), f"{game}: the refusal's message")
    for lang in LANGUAGES:
        assert exc.message.words(lang), f"{game}: IllegalAction without a reason in {lang}"


def check_no_leak(
    spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None, variants: int = 3
) -> int:
    """Hidden information must not change a viewer's observation.

    For every state and viewer, ``spec.hidden_variants`` builds states the viewer cannot
    tell apart; their observations (and, for seats, legal actions) must be identical.
    Returns how many variants actually differed from the true state in hidden data, so a
    caller can assert the check had something to catch.
    """
    differing = 0
    for seed in seeds:
        states, _ = random_playout(spec, seed=seed, config=config)
        rng = Rng(seed ^ 0x1EA4)
        for step, state in enumerate(states):
            truth = state.to_json()
            for viewer in spec.viewers(state):
                seen = state.observe(viewer)
                for _ in range(variants):
                    twin = spec.hidden_variants(state, viewer, rng)
                    if twin.to_json() != truth:
                        differing += 1
                    other = twin.observe(viewer)
                    if other != seen:
                        keys = sorted(
                            k for k in seen.keys() | other.keys() if seen.get(k) != other.get(k)
                        )
                        raise AssertionError(
                            f"{spec.name}: seed {seed} step {step}: viewer {viewer!r} can "
                            f"tell hidden information apart through {keys}"
                        )
                    if isinstance(viewer, int):
                        assert [str(a) for a in twin.legal_actions(viewer)] == [
                            str(a) for a in state.legal_actions(viewer)
                        ], f"{spec.name}: legal actions of {viewer} depend on hidden data"
    return differing


def check_session(spec: GameSpec[StateT], *, seeds: Iterable[int], config: Config = None) -> int:
    """Play each seed in a :class:`~cipherkit.core.session.Session` of random bots and
    rebuild it from JSON after every action; return the number of rebuilds checked."""
    from cipherkit.core.session import Session

    rebuilt = 0
    for seed in seeds:
        seats = spec.seats(config)
        session = Session(spec, config, seed=seed, bots=["random"] * seats, fallback="raise")
        while not session.is_over:
            session.step_bots(max_actions=1)
            data = _json_roundtrip(session.to_json(), f"{spec.name} session")
            twin = Session.from_json(data)
            assert twin.state == session.state, (
                f"{spec.name}: seed {seed}: the session rebuilt from JSON at version "
                f"{session.version} is not the same game"
            )
            rebuilt += 1
        assert session.record.replay() == session.state, f"{spec.name}: seed {seed}: record"
    return rebuilt


def check_all(
    spec: GameSpec[StateT], *, seeds: Iterable[int] = range(10), config: Config = None
) -> dict[str, Any]:
    """Run every check; return counts for the caller to assert on.

    Examples
    --------
    >>> from cipherkit.core.registry import get_game
    >>> from cipherkit.core.testing import check_all
    >>> report = check_all(get_game("decipher"), seeds=range(2))
    >>> report["games"], report["no_leak_variants_differing"] > 0
    (2, True)
    """
    seeds = list(seeds)
    report = {
        "games": len(seeds),
        "states_checked": check_random_playouts(spec, seeds=seeds, config=config),
    }
    check_determinism(spec, seeds=seeds[:3], config=config)
    check_json_roundtrip(spec, seeds=seeds[:3], config=config)
    check_replay(spec, seeds=seeds, config=config)
    report["illegal_attempts"] = check_illegal_actions(spec, seeds=seeds[:3], config=config)
    report["no_leak_variants_differing"] = check_no_leak(spec, seeds=seeds[:3], config=config)
    report["session_rebuilds"] = check_session(spec, seeds=seeds[:1], config=config)
    return report
