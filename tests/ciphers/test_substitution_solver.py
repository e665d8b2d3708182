"""The substitution solver and its word model (issue #9)."""

from __future__ import annotations

import numpy as np

from cipherkit.ciphers import Substitution, letters_only, solve_substitution
from cipherkit.ciphers.samples import make_texts
from cipherkit.ciphers.solvers import pattern_attack
from cipherkit.ciphers.stats import segment_score
from cipherkit.ciphers.substitution_solver import KeyScore, _double_swaps, _moves, climb
from cipherkit.ciphers.text import letter_codes, words_of
from cipherkit.ciphers.wordmodel import pack, word_model


def _rows(*texts: str) -> np.ndarray:
    return np.stack([letter_codes(t) for t in texts])


def test_pack_is_exact_and_by_length() -> None:
    a, b = pack(_rows("ABC", "ABD"))
    assert a != b
    assert int(pack(letter_codes("A"))) == 1
    # 13 letters still fit exactly; 14 wrap but stay deterministic
    long = _rows("ZZZZZZZZZZZZZ", "ZZZZZZZZZZZZY")
    assert len(set(pack(long).tolist())) == 2


def test_segmentation_agrees_with_the_slow_one_on_its_choice() -> None:
    model = word_model()
    good, bad = model.segment_scores(_rows("MEETMEATNOON", "NEETNEATMOOM"))
    assert good > bad
    assert segment_score("MEETMEATNOON") > segment_score("NEETNEATMOOM")


def test_cut_off_words_at_the_end_are_read_as_word_starts() -> None:
    model = word_model()
    cut, junk = model.segment_scores(_rows("THEMESSENGERRODETODELIVE", "THEMESSENGERRODETODELIKQ"))
    assert cut > junk
    # the end of a cut-off word costs about what a whole word does, not unknown letters
    whole = model.segment_scores(_rows("THEMESSENGERRODETODELIVER"))[0]
    assert whole - cut < 10


def test_word_pairs_prefer_the_usual_phrase() -> None:
    model = word_model()
    saw, was = model.sentence_scores(_rows("THEYSAWADOOR", "THEYWASADOOR"), [4, 3, 1, 4])
    assert saw > was
    near, year = model.sentence_scores(
        _rows("SOLDNEARTHEHARBOUR", "SOLDYEARTHEHARBOUR"), [4, 4, 3, 7]
    )
    assert near > year


def test_unknown_inflections_of_known_words_are_cheaper_than_junk() -> None:
    model = word_model()
    # "camels" is not in the 20,000-word list, "camel" is
    camels, cavqls = model.sentence_scores(_rows("WITHCAMELS", "WITHCAVQLS"), [4, 6])
    assert camels > cavqls


def test_sentence_scores_batch_equals_one_at_a_time() -> None:
    model = word_model()
    rows = _rows("THEOLDMILL", "THEODDMILL", "XQZKJWVBNM")
    lengths = [3, 3, 4]
    together = model.sentence_scores(rows, lengths)
    alone = [model.sentence_scores(r[None], lengths)[0] for r in rows]
    assert np.allclose(together, alone)
    seg = model.segment_scores(rows)
    assert np.allclose(seg, [model.segment_scores(r[None])[0] for r in rows])


def test_climb_never_lowers_the_score() -> None:
    text = make_texts(1, 60, seed=41)[0]
    c = letter_codes(Substitution.random(3).encrypt(text))
    present = np.flatnonzero(np.bincount(c, minlength=26))
    scorer = KeyScore(c, None, 3.0)
    start = np.random.default_rng(0).permutation(26)
    before = float(scorer.full(start[None])[0])
    after, key = climb(start, scorer, _moves(present))
    assert after >= before
    assert np.isclose(after, float(scorer.full(key[None])[0]))
    assert sorted(key.tolist()) == list(range(26))


