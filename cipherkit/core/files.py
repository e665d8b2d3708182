"""Reading files people name on the command line, safely.

A path given by a person may be a directory, a device (``/dev/zero``), a FIFO that never
ends, or a file of gigabytes. :func:`read_limited` checks what the path is and how big it
is *before* reading, never blocks on a FIFO, and reads at most the limit, so a bad path
costs nothing and gets a one-line :class:`~cipherkit.core.errors.CipherkitError`.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import Message, nsay, say

__all__ = ["describe_size", "read_limited", "read_stream_limited"]


def describe_size(size: int) -> Message:
    """``14 bytes``, ``2.5 MB``: a message, in words where it is shown.

    >>> str(describe_size(14)), str(describe_size(2_500_000))
    ('14 bytes', '2.5 MB')
    """
    if size < 1_000_000:
        return nsay("{n} byte", "{n} bytes", size)
    return say("{size:.1f} MB", size=size / 1_000_000)


def read_limited(path: str | os.PathLike[str], *, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, refusing anything else or anything
    larger than ``max_bytes`` before reading it.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as handle:
    ...     _ = handle.write(b"attack at dawn")
    >>> read_limited(handle.name, max_bytes=100)
    b'attack at dawn'
    >>> read_limited(handle.name, max_bytes=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: ...: the file is too large (14 bytes; at most 5 bytes)
    >>> read_limited("/dev/zero", max_bytes=100)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: /dev/zero: not a regular file
    >>> os.unlink(handle.name)
    """
    name = os.fspath(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not hang; it is refused below.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise CipherkitError.say("{name}: is a directory", name=name) from None
    except FileNotFoundError:
        raise CipherkitError.say("{name}: no such file", name=name) from None
    except OSError as exc:
        raise CipherkitError.say(
            "{name}: cannot read: {reason}", name=name, reason=exc.strerror
        ) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise CipherkitError.say("{name}: is a directory", name=name)
        if not stat.S_ISREG(info.st_mode):
            raise CipherkitError.say("{name}: not a regular file", name=name)
        if info.st_size > max_bytes:
            raise CipherkitError.say(
                "{name}: the file is too large ({size}; at most {most})",
                name=name,
                size=describe_size(info.st_size),
                most=describe_size(max_bytes),
            )
        with os.fdopen(os.dup(fd), "rb") as handle:
            return read_stream_limited(handle, max_bytes=max_bytes, name=name)
    except OSError as exc:
        raise CipherkitError.say(
            "{name}: cannot read: {reason}", name=name, reason=exc.strerror
        ) from None
    finally:
        os.close(fd)


def read_stream_limited(stream: BinaryIO, *, max_bytes: int, name: str) -> bytes:
    """At most ``max_bytes`` from a stream (a file that grew, standard input); more is
    an error rather than a memory hog."""
    blob = stream.read(max_bytes + 1)
    if len(blob) > max_bytes:
        raise CipherkitError.say(
            "{name}: too large (more than {most})", name=name, most=describe_size(max_bytes)
        )
    return blob
