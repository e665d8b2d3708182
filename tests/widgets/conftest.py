"""Each widget test starts with no live widget: the leak checks read the synced state
of every widget in the kernel, so a table left open by an earlier test (whose cards may
be anything) must not be read as this test's leak."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import ipywidgets
import pytest


@pytest.fixture(autouse=True)
def no_widgets_left_open() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        ipywidgets.Widget.close_all()
    yield
