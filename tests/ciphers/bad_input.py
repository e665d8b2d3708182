"""The two tests every lesson module's bad input gets: one clear sentence, and that
sentence in Russian. A test module lists its ``BAD`` cases (a call, and words its
English sentence holds) and takes both tests::

    test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian = bad_input_tests(BAD)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import speaking

Case = tuple[Callable[[], Any], str]


def bad_input_tests(bad: Sequence[Case]) -> tuple[Any, Any]:
    """The two tests of ``bad``'s cases (module docs)."""
    ids = [words for _call, words in bad]

    @pytest.mark.parametrize(("call", "words"), bad, ids=ids)
    def test_bad_input_is_one_clear_sentence(call: Callable[[], Any], words: str) -> None:
        with pytest.raises(CipherkitError) as caught:
            call()
        assert words in str(caught.value)
        assert "\n" not in str(caught.value)

    @pytest.mark.parametrize(("call", "words"), bad, ids=ids)
    def test_bad_input_reads_in_russian(call: Callable[[], Any], words: str) -> None:
        with pytest.raises(CipherkitError) as caught:
            call()
        with speaking("ru"):
            said = str(caught.value)
        assert words not in said and any("а" <= c <= "я" for c in said.lower()), said

    return test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian
