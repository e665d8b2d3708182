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

import copy
import io
import re
from collections.abc import Callable, Collection
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError

__all__ = [
    "YAMLError",
    "as_list",
    "as_mapping",
    "dump_doc",
    "edit_sections",
    "load_doc",
    "plain_data",
]

MAX_CACHED = 8
"""The most edited parts whose documents a draft keeps."""
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
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
    old = plain_data(before)
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
        # (``old`` is plain data and ``doc`` ruamel's: they compare as dicts and lists)
        parts.append(old_blocks[str(key)] if same else new_blocks[str(key)])
    spliced = "".join(parts)
    if plain_data(spliced) != plain_data(fresh):  # a last guard: the same data, or the plain dump
        return fresh
    return spliced


def edit_sections(
    text: str,
    keys: Collection[str],
    edit: Callable[[Any], None],
    docs: dict[str, Any] | None = None,
) -> str | None:
    """``text`` with ``edit`` applied to a document of only its top-level sections
    ``keys`` (a new key goes at the end); loading and writing a part of the file is
    faster than the whole. None when the file's sections cannot be told apart (then
    edit the whole document). ``docs`` keeps the documents of parts already edited
    (by their text) so that the next edit copies one instead of parsing its text again.

    >>> text = "id: x  # kept\\nmap: {rooms: {}}\\nseed: 1\\n"
    >>> print(edit_sections(text, {"map", "card"}, lambda d: d.update(card={"text": []})))
    id: x  # kept
    map: {rooms: {}}
    seed: 1
    card:
      text: []
    <BLANKLINE>
    """
    header, blocks, order = _sections(text)
    whole = plain_data(text)
    if not isinstance(whole, dict) or [str(k) for k in whole] != order:
        return None
    if len(set(order)) != len(order):
        return None
    part = "".join(blocks[k] for k in order if k in keys)
    cached = docs.get(part) if docs is not None else None
    try:
        doc = (
            copy.deepcopy(cached)
            if cached is not None
            else load_doc(part)
            if part.strip()
            else None
        )
    except YAMLError:
        return None
    if doc is None:
        doc = CommentedMap()
    if not isinstance(doc, dict):
        return None
    if docs is not None and cached is None:
        docs[part] = copy.deepcopy(doc)  # kept for an edit of this text after an undo
    edit(doc)
    written = dump_doc(doc, part) if part.strip() else _dump(doc)
    _, new_blocks, new_order = _sections(written)
    if new_order != [str(k) for k in doc] or not set(new_order) <= set(keys):
        return None
    parts = [header]
    for key in order:
        if key not in keys:
            parts.append(blocks[key])
        elif key in new_blocks:
            parts.append(new_blocks[key])
    parts += [new_blocks[k] for k in new_order if k not in order]
    for i in range(len(parts) - 1):  # a section that was the last, with no final newline
        if parts[i] and not parts[i].endswith("\n"):
            parts[i] += "\n"
    result = "".join(parts)
    expected = {k: v for k, v in whole.items() if k not in keys} | (plain_data(written) or {})
    if plain_data(result) != expected:
        return None
    if docs is not None:
        _, new_parts, new_keys = _sections(result)
        docs["".join(new_parts[k] for k in new_keys if k in keys)] = doc
        while len(docs) > MAX_CACHED:
            del docs[next(iter(docs))]
    return result


def plain_data(text: str) -> Any:
    """The plain data of ``text`` (libyaml when present: fast), or None.

    >>> plain_data("a: [1, 2]"), plain_data("a: [")
    ({'a': [1, 2]}, None)
    """
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError:
        return None


def as_mapping(value: Any) -> dict[str, Any]:
    """``value`` if it is a mapping, else an empty one (a draft being typed may hold
    anything where a section belongs).

    >>> as_mapping({"a": 1}), as_mapping([1]), as_mapping(None)
    ({'a': 1}, {}, {})
    """
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty one.

    >>> as_list([1]), as_list("ab")
    ([1], [])
    """
    return value if isinstance(value, list) else []
