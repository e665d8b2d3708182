"""A griffe extension: read cipherkit's reST-flavoured docstrings as Markdown.

cipherkit's docstrings are numpy style and name other objects with Sphinx roles
(``:class:`~cipherkit.core.session.Session```, ``:meth:`apply```), and many show a
doctest (``>>>``) in running text rather than under an *Examples* heading. Markdown
reads neither: a role is shown as raw text, and ``x[0][:2]`` in a doctest is taken for
a reference link that does not exist (a warning, so ``mkdocs build --strict`` fails).
This extension changes the text the API reference is rendered from, never the source:

* a role becomes a link to the object when the site documents it, else inline code
  (an *optional* cross-reference for mkdocs-autorefs, which never warns);
* ``text <https://...>`_`` becomes a Markdown link;
* a doctest block outside an *Examples* section is fenced as ``pycon`` code.

mkdocs.yml loads it with ``extensions: [docs/api/griffe_rest.py]``.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?P<role>[a-z]+):`(?P<body>[^`]+)`")
REST_LINK = re.compile(r"`(?P<text>[^`<]+?)\s*<(?P<url>https?://[^>]+)>`_{1,2}")
SECTION_RULE = re.compile(r"^\s*-{3,}\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
TABLE_RULE = re.compile(r"^\s*=+( +=+)+\s*$")


class RestRoles(griffe.Extension):
    """Rewrite every docstring of the package once it is loaded."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the docstrings of ``pkg`` and of everything in it."""
        self._walk(pkg, loader, set())

    def _walk(self, obj: griffe.Object, loader: griffe.GriffeLoader, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            obj.docstring.value = rewrite(
                obj.docstring.value, lambda t: _identifier(obj, t, loader)
            )
        for member in obj.members.values():
            if not member.is_alias:
                self._walk(member, loader, seen)  # type: ignore[arg-type]


def rewrite(text: str, resolve: Any) -> str:
    """The docstring ``text`` with roles, reST links and loose doctests made Markdown."""
    lines = text.splitlines()
    out: list[str] = []
    section = ""
    in_fence = False
    in_doctest = False
    indent = ""
    i = -1
    while i + 1 < len(lines):
        i += 1
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not in_doctest and not in_fence and TABLE_RULE.match(line):
            end, table = _table(lines, i)
            if table:
                out += [_inline(row, resolve) for row in table]
                i = end
                continue
        if not in_doctest and FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
            continue
        if in_fence:
            out.append(line)
            continue
        if line.strip() and SECTION_RULE.match(nxt) and not SECTION_RULE.match(line):
            section = line.strip()
        stripped = line.lstrip()
        if in_doctest:
            if not stripped:
                out.append(f"{indent}```")
                in_doctest = False
                out.append(line)
            else:
                out.append(line)
            continue
        if stripped.startswith(">>>") and section != "Examples":
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            out.append(line)
            in_doctest = True
            continue
        if stripped.startswith(">>>") or (section == "Examples" and stripped.startswith("...")):
            out.append(line)
            continue
        if line.rstrip().endswith("::") and not line.rstrip().endswith(" ::"):
            line = line.rstrip()[:-1]  # reST's "text::" before a literal block
        out.append(_inline(line, resolve))
    if in_doctest:
        out.append(f"{indent}```")
    return "\n".join(out)


def _table(lines: list[str], start: int) -> tuple[int, list[str]]:
    """A reST simple table at ``lines[start]`` as Markdown rows, and its last line index.

    Columns are where the rule's ``=`` runs are; a row whose first column is blank
    continues the row above. With three rules the rows between the first two are the
    header; with two the table has none (Markdown gets an empty one).
    """
    rule = lines[start]
    spans = [m.span() for m in re.finditer(r"=+", rule)]
    rules = [start]
    j = start
    while j + 1 < len(lines) and len(rules) < 3:
        j += 1
        if lines[j].rstrip() == rule.rstrip():
            rules.append(j)
            after = lines[j + 1] if j + 1 < len(lines) else ""
            if len(rules) == 2 and (not after.strip() or TABLE_RULE.match(after)):
                break
        elif not lines[j].strip():
            return start, []
    if len(rules) < 2:
        return start, []

    def rows(first: int, last: int) -> list[list[str]]:
        found: list[list[str]] = []
        for line in lines[first:last]:
            cells = _cells(line, spans)
            if found and not cells[0]:
                found[-1] = [
                    f"{old} {new}".strip() for old, new in zip(found[-1], cells, strict=True)
                ]
            else:
                found.append(cells)
        return found

    try:
        header = rows(rules[0] + 1, rules[1]) if len(rules) == 3 else []
        body = rows(rules[-2] + 1, rules[-1])
    except ValueError:
        return start, []  # left as it is: the site test finds its rules in the page
    if len(rules) == 3:
        head = [" ".join(h) for h in zip(*header, strict=True)] if header else [""] * len(spans)
    else:
        head = [""] * len(spans)
    indent = rule[: len(rule) - len(rule.lstrip())]

    def md(cells: list[str]) -> str:
        return indent + "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    table = [md(head), indent + "|" + "---|" * len(spans), *(md(r) for r in body)]
    return rules[-1], ["", *table, ""]


def _cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    """The cells of one table line, in the columns the rule's ``spans`` mark.

    Text that runs into the gap before the next column (docutils would refuse the
    table) is read as a person means it: the cell ends at the next gap of two spaces,
    or else at the next space outside a ``code`` span.
    """
    cells = []
    cut = spans[0][0]
    for k, (start, stop) in enumerate(spans):
        begin = max(cut, start)
        end = spans[k + 1][0] if k + 1 < len(spans) else len(line)
        if k + 1 < len(spans) and line[stop:end].strip():
            end = _gap(line, stop)
        cells.append(line[begin:end].strip())
        cut = end
    return cells


def _gap(line: str, start: int) -> int:
    """Where a cell that overflows its column at ``start`` ends (see :func:`_cells`)."""
    gap = line.find("  ", start)
    if gap >= 0:
        return gap
    for i in range(start, len(line)):
        if line[i] == " " and line[:i].count("``") % 2 == 0:
            return i
    raise ValueError("text in a column margin")  # as docutils: not a table


def _inline(line: str, resolve: Any) -> str:
    line = REST_LINK.sub(lambda m: f"[{m['text']}]({m['url']})", line)

    def role(match: re.Match[str]) -> str:
        body = match["body"].strip()
        label, _, target = body.partition(" <")
        target = target.rstrip(">") if target else label
        target = target.lstrip("!")
        if label.startswith("~"):
            target = label = label[1:]
            label = label.rsplit(".", 1)[-1]
        label = label.lstrip("!")
        code = f"<code>{html.escape(label)}</code>"
        if match["role"] in ("ref", "doc"):
            return code
        identifier = resolve(target)
        if not identifier:
            return code
        return f'<autoref identifier="{html.escape(identifier)}" optional>{code}</autoref>'

    return ROLE.sub(role, line)


def _identifier(obj: griffe.Object, target: str, loader: griffe.GriffeLoader) -> str | None:
    """The full dotted path ``target`` names from ``obj``'s scope, if the package has it."""
    target = target.rstrip("()")
    dots = len(target) - len(target.lstrip("."))
    target = target.lstrip(".")
    if not target:
        return None
    candidates: list[str] = []
    if dots:
        module = obj.module
        scopes = [module.path]
        parent = module
        while parent.parent is not None:
            parent = parent.parent
            scopes.append(parent.path)
        candidates += [f"{scope}.{target}" for scope in scopes]
    else:
        head, _, rest = target.partition(".")
        scope: griffe.Object | None = obj
        while scope is not None:
            try:
                resolved = scope.resolve(head)
            except (griffe.NameResolutionError, Exception):
                resolved = None
            if resolved:
                candidates.append(f"{resolved}.{rest}" if rest else resolved)
                break
            scope = scope.parent
        candidates.append(target)
        candidates.append(f"{obj.module.path}.{target}")
    for candidate in candidates:
        found = _lookup(candidate, loader)
        if found:
            return found
    return None


def _lookup(path: str, loader: griffe.GriffeLoader) -> str | None:
    try:
        found = loader.modules_collection.get_member(path)
    except (KeyError, ValueError, Exception):
        return None
    if found is None:
        return None
    if found.is_alias:
        try:
            return found.final_target.path  # type: ignore[union-attr]
        except Exception:
            return None
    return found.path
