"""One test per rule of docs/rules/intercept.md (the Decrypto rules)."""

from __future__ import annotations

import json

import pytest
from intercept_helpers import KEYWORDS, act, game, play_round, resolve, write, write_all, wrong

from cipherkit.core.errors import ConfigError, IllegalAction, NotationError
from cipherkit.games.intercept import CODES, Guess, InterceptState, new_game, parse_action
from cipherkit.games.intercept.actions import KeywordGuess, code_text, parse_code
from cipherkit.games.intercept.rules import keyword_matches, team_seats
from cipherkit.games.intercept.words import keywords


# ----------------------------------------------------------------- seats and setup
@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (3, [[0, 1], [2]]),
        (4, [[0, 2], [1, 3]]),
        (5, [[0, 2, 4], [1, 3]]),
        (8, [[0, 2, 4, 6], [1, 3, 5, 7]]),
    ],
)
def test_seats_are_players_and_teams_alternate(players: int, teams: list[list[int]]) -> None:
    assert team_seats(players) == teams
    state = new_game({"players": players}, seed=3)
    assert state.teams == teams
    assert state.sides() == [0 if s in teams[0] else 1 for s in range(players)]


@pytest.mark.parametrize("players", [2, 9, "4", True])
def test_team_sizes_out_of_range_are_config_errors(players: object) -> None:
    with pytest.raises(ConfigError, match="players"):
        new_game({"players": players}, seed=1)


def test_each_team_gets_four_secret_keywords_from_the_list() -> None:
    state = new_game(seed=7)
    dealt = state.keywords[0] + state.keywords[1]
    assert len(dealt) == len(set(dealt)) == 8
    assert set(dealt) <= set(keywords())
    assert state.observe(0)["keywords"] == {"white": state.keywords[0], "black": None}
    assert state.observe(1)["keywords"] == {"white": None, "black": state.keywords[1]}
    assert state.observe("spectator")["keywords"] == {"white": None, "black": None}


def test_keywords_stay_the_same_all_game() -> None:
    state = game()
    before = [list(k) for k in state.keywords]
    for _ in range(3):
        play_round(state)
    assert state.keywords == before == [KEYWORDS["white"], KEYWORDS["black"]]


# ----------------------------------------------------------------- round structure
def test_encryptor_rotates_through_the_team_every_round() -> None:
    state = game(players=6)  # teams of three: White 0, 2, 4; Black 1, 3, 5
    seen = []
    for _ in range(4):
        seen.append(list(state.encryptors))
        play_round(state)
    assert seen == [[0, 1], [2, 3], [4, 5], [0, 1]]


def test_each_encryptor_draws_a_code_seen_only_by_them() -> None:
    state = game()
    white, black = state.encryptors
    assert state.codes[0] in CODES and state.codes[1] in CODES
    assert state.observe(white)["code"] == list(state.codes[0])
    assert state.observe(black)["code"] == list(state.codes[1])
    assert state.observe(2)["code"] is None  # White's other player
    assert state.observe("team:white")["code"] is None


def test_decks_are_reshuffled_every_round_so_codes_may_repeat() -> None:
    repeats = 0
    for seed in range(12):
        state = game(seed=seed, max_rounds=8)
        codes = []
        for _ in range(8):
            codes.append(state.codes[0])
            play_round(state)
        repeats += len(codes) - len(set(codes))
        assert all(code in CODES for code in codes)
    assert repeats > 0  # 96 draws from a full deck of 24: repeats must occur


def test_no_repeat_option_never_draws_a_code_twice() -> None:
    for seed in range(6):
        state = game(seed=seed, no_repeat_codes=True)
        codes = []
        for r in range(8):
            codes.append((state.codes[0], state.codes[1]))
            assert len(state.decks[0]) == len(state.decks[1]) == 24 - (r + 1)
            play_round(state)
        for team in (0, 1):
            drawn = [c[team] for c in codes]
            assert len(set(drawn)) == 8


def test_both_encryptors_write_at_once_and_clues_stay_hidden_until_read() -> None:
    state = game()
    assert state.actors() == [0, 1]
    write(state, 0, ["Mexico", "insect"])
    assert state.observe(0)["my_clues"] == ["Mexico", "insect"]
    for viewer in (1, 2, 3, "team:white", "spectator"):
        seen = json.dumps(state.observe(viewer))
        assert "Mexico" not in seen and "insect" not in seen
        assert state.observe(viewer)["written"] == {"white": 2, "black": 0}
    write(state, 0, ["horror"])
    assert state.phase == "write" and state.actors() == [1]
    write(state, 1)
    assert state.phase == "guess" and state.observe("spectator")["reading"] == "white"
    assert state.history[-1]["clues"] == ["Mexico", "insect", "horror"]
    assert "Mexico" in json.dumps(state.observe(3))


