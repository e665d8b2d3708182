"""Intercept bots. Each acts on a seat's observation and the legal actions only.

A registered bot plays a whole side and dispatches on the observation's ``role``:
``"ck"`` (cipherkit's embedding bot), ``"baseline"`` (the Decrypto benchmark's
word-embedding baseline) and ``"random"``. How each plays: docs/intercept.md (*Bots*).

>>> from cipherkit.core.match import play_match
>>> summary = play_match("intercept", ["ck", "baseline"], games=2, seed=3)
>>> sum(summary["wins"].values()) + summary["draws"]
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

import numpy as np

from cipherkit.core.bots import Bot, RandomBot
from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.intercept.actions import (
    BLANK,
    CODES,
    GUESSES,
    TIMEOUT,
    Code,
    make_clue,
    make_keyword_guess,
)
from cipherkit.games.intercept.clues import check_clue, clue_key
from cipherkit.games.intercept.config import check_bots
from cipherkit.games.intercept.decode import CODE_COLUMNS, code_scores, similarity_matrix
from cipherkit.games.intercept.vectors import Vectors, default_vectors
from cipherkit.games.intercept.words import hint_words, keywords, lemma

CODE_INDEX = {code: i for i, code in enumerate(CODES)}


# ---------------------------------------------------------------- shared helpers
@dataclass(frozen=True, eq=False)
class HintTable:
    """The hint vocabulary as rows of the vector table, plain and centred."""

    words: tuple[str, ...]
    plain: np.ndarray
    centred: np.ndarray


@cache
def hint_table() -> HintTable:
    vectors = _vectors()
    found = [(w, row) for w in hint_words() if (row := vectors.row(w)) is not None]
    words = [w for w, _ in found]
    rows = [row for _, row in found]
    plain = vectors.matrix[rows]
    return HintTable(tuple(words), plain, vectors.centered(plain))


def _vectors() -> Vectors:
    vectors = default_vectors()
    if vectors is None:  # pragma: no cover - the data ships with the package
        raise RuntimeError("the intercept word vectors are missing")
    return vectors


def own_keywords(observation: dict[str, Any]) -> list[str]:
    """The four keywords of the observing seat's team."""
    return list(observation["keywords"][observation["team"]])


def current_clues(observation: dict[str, Any]) -> list[str | None]:
    """The clues being guessed now (the last history record)."""
    return list(observation["history"][-1]["clues"])


def clue_index(observation: dict[str, Any], team: str) -> dict[int, list[str]]:
    """Revealed clues of ``team`` filed under their digit (the note sheet's clue index)."""
    index = observation["notes"][team]["index"]
    return {int(d): list(clues) for d, clues in index.items()}


def drawn_codes(observation: dict[str, Any], team: str) -> set[Code]:
    """Codes already revealed for ``team`` (only meaningful without repeats)."""
    wanted = list(observation["teams"]).index(team)
    return {
        tuple(r["code"])
        for r in observation["history"]
        if r["code"] is not None and r["team"] == wanted
    }


def allowed_mask(observation: dict[str, Any], team: str) -> np.ndarray:
    """Which of the 24 codes the team may have drawn this round."""
    mask = np.ones(len(CODES), dtype=bool)
    if observation["options"]["no_repeat_codes"]:
        used = drawn_codes(observation, team)
        if len(used) < len(CODES):
            for code in used:
                mask[CODE_INDEX[code]] = False
    return mask


def best_code(scores: np.ndarray, mask: np.ndarray, rng: Rng) -> Code:
    """The highest-scoring allowed code; ties broken by ``rng``."""
    masked = np.where(mask, scores, -np.inf)
    top = float(masked.max())
    tied = [i for i in range(len(CODES)) if masked[i] >= top - 1e-9]
    return CODES[tied[0] if len(tied) == 1 else rng.choice(tied)]


