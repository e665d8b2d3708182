"""Word-level English models for solvers, scoring many candidate plaintexts at once.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.wordmodel``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

import numpy as np

from cipherkit.ciphers.stats import UNKNOWN_LETTER, english
from cipherkit.ciphers.text import letter_codes
from cipherkit.ciphers.wordprefix import PrefixIndex, prefix_index

__all__ = [
    "BREAK_CUT",
    "CUT_END",
    "CUT_START",
    "ENDINGS",
    "END_CUT",
    "END_WORD",
    "INFLECTED",
    "MAX_WORD",
    "WordModel",
    "pack",
    "word_model",
]

MAX_WORD = 14
"""Longest dictionary word the models look up."""
CUT_END = -1.0
"""log10 cost of reading the text's last piece as the start of a longer word (a text is
often cut off at a letter count)."""
CUT_START = -3.0
"""log10 cost of reading the text's first piece as the end of a longer word (a text
mostly starts at a word's start)."""
END_CUT = -0.1
"""With the last piece scored in context: log10 cost of the text ending inside a word."""
END_WORD = -0.7
"""With the last piece scored in context: log10 cost of the text ending with a whole
word (a text cut at a letter count mostly ends inside one)."""
BREAK_CUT = -4.0
"""log10 cost of reading the first or the last word of a text with word breaks kept as
part of a longer word (such texts are seldom cut inside a word)."""
PAIR_STEP = 1 / 32
"""Quantum of the stored word-pair log10 probabilities (``english_word_pairs.npz``)."""
ENDINGS = ("S", "ES", "ED", "ING")
"""Endings an unknown word may be read with, as a dictionary word + ending."""
INFLECTED = -2.5
"""log10 cost of reading an unknown word as a dictionary word + an ending."""


def pack(codes: np.ndarray) -> np.ndarray:
    """Pack the last axis of letter codes (0..25) into one ``uint64`` per row.

    >>> int(pack(np.array([0, 1]))) == 1 * 27 + 2
    True
    """
    codes = np.asarray(codes)
    out = np.zeros(codes.shape[:-1], dtype=np.uint64)
    for k in range(codes.shape[-1]):
        out = out * np.uint64(27) + (codes[..., k].astype(np.uint64) + np.uint64(1))
    return out


Table = dict[int, tuple[np.ndarray, np.ndarray]]
"""Per length: sorted packed keys and their values."""


