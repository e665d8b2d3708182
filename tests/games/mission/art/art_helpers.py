"""Shared helpers for the mission drawing tests: the shipped Signal Box mission and a
small PDF reader (objects, Flate streams, each font's ToUnicode map, the text shown by
``Tj``), since no PDF library is installed."""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
SIGNAL_BOX = ROOT / "missions" / "02-signal-box.yaml"


# ------------------------------------------------------------------ a small PDF reader
@dataclass
class Page:
    size: tuple[float, float]
    text: list[str]
    content: bytes
    xobjects: bytes


class Pdf:
    def __init__(self, data: bytes) -> None:
        assert data.startswith(b"%PDF-")
        self.data = data
        self.objects = {
            int(m.group(1)): m.group(2) for m in re.finditer(rb"(\d+) 0 obj(.*?)endobj", data, re.S)
        }

    def stream(self, number: int) -> bytes:
        body = self.objects[number]
        head, _, rest = body.partition(b"stream")
        raw = rest.lstrip(b"\r\n").rsplit(b"endstream", 1)[0]
        return zlib.decompress(raw) if b"FlateDecode" in head else raw

    def ref(self, body: bytes, key: bytes) -> int | None:
        m = re.search(rb"/" + key + rb"\s+(\d+) 0 R", body)
        return int(m.group(1)) if m else None

    def to_unicode(self, font: int) -> dict[bytes, str]:
        cmap = self.stream(self.ref(self.objects[font], b"ToUnicode") or -1)
        out: dict[bytes, str] = {}
        for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
            for code, uni in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                out[bytes.fromhex(code.decode())] = bytes.fromhex(uni.decode()).decode("utf-16-be")
        return out

    def pages(self) -> list[Page]:
        found = []
        for body in self.objects.values():
            if not re.search(rb"/Type /Page\b(?!s)", body):
                continue
            media = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", body)
            if media is None:  # inherited from the page tree
                media = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", self.data)
            assert media is not None
            resources = self.objects[self.ref(body, b"Resources") or -1]
            fonts = dict(re.findall(rb"/(F\d+) (\d+) 0 R", resources))
            maps = {name: self.to_unicode(int(num)) for name, num in fonts.items()}
            content = self.stream(self.ref(body, b"Contents") or -1)
            found.append(
                Page(
                    (float(media.group(1)), float(media.group(2))),
                    _shown_text(content, maps),
                    content,
                    re.search(rb"/XObject\s*<<(.*?)>>", resources, re.S).group(1)
                    if b"/XObject" in resources
                    else b"",
                )
            )
        return found


def _literal(raw: bytes) -> bytes:
    """A PDF literal string's bytes (the backslash escapes undone)."""
    out, i = bytearray(), 0
    escapes = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
    while i < len(raw):
        ch = raw[i : i + 1]
        if ch == b"\\":
            nxt = raw[i + 1 : i + 2]
            octal = re.match(rb"[0-7]{1,3}", raw[i + 1 : i + 4])
            if octal:
                out.append(int(octal.group(0), 8))
                i += 1 + len(octal.group(0))
                continue
            out += escapes.get(nxt, nxt)
            i += 2
            continue
        out += ch
        i += 1
    return bytes(out)


def _shown_text(content: bytes, maps: dict[bytes, dict[bytes, str]]) -> list[str]:
    runs, font = [], None
    pattern = rb"/(F\d+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\)\s*Tj"
    for m in re.finditer(pattern, content, re.S):
        if m.group(1):
            font = m.group(1)
            continue
        codes = _literal(m.group(2))
        table = maps[font]
        runs.append("".join(table[codes[i : i + 2]] for i in range(0, len(codes), 2)))
    return runs
