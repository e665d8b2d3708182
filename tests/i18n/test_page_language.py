"""A page's language and its twin (cipherkit.serve.languages), and error pages in the
visitor's language (issue 47)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.serve.languages import (
    follows_visitor,
    page_language,
    twin,
    twin_path,
    visitor_language,
)

ROOT = Path(__file__).resolve().parents[2]


class FakeHandler:
    def __init__(self, header: str | None, cookie: str | None = None) -> None:
        self.request = SimpleNamespace(headers={"Accept-Language": header} if header else {})
        self._cookie = cookie

    def get_cookie(self, name: str) -> str | None:
        return self._cookie


def test_pages_have_a_language_by_folder_and_twins_across_it(tmp_path):
    (tmp_path / "ru" / "lessons").mkdir(parents=True)
    (tmp_path / "intercept.ipynb").write_text("{}")
    (tmp_path / "ru" / "intercept.ipynb").write_text("{}")
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01.ipynb").write_text("{}")
    assert page_language("ru/intercept.ipynb") == "ru"
    assert page_language("rules/x.ipynb") == "en"
    assert twin(str(tmp_path), "intercept.ipynb", "ru") == "ru/intercept.ipynb"
    assert twin(str(tmp_path), "ru/intercept.ipynb", "en") == "intercept.ipynb"
    assert twin(str(tmp_path), "lessons/01.ipynb", "ru") is None  # not translated yet
    assert twin_path("ru/ru.ipynb", "en") == "ru.ipynb"


def test_the_visitor_language_is_the_cookie_then_accept_language():
    assert visitor_language(FakeHandler("ru-RU,ru;q=0.9,en;q=0.5")) == "ru"
    assert visitor_language(FakeHandler("ru-RU,ru;q=0.9", cookie="en")) == "en"
    assert visitor_language(FakeHandler("de-DE")) == "en"
    assert visitor_language(FakeHandler(None, cookie="bogus")) == "en"


def test_a_pseudo_locale_page_keeps_its_visitor_but_the_switch_leaves_it():
    assert page_language("en-XA/intercept.ipynb") == "en-XA"
    assert not follows_visitor("en-XA/intercept.ipynb")
    assert follows_visitor("ru/intercept.ipynb") and follows_visitor("intercept.ipynb")
    assert twin_path("en-XA/lessons/01.ipynb", "en") == "lessons/01.ipynb"
    assert twin_path("en-XA/intercept.ipynb", "ru") == "ru/intercept.ipynb"


def test_twins_in_extra_language_folders_only_when_asked(tmp_path):
    import json

    from cipherkit.publish.gallery import gallery_entries, page_files
    from cipherkit.publish.languages import write_twins

    page = json.loads((ROOT / "puzzles" / "decipher.ipynb").read_text(encoding="utf-8"))
    (tmp_path / "decipher.ipynb").write_text(json.dumps(page), encoding="utf-8")
    written = {p.relative_to(tmp_path).as_posix() for p in write_twins(tmp_path)}
    assert written == {"ru/decipher.ipynb", "ru/index.ipynb"}
    written = {
        p.relative_to(tmp_path).as_posix() for p in write_twins(tmp_path, languages=("en-XA",))
    }
    assert written == {"en-XA/decipher.ipynb", "en-XA/index.ipynb"}
    twin = json.loads((tmp_path / "en-XA" / "decipher.ipynb").read_text(encoding="utf-8"))
    assert twin["metadata"]["cipherkit"]["lang"] == "en-XA"
    assert twin["metadata"]["title"].startswith("⟦")
    assert 'use("en-XA")' in "".join(twin["cells"][1]["source"])
    # the gallery's own index lists neither folder; each folder's index lists its page
    assert [p.name for p in page_files(tmp_path)] == ["decipher.ipynb"]
    assert [e.name for e in gallery_entries(tmp_path / "en-XA")] == ["decipher.ipynb"]
    with pytest.raises(CipherkitError):
        write_twins(tmp_path, languages=("de",))
