"""Fixtures for the glyph and drawing tests."""

from __future__ import annotations

import pytest

from tests.glyphs.helpers import MISSIONS


@pytest.fixture(scope="session")
def missions():
    from cipherkit.games.mission import load

    assert MISSIONS, "the shipped missions/ folder is missing"
    return [load(p) for p in MISSIONS]
