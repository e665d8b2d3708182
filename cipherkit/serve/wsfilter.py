"""The websocket filter: what a page may send its kernel.

Design notes: ``docs/serve.md``, ``cipherkit.serve.wsfilter``.

Examples
--------
>>> "execute_request" in ALLOWED_MESSAGE_TYPES, "comm_msg" in ALLOWED_MESSAGE_TYPES
(False, True)
>>> PAGE_MESSAGE_TYPES < set(ALLOWED_MESSAGE_TYPES), "shutdown_request" in PAGE_MESSAGE_TYPES
(True, False)
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from tornado import web
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from cipherkit.rooms.limits import STAMP
from cipherkit.serve.errors import PlainErrors
from cipherkit.serve.handlers import kernel_of, visitor

__all__ = [
    "ALLOWED_MESSAGE_TYPES",
    "CONTROL_TARGET",
    "MAX_CONTROL_COMMS",
    "PAGE_MESSAGE_TYPES",
    "V1_PROTOCOL",
    "PageKernelWebsocketHandler",
    "Verdict",
    "judge",
    "judge_frame",
    "parse_frame",
    "stamp_frame",
]

ALLOWED_MESSAGE_TYPES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",
)
"""What Voila 0.5 itself lets a browser send over the kernel websocket (its hard-coded
``allowed_message_types``; Jupyter Server drops every other type)."""
PAGE_MESSAGE_TYPES = frozenset(
    {"comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request"}
)
"""What a page may send its kernel (the websocket handler refuses everything else)."""
CONTROL_TARGET = "jupyter.widget.control"
"""The one comm target a page may open: the widget manager's state requests."""
MAX_CONTROL_COMMS = 4
"""Control comms one socket may hold open at once."""
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The binary websocket protocol of Jupyter Server (a frame names its channel)."""


@dataclass(frozen=True)
class Verdict:
    """What the filter says of one message: ``refused`` (why) or passed, and what passing
    it changes: a control comm it ``opens`` or ``closes``, a ``state_request`` (its
    message id) whose reply will show the page the widgets' comms."""

    refused: str | None = None
    opens: str | None = None
    closes: str | None = None
    state_request: str | None = None


def parse_frame(
    ws_message: Any, *, binary_protocol: bool = False
) -> tuple[str | None, dict[str, Any], dict[str, Any]]:
    """A websocket frame as (channel, header, content); raises on anything malformed.

    >>> frame = '{"channel": "shell", "header": {"msg_type": "kernel_info_request"}}'
    >>> parse_frame(frame)
    ('shell', {'msg_type': 'kernel_info_request'}, {})
    """
    if binary_protocol:
        if not isinstance(ws_message, bytes):
            raise ValueError("text frame on a binary protocol")
        channel, parts = deserialize_msg_from_ws_v1(ws_message)
        header = json.loads(parts[0])
        content = json.loads(parts[3]) if len(parts) > 3 else {}
        return channel, header, content
    if isinstance(ws_message, bytes):
        msg = deserialize_binary_message(ws_message)
    else:
        msg = json.loads(ws_message)
    if not isinstance(msg, dict):
        raise ValueError("not a message")
    return msg.get("channel"), msg.get("header") or {}, msg.get("content") or {}


def judge(
    channel: Any,
    header: Any,
    content: Any,
    *,
    control: Collection[str] = (),
    known: Collection[str] = (),
    max_control: int = MAX_CONTROL_COMMS,
) -> Verdict:
    """Whether a page may send this message to its kernel, given the control comms the
    socket has open (``control``) and the comms the kernel has shown it (``known``).

    >>> judge("shell", {"msg_type": "execute_request"}, {"code": "1"}).refused
    "a 'execute_request' message"
    >>> judge("shell", {"msg_type": "comm_open"},
    ...       {"comm_id": "c1", "target_name": CONTROL_TARGET}).opens
    'c1'
    >>> judge("shell", {"msg_type": "comm_msg"}, {"comm_id": "w1", "data": {}}, known={"w1"})
    Verdict(refused=None, opens=None, closes=None, state_request=None)
    """
    if not isinstance(header, dict) or not isinstance(content, dict):
        return Verdict("a malformed message")
    msg_type = header.get("msg_type")
    if channel not in (None, "shell"):
        return Verdict(f"a message on the {str(channel)[:20]!r} channel")
    if msg_type not in PAGE_MESSAGE_TYPES:
        return Verdict(f"a {str(msg_type)[:40]!r} message")
    comm_id = content.get("comm_id")
    proper_id = isinstance(comm_id, str) and 0 < len(comm_id) <= 100
    if msg_type in ("comm_open", "comm_close", "comm_msg") and not proper_id:
        return Verdict("a comm message without a proper comm id")
    if msg_type == "comm_open":
        if content.get("target_name") != CONTROL_TARGET:
            return Verdict(f"a comm_open of {str(content.get('target_name'))[:40]!r}")
        if len(control) >= max_control:
            return Verdict("too many widget control comms open")
        return Verdict(opens=comm_id)
    if msg_type == "comm_close":
        if comm_id not in control:
            return Verdict("a comm_close of a comm the page did not open")
        return Verdict(closes=comm_id)
    if msg_type == "comm_msg" and comm_id in control:
        data = content.get("data")
        if not isinstance(data, dict) or data.get("method") != "request_states":
            return Verdict("a control message other than request_states")
        msg_id = header.get("msg_id")
        return Verdict(state_request=msg_id if isinstance(msg_id, str) else None)
    if msg_type == "comm_msg" and comm_id not in known:
        return Verdict("a message to a comm the kernel has not shown")
    return Verdict()


