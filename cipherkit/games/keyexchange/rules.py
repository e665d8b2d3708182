"""Key exchange's rules: Diffie and Hellman's agreement played by two seats while anyone
may watch (lesson 13). Each seat keeps one of the secret numbers it is offered and sends
g^secret mod p; each works out the other's public number to its own secret's power, and
both find the same key; then the first seat sends a four-digit code locked with it.

:data:`RULES` maps an action's class to its check and its change, plain functions of the
:class:`KeyExchangeState`.

>>> state = new_game(seed=3)
>>> state.actors(), [str(a) for a in state.legal_actions(0)]
([0, 1], ['secret 2', 'secret 11', 'secret 12', 'secret 16', 'secret 20'])
>>> state.apply(0, Choose(12))[0].text
'Alice keeps a secret and sends the public number 18.'
>>> _ = state.apply(1, Choose(15))
>>> [str(a) for a in state.legal_actions(1)]   # 18^15 mod 23 is 4
['key 4', 'key 11', 'key 17', 'key 20']
>>> state.apply(1, Agree(4))[0].text
'Bob found the shared key.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, NoReturn, Self, TypedDict, cast

from cipherkit.core.errors import ConfigError, IllegalAction
from cipherkit.core.protocol import (
    Action,
    Event,
    JsonDict,
    Outcome,
    Seat,
    State,
    Viewer,
    merge_config,
)
from cipherkit.core.rng import Rng
from cipherkit.games.keyexchange.actions import Agree, Choose, Send
from cipherkit.i18n import N_, Message, say

__all__ = [
    "DEFAULT_CONFIG",
    "RULES",
    "KeyExchangeObservation",
    "KeyExchangeState",
    "key_options",
    "lock",
    "new_game",
    "role",
]

DEFAULT_CONFIG: dict[str, Any] = {"p": 23, "g": 5, "offers": 5}
"""The textbook numbers: small enough to work out by hand, and for Eve to try them all."""

MAX_P = 1_000_003
"""The largest prime a room may use (this is a lesson, not a vault)."""

CHOOSE, KEY, SEND, OVER = "choose", "key", "send", "over"
KEY_AGREED = N_("the key was agreed and the message read")
ROLES = (N_("Alice"), N_("Bob"))


def role(seat: Seat) -> Message:
    """The seat's name in the story, said in the reader's language.

    >>> str(role(1))
    'Bob'
    """
    return say(ROLES[seat])


def lock(code: int, key: int) -> int:
    """The four-digit ``code`` locked with ``key``: added, keeping four digits.

    >>> lock(4821, 12), lock(9995, 12)
    (4833, 7)
    """
    return (code + key) % 10_000


def _prime(n: int) -> bool:
    return n >= 2 and all(n % k for k in range(2, int(n**0.5) + 1))


def make_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """The config with its defaults, checked: p a prime from 5 to 1,000,003, g from 2 to
    p − 2, and 2 to 8 secret numbers offered to each seat."""
    merged = merge_config(DEFAULT_CONFIG, config, game="keyexchange")
    p, g, offers = merged["p"], merged["g"], merged["offers"]
    if not isinstance(p, int) or isinstance(p, bool) or not 5 <= p <= MAX_P or not _prime(p):
        raise ConfigError.say("keyexchange: p must be a prime from 5 to {top}", top=MAX_P)
    if not isinstance(g, int) or isinstance(g, bool) or not 2 <= g <= p - 2:
        raise ConfigError.say("keyexchange: g must be a whole number from 2 to p − 2")
    if not isinstance(offers, int) or isinstance(offers, bool) or not 2 <= offers <= min(8, p - 3):
        raise ConfigError.say("keyexchange: offers must be a whole number from 2 to 8")
    return merged


class KeyExchangeObservation(TypedDict):
    """What a viewer (seat 0, seat 1 or ``"spectator"``) may know: the public numbers and
    the locked code for all; a seat's own offers, secret and key, and the code for the
    seat that sends it (and the other, once sent)."""

    you: int | None
    p: int
    g: int
    phase: str
    public: list[int | None]
    found: list[bool]
    wrong: list[int]
    locked: int | None
    offers: list[int] | None
    secret: int | None
    key: int | None
    code: int | None


@dataclass(eq=False, repr=False, slots=True, kw_only=True)
class KeyExchangeState(State[KeyExchangeObservation]):
    """The true state of a key exchange: its fields are the whole game."""

    game_name = "keyexchange"

    config: dict[str, Any]
    rng: Rng
    offers: list[list[int]]
    secrets: list[int | None] = field(default_factory=lambda: [None, None])
    found: list[bool] = field(default_factory=lambda: [False, False])
    tried: list[list[int]] = field(default_factory=lambda: [[], []])
    """The wrong keys each seat said, so they are not offered again."""
    code: int
    """The four-digit code the first seat sends once the key is agreed."""
    sent: bool = False
    outcome: Outcome | None = None

    # ------------------------------------------------------------------ the protocol
    @property
    def phase(self) -> str:
        """Where the exchange is: ``choose``, ``key``, ``send`` or ``over``."""
        if self.sent:
            return OVER
        if None in self.secrets:
            return CHOOSE
        return SEND if all(self.found) else KEY

    def public(self, seat: Seat) -> int | None:
        """The number ``seat`` sent, g^secret mod p (``None`` before it chose)."""
        secret = self.secrets[seat]
        return None if secret is None else pow(self.config["g"], secret, self.config["p"])

    def shared_key(self) -> int | None:
        """g^(ab) mod p, once both chose."""
        a, b = self.secrets
        return None if a is None or b is None else pow(self.public(1) or 0, a, self.config["p"])

    def actors(self) -> list[Seat]:
        phase = self.phase
        if phase == CHOOSE:
            return [s for s in (0, 1) if self.secrets[s] is None]
        if phase == KEY:
            return [s for s in (0, 1) if not self.found[s]]
        return [0] if phase == SEND else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.actors():
            return []
        phase = self.phase
        if phase == CHOOSE:
            return [Choose(n) for n in self.offers[seat]]
        if phase == KEY:
            return [Agree(n) for n in key_options(self, seat)]
        return [Send()]

    def check(self, seat: Seat, action: Action) -> None:
        rule = RULES.get(type(action))
        if rule is None:
            raise IllegalAction.say("that is not a key exchange action")
        rule.check(self, seat, action)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        return RULES[type(action)].apply(self, seat, action)

    def observe(self, viewer: Viewer) -> KeyExchangeObservation:
        seat = viewer if viewer in (0, 1) else None
        over = self.phase == OVER
        sees_code = seat == 0 or (seat == 1 and self.sent)
        return {
            "you": seat,
            "p": self.config["p"],
            "g": self.config["g"],
            "phase": self.phase,
            "public": [self.public(0), self.public(1)],
            "found": list(self.found),
            "wrong": [len(t) for t in self.tried],
            "locked": lock(self.code, self.shared_key() or 0) if self.sent else None,
            "offers": None if seat is None or over else list(self.offers[seat]),
            "secret": None if seat is None else self.secrets[seat],
            "key": self.shared_key() if seat is not None and self.found[seat] else None,
            "code": self.code if sees_code else None,
        }

    def to_json(self) -> JsonDict:
        return {
            "config": dict(self.config),
            "rng": self.rng.to_json(),
            "offers": [list(o) for o in self.offers],
            "secrets": list(self.secrets),
            "found": list(self.found),
            "tried": [list(t) for t in self.tried],
            "code": self.code,
            "sent": self.sent,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            config=dict(data["config"]),
            rng=Rng.from_json(data["rng"]),
            offers=[[int(n) for n in o] for o in data["offers"]],
            secrets=[None if s is None else int(s) for s in data["secrets"]],
            found=[bool(f) for f in data["found"]],
            tried=[[int(n) for n in t] for t in data["tried"]],
            code=int(data["code"]),
            sent=bool(data["sent"]),
            outcome=Outcome.from_json(data["outcome"]),
        )


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> KeyExchangeState:
    """A new exchange: each seat is offered ``offers`` secret numbers from 2 to p − 2,
    and the first seat is given the code to send."""
    config = make_config(config)
    rng = Rng(seed)
    pool = range(2, config["p"] - 1)
    offers = [sorted(rng.sample(pool, config["offers"])) for _ in (0, 1)]
    return KeyExchangeState(config=config, rng=rng, offers=offers, code=rng.randint(1000, 9999))


def key_options(state: KeyExchangeState, seat: Seat) -> list[int]:
    """The keys ``seat`` may say: the true one among the usual slips (the public numbers
    multiplied, the other's number times the secret, one's own number to the secret),
    less those already said, in increasing order. Each is worked out from what the seat
    knows, so the options tell it nothing it could not know."""
    p = state.config["p"]
    mine, theirs = state.public(seat) or 0, state.public(1 - seat) or 0
    secret = state.secrets[seat] or 0
    key = pow(theirs, secret, p)
    options = {key, mine * theirs % p, theirs * secret % p, pow(mine, secret, p)}
    step = 1
    while len(options) < 4:
        options.add((key + 7 * step) % p)
        step += 1
    return sorted(n for n in options if n == key or n not in state.tried[seat])


# ---------------------------------------------------------------------- the rules
class Rule(NamedTuple):
    """An action kind's check (raise :class:`IllegalAction` with a reason) and change."""

    check: Callable[[KeyExchangeState, Seat, Any], None]
    apply: Callable[[KeyExchangeState, Seat, Any], list[Event]]