def test_key_score_inside_words_skips_boundary_quadgrams() -> None:
    c = letter_codes("THEYSAWADOOR")
    with_breaks = KeyScore(c, [4, 3, 1, 4], 5.0)
    assert with_breaks.inside is not None
    assert with_breaks.inside.tolist() == [0, 8]  # THEY and DOOR only
    assert KeyScore(c, None, 3.0).inside is None


def test_substitution_solves_fixed_texts_without_breaks() -> None:
    texts = make_texts(2, 90, seed=43)
    for i, text in enumerate(texts):
        secret = Substitution.random(50 + i).encrypt(text)
        assert solve_substitution(secret, seed=i).plaintext == text


def test_substitution_solves_fixed_texts_with_breaks() -> None:
    texts = make_texts(2, 45, seed=44, whole_words=True)
    for i, text in enumerate(texts):
        secret = Substitution.random(60 + i).encrypt(text)
        sol = solve_substitution(secret, seed=i)
        assert sol.plaintext == letters_only(text)
        assert sol.cipher.decrypt(secret).replace(" ", "") == letters_only(text)


def test_solver_is_repeatable_and_accepts_the_workbench_arguments() -> None:
    secret = Substitution.random(9).encrypt(make_texts(1, 70, seed=45)[0])
    a = solve_substitution(secret, seed=2, chains=24, steps=600)
    b = solve_substitution(secret, seed=2, chains=24, steps=600)
    assert a == b


def test_pattern_attack_reads_words() -> None:
    secret = Substitution.random(12).encrypt("the village knew why the baker closed his shop")
    key = pattern_attack(words_of(secret))
    assert key is not None and sorted(key.tolist()) == list(range(26))


def test_word_model_affix_tables_sum_the_words_they_start_and_end() -> None:
    model = word_model()

    def value(table: dict[int, tuple[np.ndarray, np.ndarray]], text: str) -> float:
        keys, values = table[len(text)]
        return float(values[np.searchsorted(keys, pack(letter_codes(text)))])

    the = value(model.words, "THE")
    # "THE" starts and ends "THE" and more words, so the affixes are at least as likely
    assert value(model.prefixes, "THE") > the
    assert value(model.suffixes, "THE") > the
    assert value(model.suffixes, "ING") > value(model.words, "THING")


def test_texts_with_breaks_seldom_end_inside_a_word() -> None:
    model = word_model()
    lengths = [3, 5, 4]
    whole, cut = model.sentence_scores(_rows("THESTORMCAME", "THESTORMCOUL"), lengths)
    assert whole > cut + 2


def test_rare_dictionary_words_are_known() -> None:
    model = word_model()
    galloped = model.sentence_scores(_rows("HORSESGALLOPED"), [6, 8])[0]
    junk = model.sentence_scores(_rows("HORSESGALLOVED"), [6, 8])[0]
    assert galloped > junk + 5


def _best_split_by_hand(model, text: str) -> float:
    """Every reading of ``text`` as pieces, scored piece by piece as the word model
    describes (a dictionary word after a word by its pair value, else alone; an unknown
    single letter; a cut-off word end first; a cut-off word start last): the best."""
    import itertools
    from functools import cache

    from cipherkit.ciphers.stats import UNKNOWN_LETTER
    from cipherkit.ciphers.wordmodel import CUT_END, CUT_START, _lookup

    @cache
    def look(table: str, piece: str) -> float:
        return float(_lookup(getattr(model, table), len(piece), pack(letter_codes(piece))))

    @cache
    def pair(prev: int, wid: int) -> float:
        return float(model.pair_values(np.array([[prev]]), np.array([wid]))[0, 0])

    n, best = len(text), -np.inf
    for mask in range(2 ** (n - 1)):
        cuts = [0] + [i + 1 for i in range(n - 1) if mask >> i & 1] + [n]
        pieces = [text[a:b] for a, b in itertools.pairwise(cuts)]
        readings = []
        for k, piece in enumerate(pieces):
            options = []
            if np.isfinite(look("ids", piece)):
                options.append(("word", int(look("ids", piece))))
            if len(piece) == 1:
                options.append(("unknown", -1))
            if k == 0 and len(pieces) > 1 and np.isfinite(look("suffixes", piece)):
                options.append(("end", -1))
            if k == len(pieces) - 1 and k > 0 and np.isfinite(look("prefixes", piece)):
                options.append(("start", -1))
            readings.append(options)
        for reading in itertools.product(*readings):
            total, prev = 0.0, -1
            for piece, (kind, wid) in zip(pieces, reading, strict=True):
                if kind == "word":
                    total += pair(prev, wid)
                elif kind == "unknown":
                    total += UNKNOWN_LETTER
                elif kind == "end":
                    total += CUT_START + look("suffixes", piece)
                else:
                    total += CUT_END + look("prefixes", piece)
                prev = wid
            best = max(best, total)
    return best