def _word_codes(words: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Letter codes of ``words`` (rows, padded with 0 to the longest) and their lengths."""
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    flat = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).astype(np.int64) - 65
    codes = np.zeros((len(words), int(lengths.max(initial=1))), dtype=np.int64)
    rows = np.repeat(np.arange(len(words)), lengths)
    cols = np.arange(len(flat)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    codes[rows, cols] = flat
    return codes, lengths


def _table(codes: np.ndarray, lengths: np.ndarray, values: np.ndarray) -> Table:
    """Per length: the sorted distinct packed words (rows of ``codes``, ``lengths``
    letters each) with the value of each one's first row."""
    out: Table = {}
    for length in np.unique(lengths).tolist():
        sel = np.flatnonzero(lengths == length)
        uniq, first = np.unique(pack(codes[sel, :length]), return_index=True)
        out[int(length)] = (uniq, values[sel[first]])
    return out


def _affix_table(
    codes: np.ndarray, lengths: np.ndarray, counts: np.ndarray, *, ends: bool
) -> Table:
    """Per length k: every run of k letters that starts a word (``ends``: that ends
    one), packed and sorted, with the total count of those words."""
    out: Table = {}
    for k in range(1, codes.shape[1] + 1):
        has = np.flatnonzero(lengths >= k)
        cols = (lengths[has, None] - k if ends else 0) + np.arange(k)[None, :]
        keys, inverse = np.unique(pack(codes[has[:, None], cols]), return_inverse=True)
        out[k] = (keys, np.bincount(inverse, weights=counts[has]))
    return out


def _lookup(table: Table, length: int, packed: np.ndarray) -> np.ndarray:
    """Values of packed words of one length (``-inf`` where not in the table)."""
    got = table.get(length)
    if got is None:
        return np.full(packed.shape, -np.inf)
    keys, vals = got
    idx = np.minimum(np.searchsorted(keys, packed), len(keys) - 1)
    return np.where(keys[idx] == packed, vals[idx], -np.inf)


def _find(
    keys: np.ndarray, wanted: np.ndarray, where: np.ndarray | bool
) -> tuple[np.ndarray, np.ndarray]:
    """Positions of ``wanted`` in the sorted ``keys`` and whether each is there (only
    where ``where``)."""
    idx = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    return idx, where & (keys[idx] == wanted)


@dataclass(frozen=True, eq=False)
class WordModel:
    """Word, word-start, word-end, word-pair and word-triple log10 probabilities as
    packed or sorted tables.

    Examples
    --------
    >>> from cipherkit.ciphers.text import letter_codes
    >>> model = word_model()
    >>> rows = np.stack([letter_codes("MEETMEATNOON"), letter_codes("NEETNEATMOOM")])
    >>> good, bad = model.segment_scores(rows)
    >>> bool(good > bad)
    True
    >>> they = np.stack([letter_codes("THEYSAWADOOR"), letter_codes("THEYWASADOOR")])
    >>> saw, was = model.sentence_scores(they, [4, 3, 1, 4])
    >>> bool(saw > was)
    True
    """

    words: Table
    """log10 probability of each dictionary word, by length."""
    ids: Table
    """Line number of each dictionary word (its id), by length."""
    prefixes: Table
    """log10 probability that a word starts with these letters."""
    suffixes: Table
    """log10 probability that a word ends with these letters."""
    word_lp: np.ndarray
    """log10 probability of each word id."""
    pair_keys: np.ndarray
    """Sorted ``first * n_words + second`` of the known word pairs."""
    pair_lp: np.ndarray
    """log10 P(second | first) of those pairs."""
    backoff: np.ndarray
    """Per first word: the log10 back-off weight of a pair not in the list
    (log10 P(second | first) = backoff[first] + log10 P(second))."""
    pair_backoff: np.ndarray
    """Per listed pair: the log10 back-off weight of a triple it starts that is not
    listed (log10 P(third | first second) = pair_backoff + log10 P(third | second))."""
    triple_keys: np.ndarray
    """Sorted ``(first * n_words + second) * n_words + third`` of the listed triples."""
    triple_lp: np.ndarray
    """log10 P(third | first second) of those triples."""

    @cached_property
    def prefix_index(self) -> PrefixIndex:
        """The words that start with given letters, after a given word (built on first
        use; see :mod:`.wordprefix`)."""
        codes, lengths = _word_codes(english().words)
        return prefix_index(
            codes, lengths, self.word_lp, self.pair_keys, self.pair_lp, self.backoff
        )

    def segment_scores(
        self, plains: np.ndarray, *, trigrams: bool = True, end_context: bool = False
    ) -> np.ndarray:
        """log10 probability of the best split of each row (letter codes) into words.

        The split is the best under the word-bigram model (:meth:`pair_values`); letters
        no word covers cost :data:`~cipherkit.ciphers.stats.UNKNOWN_LETTER` each, and a
        word after one (or first) is scored alone. Dynamic programming over all rows at
        once: the state is the last piece. With ``trigrams`` the chosen split is then
        scored under word trigrams as :meth:`sentence_scores` scores words (each word
        given the two before it), else its bigram score is returned.

        With ``end_context`` (for a text cut at a letter count) a cut-off last piece is
        scored by how likely the next word starts so after the piece before it
        (:meth:`.PrefixIndex.given`, word pairs with back-off), at :data:`END_CUT`,
        and a whole last word costs :data:`END_WORD`; else by how likely a word
        starts so, at :data:`CUT_END`.

        >>> from cipherkit.ciphers.text import letter_codes
        >>> model = word_model()
        >>> rows = np.stack([letter_codes("ANDARRIVESBEF"), letter_codes("ANDARRIVESWEB")])
        >>> bef, web = model.segment_scores(rows, end_context=True)
        >>> bool(bef > web)  # "and arrives bef(ore)"
        True
        """
        plains = np.atleast_2d(plains)
        back, word, final, final_at, final_opt = self._viterbi(
            plains, paths=trigrams, end_context=end_context
        )
        if not trigrams:
            return final
        return final + self._trigram_gain(self._path_words(back, word, final_at, final_opt))

    def _viterbi(
        self, plains: np.ndarray, *, paths: bool, end_context: bool = False
    ) -> tuple[np.ndarray, ...]:
        """The bigram dynamic programme of :meth:`segment_scores`. Returns the option of
        the piece before each state (positions x options x rows; filled only with
        ``paths``), the word ids (rows x positions x options: the id of the word of that
        many letters ending there, or -1), and per row the best score, the end of the
        split's last whole piece and that piece's option."""
        rows, n = plains.shape
        top = min(MAX_WORD, n)
        cut = top + 1  # option of the piece ending at i: 0 one unknown letter,
        options = top + 2  # 1..top a word of that many letters, cut: a cut-off word end
        word = np.full((rows, n + 1, options), -1, dtype=np.int64)
        cut_value = np.full((rows, n + 1), -np.inf)
        packed = np.zeros((rows, n), dtype=np.uint64)
        for length in range(1, top + 1):
            packed = packed[:, : n - length + 1] * np.uint64(27) + (
                plains[:, length - 1 :].astype(np.uint64) + np.uint64(1)
            )
            found = _lookup(self.ids, length, packed)
            word[:, length:, length] = np.where(np.isfinite(found), found, -1).astype(np.int64)
            if length < top:
                cut_value[:, length] = CUT_START + _lookup(self.suffixes, length, packed[:, 0])
        # positions lead and rows come last: a piece's predecessors are a slice of ``best``
        single = np.where(word >= 0, self.word_lp[word], -np.inf).transpose(1, 2, 0).copy()
        backoff = np.where(word >= 0, self.backoff[word], 0.0).transpose(1, 2, 0).copy()
        ends, k, prev_k, r, value = self._listed_pairs(word)
        bounds = np.searchsorted(ends, np.arange(n + 2))
        best = np.full((n + 1, options, rows), -np.inf)
        best[0, 0] = 0.0
        back = np.full((n + 1, options, rows), -1, dtype=np.int64)
        # before[p]: the best score standing at p with the next word's pair unlisted
        # (after a word its back-off weight, after anything else nothing), and its option
        before = np.full((n + 1, rows), -np.inf)
        before[0] = 0.0
        before_opt = np.full((n + 1, rows), -1, dtype=np.int64)
        steps = np.arange(1, top + 1)
        every = np.arange(rows)
        for end in range(1, n + 1):
            size = min(top, end)
            best[end, 1 : size + 1] = single[end, 1 : size + 1] + before[end - size : end][::-1]
            if end < top:
                best[end, cut] = cut_value[:, end]
            a, b = bounds[end], bounds[end + 1]
            if b > a:  # words whose pair with the word before them is listed
                listed = best[end - k[a:b], prev_k[a:b], r[a:b]] + value[a:b]
                np.maximum.at(best[end], (k[a:b], r[a:b]), listed)
            came = best[end - 1].argmax(axis=0)
            best[end, 0] = best[end - 1, came, every] + UNKNOWN_LETTER
            after_word = best[end, 1 : top + 1] + backoff[end, 1 : top + 1]
            pick = after_word.argmax(axis=0)
            stand, stand_opt = after_word[pick, every], steps[pick]
            for opt in (0, cut):
                wins = best[end, opt] > stand
                stand = np.where(wins, best[end, opt], stand)
                stand_opt = np.where(wins, opt, stand_opt)
            before[end] = stand
            if paths:
                back[end, 0] = came
                back[end, 1 : size + 1] = before_opt[end - size : end][::-1]
                if b > a:
                    won = listed >= best[end, k[a:b], r[a:b]]
                    back[end, k[a:b][won], r[a:b][won]] = prev_k[a:b][won]
                before_opt[end] = stand_opt
        last = best[n]
        if end_context:  # a text cut at a letter count seldom ends with a whole word
            last = last.copy()
            last[1 : top + 1] += END_WORD
        final = last.max(axis=0)
        final_at = np.full(rows, n, dtype=np.int64)
        final_opt = last.argmax(axis=0)
        for length in range(1, top):  # ... and the text may stop inside a word
            if end_context:  # given the piece before it
                tails = self.prefix_index.given(word[:, n - length], plains[:, n - length :])
                with_tail = best[n - length].T + END_CUT + tails
                came = with_tail.argmax(axis=1)
                here = with_tail[every, came]
            else:
                tail = CUT_END + _lookup(self.prefixes, length, pack(plains[:, n - length :]))
                here = best[n - length].max(axis=0) + tail
                came = best[n - length].argmax(axis=0)
            better = here > final
            final = np.where(better, here, final)
            final_at = np.where(better, n - length, final_at)
            final_opt = np.where(better, came, final_opt)
        return back, word, final, final_at, final_opt

    @staticmethod
    def _path_words(
        back: np.ndarray, word: np.ndarray, at: np.ndarray, opt: np.ndarray
    ) -> np.ndarray:
        """The pieces of each row's split, last first (pieces x rows), followed back
        from the end of its last whole piece (``at``, option ``opt``) through ``back``
        (see :meth:`_viterbi`): word ids, -1 for a piece that is no word and after the
        split's first piece."""
        cut = back.shape[1] - 1
        rows = np.arange(back.shape[2])
        at, opt = at.copy(), opt.copy()
        out = []
        while (at > 0).any():
            live = at > 0
            out.append(np.where(live & (opt >= 1) & (opt < cut), word[rows, at, opt], -1))
            prev = back[at, opt, rows]
            at = np.where(live, at - np.where(opt == 0, 1, np.where(opt == cut, at, opt)), 0)
            opt = np.where(live, prev, 0)
        return np.asarray(out, dtype=np.int64).reshape(-1, len(rows))

    def _trigram_gain(self, path: np.ndarray) -> np.ndarray:
        """Per row: what scoring each word of a split (``path``, as
        :meth:`_path_words` makes it) given the two words before it adds to scoring it
        given the one before (the trigram's value, else the pair's back-off weight)."""
        n = len(self.word_lp)
        third, second, first = path[:-2], path[1:-1], path[2:]
        ok = (first >= 0) & (second >= 0) & (third >= 0)
        s, r = np.nonzero(ok)
        gain = np.zeros(path.shape[1])
        if not len(s):
            return gain
        w1, w2, w3 = first[s, r], second[s, r], third[s, r]
        history, history_hit = _find(self.pair_keys, w1 * n + w2, True)
        pair_value = self.pair_values(w2[:, None], w3)[:, 0]
        value = self._given_two(pair_value, history, history_hit, w1, w2, w3, True)
        np.add.at(gain, r, value - pair_value)
        return gain

    def _given_two(
        self,
        value: np.ndarray,
        history: np.ndarray,
        history_hit: np.ndarray,
        first: np.ndarray,
        second: np.ndarray,
        third: np.ndarray,
        where: np.ndarray | bool,
    ) -> np.ndarray:
        """log10 P(third | first second) from ``value`` = log10 P(third | second) and the
        lookup of the pair (first, second) in :attr:`pair_keys` (``history``, where it
        was found): the listed triple's value where that is more, else ``value`` plus the
        pair's back-off weight (nothing for an unlisted pair). Triples are looked up only
        ``where`` (and where ``first`` is a word)."""
        value = value + np.where(history_hit, self.pair_backoff[history], 0.0)
        n = len(self.word_lp)
        wanted = (first * n + second) * n + third
        triple, hit = _find(self.triple_keys, wanted, where & (first >= 0))
        return np.where(hit, np.maximum(self.triple_lp[triple], value), value)

    def pair_values(self, prev: np.ndarray, cur: np.ndarray) -> np.ndarray:
        """log10 P(cur | prev) of word ids ``cur`` (m) after each of ``prev`` (m x k;
        -1: no word, then P(cur) alone): back-off (``backoff[prev]`` + P(cur)), or the
        listed pair's value where that is more.

        >>> model = word_model()
        >>> the, mayor, opened = (model.word_id(w) for w in ("THE", "MAYOR", "OPENED"))
        >>> after = model.pair_values(np.array([[the, -1]]), np.array([mayor]))[0]
        >>> bool(after[0] > after[1])  # "the mayor" is likelier than "mayor" alone
        True
        """
        single = self.word_lp[cur][:, None]
        out = np.broadcast_to(single, prev.shape).copy()
        m, j = np.nonzero(prev >= 0)
        left = prev[m, j]
        idx, hit = _find(self.pair_keys, left * len(self.word_lp) + cur[m], True)
        backed = self.backoff[left] + single[m, 0]
        out[m, j] = np.where(hit, np.maximum(backed, self.pair_lp[idx]), backed)
        return out

    def word_id(self, word: str) -> int:
        """The id of a dictionary word (upper case), or -1."""
        found = (
            _lookup(self.ids, len(word), pack(letter_codes(word)))
            if len(word) <= MAX_WORD
            else -np.inf
        )
        return int(found) if np.isfinite(found) else -1

    def _listed_pairs(self, word: np.ndarray) -> tuple[np.ndarray, ...]:
        """Of ``word`` (rows x positions x options: the id of the word of that many letters
        ending there, or -1), every word whose pair with a word just before it is
        listed: its end, its option, the option of the word before, its row and the
        pair's log10 probability, sorted by end."""
        r, i, k = np.nonzero(word >= 0)
        prev = word[r, i - k, 1:]
        m, j = np.nonzero(prev >= 0)
        idx, hit = _find(
            self.pair_keys, prev[m, j] * len(self.word_lp) + word[r[m], i[m], k[m]], True
        )
        hit = np.flatnonzero(hit)
        m, j, idx = m[hit], j[hit], idx[hit]
        order = np.argsort(i[m], kind="stable")
        m, j, idx = m[order], j[order], idx[order]
        return i[m], k[m], j + 1, r[m], self.pair_lp[idx]

    def sentence_scores(self, plains: np.ndarray, lengths: list[int]) -> np.ndarray:
        """log10 probability of each row read as words of the given ``lengths`` (in
        order), under word trigrams with back-off to pairs (:meth:`pair_values`) and
        single words; unknown words cost :data:`~cipherkit.ciphers.stats.UNKNOWN_LETTER`
        a letter. The first and last word may also be the end or the start of a longer
        word (cut off, at :data:`BREAK_CUT`).

        >>> from cipherkit.ciphers.text import letter_codes
        >>> model = word_model()
        >>> rows = np.stack([letter_codes("ONTHEBACKOF"), letter_codes("ONTHELACKOF")])
        >>> back, lack = model.sentence_scores(rows, [2, 3, 4, 2])
        >>> bool(back > lack)  # "on the back of": the words before "back" count too
        True
        """
        plains = np.atleast_2d(plains)
        rows = plains.shape[0]
        total = np.zeros(rows)
        n = len(self.word_lp)
        prev2 = np.full(rows, -1, dtype=np.int64)
        prev = np.full(rows, -1, dtype=np.int64)
        # the listed pair (prev2, prev), found one word earlier as (prev, word)
        history, history_hit = np.zeros(rows, dtype=np.int64), np.zeros(rows, dtype=bool)
        at = 0
        last = len(lengths) - 1
        for k, length in enumerate(lengths):
            packed = pack(plains[:, at : at + length])
            at += length
            if length > MAX_WORD:
                total += UNKNOWN_LETTER * length
                prev2[:] = prev[:] = -1
                history_hit[:] = False
                continue
            ids = _lookup(self.ids, length, packed)
            known = np.isfinite(ids)
            wid = np.where(known, ids, 0).astype(np.int64)
            single = np.where(known, self.word_lp[wid], UNKNOWN_LETTER * length)
            if not known.all():
                single = np.maximum(single, self._inflected(plains[:, at - length : at]))
            if k == 0 or k == last:
                table = self.suffixes if k == 0 else self.prefixes
                if length < MAX_WORD:
                    single = np.maximum(single, BREAK_CUT + _lookup(table, length, packed))
            pair, pair_hit = _find(self.pair_keys, prev * n + wid, known & (prev >= 0))
            backed = single + np.where(known & (prev >= 0), self.backoff[prev], 0.0)
            value = np.where(pair_hit, np.maximum(self.pair_lp[pair], backed), backed)
            # ... and the word two before
            total += self._given_two(value, history, history_hit, prev2, prev, wid, known)
            prev2, prev = np.where(known, prev, -1), np.where(known, wid, -1)
            history, history_hit = pair, pair_hit
        return total

    def _inflected(self, words: np.ndarray) -> np.ndarray:
        """Value of each row (letter codes of one word) read as a dictionary word plus
        an ending of :data:`ENDINGS` (``-inf`` where none fits)."""
        rows, length = words.shape
        out = np.full(rows, -np.inf)
        for ending in ENDINGS:
            stem = length - len(ending)
            if stem < 3:
                continue
            tail = np.asarray([ord(ch) - 65 for ch in ending])
            fits = (words[:, stem:] == tail).all(axis=1)
            if fits.any():
                lp = _lookup(self.words, stem, pack(words[:, :stem]))
                out = np.maximum(out, np.where(fits, lp + INFLECTED, -np.inf))
        return out


@cache
def word_model() -> WordModel:
    """The shipped word model (built once, on first use)."""
    eng = english()
    counts = eng.word_counts
    total = float(counts.sum())
    lp = np.log10(counts / total)
    codes, lengths = _word_codes(eng.words)
    pre = _affix_table(codes, lengths, counts, ends=False)
    suf = _affix_table(codes, lengths, counts, ends=True)
    data = resources.files("cipherkit") / "data"
    with resources.as_file(data / "english_word_pairs.npz") as path, np.load(path) as npz:
        first = npz["first"].astype(np.int64)
        second = npz["second"].astype(np.int64)
        pair_lp = npz["log_prob"].astype(np.float64) * -PAIR_STEP
        pair_backoff = npz["pair_backoff"].astype(np.float64)
        backoff = npz["backoff"].astype(np.float64)
    n = len(eng.words)
    pair_keys = first * n + second  # sorted by first, then second
    with resources.as_file(data / "english_word_triples.npz") as path, np.load(path) as npz:
        triple_keys = (npz["first"].astype(np.int64) * n + npz["second"]) * n + npz["third"]
        triple_lp = npz["log_prob"].astype(np.float64) * -PAIR_STEP
    return WordModel(
        words=_table(codes, lengths, lp),
        ids=_table(codes, lengths, np.arange(len(lp), dtype=np.float64)),
        prefixes={k: (key, np.log10(v / total)) for k, (key, v) in pre.items()},
        suffixes={k: (key, np.log10(v / total)) for k, (key, v) in suf.items()},
        word_lp=lp,
        pair_keys=pair_keys,
        pair_lp=pair_lp,
        backoff=backoff,
        pair_backoff=pair_backoff,
        triple_keys=triple_keys,
        triple_lp=triple_lp,
    )