def _refuse(message: Message) -> NoReturn:
    raise IllegalAction(message)


_NOT_NOW = {
    CHOOSE: N_("first each player keeps a secret number"),
    KEY: N_("first both players say the shared key"),
    SEND: N_("the key is agreed: now the message is sent"),
}


def _your_move(state: KeyExchangeState, seat: Seat, phase: str) -> None:
    if state.phase == OVER:
        _refuse(say("the exchange is over"))
    if seat not in (0, 1) or seat not in state.actors():
        _refuse(say("it is not your move: wait for the other player"))
    if state.phase != phase:
        _refuse(say(_NOT_NOW[state.phase]))


def check_choose(state: KeyExchangeState, seat: Seat, action: Choose) -> None:
    _your_move(state, seat, CHOOSE)
    if action.secret not in state.offers[seat]:
        offered = ", ".join(map(str, state.offers[seat]))
        _refuse(say("keep one of the numbers you were offered: {numbers}", numbers=offered))


def choose(state: KeyExchangeState, seat: Seat, action: Choose) -> list[Event]:
    state.secrets[seat] = action.secret
    public = state.public(seat)
    message = say(
        "{name} keeps a secret and sends the public number {public}.",
        name=role(seat),
        public=public,
    )
    return [Event("choose", {"seat": seat, "public": public}, message)]


