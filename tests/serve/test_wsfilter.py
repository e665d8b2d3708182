"""The websocket filter as a pure function (:mod:`cipherkit.serve.wsfilter`): what a
page may send its kernel and what it may not, on every frame format Jupyter Server
accepts (JSON text, the legacy binary framing, the v1 binary protocol). The browser suite
checks the same through a real server (``tests/browser/test_hardening.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.base import (
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)

from cipherkit.serve.wsfilter import (
    ALLOWED_MESSAGE_TYPES,
    CONTROL_TARGET,
    MAX_CONTROL_COMMS,
    PAGE_MESSAGE_TYPES,
    Verdict,
    judge,
    judge_frame,
    parse_frame,
)


def message(msg_type: str, content: dict[str, Any] | None = None, **header: Any) -> dict[str, Any]:
    """A kernel message as a page's frontend sends it."""
    return {
        "channel": "shell",
        "header": {"msg_type": msg_type, "msg_id": "m1", **header},
        "parent_header": {},
        "metadata": {},
        "content": content or {},
        "buffers": [],
    }


def text(msg: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in msg.items() if k != "buffers"})


def v1(msg: dict[str, Any], channel: str = "shell") -> bytes:
    return serialize_msg_to_ws_v1(msg, channel, pack=lambda part: json.dumps(part).encode())


OPEN_CONTROL = {"comm_id": "c1", "target_name": CONTROL_TARGET, "data": {}}
REQUEST_STATES = {"comm_id": "c1", "data": {"method": "request_states"}}


@pytest.mark.parametrize(
    ("msg", "control", "known", "expected"),
    [
        (message("kernel_info_request"), (), (), Verdict()),
        (message("comm_info_request", {"target_name": CONTROL_TARGET}), (), (), Verdict()),
        (message("comm_open", OPEN_CONTROL), (), (), Verdict(opens="c1")),
        (message("comm_close", {"comm_id": "c1"}), {"c1"}, (), Verdict(closes="c1")),
        (message("comm_msg", REQUEST_STATES), {"c1"}, (), Verdict(state_request="m1")),
        (
            message("comm_msg", {"comm_id": "w1", "data": {"method": "update"}}),
            (),
            {"w1"},
            Verdict(),
        ),
    ],
    ids=[
        "kernel-info",
        "comm-info",
        "open-control",
        "close-own-control",
        "request-states",
        "widget",
    ],
)
def test_what_a_page_needs_passes(
    msg: dict[str, Any], control: Any, known: Any, expected: Verdict
) -> None:
    assert judge("shell", msg["header"], msg["content"], control=control, known=known) == expected
    for frame, binary in (
        (text(msg), False),
        (serialize_binary_message(msg), False),
        (v1(msg), True),
    ):
        assert judge_frame(frame, binary_protocol=binary, control=control, known=known) == expected


REFUSED = [
    (message("execute_request", {"code": "import os"}), (), (), "'execute_request' message"),
    (message("shutdown_request", {"restart": False}), (), (), "'shutdown_request' message"),
    (message("interrupt_request"), (), (), "'interrupt_request' message"),
    (message("debug_request"), (), (), "'debug_request' message"),
    (message("comm_open", {"comm_id": "w9", "target_name": "jupyter.widget"}), (), (), "comm_open"),
    (message("comm_open", {"comm_id": "x", "target_name": "anything"}), (), (), "comm_open"),
    (
        message("comm_open", {**OPEN_CONTROL, "comm_id": "c5"}),
        {f"c{i}" for i in range(MAX_CONTROL_COMMS)},
        (),
        "too many widget control comms",
    ),
    (message("comm_close", {"comm_id": "w1"}), (), {"w1"}, "did not open"),
    (
        message("comm_msg", {"comm_id": "c1", "data": {"method": "update"}}),
        {"c1"},
        (),
        "other than",
    ),
    (message("comm_msg", {"comm_id": "w2", "data": {}}), (), {"w1"}, "has not shown"),
    (message("comm_msg", {"data": {}}), (), (), "without a proper comm id"),
    (message("comm_msg", {"comm_id": 7, "data": {}}), (), (), "without a proper comm id"),
    (message("comm_msg", {"comm_id": "x" * 101, "data": {}}), (), {"x" * 101}, "proper comm id"),
]