def history_scores(
    vectors: Vectors, clues: Sequence[str | None], index: dict[int, list[str]], how: str
) -> np.ndarray:
    """3 x 4 scores of clues against each digit's earlier clues.

    ``how="max"``: best cosine with any earlier clue of the digit; digits with no history
    get the mean of the known scores of that clue (neutral). ``how="mean"``: cosine with
    the mean vector of the digit's earlier clues, 0 for a digit with no history (the
    baseline's rule).
    """
    scores = np.zeros((3, 4), dtype=np.float32)
    vecs = [None if c is None else vectors.phrase(c) for c in clues]
    for d in range(1, 5):
        history = [v for v in (vectors.phrase(c) for c in index.get(d, [])) if v is not None]
        if not history:
            continue
        stack = np.array(history)
        for i, v in enumerate(vecs):
            if v is None:
                continue
            if how == "max":
                scores[i, d - 1] = float((stack @ v).max())
            else:
                mean = stack.mean(axis=0)
                norm = float(np.linalg.norm(mean)) or 1.0
                scores[i, d - 1] = float(mean @ v) / norm
    if how == "max":
        known = [d - 1 for d in range(1, 5) if index.get(d)]
        unknown = [d - 1 for d in range(1, 5) if not index.get(d)]
        if known and unknown:
            neutral = scores[:, known].mean(axis=1, keepdims=True)
            scores[:, unknown] = neutral
    return scores


def guess_keywords(observation: dict[str, Any], rng: Rng) -> Action:
    """Tiebreak: for each of the opponents' digits, the shipped keyword closest to the
    mean of that digit's clues (``-`` with no clues)."""
    vectors = _vectors()
    other = next(name for name in observation["notes"] if name != observation["team"])
    index = clue_index(observation, other)
    mine = set(own_keywords(observation))
    pool = [w for w in keywords() if w not in mine and vectors.keyword(w) is not None]
    matrix = np.array([vectors.keyword(w) for w in pool])
    guesses = []
    for d in range(1, 5):
        history = [v for v in (vectors.phrase(c) for c in index.get(d, [])) if v is not None]
        if not history:
            guesses.append(BLANK)
            continue
        said = {lemma(w) for c in index.get(d, []) for w in c.lower().split()}
        sims = matrix @ np.mean(history, axis=0)
        for i in np.argsort(-sims):
            if pool[i] not in guesses and lemma(pool[i]) not in said:
                guesses.append(pool[i])
                break
        else:
            guesses.append(BLANK)
    return make_keyword_guess(guesses)


