"""Waiting for a condition in a page that forbids ``eval``.

Playwright's ``page.wait_for_function`` evaluates its predicate with ``eval`` inside the
page, which the pages' Content Security Policy refuses (no ``'unsafe-eval'``, as it
should). :func:`wait_for_js` polls with ``page.evaluate`` instead, which runs through the
DevTools protocol and so needs no ``eval`` in the page.
"""

from __future__ import annotations

import time
from typing import Any

DEFAULT_TIMEOUT_MS = 60_000
"""As long as tests/browser/conftest.py's UI_TIMEOUT_MS."""

POLL_MS = 25


def wait_for_js(
    page: Any, expression: str, *, arg: Any = None, timeout: float = DEFAULT_TIMEOUT_MS
) -> Any:
    """Evaluate ``expression`` (a JavaScript expression, or a function of ``arg``) in
    ``page`` until it is truthy, and return that value; raise ``TimeoutError`` after
    ``timeout`` milliseconds."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() >= deadline:
            raise TimeoutError(f"not true within {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(POLL_MS)