def test_white_clues_are_read_first_every_round_by_default() -> None:
    state = game()
    for _ in range(3):
        assert state.order == [0, 1]
        play_round(state)
    reads = [r["team"] for r in state.history]
    assert reads == [0, 1] * 3


def test_alternating_first_team_is_an_option() -> None:
    state = game(alternate_first=True)
    orders = []
    for _ in range(4):
        orders.append(list(state.order))
        play_round(state)
    assert orders == [[0, 1], [1, 0], [0, 1], [1, 0]]


def test_encryptor_takes_no_part_in_the_guess() -> None:
    state = game()
    write_all(state)
    with pytest.raises(IllegalAction, match="Encryptor takes no part"):
        state.apply(state.encryptors[0], Guess(state.codes[0]))  # type: ignore[arg-type]
    assert state.decryptors() == [2]


def test_any_non_encryptor_member_may_submit_and_the_first_counts() -> None:
    state = game(players=6)
    write_all(state)
    assert state.decryptors() == [2, 4]
    act(state, 4, "guess 1.2.3")
    assert state.reading == 1  # White's code is revealed; Black's is being read
    with pytest.raises(IllegalAction, match="no interception in round 1"):
        act(state, 2, "guess 1.2.4")
    assert state.history[0]["decrypt"] == [1, 2, 3]
    play_round(state)
    write_all(state)  # round 2: White's Encryptor is seat 2
    act(state, 0, "guess 2.3.4")
    with pytest.raises(IllegalAction, match="already guessed"):
        act(state, 4, "guess 1.2.4")


# ----------------------------------------------------------------- timer
def test_without_the_timer_nobody_may_call_time() -> None:
    state = game()
    write(state, 0)
    with pytest.raises(IllegalAction, match="without the sand timer"):
        act(state, 2, "timeout")


def test_timer_starts_when_one_encryptor_is_done_and_missing_clues_stay_missing() -> None:
    state = game(timer=True)
    with pytest.raises(IllegalAction, match="only once one Encryptor has finished"):
        act(state, 2, "timeout")
    write(state, 1)  # Black's Encryptor finishes first
    write(state, 0, ["Mexico"])
    assert state.timer_claimers() == [1, 2, 3]
    assert state.actors() == [0, 1, 2, 3]  # the writer first, then the clock
    with pytest.raises(IllegalAction, match="still writing"):
        act(state, 0, "timeout")
    events = act(state, 3, "timeout")
    assert events[0].kind == "timeout" and state.phase == "guess"
    assert state.history[-1]["clues"] == ["Mexico", None, None]
    code = state.codes[0]
    assert code is not None
    resolve(state, decrypt=True)
    sheet = state.observe("spectator")["notes"]["white"]
    assert sheet["rows"][0]["clues"] == ["Mexico", None, None]
    assert sheet["index"][str(code[0])] == ["Mexico"]
    assert sum(len(v) for v in sheet["index"].values()) == 1


# ----------------------------------------------------------------- guessing and tokens
def test_no_interception_in_round_one() -> None:
    state = game()
    write_all(state)
    assert state.interceptors() == []
    assert state.actors() == [2]
    with pytest.raises(IllegalAction, match="no interception in round 1"):
        act(state, 1, "guess 1.2.3")
    resolve(state)
    resolve(state)
    assert state.round == 2
    write_all(state)
    assert state.interceptors() == [1, 3]


def test_exact_interception_earns_a_token_and_wrong_decrypt_a_miscommunication() -> None:
    state = game()
    play_round(state)
    write_all(state)
    code = state.codes[0]
    assert code is not None
    act(state, 0, f"guess {code_text(wrong(code))}")  # White misreads its own code
    act(state, 1, f"guess {code_text(code)}")  # Black intercepts
    assert state.interceptions == [0, 1] and state.miscommunications == [1, 0]
    record = state.history[-2]  # White's; Black's clues are being read now
    assert (record["team"], record["round"]) == (0, 2)
    assert record["interception"] and record["miscommunication"]


def test_no_reward_for_decrypting_and_no_penalty_for_a_wrong_interception() -> None:
    state = game()
    play_round(state)
    play_round(state, decrypt=(True, True), intercept=(False, False))
    assert state.interceptions == [0, 0] and state.miscommunications == [0, 0]