def check_agree(state: KeyExchangeState, seat: Seat, action: Agree) -> None:
    _your_move(state, seat, KEY)
    if action.key not in key_options(state, seat):
        _refuse(say("say one of the keys offered"))


def agree(state: KeyExchangeState, seat: Seat, action: Agree) -> list[Event]:
    if action.key != state.shared_key():
        state.tried[seat].append(action.key)
        message = say("{name}'s key is not the other's: work it out again.", name=role(seat))
        return [Event("wrong_key", {"seat": seat}, message)]
    state.found[seat] = True
    return [Event("key", {"seat": seat}, say("{name} found the shared key.", name=role(seat)))]


def check_send(state: KeyExchangeState, seat: Seat, action: Send) -> None:
    _your_move(state, seat, SEND)


def send(state: KeyExchangeState, seat: Seat, action: Send) -> list[Event]:
    state.sent = True
    locked = lock(state.code, cast("int", state.shared_key()))
    state.outcome = Outcome(winners=(0, 1), reason=KEY_AGREED)
    message = say(
        "{name} sends the code locked with the key: {locked}. {other} unlocks it.",
        name=role(0),
        locked=locked,
        other=role(1),
    )
    return [Event("send", {"seat": seat, "locked": locked}, message)]


RULES: dict[type[Action], Rule] = {
    Choose: Rule(check_choose, choose),
    Agree: Rule(check_agree, agree),
    Send: Rule(check_send, send),
}
"""Each action kind's check and change, found by the action's class."""
