"""Extract, update, compile and check cipherkit's gettext catalogs (Babel; build time only).

    python scripts/catalogs.py extract   # cipherkit/locale/cipherkit.pot from the code
    python scripts/catalogs.py update    # extract, then merge into every .po
    python scripts/catalogs.py compile   # every .po (and the pseudo-locale) -> .mo
    python scripts/catalogs.py check     # fail if the .pot is stale or a .po incomplete
    python scripts/catalogs.py todo      # untranslated ids as JSON, to fill in
    python scripts/catalogs.py fill F.json  # merge {id: words} (plural: [3 forms]) into ru

``compile`` and ``check`` cover the lessons' own domain too (scripts/lesson_catalogs.py).

The ``.po`` files are written by people and kept in the repo; the ``.mo`` files are built
(``make setup`` and the wheel's build run ``compile``), never edited, never committed.
The pseudo-locale ``en-XA`` marks every string ``⟦…⟧``: a page crawled in it shows which
words did not come from the catalog.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cipherkit"
LOCALE = PACKAGE / "locale"
POT = LOCALE / "cipherkit.pot"
DOMAIN = "cipherkit"
LANGUAGES = ["ru"]
PSEUDO = "en_XA"
KEYWORDS = {
    "_": None,
    "N_": None,
    "say": None,
    "ngettext": (1, 2),
    "nsay": (1, 2),
    "pgettext": ((1, "c"), 2),
    "psay": ((1, "c"), 2),
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def extracted() -> Catalog:
    """Every marked string of the package, sorted, with no line numbers or dates."""
    catalog = Catalog(project="cipherkit", domain=DOMAIN, creation_date=FIXED_DATE,
                      revision_date=FIXED_DATE, fuzzy=False)
    method_map = [("**/locale/**", "ignore"), ("**.py", "python")]
    for filename, _lineno, message, comments, context in extract_from_dir(
        PACKAGE, method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        if isinstance(message, tuple) and not message[0]:
            continue
        if not message:
            continue
        catalog.add(message, locations=[(f"cipherkit/{filename}", None)],
                    auto_comments=comments, context=context,
                    flags=["python-brace-format"] if _has_braces(message) else [])
    return catalog


def _has_braces(message: str | tuple[str, ...]) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any(PLACEHOLDER.search(t) for t in texts if t)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, width=100)
    return out.getvalue()


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    catalog = extracted()
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_bytes(_po_bytes(catalog))
    return catalog


def update() -> None:
    template = extract()
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="cipherkit", domain=DOMAIN,
                              creation_date=FIXED_DATE, revision_date=FIXED_DATE)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.revision_date = FIXED_DATE
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))


def pseudo(text: str) -> str:
    """``"It is {name}'s turn"`` -> ``"⟦It is {name}'s turn⟧"`` (placeholders untouched)."""
    return f"⟦{text}⟧"


def lesson_catalogs():
    """scripts/lesson_catalogs.py (the ``lessons`` domain), loaded beside this file."""
    import importlib.util

    path = Path(__file__).resolve().parent / "lesson_catalogs.py"
    spec = importlib.util.spec_from_file_location("lesson_catalogs", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"catalogs: {path} is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_all(quiet: bool = False) -> list[Path]:
    """Write every language's ``.mo`` and the pseudo-locale's, then the lessons' ones."""
    written = []
    for lang in LANGUAGES:
        with po_path(lang).open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        written.append(_write_mo(catalog, lang))
    with POT.open("rb") as handle:
        template = read_po(handle)
    fake = Catalog(locale="en", domain=DOMAIN, fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            fake.add(message.id, tuple(pseudo(t) for t in message.id), context=message.context)
        else:
            fake.add(message.id, pseudo(message.id), context=message.context)
    written.append(_write_mo(fake, PSEUDO))
    if not quiet:
        print(f"catalogs: compiled {', '.join(p.parent.parent.name for p in written)}")
    return written + lesson_catalogs().compile_all(quiet=quiet)


def _write_mo(catalog: Catalog, lang: str) -> Path:
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())
    return path


def problems() -> list[str]:
    """What is wrong with the catalogs: a stale template, untranslated, fuzzy, bad placeholders."""
    found: list[str] = []
    fresh = _po_bytes(extracted())
    if not POT.exists() or POT.read_bytes() != fresh:
        found.append(f"{_shown(POT)} is out of date with the code: "
                     "run python scripts/catalogs.py update")
    template_ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context)
                    for m in _read(POT) if m.id} if POT.exists() else set()
    for lang in LANGUAGES:
        path = po_path(lang)
        if not path.exists():
            found.append(f"{_shown(path)}: missing")
            continue
        catalog = _read(path, lang)
        found.extend(f"{_shown(path)}: {p}" for p in _po_problems(catalog, template_ids))
    return found + lesson_catalogs().problems()


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _po_problems(catalog: Catalog, template_ids: set) -> Iterable[str]:
    seen = set()
    forms = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        key = (message.id if isinstance(message.id, str) else message.id[0], message.context)
        seen.add(key)
        name = repr(key[0])
        if message.fuzzy:
            yield f"{name} is fuzzy"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            yield f"{name} is not translated"
            continue
        if isinstance(message.id, tuple) and len(strings) != forms:
            yield f"{name} has {len(strings)} plural forms, not {forms}"
        wanted = _names(message.id)
        for s in strings:
            if _names(s) != wanted and not (isinstance(message.id, tuple) and _names(s) <= wanted):
                yield f"{name}: placeholders {sorted(_names(s))} differ from {sorted(wanted)}"
    for key in sorted(template_ids - seen, key=str):
        yield f"{key[0]!r} is missing (run python scripts/catalogs.py update)"


def _names(text: str | tuple[str, ...]) -> set[str]:
    texts = text if isinstance(text, tuple) else (text,)
    return {m.group(1) for t in texts for m in PLACEHOLDER.finditer(t)}


def _key(message: Message) -> str:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}\x04{ident}" if message.context else ident


def todo(lang: str = "ru") -> dict[str, object]:
    """The untranslated or fuzzy ids of ``lang``: ``{id: ""}``, a plural ``{id: ["", ...]}``."""
    catalog = _read(po_path(lang), lang)
    out: dict[str, object] = {}
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and (message.fuzzy or not all(strings)):
            out[_key(message)] = [""] * catalog.num_plurals if isinstance(message.id, tuple) else ""
    return out


def fill(path: Path, lang: str = "ru") -> int:
    """Merge ``{id: words}`` from a JSON file into ``lang``'s ``.po``; returns how many."""
    import json

    wanted = json.loads(path.read_text(encoding="utf-8"))
    catalog = _read(po_path(lang), lang)
    done = 0
    for message in catalog:
        if message.id and _key(message) in wanted:
            words = wanted[_key(message)]
            if isinstance(message.id, tuple):
                message.string = tuple(words)
            else:
                message.string = words
            message.flags.discard("fuzzy")
            done += 1
    po_path(lang).write_bytes(_po_bytes(catalog))
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check", "todo", "fill"])
    parser.add_argument("file", nargs="?", type=Path, help="fill: the JSON file of words")
    args = parser.parse_args(argv)
    if args.command == "todo":
        import json

        print(json.dumps(todo(), ensure_ascii=False, indent=1))
    elif args.command == "fill":
        if args.file is None:
            parser.error("fill needs a JSON file")
        print(f"catalogs: {fill(args.file)} translations filled")
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
            print(f"catalogs: {len(found)} problem(s)", file=sys.stderr)
            return 1
        print("catalogs: up to date and complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