def test_guesses_are_hidden_from_the_other_side_until_the_reveal() -> None:
    state = game()
    play_round(state)
    write_all(state)
    code = state.codes[0]
    assert code is not None
    assert state.encryptors == [2, 3]
    act(state, 0, f"guess {code_text(code)}")
    assert state.observe(2)["my_guess"] == list(code)
    assert state.observe("team:white")["my_guess"] == list(code)
    assert state.observe(1)["my_guess"] is None
    assert state.observe(1)["submitted"] == {"decrypt": True, "intercept": False}
    assert code_text(code) not in json.dumps(state.observe("spectator")["history"])


# ----------------------------------------------------------------- end of round
def test_a_second_interception_wins_only_at_the_end_of_the_round() -> None:
    state = game()
    play_round(state)
    play_round(state, intercept=(False, True))  # White intercepts Black once
    write_all(state)
    resolve(state, decrypt=True, intercept=False)  # White's code
    resolve(state, decrypt=True, intercept=True)  # White intercepts again
    assert state.outcome is not None
    assert state.outcome.winners == (0, 2) and state.outcome.reason == "two interceptions"


def test_win_waits_for_the_other_code_of_the_round() -> None:
    state = game(alternate_first=True)  # round 2: Black's code is read first
    play_round(state)
    play_round(state, intercept=(False, True))
    write_all(state)
    play_round(state, intercept=(False, True))  # round 3, White first
    assert state.outcome is not None and state.outcome.winners == (0, 2)
    state = game()
    play_round(state)
    play_round(state, intercept=(True, False))  # Black intercepts White in round 2
    write_all(state)
    resolve(state, decrypt=True, intercept=True)  # Black's second interception...
    assert state.outcome is None and state.phase == "guess"  # ...Black's code still to read
    resolve(state)
    assert state.outcome is not None and state.outcome.winners == (1, 3)


def test_two_miscommunications_lose() -> None:
    state = game()
    play_round(state, decrypt=(True, False))
    play_round(state, decrypt=(True, False))
    assert state.outcome is not None
    assert state.outcome.winners == (0, 2) and state.outcome.reason == "two miscommunications"


# ----------------------------------------------------------------- tiebreakers
def test_tiebreak_when_a_team_has_two_of_each_goes_to_points() -> None:
    state = game()
    play_round(state, decrypt=(False, True))  # White: 1 miscommunication
    play_round(state, decrypt=(True, False), intercept=(False, True))  # W +1 I; B +1 M
    # round 3: White misreads (2nd M) and intercepts (2nd I): White has two of each
    play_round(state, decrypt=(False, True), intercept=(False, True))
    assert state.interceptions == [2, 0] and state.miscommunications == [2, 1]
    assert state.outcome is not None
    assert state.outcome.reason == "tiebreaker: points"
    assert state.outcome.winners == (0, 2)  # 0 points against -1
    assert state.outcome.scores == {"0": 0, "1": -1, "2": 0, "3": -1}


def test_tiebreak_when_both_teams_reach_two_interceptions() -> None:
    state = game()
    play_round(state)
    play_round(state, intercept=(True, True))
    play_round(state, decrypt=(False, True), intercept=(True, True))
    assert state.interceptions == [2, 2] and state.miscommunications == [1, 0]
    assert state.outcome is not None and state.outcome.reason == "tiebreaker: points"
    assert state.outcome.winners == (1, 3)


def test_tiebreak_when_both_teams_reach_two_miscommunications() -> None:
    state = game()
    play_round(state, decrypt=(False, False))
    play_round(state, decrypt=(False, False), intercept=(True, False))
    assert state.miscommunications == [2, 2] and state.interceptions == [0, 1]
    assert state.outcome is not None and state.outcome.reason == "tiebreaker: points"
    assert state.outcome.winners == (1, 3)


def test_tiebreak_after_round_eight_with_no_winner() -> None:
    state = game()
    play_round(state)
    play_round(state, intercept=(False, True))  # White 1 interception
    for _ in range(6):
        play_round(state)
    assert state.round == 8 and state.outcome is not None
    assert state.outcome.reason == "tiebreaker: points" and state.outcome.winners == (0, 2)


def tied_at_keywords() -> InterceptState:
    state = game(max_rounds=2)
    play_round(state, decrypt=(False, False))
    play_round(state)
    assert state.phase == "keywords" and state.outcome is None
    return state


