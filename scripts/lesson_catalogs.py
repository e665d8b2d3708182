"""The ``lessons`` gettext domain: the lessons' markdown, one message per cell (Babel; build time).

    python scripts/lesson_catalogs.py extract   # cipherkit/locale/lessons.pot from the notebooks
    python scripts/lesson_catalogs.py update    # extract, then merge into every lessons.po
    python scripts/lesson_catalogs.py compile   # every lessons.po (and the pseudo-locale) -> .mo
    python scripts/lesson_catalogs.py check     # fail if the .pot is stale or a .po incomplete
    python scripts/lesson_catalogs.py todo      # untranslated or fuzzy cells as JSON, to fill in
    python scripts/lesson_catalogs.py fill F.json  # merge {"lesson\\x04cell": words} into ru

Every markdown cell of ``notebooks/lessons/*.ipynb`` is one message: its whole text is
the id and the lesson's file name its context, so a cell changed in English no longer
matches its translation. ``update`` merges with fuzzy matching: the changed cell gets
its old translation marked fuzzy, which is not compiled, so the page shows that cell in
English (and says so, :func:`cipherkit.publish.lessons_i18n.translate_lesson`) until a
translator updates it and removes the flag. The sentences of
``cipherkit/publish/lessons_i18n.py`` (calls of ``note_ngettext``) are in the domain too,
and so is the question of each ``ExerciseBox(...)`` call of a lesson's code (context
``ExerciseBox``: the box shows it in its page's language,
:func:`cipherkit.i18n.lessons.question_words`).

``scripts/catalogs.py`` runs ``compile`` and ``check`` of this script with its own, so
``make setup``, ``make lint`` and the wheel's build cover the lessons. The ``.po`` files
are in the repo; the ``.mo`` files are built, never committed.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "notebooks" / "lessons"
LOCALE = ROOT / "cipherkit" / "locale"
POT = LOCALE / "lessons.pot"
NOTES = ROOT / "cipherkit" / "publish" / "lessons_i18n.py"
DOMAIN = "lessons"
LANGUAGES = ["ru"]
PSEUDO = "en_XA"
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
CODE_SPAN = re.compile(r"`[^`\n]+`")
HEADING = re.compile(r"^(#{1,6})\s", re.MULTILINE)


PAGES = ROOT / "puzzles"
PAGE_KINDS = ("game", "studio")
"""The gallery's own pages (not made from a mission or a lesson) whose words are in this
domain: each page's markdown cells (without the links bar, which the code writes) and its
card's title, summary and players, the page's file name their context."""
NAV = re.compile(r"\A<nav class=\"ck-nav\".*?</nav>\s*", re.DOTALL)


def page_files() -> list[Path]:
    """The gallery's own pages, in name order."""
    found = []
    for path in sorted(PAGES.glob("*.ipynb")):
        meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
        if (meta.get("cipherkit") or {}).get("kind") in PAGE_KINDS:
            found.append(path)
    return found


def page_texts(path: Path) -> list[str]:
    """What a gallery page says: its markdown (no links bar) and its card's words."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    meta = notebook.get("metadata", {}).get("cipherkit") or {}
    texts = [str(meta[key]) for key in ("title", "summary", "players") if meta.get(key)]
    for text in markdown_cells(path):
        bare = NAV.sub("", text)
        if bare.strip():
            texts.append(bare)
    return texts


def lesson_files() -> list[Path]:
    """The lesson notebooks, in name order."""
    return sorted(LESSONS.glob("*.ipynb"))


def markdown_cells(path: Path) -> list[str]:
    """The text of every non-empty markdown cell of the notebook at ``path``, in order."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    texts = []
    for cell in notebook.get("cells", []):
        source = cell.get("source", "")
        text = source if isinstance(source, str) else "".join(source)
        if cell.get("cell_type") == "markdown" and text.strip():
            texts.append(text)
    return texts


QUESTION_CONTEXT = "ExerciseBox"
"""The context of an exercise's question (cipherkit.widgets.exercises reads it so)."""


