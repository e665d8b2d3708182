"""Reading YAML while remembering where every value was written.

Design notes: ``docs/mission-format.md``, ``cipherkit.games.mission.format.yamlio``.

Examples
--------
>>> from cipherkit.games.mission.format.yamlio import read_yaml
>>> data, source, problems = read_yaml("id: demo\\nmap:\\n  rooms:\\n    hall: {}\\n", "m.yaml")
>>> data["map"]["rooms"], source.line(("map", "rooms", "hall")), problems
({'hall': {}}, 4, [])
>>> _, _, problems = read_yaml("id: [1, 2\\n", "bad.yaml")
>>> print(problems[0])  # doctest: +ELLIPSIS
bad.yaml:2: yaml: YAML syntax error: ...
>>> _, _, problems = read_yaml("a: 1\\na: 2\\n", "dup.yaml")
>>> print(problems[0])
dup.yaml:2: a: duplicate key 'a' (the first is on line 1)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

import yaml
import yaml.reader
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cipherkit.core.errors import CipherkitError
from cipherkit.core.files import read_limited
from cipherkit.games.mission.format.problems import ERROR, Path, Problem, format_path
from cipherkit.i18n import N_, Message, say, text

MAX_NODES = 200_000
"""Documents with more values than this (after expanding aliases) are refused."""

MAX_BYTES = 5_000_000


@dataclass
class Source:
    """Where each value of a document came from: a file name and a line per path."""

    file: str = "<mission>"
    lines: dict[Path, int] = field(default_factory=dict)
    raw: dict[Path, str] = field(default_factory=dict)
    """The scalar text as written, for values whose parsed form loses detail (``042``)."""

    def line(self, path: Path) -> int | None:
        """The line of ``path`` or of its nearest ancestor that has one."""
        path = tuple(path)
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]

    def problem(self, path: Path, message: str | Message, severity: str = ERROR) -> Problem:
        """A problem at ``path`` in this file, with the line it was read from."""
        return Problem(self.file, self.line(path), format_path(path), message, severity)


class _TooBig(Exception):
    pass


class _Walker:
    """Converts a composed node tree to plain data, recording lines as it goes."""

    def __init__(self, source: Source, problems: list[Problem]) -> None:
        self.source = source
        self.problems = problems
        self.constructor = SafeConstructor()
        self.count = 0
        self.active: set[int] = set()

    def walk(self, node: Node, path: Path) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig
        self.source.lines.setdefault(path, node.start_mark.line + 1)
        if id(node) in self.active:
            self.problems.append(self.source.problem(path, say("recursive YAML alias")))
            return None
        if isinstance(node, ScalarNode):
            surrogate = next((ch for ch in node.value if "\ud800" <= ch <= "\udfff"), None)
            if surrogate is not None:
                self.problems.append(
                    self.source.problem(
                        path,
                        say(
                            "contains an unpaired surrogate (U+{code:04X}), which is "
                            "not a character: no page or printout can show it",
                            code=ord(surrogate),
                        ),
                    )
                )
                return node.value.encode("utf-8", "replace").decode("utf-8")  # checked on
            try:
                value = self.constructor.construct_object(node, deep=True)
            except yaml.YAMLError as exc:
                self.problems.append(
                    self.source.problem(path, say("bad value: {error}", error=str(exc)))
                )
                return None
            except ValueError:  # Python refuses to read integers of over 4,300 digits
                digits = sum(ch.isdigit() for ch in node.value)
                self.problems.append(
                    self.source.problem(
                        path, say("a number of {digits} digits is far too large", digits=digits)
                    )
                )
                return 0  # the problem is reported; the rest of the file is still checked
            if isinstance(value, str):
                return unicodedata.normalize("NFC", value)  # "ё" typed either way is one letter
            if not isinstance(value, bool) and value is not None:
                self.source.raw[path] = node.value
            return value
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return [self.walk(item, (*path, i)) for i, item in enumerate(node.value)]
            if isinstance(node, MappingNode):
                return self._mapping(node, path)
        finally:
            self.active.discard(id(node))
        self.problems.append(self.source.problem(path, say("unsupported YAML node")))
        return None

    def _mapping(self, node: MappingNode, path: Path) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        self.constructor.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = self.walk(key_node, (*path, "<key>"))
            self.source.lines.pop((*path, "<key>"), None)
            line = key_node.start_mark.line + 1
            if isinstance(key, list | dict) or key is None:
                self.problems.append(
                    self.source.problem(
                        path, say("line {line}: a field name must be plain text", line=line)
                    )
                )
                continue
            if not isinstance(key, str):
                key = str(key)
            child = (*path, key)
            if key in result:
                self.source.lines[child] = line
                self.problems.append(
                    self.source.problem(
                        child,
                        say(
                            "duplicate key {key!r} (the first is on line {first})",
                            key=key,
                            first=first_line[key],
                        ),
                    )
                )
                continue
            first_line[key] = line
            self.source.lines[child] = line
            result[key] = self.walk(value_node, child)
            self.source.lines[child] = line
        return result


def read_yaml(text: str, file: str = "<mission>") -> tuple[Any, Source, list[Problem]]:
    """Parse YAML ``text``: ``(data, source, problems)``; ``data`` is ``None`` on failure."""
    source = Source(file)
    problems: list[Problem] = []
    loader = None
    try:
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = None if mark is None else mark.line + 1
        what = " ".join(str(x) for x in (exc.context, exc.problem) if x)
        problems.append(Problem(file, line, "yaml", say("YAML syntax error: {error}", error=what)))
        return None, source, problems
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        problems.append(
            Problem(
                file,
                line,
                "yaml",
                say("unacceptable character #x{code:04x}: {reason}", code=char, reason=exc.reason),
            )
        )
        return None, source, problems
    except yaml.YAMLError as exc:
        problems.append(
            Problem(file, None, "yaml", say("YAML syntax error: {error}", error=str(exc)))
        )
        return None, source, problems
    except RecursionError:
        problems.append(Problem(file, None, "yaml", say("the document is nested too deeply")))
        return None, source, problems
    finally:
        if loader is not None:
            loader.dispose()
    if node is None:
        problems.append(Problem(file, None, "mission", say("the file is empty")))
        return None, source, problems
    walker = _Walker(source, problems)
    try:
        data = walker.walk(node, ())
    except _TooBig:
        problems.append(
            Problem(
                file,
                None,
                "yaml",
                say("the document is too large (over {most} values)", most=MAX_NODES),
            )
        )
        return None, source, problems
    except RecursionError:
        problems.append(Problem(file, None, "yaml", say("the document is nested too deeply")))
        return None, source, problems
    return data, source, problems


def read_file(path: str | FilePath) -> tuple[Any, Source, list[Problem]]:
    """Read and parse a mission file; every failure is a problem, never an exception."""
    name = str(path)
    try:  # checks what the path is and its size before reading (no device, FIFO, giant)
        blob = read_limited(path, max_bytes=MAX_BYTES)
    except CipherkitError as exc:
        return None, Source(name), [Problem(name, None, "file", _file_reason(exc, name))]
    if b"\x00" in blob:
        return None, Source(name), [Problem(name, None, "file", say("not a text file"))]
    try:
        text = blob.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return (
            None,
            Source(name),
            [
                Problem(
                    name,
                    None,
                    "file",
                    say("not UTF-8 text (bad byte at offset {offset})", offset=exc.start),
                )
            ],
        )
    if not text.strip():
        return None, Source(name), [Problem(name, None, "mission", say("the file is empty"))]
    return read_yaml(text, name)


def _file_reason(exc: CipherkitError, name: str) -> Message:
    """Why a file could not be read (:func:`~cipherkit.core.files.read_limited`'s reason,
    without the file's name, which the problem gives)."""
    reason = str(exc).removeprefix(f"{name}: ")
    if reason in _FILE_REASONS:
        return say(_FILE_REASONS[reason])
    if reason.startswith("cannot read: "):
        return say("cannot read: {reason}", reason=reason.removeprefix("cannot read: "))
    return text(reason)


_FILE_REASONS = {
    "is a directory": N_("is a directory"),
    "no such file": N_("no such file"),
    "not a regular file": N_("not a regular file"),
}


def dump_yaml(data: Any) -> str:
    """Plain YAML text for ``data`` (keys in the given order, Unicode kept)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=96)