def judge_frame(
    ws_message: Any,
    *,
    binary_protocol: bool = False,
    control: Collection[str] = (),
    known: Collection[str] = (),
    max_control: int = MAX_CONTROL_COMMS,
) -> Verdict:
    """:func:`judge` of a raw websocket frame (a frame that does not parse is refused).

    >>> judge_frame("not json").refused
    'a malformed message'
    """
    try:
        channel, header, content = parse_frame(ws_message, binary_protocol=binary_protocol)
    except Exception:
        return Verdict("a malformed message")
    return judge(channel, header, content, control=control, known=known, max_control=max_control)


def stamp_frame(ws_message: Any, client: str, *, binary_protocol: bool = False) -> Any:
    """The frame with ``client`` in its message's metadata under
    :data:`~cipherkit.rooms.limits.STAMP`, whatever the browser put there (metadata that
    is not an object becomes one); raises on a frame that does not parse.

    >>> frame = '{"header": {}, "metadata": {"cipherkit_client": "forged"}, "content": {}}'
    >>> json.loads(stamp_frame(frame, "c:abc"))["metadata"]
    {'cipherkit_client': 'c:abc'}
    >>> channel, parts = deserialize_msg_from_ws_v1(
    ...     stamp_frame(serialize_msg_to_ws_v1([b"{}", b"{}", b"[1]", b"{}"], "shell"),
    ...                 "a:10.0.0.7", binary_protocol=True))
    >>> channel, json.loads(parts[2])
    ('shell', {'cipherkit_client': 'a:10.0.0.7'})
    """

    def stamped(metadata: Any) -> dict[str, Any]:
        return {**(metadata if isinstance(metadata, dict) else {}), STAMP: client}

    if binary_protocol:
        channel, parts = deserialize_msg_from_ws_v1(ws_message)
        if len(parts) < 4:
            raise ValueError("a message of fewer than four parts")
        parts[2] = json.dumps(stamped(json.loads(parts[2]))).encode()
        return serialize_msg_to_ws_v1(parts, channel)
    if isinstance(ws_message, bytes):
        msg = deserialize_binary_message(ws_message)
        msg["metadata"] = stamped(msg.get("metadata"))
        return serialize_binary_message(msg)
    msg = json.loads(ws_message)
    msg["metadata"] = stamped(msg.get("metadata"))
    return json.dumps(msg)


class PageKernelWebsocketHandler(PlainErrors, VoilaKernelWebsocketHandler):
    """A page's kernel websocket, named by the page key, with what the page may send
    filtered (:func:`judge_frame`) and stamped with the socket's client
    (:func:`stamp_frame`, :func:`~cipherkit.serve.handlers.visitor`: the widgets count
    wrong codes against it). At most ``max_sockets_per_kernel`` at once per kernel; a
    socket that keeps sending refused messages is closed."""

    MAX_CONTROL_COMMS = MAX_CONTROL_COMMS
    MAX_REFUSALS = 100

    _page_kernel: str | None = None
    _visitor = "a:unknown"

    @ws_authenticated
    async def get(self, kernel_id: str) -> None:
        real = kernel_of(self, kernel_id)
        channels = self.kernel_manager.channels
        sockets = channels.sockets[real]
        if len(sockets) >= self.kernel_manager.max_sockets_per_kernel:
            raise web.HTTPError(429, "too many sockets on one page's kernel")
        short = self.kernel_manager.short_of_handles()
        if short is not None:
            raise web.HTTPError(503, f"the server is short of {short}")
        self._page_kernel = real
        self._visitor = visitor(self)
        self._control: set[str] = set()
        self._refusals = 0
        sockets.add(self)
        try:
            await super().get(kernel_id=real)
        finally:
            sockets.discard(self)
            if not sockets:
                channels.sockets.pop(real, None)

    def on_message(self, ws_message: Any) -> None:
        connection = getattr(self, "connection", None)
        comms = self.kernel_manager.channels.comms[str(self._page_kernel)]
        binary = connection is not None and connection.subprotocol == V1_PROTOCOL
        verdict = judge_frame(
            ws_message,
            binary_protocol=binary,
            control=self._control,
            known=comms.known,
            max_control=self.MAX_CONTROL_COMMS,
        )
        stamped = None
        if verdict.refused is None:
            try:  # (a v1 frame's metadata is read here first)
                stamped = stamp_frame(ws_message, self._visitor, binary_protocol=binary)
            except Exception:
                verdict = Verdict("a malformed message")
        if verdict.refused is not None:
            self._refusals += 1
            log = self.log.warning if self._refusals <= 3 else self.log.debug
            log("Refused from a page of kernel %s: %s", self._page_kernel, verdict.refused)
            if self._refusals > self.MAX_REFUSALS:
                self.close(1008, "too many refused messages")
            return
        if verdict.opens:
            self._control.add(verdict.opens)
        if verdict.closes:
            self._control.discard(verdict.closes)
        if verdict.state_request:
            comms.state_requests.append(verdict.state_request)
        super().on_message(stamped)

    def on_close(self) -> None:
        connection = getattr(self, "connection", None)
        if connection is not None:
            shell = connection.channels.get("shell")
            for comm_id in getattr(self, "_control", ()):
                try:  # the control comms this page left open: none piles up in the kernel
                    connection.session.send(shell, "comm_close", {"comm_id": comm_id, "data": {}})
                except Exception:
                    break
        super().on_close()