def exercise_questions(path: Path) -> list[str]:
    """The questions of the ``ExerciseBox(...)`` calls in the code cells of the notebook at
    ``path`` (a string written in the call, first or as ``question=``), in order."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse(source if isinstance(source, str) else "".join(source))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ExerciseBox"):
                continue
            given = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "question")]
            for value in given:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.append(value.value)
    return found


def extracted() -> Catalog:
    """The template: every lesson's markdown cells, then this domain's own sentences."""
    catalog = Catalog(
        project="cipherkit",
        domain=DOMAIN,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )
    for path in lesson_files():
        for text in markdown_cells(path):
            catalog.add(
                text,
                locations=[(f"notebooks/lessons/{path.name}", None)],  # type: ignore[list-item]
                context=path.name,
            )
    for path in lesson_files():
        for text in exercise_questions(path):
            catalog.add(
                text,
                locations=[(f"notebooks/lessons/{path.name}", None)],  # type: ignore[list-item]
                context=QUESTION_CONTEXT,
            )
    for path in page_files():
        for text in page_texts(path):
            catalog.add(
                text,
                locations=[(f"puzzles/{path.name}", None)],  # type: ignore[list-item]
                context=path.name,
            )
    for _lineno, message, comments, context in extract_from_file(
        "python", NOTES, keywords={"note_ngettext": (1, 2)}, comment_tags=("TRANSLATORS:",)
    ):
        if isinstance(message, tuple) and all(message):
            catalog.add(
                message,
                locations=[(NOTES.relative_to(ROOT).as_posix(), None)],  # type: ignore[list-item]
                auto_comments=comments,
                context=context,
                flags=["python-brace-format"],
            )
    for entry in catalog:
        if entry.id and not PLACEHOLDER.search(_first(entry.id)):
            entry.flags.discard("python-format")
    return catalog


def _first(ident: Any) -> str:
    return ident if isinstance(ident, str) else ident[0]


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, sort_output=False, include_lineno=False, width=100)
    return out.getvalue()


def po_path(lang: str, locale: Path | None = None) -> Path:
    return (locale or LOCALE) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def extract() -> Catalog:
    catalog = extracted()
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_bytes(_po_bytes(catalog))
    return catalog


def update() -> None:
    """Extract, then merge the template into every language (a changed cell: fuzzy)."""
    template = extract()
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = _read(path, lang)
        else:
            catalog = Catalog(
                locale=lang,
                project="cipherkit",
                domain=DOMAIN,
                creation_date=FIXED_DATE,
                revision_date=FIXED_DATE,
            )
        catalog.update(template, no_fuzzy_matching=False, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.revision_date = FIXED_DATE
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))


LIST_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+\.)\s+)(.+)$", re.MULTILINE)
"""A line of a markdown list: its marker, then its words."""


def pseudo(text: str) -> str:
    """Markdown with the words of each block marked ``⟦…⟧`` (headings stay headings).

    >>> pseudo("# Title\\n\\nSome *words*.\\n")
    '# ⟦Title⟧\\n\\n⟦Some *words*.⟧\\n'
    >>> pseudo("* one\\n* two\\n* three")  # each item of a list
    '* ⟦one⟧\\n* ⟦two⟧\\n* ⟦three⟧'
    >>> pseudo("![A penny](images/x.svg)")  # a picture's words too
    '⟦![⟦A penny⟧](images/x.svg)⟧'
    """
    blocks = re.split(r"(\n\s*\n)", text)
    for index in range(0, len(blocks), 2):
        block = re.sub(r"!\[([^\]]+)\]", r"![⟦\1⟧]", blocks[index])
        body = block.rstrip("\n")
        if not body.strip():
            continue
        if HEADING.match(body):
            body = re.sub(r"^(#{1,6}\s+)(.+)$", r"\1⟦\2⟧", body, flags=re.MULTILINE)
        elif all(LIST_ITEM.match(line) for line in body.splitlines() if line.strip()):
            body = LIST_ITEM.sub(r"\1⟦\2⟧", body)  # each item its own marks
        else:
            marker = re.match(r"\s*(?:[-*+>]|\d+\.)?\s*", body)
            start = marker.end() if marker else 0
            body = f"{body[:start]}⟦{body[start:]}⟧"
        blocks[index] = body + block[len(block.rstrip("\n")) :]
    return "".join(blocks)


def compile_all(quiet: bool = False, locale: Path | None = None) -> list[Path]:
    """Write every language's ``lessons.mo`` and the pseudo-locale's; returns the files."""
    locale = locale or LOCALE
    written = []
    for lang in LANGUAGES:
        written.append(_write_mo(_read(po_path(lang, locale), lang), lang, locale))
    fake = Catalog(locale="en", domain=DOMAIN, fuzzy=False)
    for message in _read(locale / POT.name):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            marked = tuple(f"⟦{t}⟧" for t in message.id)
            fake.add(message.id, marked, context=message.context)
        else:
            fake.add(message.id, pseudo(_first(message.id)), context=message.context)
    written.append(_write_mo(fake, PSEUDO, locale))
    if not quiet:
        print(f"lesson catalogs: compiled {', '.join(p.parent.parent.name for p in written)}")
    return written


def _write_mo(catalog: Catalog, lang: str, locale: Path) -> Path:
    path = locale / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())
    return path


def problems() -> list[str]:
    """A stale template; untranslated or fuzzy cells; placeholders, code or headings lost."""
    found: list[str] = []
    if not POT.exists() or POT.read_bytes() != _po_bytes(extracted()):
        found.append(
            f"{_shown(POT)} is out of date with the lessons: "
            "run python scripts/lesson_catalogs.py update"
        )
    template = {(_first(m.id), m.context) for m in _read(POT) if m.id} if POT.exists() else set()
    for lang in LANGUAGES:
        path = po_path(lang)
        if not path.exists():
            found.append(f"{_shown(path)}: missing")
            continue
        found.extend(f"{_shown(path)}: {p}" for p in _po_problems(_read(path, lang), template))
    return found


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _label(message: Message) -> str:
    first_line = _first(message.id).strip().splitlines()[0]
    return f"{message.context or 'note'}: {first_line[:60]!r}"


def _po_problems(catalog: Catalog, template: set[tuple[str, str | None]]) -> Iterable[str]:
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        seen.add((_first(message.id), message.context))
        name = _label(message)
        if message.fuzzy:
            yield f"{name} is fuzzy (its English changed)"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            yield f"{name} is not translated"
            continue
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            yield f"{name} has {len(strings)} plural forms, not {catalog.num_plurals}"
        for check, what in (
            (_placeholders, "placeholders"),
            (_code, "code"),
            (_headings, "heading levels"),
        ):
            wanted = check(message.id)
            if any(check(s) != wanted for s in strings):
                yield f"{name}: its {what} differ from the English"
    for ident, context in sorted(template - seen, key=str):
        yield f"{context}: {ident[:60]!r} is missing (run python scripts/lesson_catalogs.py update)"


def _texts(text: Any) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def _placeholders(text: Any) -> set[str]:
    return {m.group(1) for t in _texts(text) for m in PLACEHOLDER.finditer(t)}


def _code(text: Any) -> list[str]:
    """The inline code of a cell (identifiers and strings a reader types: never translated)."""
    return sorted(m.group(0) for t in _texts(text) for m in CODE_SPAN.finditer(t))


def _headings(text: Any) -> list[str]:
    return [m.group(1) for t in _texts(text) for m in HEADING.finditer(t)]


def _key(message: Message) -> str:
    ident = _first(message.id)
    return f"{message.context}\x04{ident}" if message.context else ident


def todo(lang: str = "ru") -> dict[str, object]:
    """The untranslated or fuzzy messages of ``lang``: ``{"lesson\\x04cell": ""}``."""
    catalog = _read(po_path(lang), lang)
    out: dict[str, object] = {}
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and (message.fuzzy or not all(strings)):
            out[_key(message)] = [""] * catalog.num_plurals if isinstance(message.id, tuple) else ""
    return out


def fill(path: Path, lang: str = "ru") -> int:
    """Merge ``{key: words}`` (a plural: a list of forms) into ``lang``'s ``lessons.po``."""
    wanted = json.loads(path.read_text(encoding="utf-8"))
    catalog = _read(po_path(lang), lang)
    done = 0
    for message in catalog:
        if message.id and _key(message) in wanted:
            words = wanted[_key(message)]
            message.string = tuple(words) if isinstance(message.id, tuple) else words
            message.flags.discard("fuzzy")
            done += 1
    po_path(lang).write_bytes(_po_bytes(catalog))
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "command", choices=["extract", "update", "compile", "check", "todo", "fill"]
    )
    parser.add_argument("file", nargs="?", type=Path, help="fill: the JSON file of words")
    args = parser.parse_args(argv)
    if args.command == "todo":
        print(json.dumps(todo(), ensure_ascii=False, indent=1))
    elif args.command == "fill":
        if args.file is None:
            parser.error("fill needs a JSON file")
        print(f"lesson catalogs: {fill(args.file)} translations filled")
        compile_all()
    elif args.command == "extract":
        extract()
    elif args.command == "update":
        update()
        compile_all()
    elif args.command == "compile":
        compile_all()
    else:
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        if found:
            print(f"lesson catalogs: {len(found)} problem(s)", file=sys.stderr)
            return 1
        print("lesson catalogs: up to date and complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
