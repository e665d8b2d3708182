"""What a kernel sends a page: never an ``error`` message or stderr output (tracebacks,
warnings, server paths); and the comm ids it shows the page are noted for the websocket
filter (:mod:`cipherkit.serve.wsfilter`)."""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["TRACEBACK_MARKS", "GalleryKernelConnection"]

TRACEBACK_MARKS = ("Traceback (most recent call last)", 'File "/')
"""Text that marks a stream message as a traceback, whichever stream it is on."""


class GalleryKernelConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection without ``error`` messages or
    stderr output towards the page (a kernel's warnings and tracebacks, with server
    paths, used to reach every page on the kernel); they are logged, one line each."""

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        try:
            _, parts = self.session.feed_identities(outgoing_msg)
            header = self.session.unpack(parts[1])
            msg_type = header.get("msg_type")
            self._learn_comms(msg_type, parts)
            if msg_type in ("error", "stream"):
                content = self.session.unpack(parts[4])
                text = str(content.get("text", ""))
                if (
                    msg_type == "error"
                    or content.get("name") == "stderr"
                    or any(mark in text for mark in TRACEBACK_MARKS)
                ):
                    first = text.strip().splitlines()[-1:] or [str(content.get("ename", ""))]
                    self.log.debug(
                        "Kernel %s: %s kept from the page (%s)",
                        self.kernel_id,
                        msg_type,
                        first[0][:160],
                    )
                    return
        except Exception:  # not for us to judge: Jupyter Server handles it as before
            pass
        super().handle_outgoing_message(stream, outgoing_msg)

    def _learn_comms(self, msg_type: Any, parts: list[Any]) -> None:
        """Note the comm ids this message shows the page (see
        :class:`~cipherkit.serve.channels.KernelComms`), in the channels the gallery's
        kernel manager keeps."""
        if msg_type not in ("comm_open", "comm_msg", "comm_info_reply"):
            return
        channels = getattr(self.multi_kernel_manager, "channels", None)
        if channels is None:  # not the gallery's manager: no page filter to feed
            return
        comms = channels.comms[self.kernel_id]
        if msg_type == "comm_msg":
            parent = self.session.unpack(parts[2])
            if parent.get("msg_id") not in comms.state_requests:
                return
            data = self.session.unpack(parts[4]).get("data") or {}
            comms.learn((data.get("states") or {}).keys())
            return
        content = self.session.unpack(parts[4])
        if msg_type == "comm_open":
            comms.learn([content.get("comm_id")])
        else:
            comms.learn((content.get("comms") or {}).keys())
