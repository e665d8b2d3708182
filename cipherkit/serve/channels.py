"""What the server knows of each page kernel's channels: the page's open websockets, and
the comms the kernel has shown the page (the only ones the websocket filter lets a page
message). The kernel manager owns one :class:`PageChannels`; a kernel's entries go
with it."""

from __future__ import annotations

import collections
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

__all__ = ["KernelComms", "PageChannels"]


@dataclass
class KernelComms:
    """The comms of one kernel a page may message: learnt from what the kernel sends
    (a widget's ``comm_open``, the ids in a ``request_states`` reply or a
    ``comm_info_reply``), whichever socket of the page it went to.

    >>> comms = KernelComms()
    >>> comms.learn(["a", 7, "b"])
    >>> sorted(comms.known)
    ['a', 'b']
    """

    known: set[str] = field(default_factory=set)
    state_requests: collections.deque[str] = field(
        default_factory=lambda: collections.deque(maxlen=32)
    )

    MAX: ClassVar[int] = 10_000

    def learn(self, ids: Iterable[Any]) -> None:
        """Note these comm ids as shown to the page (strings only, at most :attr:`MAX`)."""
        for comm_id in ids:
            if isinstance(comm_id, str) and len(self.known) < self.MAX:
                self.known.add(comm_id)


@dataclass
class PageChannels:
    """Each page kernel's open websockets and :class:`KernelComms`.

    >>> channels = PageChannels()
    >>> channels.sockets["k1"].add("a socket")
    >>> channels.comms["k1"].learn(["c1"])
    >>> channels.forget("k1"), dict(channels.comms)
    ({'a socket'}, {})
    """

    sockets: collections.defaultdict[str, set[Any]] = field(
        default_factory=lambda: collections.defaultdict(set)
    )
    comms: collections.defaultdict[str, KernelComms] = field(
        default_factory=lambda: collections.defaultdict(KernelComms)
    )

    def forget(self, kernel_id: str) -> set[Any]:
        """Drop a kernel that has ended; return its page's sockets (still to close)."""
        self.comms.pop(kernel_id, None)
        return self.sockets.pop(kernel_id, set())
