"""A page's language and its twin (cipherkit.serve.languages), and error pages in the
visitor's language (issue 47)."""

from __future__ import annotations

from types import SimpleNamespace

from cipherkit.serve.languages import page_language, twin, twin_path, visitor_language


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
