"""Issue #22 items 6-8: the solvers read ciphertexts as the textbooks do (Playfair solved
at 200 letters, transpositions read without wrap-around, Atbash named Atbash). Fixed
texts and seeds; the shares over many texts are in ``bench/ciphers_crack_auto.py``."""

from __future__ import annotations

import pytest

from cipherkit.ciphers import Atbash, crack_text
from cipherkit.ciphers.samples import make_texts


@pytest.mark.parametrize("letters", [30, 120])
def test_crack_auto_names_atbash(letters: int) -> None:
    """It named Atbash "affine a=25, b=25" (the same cipher, but not its name)."""
    text = make_texts(1, letters, seed=8, whole_words=True)[0]
    result = crack_text(Atbash().encrypt(text))
    assert (result.cipher, result.key, result.plaintext) == ("atbash", None, text)
    assert result.cipher_value == Atbash()
    assert result.summary_text().startswith("cipher:    atbash\nkey:       (no key)")
