"""Fixtures for the mission drawing tests (cipherkit.games.mission.art)."""

from __future__ import annotations

import pytest
from art_helpers import SIGNAL_BOX

from cipherkit.games.mission import Mission, load


@pytest.fixture(scope="module")
def mission() -> Mission:
    """The shipped Signal Box mission, loaded once per test module."""
    return load(SIGNAL_BOX)