def dispatch(bot: Any, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Call the bot's method for the observation's role; random legal action otherwise."""
    role = observation.get("role")
    if role == "encryptor":
        return bot.encrypt(observation, legal, rng)
    if role == "decryptor":
        return bot.decrypt(observation, legal, rng)
    if role == "interceptor":
        return bot.intercept(observation, legal, rng)
    if role == "keywords":
        return guess_keywords(observation, rng)
    if role == "timer":
        return TIMEOUT
    return rng.choice(legal)


# ---------------------------------------------------------------- the bots' common part
class PlanningBot:
    """A bot that plans a round's three clues once (:meth:`plan`) and writes them one by
    one; it decrypts and intercepts by its own methods (see :func:`dispatch`)."""

    plans: dict[tuple[int, str], list[str]]

    def plan(self, observation: dict[str, Any], rng: Rng) -> list[str]:
        """Three clues for the observation's code."""
        raise NotImplementedError

    def act(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """Write clues, decrypt or intercept, whichever the seat is asked to do now (a
        :class:`~cipherkit.core.errors.ConfigError` at a table in a language the bots do
        not play: their word vectors are English)."""
        check_bots(observation["options"], 1)
        return dispatch(self, observation, legal, rng)

    def encrypt(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The next clue of this round's plan for the team's code (planned once a round)."""
        key = (observation["round"], observation["team"])
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plan(observation, rng)
            self.plans[key] = plan
        written = observation["my_clues"] or []
        return make_clue(plan[len(written)])


# ---------------------------------------------------------------- cipherkit's bot
@dataclass
class CkBot(PlanningBot):
    """cipherkit's intercept bot (see the module docstring)."""

    name: str = "ck"
    per_digit: int = 16
    """Candidate clues kept per digit before choosing the triple."""
    margin_floor: float = 0.08
    """Decoder margin a clue (or triple) should reach before interception risk counts."""
    risk_weight: float = 2.0
    """Weight of the simulated interceptor's margin for the true code."""
    neighbours: int = 60
    """A clue is chosen among this many nearest hint words of its keyword (so it is
    about the keyword's meaning, not an artefact of the decoder)."""
    plans: dict[tuple[int, str], list[str]] = field(default_factory=dict)

    # -------------------------------------------------------- encryptor
    def plan(self, observation: dict[str, Any], rng: Rng) -> list[str]:
        """Three clues for the observation's code."""
        vectors = _vectors()
        table = hint_table()
        words = own_keywords(observation)
        code: Code = tuple(observation["code"])
        earlier = _team_clues(observation)
        keyword_rows, _ = vectors.keyword_matrix(words)
        decoder = table.centred @ keyword_rows.T  # hint x 4: the team decoder's view
        index = clue_index(observation, observation["team"])
        history = _history_matrix(vectors, table, index)  # hint x 4: an interceptor's view
        taken: set[str] = {clue_key(c) for c in earlier}
        candidates: list[list[int]] = []
        plain_rows, _ = vectors.matrix_of(words)
        relevance = table.plain @ plain_rows.T  # hint x 4: plain closeness to each keyword
        for digit in code:
            d = digit - 1
            margin = decoder[:, d] - np.delete(decoder, d, axis=1).max(axis=1)
            risk = history[:, d] - np.delete(history, d, axis=1).max(axis=1)
            score = self._objective(margin, risk)
            near = np.argsort(-relevance[:, d])[: self.neighbours]
            chosen: list[int] = []
            for i in near[np.argsort(-score[near])]:
                word = table.words[i]
                if clue_key(word) in taken or not check_clue(word, words, earlier).clean:
                    continue
                chosen.append(int(i))
                if len(chosen) >= self.per_digit:
                    break
            candidates.append(chosen)
        return self._choose_triple(table, decoder, history, code, candidates)

    def _objective(self, margin: np.ndarray, risk: np.ndarray) -> np.ndarray:
        """Decoder margin up to a safe floor first, then low interception risk."""
        safe = np.minimum(margin, self.margin_floor) * 10 + 0.2 * margin
        return safe - self.risk_weight * np.maximum(risk, -0.1)

    def _choose_triple(
        self,
        table: HintTable,
        decoder: np.ndarray,
        history: np.ndarray,
        code: Code,
        candidates: list[list[int]],
    ) -> list[str]:
        a, b, c = (np.array(x, dtype=np.intp) for x in candidates)
        grid = np.array(np.meshgrid(a, b, c, indexing="ij")).reshape(3, -1).T  # combos x 3
        # each candidate's clue key once, as a number: a combination is three clues only
        # if its three keys differ
        key_ids: dict[str, int] = {}
        key_of = np.zeros(int(grid.max()) + 1 if grid.size else 0, dtype=np.intp)
        for i in {*a.tolist(), *b.tolist(), *c.tolist()}:
            key_of[i] = key_ids.setdefault(clue_key(table.words[i]), len(key_ids))
        ids = key_of[grid]  # combos x 3
        distinct = (ids[:, 0] != ids[:, 1]) & (ids[:, 0] != ids[:, 2]) & (ids[:, 1] != ids[:, 2])
        true = CODE_INDEX[code]
        cols = CODE_COLUMNS  # 24 x 3

        def totals(matrix: np.ndarray) -> np.ndarray:  # combos x 24 code scores
            # sum() is typed to return its start (0) when empty; three arrays make an array
            return cast(np.ndarray, sum(matrix[grid[:, k]][:, cols[:, k]] for k in range(3)))

        dec = totals(decoder)
        margin = dec[:, true] - np.delete(dec, true, axis=1).max(axis=1)
        inter = totals(history)
        risk = inter[:, true] - np.delete(inter, true, axis=1).max(axis=1)
        objective = self._objective(margin, risk)
        objective[~distinct] = -np.inf
        best = int(np.argmax(objective))
        return [table.words[i] for i in grid[best]]

    # -------------------------------------------------------- guesses
    def decrypt(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The own team's code that best fits the clues, by embedding similarity."""
        vectors = _vectors()
        scores = code_scores(
            similarity_matrix(vectors, own_keywords(observation), current_clues(observation))
        )
        mask = allowed_mask(observation, observation["team"])
        return GUESSES[best_code(scores, mask, rng)]

    def intercept(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The opponents' code that best fits the clues, given their earlier clues."""
        vectors = _vectors()
        target = observation["reading"]
        index = clue_index(observation, target)
        sims = history_scores(vectors, current_clues(observation), index, "max")
        scores = code_scores(sims)
        return GUESSES[best_code(scores, allowed_mask(observation, target), rng)]


def _team_clues(observation: dict[str, Any]) -> list[str]:
    """Every clue this seat's team gave in the game (read, or written this round)."""
    team = list(observation["teams"]).index(observation["team"])
    said = [
        c for r in observation["history"] if r["team"] == team for c in r["clues"] if c is not None
    ]
    return said + list(observation.get("my_clues") or [])


def _history_matrix(vectors: Vectors, table: HintTable, index: dict[int, list[str]]) -> np.ndarray:
    """Every hint word's 4 digit scores for a simulated interceptor (best match with each
    digit's history; digits with no history neutral; all 0 before any history)."""
    columns = []
    known = []
    for d in range(1, 5):
        history = [v for v in (vectors.phrase(c) for c in index.get(d, [])) if v is not None]
        if history:
            columns.append((table.plain @ np.array(history).T).max(axis=1))
            known.append(True)
        else:
            columns.append(np.zeros(len(table.words), dtype=np.float32))
            known.append(False)
    matrix = np.stack(columns, axis=1)
    mask = np.array(known)
    if mask.any() and not mask.all():
        neutral = matrix[:, mask].mean(axis=1)
        matrix[:, ~mask] = neutral[:, None]

    return matrix


# ---------------------------------------------------------------- the published baseline
@dataclass
class BaselineBot(PlanningBot):
    """The Decrypto benchmark's word-embedding baseline, with cipherkit's vectors."""

    name: str = "baseline"
    k0: int = 5
    """Neighbours to choose from for a keyword's first clue."""
    k_step: int = 5
    """How many more neighbours each earlier use of the keyword adds."""
    plans: dict[tuple[int, str], list[str]] = field(default_factory=dict)

    def plan(self, observation: dict[str, Any], rng: Rng) -> list[str]:
        """Three clues for this round's code: for each digit, a word near its keyword."""
        vectors = _vectors()
        table = hint_table()
        words = own_keywords(observation)
        earlier = _team_clues(observation)
        index = clue_index(observation, observation["team"])
        taken = {clue_key(c) for c in earlier}
        clues: list[str] = []
        for digit in observation["code"]:
            target = vectors.phrase(words[digit - 1])
            uses = len(index.get(digit, []))
            k = self.k0 + self.k_step * uses
            sims = table.plain @ target if target is not None else np.zeros(len(table.words))
            neighbours: list[str] = []
            for i in np.argsort(-sims):
                word = table.words[i]
                if clue_key(word) in taken:
                    continue
                if check_clue(word, words, [*earlier, *clues]).clean:
                    neighbours.append(word)
                    if len(neighbours) >= k:
                        break
            pick = rng.choice(neighbours)
            clues.append(pick)
            taken.add(clue_key(pick))
        return clues

    def decrypt(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The own team's code whose keywords are most similar to the clues."""
        vectors = _vectors()
        keys, _ = vectors.matrix_of(own_keywords(observation))
        texts = ["" if c is None else c for c in current_clues(observation)]
        clues, known = vectors.matrix_of(texts)
        sims = clues @ keys.T
        sims[~known] = 0.0
        return GUESSES[best_code(code_scores(sims), np.ones(len(CODES), bool), rng)]

    def intercept(self, observation: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The opponents' code whose earlier clues are most similar, on average, to these."""
        vectors = _vectors()
        target = observation["reading"]
        sims = history_scores(
            vectors, current_clues(observation), clue_index(observation, target), "mean"
        )
        return GUESSES[best_code(code_scores(sims), np.ones(len(CODES), bool), rng)]


BOTS: dict[str, Callable[..., Bot]] = {
    "ck": CkBot,
    "baseline": BaselineBot,
    "random": RandomBot,
}
