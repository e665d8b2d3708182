"""Round-trip YAML for the studio: load a mission file's text as a ruamel.yaml document
and write an edited document back, keeping the text of every top-level section the
edit did not change byte for byte (comments, layout, line breaks in flow lists).

Examples
--------
>>> text = "# a mission\\nid: x   # kept\\npool: [a,\\n       b]\\nmap: {rooms: {}}\\n"
>>> doc = load_doc(text)
>>> dump_doc(doc, text) == text
True
>>> doc["id"] = "y"
>>> print(dump_doc(doc, text), end="")
# a mission
id: y   # kept
pool: [a,
       b]
map: {rooms: {}}
"""

from __future__ import annotations

import io
import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

__all__ = ["YAMLError", "dump_doc", "load_doc"]

_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)")


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # no re-wrapping: sections left alone keep their own breaks
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.add_representer(
        type(None), lambda rep, _: rep.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    return yaml


def load_doc(text: str) -> Any:
    """The round-trip document of ``text`` (``YAMLError`` if it does not parse)."""
    return _yaml().load(text)


def _dump(doc: Any) -> str:
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


def _sections(text: str) -> tuple[str, dict[str, str], list[str]]:
    """The header (lines before the first top-level key), each top-level key's lines
    (up to the next key) and the keys in order."""
    lines = text.splitlines(keepends=True)
    header: list[str] = []
    blocks: dict[str, list[str]] = {}
    order: list[str] = []
    current: list[str] = header
    for line in lines:
        match = _TOP_KEY.match(line)
        if match:
            current = blocks.setdefault(match.group(1), [])
            order.append(match.group(1))
        current.append(line)
    return "".join(header), {k: "".join(v) for k, v in blocks.items()}, order


def dump_doc(doc: Any, before: str) -> str:
    """The text of ``doc``: each top-level section whose value equals its value in
    ``before`` keeps ``before``'s text; the rest is written by ruamel.yaml."""
    fresh = _dump(doc)
    if not isinstance(doc, dict):
        return fresh
    try:
        old = load_doc(before)
    except YAMLError:
        return fresh
    if not isinstance(old, dict):
        return fresh
    header, old_blocks, old_order = _sections(before)
    _, new_blocks, new_order = _sections(fresh)
    keys = [str(k) for k in doc]
    if new_order != keys or old_order != [str(k) for k in old] or len(set(keys)) != len(keys):
        return fresh
    parts = [header]
    for key in doc:
        same = key in old and old[key] == doc[key] and str(key) in old_blocks
        parts.append(old_blocks[str(key)] if same else new_blocks[str(key)])
    spliced = "".join(parts)
    try:
        if load_doc(spliced) != doc:
            return fresh
    except YAMLError:
        return fresh
    return spliced
