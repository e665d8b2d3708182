"""The catalogs: in step with the code, complete, and Russian plurals right (issue 47)."""

from __future__ import annotations

import gettext
import importlib.util
import sys
from pathlib import Path

import pytest

from cipherkit.i18n import PSEUDO, _, ngettext, nsay, say, speaking, use
from cipherkit.i18n.words import LOCALE_DIR, catalog

ROOT = Path(__file__).resolve().parents[2]


def _catalogs_script():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


def test_the_catalogs_are_in_step_with_the_code_and_complete():
    problems = _catalogs_script().problems()
    assert problems == []


def test_a_stale_template_or_an_untranslated_entry_is_a_problem(tmp_path, monkeypatch):
    script = _catalogs_script()
    locale = tmp_path / "locale"
    (locale / "ru" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "ru" / "LC_MESSAGES" / "cipherkit.po").write_bytes(
        script.po_path("ru")
        .read_text(encoding="utf-8")
        .replace('msgstr "игра окончена"', 'msgstr ""')
        .encode("utf-8")
    )
    (locale / "cipherkit.pot").write_bytes(b"")
    monkeypatch.setattr(script, "LOCALE", locale)
    monkeypatch.setattr(script, "POT", locale / "cipherkit.pot")
    found = script.problems()
    assert any("out of date with the code" in p for p in found)
    assert any("'the game is over' is not translated" in p for p in found)


def test_the_compiled_catalog_is_the_one_read_at_run_time():
    assert (LOCALE_DIR / "ru" / "LC_MESSAGES" / "cipherkit.mo").exists()
    assert isinstance(catalog("ru"), gettext.GNUTranslations)
    with speaking("ru"):
        assert _("the game is over") == "игра окончена"


@pytest.mark.parametrize(
    ("n", "form"),
    [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (21, 0), (22, 1), (111, 2)],
)
def test_russian_plural_forms_one_few_many(n, form):
    """0 карт, 1 карта, 2 карты, 4 карты, 5 карт, 11 карт, 21 карта, 22 карты, 111 карт."""
    ru = catalog("ru")
    assert isinstance(ru, gettext.GNUTranslations)
    assert ru.plural(n) == form
    singular = "{n} second"  # rooms.limits.say_wait: секунда, секунды, секунд
    with speaking("ru"):
        chosen = ngettext(singular, "{n} seconds", n)
    assert chosen == ru._catalog[(singular, form)].format(n=n)
    assert chosen.endswith(("секунду", "секунды", "секунд")[form])


def test_every_russian_plural_entry_has_three_forms():
    ru = catalog("ru")
    ids = {key[0] for key in ru._catalog if isinstance(key, tuple)}
    for ident in ids:
        assert all((ident, form) in ru._catalog for form in range(3)), ident


def test_the_pseudo_locale_marks_every_string_and_keeps_placeholders():
    with speaking(PSEUDO):
        assert _("the game is over") == "⟦the game is over⟧"
        assert str(nsay("{n} glyph left", "{n} glyphs left", 2)).endswith("2 glyphs left")


def test_a_message_is_words_only_where_it_is_read():
    message = say("the game is over")
    assert message.to_json() == {"id": "the game is over", "params": {}}
    assert message.words("ru") == "игра окончена"
    assert message.words("en") == "the game is over"
    assert message.words("de") == "the game is over"  # unknown: English


def test_use_sets_the_process_default_and_speaking_overrides_it():
    try:
        assert use("ru_RU.UTF-8") == "ru"
        assert _("the game is over") == "игра окончена"
        with speaking("en"):
            assert _("the game is over") == "the game is over"
    finally:
        use("en")