def test_tied_points_go_to_the_keyword_guessing_stage() -> None:
    state = tied_at_keywords()
    assert state.points() == [-1, -1]
    assert state.actors() == [0, 2, 1, 3]
    act(state, 2, "keywords night, bones, dawn, -")
    seen = state.observe(1)["keyword_guesses"]
    assert seen == {"white": True, "black": False}  # submitted, content hidden
    assert state.observe(0)["keyword_guesses"]["white"] == ["night", "bones", "dawn", "-"]
    with pytest.raises(IllegalAction, match="already guessed"):
        act(state, 0, "keywords a, b, c, d")
    act(state, 1, "keywords black, -, -, -")
    assert state.keyword_hits == [1, 1]  # 'bones' counts for 'bone'; 'black' for black


def test_more_keywords_guessed_wins_the_tiebreak() -> None:
    state = tied_at_keywords()
    act(state, 0, "keywords ANTIQUITY, bone, sun, moon")
    act(state, 3, "keywords -, dragonflies, -, -")
    assert state.keyword_hits == [2, 1]
    assert state.outcome is not None
    assert state.outcome.winners == (0, 2) and state.outcome.reason == "tiebreaker: keywords"


def test_still_tied_is_a_shared_victory() -> None:
    state = tied_at_keywords()
    act(state, 2, "keywords -, -, -, -")
    act(state, 1, "keywords a, b, c, d")
    outcome = state.outcome
    assert outcome is not None and outcome.reason == "tiebreaker: shared victory"
    assert outcome.winners == (0, 1, 2, 3) and outcome.is_draw
    final = state.observe(1)
    assert final["keywords"]["white"] == KEYWORDS["white"]  # everything shown at the end


def test_keyword_matching_ignores_case_and_number() -> None:
    assert keyword_matches("Wolves", "wolf") and keyword_matches(" BONE ", "bones")
    assert not keyword_matches("-", "wolf") and not keyword_matches("dog", "wolf")


# ----------------------------------------------------------------- three players
def test_three_players_one_interceptor_against_a_team_of_two() -> None:
    state = game(players=3)
    assert state.team_names == ("white", "interceptor")
    assert state.encryptors == [0, None] and state.actors() == [0]
    assert state.observe(2)["keywords"] == {"white": None}
    write_all(state)
    assert state.actors() == [1]  # no interception in round 1
    resolve(state, decrypt=False)  # a failed decrypt: a token for the Interceptor
    assert state.interceptions == [0, 1] and state.miscommunications == [0, 0]
    assert state.round == 2 and state.encryptors[0] == 1  # the team's Encryptor rotates
    write_all(state)
    assert state.actors() == [0, 2]
    resolve(state, decrypt=True, intercept=True)
    assert state.outcome is not None and state.outcome.winners == (2,)


def test_three_players_team_wins_after_round_five() -> None:
    state = game(players=3)
    play_round(state, decrypt=(False, True))  # one token for the Interceptor
    for _ in range(4):
        assert state.outcome is None
        play_round(state)
    assert state.round == 5 and state.outcome is not None
    assert state.outcome.winners == (0, 1) and "round 5" in state.outcome.reason


# ----------------------------------------------------------------- notation and state
@pytest.mark.parametrize(
    "text", ["clue evening with friends", "timeout", "guess 3.1.4", "keywords sun, -, dog, x"]
)
def test_notation_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "clue", "guess 1.1.2", "guess 5.1.2", "keywords a, b", "go"])
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_codes_are_the_24_arrangements() -> None:
    assert len(CODES) == len(set(CODES)) == 24
    assert parse_code("3 1 4") == (3, 1, 4) and code_text((4, 2, 1)) == "4.2.1"
    assert isinstance(parse_action("keywords a,b,c,d"), KeywordGuess)


def test_illegal_actions_leave_the_state_untouched() -> None:
    state = game()
    write(state, 0, ["Mexico"])
    before = json.dumps(state.to_json(), sort_keys=True)
    for seat, text in [
        (0, "clue dragonflies"),
        (2, "clue river"),
        (0, "guess 1.2.3"),
        (7, "timeout"),
    ]:
        with pytest.raises(IllegalAction):
            act(state, seat, text)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_state_survives_json_and_copy_mid_game() -> None:
    state = game(timer=True, no_repeat_codes=True)
    play_round(state, intercept=(False, True))
    write(state, 0, ["Mexico", "insect"])
    data = json.loads(json.dumps(state.to_json()))
    again = InterceptState.from_json(data)
    assert again.to_json() == state.to_json() == state.copy().to_json()
    assert again.observe(2) == state.observe(2)