@pytest.mark.parametrize(("msg", "control", "known", "why"), REFUSED)
def test_everything_else_is_refused(
    msg: dict[str, Any], control: Any, known: Any, why: str
) -> None:
    verdict = judge("shell", msg["header"], msg["content"], control=control, known=known)
    assert verdict.refused is not None and why in verdict.refused
    assert (verdict.opens, verdict.closes, verdict.state_request) == (None, None, None)
    assert judge_frame(v1(msg), binary_protocol=True, control=control, known=known) == verdict


@pytest.mark.parametrize("channel", ["control", "iopub", "stdin", "hb"])
def test_only_the_shell_channel_is_open_to_a_page(channel: str) -> None:
    msg = message("kernel_info_request")
    verdict = judge_frame(v1(msg, channel), binary_protocol=True)
    assert verdict.refused == f"a message on the {channel!r} channel"
    assert judge_frame(json.dumps({**msg, "channel": channel, "buffers": None})).refused


@pytest.mark.parametrize(
    ("frame", "binary"),
    [
        ("not json", False),
        ("[1, 2]", False),
        ('{"header": ["kernel_info_request"], "content": {}}', False),
        ('{"header": {"msg_type": "kernel_info_request"}, "content": "x"}', False),
        (text(message("kernel_info_request")), True),  # a text frame on the binary protocol
        (b"\x01\x00", True),
        (b"\x00", False),
    ],
)
def test_malformed_frames_are_refused(frame: Any, binary: bool) -> None:
    assert judge_frame(frame, binary_protocol=binary).refused == "a malformed message"


def test_a_frame_parses_to_its_channel_header_and_content() -> None:
    msg = message("comm_msg", REQUEST_STATES)
    for frame, binary in (
        (text(msg), False),
        (serialize_binary_message(msg), False),
        (v1(msg), True),
    ):
        assert parse_frame(frame, binary_protocol=binary) == (
            "shell",
            msg["header"],
            REQUEST_STATES,
        )


def test_a_page_may_send_less_than_voila_allows() -> None:
    assert set(ALLOWED_MESSAGE_TYPES) - {"shutdown_request"} == PAGE_MESSAGE_TYPES


@pytest.mark.parametrize("binary", ["json", "legacy", "v1"])
def test_every_passed_frame_is_stamped_with_the_sockets_client(binary: str) -> None:
    """The server writes the socket's client over whatever the page put in the metadata
    (issue 44 point 3): a forged stamp, a metadata that is not an object, or none."""
    from jupyter_server.services.kernels.connection.base import (
        deserialize_binary_message,
        deserialize_msg_from_ws_v1,
    )

    from cipherkit.rooms.limits import STAMP
    from cipherkit.serve.wsfilter import stamp_frame

    for metadata in ({STAMP: "c:forged", "other": 1}, [STAMP], None):
        msg = message("comm_msg", {"comm_id": "w1", "data": {"method": "custom"}})
        msg["metadata"] = metadata
        if binary == "v1":
            parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header")]
            parts += [json.dumps(msg["metadata"]).encode(), json.dumps(msg["content"]).encode()]
            out = stamp_frame(serialize_msg_to_ws_v1(parts, "shell"), "c:jar", binary_protocol=True)
            channel, got = deserialize_msg_from_ws_v1(out)
            assert channel == "shell" and json.loads(got[3]) == msg["content"]
            stamped = json.loads(got[2])
        elif binary == "legacy":
            out = stamp_frame(serialize_binary_message(msg), "c:jar")
            back = deserialize_binary_message(out)
            assert back["content"] == msg["content"]
            stamped = back["metadata"]
        else:
            out = stamp_frame(json.dumps(msg), "c:jar")
            back = json.loads(out)
            assert back["content"] == msg["content"] and back["header"] == msg["header"]
            stamped = back["metadata"]
        assert stamped[STAMP] == "c:jar"
        assert stamped == (
            {STAMP: "c:jar", "other": 1} if isinstance(metadata, dict) else {STAMP: "c:jar"}
        )
        assert judge_frame(out, binary_protocol=binary == "v1", known={"w1"}).refused is None


def test_a_frame_whose_metadata_does_not_parse_is_not_stamped() -> None:
    """A v1 frame the judge passes (it reads the header and content) but whose metadata
    is not JSON: stamping raises, and the handler refuses it as malformed."""
    from cipherkit.serve.wsfilter import stamp_frame

    header = json.dumps({"msg_type": "kernel_info_request"}).encode()
    frame = serialize_msg_to_ws_v1([header, b"{}", b"not json", b"{}"], "shell")
    assert judge_frame(frame, binary_protocol=True).refused is None
    with pytest.raises(ValueError):
        stamp_frame(frame, "c:jar", binary_protocol=True)
