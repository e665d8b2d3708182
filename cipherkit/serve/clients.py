"""Client cookies the server signs, and how fast one address may get new ones: a
``ck_client`` value counts for the page budget only if this server (or one sharing its
secret) issued it; see ``docs/deploy.md`` (limits) for the secret file and the sizes."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import ipaddress
import os
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "SECRET_ENV",
    "SECRET_FILE",
    "CookieSigner",
    "TokenBuckets",
    "real_address",
    "server_secret",
]

SECRET_FILE = "serve-secret"
"""The secret's file name in the per-user data folder (:func:`cipherkit.rooms.data_dir`)."""
SECRET_ENV = "CIPHERKIT_SERVE_SECRET_FILE"
"""A file holding the secret, for several servers behind one address (one file for all)."""


def server_secret(path: str | os.PathLike[str] | None = None) -> bytes:
    """The servers' signing secret: read from ``path`` (else ``$CIPHERKIT_SERVE_SECRET_FILE``,
    else ``serve-secret`` in the per-user data folder), made there (0600) on first use.

    >>> import tempfile, pathlib
    >>> where = pathlib.Path(tempfile.mkdtemp()) / "secret"
    >>> first = server_secret(where)
    >>> len(first), server_secret(where) == first, oct(where.stat().st_mode & 0o777)
    (32, True, '0o600')
    """
    if path is None:
        given = os.environ.get(SECRET_ENV)
        if given:
            path = given
        else:
            from cipherkit.rooms.store import data_dir

            path = data_dir() / SECRET_FILE
    file = Path(path)
    with contextlib.suppress(FileExistsError):
        fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(base64.b64encode(secrets.token_bytes(32)) + b"\n")
    for _ in range(50):  # another server may be writing it this very moment
        text = file.read_bytes().strip()
        if text:
            return hashlib.sha256(b"cipherkit serve secret:" + text).digest()
        time.sleep(0.02)
    raise OSError(f"the server secret file {file.name} is empty")


def _ip(text: str | None) -> str | None:
    """``text`` as a normalised IP address, or ``None`` if it is not one."""
    try:
        return str(ipaddress.ip_address((text or "").strip()))
    except ValueError:
        return None


def real_address(
    peer: str,
    forwarded_for: str | None = None,
    real_ip: str | None = None,
    trusted: Iterable[str] = (),
) -> str:
    """The address a request came from: its ``peer`` (the TCP connection's), unless the
    peer is a trusted proxy (an address or network in ``trusted``, e.g. ``127.0.0.1``
    for nginx on the same machine); then the last address of ``X-Forwarded-For`` (what
    the proxy itself saw: nginx's ``$proxy_add_x_forwarded_for`` appends it), else
    ``X-Real-IP``, else the peer. Headers from any other peer are ignored, so a visitor
    cannot name itself another address.

    >>> real_address("10.0.0.9", "6.6.6.6")  # no trusted proxy: the header is ignored
    '10.0.0.9'
    >>> real_address("127.0.0.1", "6.6.6.6, 192.0.2.7", trusted=["127.0.0.1"])
    '192.0.2.7'
    >>> real_address("10.1.2.3", None, "192.0.2.8", trusted=["10.1.0.0/16"])
    '192.0.2.8'
    >>> real_address("127.0.0.1", "junk", trusted=["127.0.0.1"])
    '127.0.0.1'
    """
    address = _ip(peer)
    if address is None:
        return peer
    here = ipaddress.ip_address(address)
    if not any(here in ipaddress.ip_network(t.strip(), strict=False) for t in trusted):
        return address
    hops = (forwarded_for or "").split(",")
    return _ip(hops[-1]) or _ip(real_ip) or address


@dataclass(frozen=True)
class CookieSigner:
    """Issues ``ck_client`` values (a random id and its HMAC-SHA256) and checks them;
    another ``purpose`` signs other cookies (the teacher's) with the same secret.

    >>> signer = CookieSigner(b"k" * 32)
    >>> value = signer.issue()
    >>> signer.client(value) == value.split(".")[0]
    True
    >>> forged = value[:-1] + ("x" if value[-1] != "x" else "y")  # one character changed
    >>> signer.client("0" * 32), signer.client(forged), signer.client("")
    (None, None, None)
    """

    secret: bytes
    purpose: str = "ck_client"

    def _mac(self, ident: str) -> str:
        message = f"{self.purpose}:{ident}".encode()
        digest = hmac.new(self.secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:18]).decode()

    def issue(self) -> str:
        """A new signed client value."""
        return self.sign(secrets.token_urlsafe(16))

    def sign(self, ident: str) -> str:
        """``ident`` (no dots) with its MAC for this purpose: what :meth:`client` reads."""
        return f"{ident}.{self._mac(ident)}"

    def client(self, value: str | None) -> str | None:
        """The client id of a value this signer issued; ``None`` for anything else."""
        if not value or len(value) > 80 or value.count(".") != 1:
            return None
        ident, mac = value.split(".")
        if not ident or not hmac.compare_digest(mac, self._mac(ident)):
            return None
        return ident


@dataclass
class TokenBuckets:
    """A token bucket per key (a client address): ``burst`` at once, then ``rate`` a
    second. Buckets that have filled up again are forgotten.

    >>> now = [0.0]
    >>> buckets = TokenBuckets(burst=2, rate=1.0, clock=lambda: now[0])
    >>> [buckets.take("a") for _ in range(3)], buckets.take("b")
    ([True, True, False], True)
    >>> buckets.wait("a")
    1
    >>> now[0] = 1.0
    >>> buckets.take("a")
    True
    """

    burst: float
    rate: float
    clock: Any = time.monotonic
    _level: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _now_level(self, key: str) -> float:
        now = self.clock()
        level, since = self._level.get(key, (self.burst, now))
        return min(self.burst, level + (now - since) * self.rate)

    def take(self, key: str) -> bool:
        """Take one token for ``key`` if it has one."""
        level = self._now_level(key)
        if len(self._level) > 10_000:
            self._forget_full()
        if level < 1.0:
            self._level[key] = (level, self.clock())
            return False
        self._level[key] = (level - 1.0, self.clock())
        return True

    def wait(self, key: str) -> int:
        """Whole seconds until ``key`` has a token again (at least 1)."""
        missing = 1.0 - self._now_level(key)
        return max(1, int(missing / self.rate + 0.999)) if self.rate > 0 else 60

    def _forget_full(self) -> None:
        for key in list(self._level):
            if self._now_level(key) >= self.burst:
                del self._level[key]
