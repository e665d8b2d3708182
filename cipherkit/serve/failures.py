"""What a page that cannot start shows: one sentence saying what is wrong and who can fix
it, never a traceback or a server path.

Every spare kernel installs :func:`page_failed` for the exceptions of a page's cells (this
module imports nothing heavy); :func:`readable_failures` rewrites Voila's own line for a
failed cell in the HTML it sends.
"""

from __future__ import annotations

import html
import re
from typing import Any

__all__ = [
    "FAILURE_CLASS",
    "FAILURE_HINT",
    "GENERIC_FAILURE",
    "failure_sentence",
    "page_failed",
    "readable_failures",
]

FAILURE_HINT = "Whoever runs this server can see why in its log."
"""What Voila says after "There was an error when executing cell [n]." (``voila.json``'s
``VoilaExecutor.cell_error_instruction``, in place of its ``--show_tracebacks`` hint)."""
GENERIC_FAILURE = "This page could not start. " + FAILURE_HINT
"""The sentence of a page that failed for a reason no one wrote a sentence for."""
FAILURE_CLASS = "ck-page-failure"
"""The HTML class of the paragraph :func:`page_failed` shows."""
_ABSOLUTE_PATH = re.compile(r"(?<![\w:/])(?:/[\w.@+-]+)+/([\w.@+-]+)")
_VOILA_FAILURE = re.compile(
    r"There was an error when executing cell \[\s*\d*\s*\]\.\s*" + re.escape(FAILURE_HINT)
)


def failure_sentence(exc: BaseException) -> str:
    """What a page that cannot start shows: what is wrong and who can fix it, in one
    sentence, without the server's paths.

    >>> from cipherkit.publish.registry import UnpublishedError
    >>> failure_sentence(UnpublishedError("no published mission 'signal-box'"))
    "This page cannot start: no published mission 'signal-box'. Whoever runs this \
server can fix it (cipherkit publish puts missing pages' missions back)."
    >>> from cipherkit.rooms.errors import StoreError
    >>> failure_sentence(StoreError("no room store at /srv/x/rooms.db (create a room first)"))
    'This page cannot start: no room store at rooms.db (create a room first). Whoever \
runs this server can fix it: cipherkit serve --store must name a store it can reach.'
    >>> from cipherkit.rooms.errors import StoreUnreachable
    >>> failure_sentence(StoreUnreachable("the database is not answering; try again soon"))
    'This page cannot start: the database is not answering; try again soon. If this goes \
on, whoever runs this server can see why in its log.'
    >>> from cipherkit.core.errors import CipherkitError
    >>> failure_sentence(CipherkitError("the page's game is over"))
    "This page cannot start: the page's game is over. Whoever runs this server can see \
why in its log."
    >>> failure_sentence(KeyError("x"))
    'This page could not start. Whoever runs this server can see why in its log.'
    """
    from cipherkit.core.errors import CipherkitError
    from cipherkit.rooms.errors import StoreError, StoreUnreachable

    if not isinstance(exc, CipherkitError):
        return GENERIC_FAILURE
    text = _ABSOLUTE_PATH.sub(r"\1", " ".join(str(exc).split())).rstrip(".")
    if isinstance(exc, StoreUnreachable):  # the store is right, its server is down now
        return (
            f"This page cannot start: {text}. If this goes on, whoever runs this server "
            "can see why in its log."
        )
    if isinstance(exc, StoreError):
        return (
            f"This page cannot start: {text}. Whoever runs this server can fix it: "
            "cipherkit serve --store must name a store it can reach."
        )
    remedy = getattr(exc, "remedy", None)  # an error class may say who can fix it
    if not isinstance(remedy, str):
        remedy = FAILURE_HINT
    return f"This page cannot start: {text}. {remedy}"


def page_failed(
    shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None
) -> list[str]:
    """IPython's handler for an exception in a page's cell (installed in every spare
    kernel): the traceback goes to the server's log only, the page gets
    :func:`failure_sentence` as its output."""
    import sys
    import traceback

    from IPython.display import HTML, display

    traceback.print_exception(etype, value, tb, file=sys.__stderr__)
    sentence = html.escape(failure_sentence(value))
    display(
        HTML(
            f'<p class="{FAILURE_CLASS}" role="alert" style="font: 18px/1.5 system-ui, '
            f"sans-serif; background: #fdecea; color: #8a1c1c; border: 1px solid #e8b4b0; "
            f'border-radius: 8px; padding: 10px 14px">{sentence}</p>'
        )
    )
    return []


def readable_failures(html: str) -> str:
    """Voila's line for a cell that failed, made a plain sentence: removed where the page
    already says why (:func:`page_failed`), else :data:`GENERIC_FAILURE`.

    >>> readable_failures("<pre>There was an error when executing cell [2]. " + FAILURE_HINT)
    '<pre>This page could not start. Whoever runs this server can see why in its log.'
    """
    if FAILURE_HINT not in html:
        return html
    return _VOILA_FAILURE.sub("" if FAILURE_CLASS in html else GENERIC_FAILURE, html)