def test_segmentation_is_the_best_split_under_word_pairs() -> None:
    model = word_model()
    texts = ["THEIRONGATE", "MEETMEATNOON", "INGTHEMQXQ", "EDTHEBOXQ", "ATHICKFOG"]
    got = model.segment_scores(_rows(*texts[:1]), trigrams=False)  # one row alone ...
    assert np.isclose(got[0], _best_split_by_hand(model, texts[0]))
    for text in texts[1:]:  # ... and rows of one length together
        got = model.segment_scores(_rows(text), trigrams=False)[0]
        assert np.isclose(got, _best_split_by_hand(model, text))


def test_segmentation_scores_its_split_by_word_triples() -> None:
    model = word_model()
    rows = _rows("INTHESANDNEARTHEPIER", "INTHEWANDNEARTHEPIER", "THEIRONGATE" + "X" * 9)
    sand, wand, _gate = model.segment_scores(rows)
    # the split chosen by pairs, scored as the same words with breaks kept are scored
    lengths = [2, 3, 4, 4, 3, 4]
    assert np.allclose([sand, wand], model.sentence_scores(rows[:2], lengths))
    assert sand > wand
    # by pairs alone "wand near" wins: the model lists that pair, not "sand near"
    by_pairs = model.segment_scores(rows, trigrams=False)
    assert by_pairs[1] > by_pairs[0]
    # each row of a batch follows its own split back (the third ends in unknown letters)
    alone = [model.segment_scores(row[None])[0] for row in rows]
    assert np.allclose(model.segment_scores(rows), alone)


def test_word_pairs_choose_the_split() -> None:
    model = word_model()
    # "the iron gate" wins only when the pairs choose the split: by single words alone
    # "their on" is the better reading of THEIRON
    gate, mate = model.segment_scores(
        _rows("NOBODYCOULDOPENTHEIRONGATEATTHEEND", "NOBODYCOULDOPENTHEIRONMATEATTHEEND")
    )
    assert gate > mate


def test_the_last_climb_mends_two_wrong_letters_at_once() -> None:
    # a 40-letter dev text whose runs ended on "...CAMELSANDPERULITTLE..." before the
    # last climb tried two swaps at once: neither swap alone raises the score
    plain = "CROSSEDTHEDESERTWITHCAMELSANDVERYLITTLEW"
    c = letter_codes(plain)
    scorer = KeyScore.of(c, None)
    moves = _moves(np.flatnonzero(np.bincount(c, minlength=26)))
    wrong = np.arange(26)
    for a, b in (("V", "P"), ("Y", "U")):
        i, j = ord(a) - 65, ord(b) - 65
        wrong[[i, j]] = wrong[[j, i]]
    _, stuck = climb(wrong, scorer, moves)
    assert "".join(chr(65 + int(x)) for x in stuck[c]) != plain
    _, mended = climb(wrong, scorer, moves, doubles=_double_swaps(moves[0]))
    assert "".join(chr(65 + int(x)) for x in mended[c]) == plain
