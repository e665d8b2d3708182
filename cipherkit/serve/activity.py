"""A kernel's activity read from its messages' headers alone.

jupyter_server watches every kernel's IOPub messages to know when it was last busy (the
idle culler's clock) and its execution state. It checked each message's signature and
read its dates first, a twentieth of a page load's server CPU on a lesson whose figures
travel as large messages. The watch needs only the header's kind and the parent's kind,
so :func:`activity_recorder` reads those two frames (and a status message's content);
the messages a page shows are still checked in full by the client that shows them.

>>> import json
>>> from types import SimpleNamespace
>>> kernel = SimpleNamespace(execution_state="starting", last_activity=None)
>>> manager = SimpleNamespace(track_message_type=lambda kind: kind == "execute_request")
>>> record = activity_recorder(manager, kernel)
>>> frames = [b"<IDS|MSG>", b"sig", json.dumps({"msg_type": "status"}).encode(),
...           json.dumps({"msg_type": "execute_request"}).encode(), b"{}",
...           json.dumps({"execution_state": "busy"}).encode()]
>>> record(frames)
>>> kernel.execution_state, kernel.last_activity is not None
('busy', True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from jupyter_server._tz import utcnow

__all__ = ["activity_recorder"]

DELIM = b"<IDS|MSG>"


def _frame(value: Any) -> Any:
    return json.loads(bytes(getattr(value, "bytes", value)))


def activity_recorder(manager: Any, kernel: Any) -> Callable[[list[Any]], None]:
    """What jupyter_server's ``record_activity`` does for ``kernel``'s IOPub messages
    (``MappingKernelManager.start_watching_activity``), from the headers alone."""

    def record(msg_list: list[Any]) -> None:
        at = next(
            (i + 1 for i, f in enumerate(msg_list) if bytes(getattr(f, "bytes", f)) == DELIM), 0
        )
        try:
            header = _frame(msg_list[at + 1])
            parent = _frame(msg_list[at + 2]) or {}
        except (ValueError, IndexError, TypeError):
            return  # not a message: nothing to record
        msg_type = header.get("msg_type") if isinstance(header, dict) else None
        parent_type = parent.get("msg_type") if isinstance(parent, dict) else None
        if (
            manager.track_message_type(msg_type)
            or manager.track_message_type(parent_type)
            or kernel.execution_state == "busy"
        ):
            manager.last_kernel_activity = kernel.last_activity = utcnow()
        if msg_type != "status":
            return
        try:
            state = _frame(msg_list[at + 4])["execution_state"]
        except (ValueError, IndexError, TypeError, KeyError):
            return
        if manager.track_message_type(parent_type):
            kernel.execution_state = state
        elif kernel.execution_state == "starting" and state != "starting":
            kernel.execution_state = "idle"  # as jupyter_server normalizes it

    return record
