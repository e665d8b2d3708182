"""Author text is text on published pages: the escaping of :mod:`cipherkit.publish.escape`
and every place ``cipherkit publish`` puts a mission's words (the page's markdown, the
gallery's cards, the campaign page), rendered by the markdown renderer Voila uses."""

from __future__ import annotations

import html
import json
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cipherkit.games.mission import load
from cipherkit.publish.escape import SYNTAX, paragraphs_html, text_html
from cipherkit.publish.gallery import build_index, write_notebook
from cipherkit.publish.pages import next_mission, page_cells
from tests.publish.injection import ALL, INJECTIONS, titles, write_evil_missions

LIVE_TAGS = {"script", "img", "svg", "iframe", "object", "embed", "style", "link", "b", "code"}


class Parsed(HTMLParser):
    """The tags, attributes and text of an HTML fragment."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.chunks: list[str] = []
        self.feed(source)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.chunks.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.chunks).split())


def markdown(source: str) -> str:
    """Markdown as a Voila page shows it (nbconvert's renderer, as in the page template)."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    return markdown2html_mistune(source)


def assert_inert(rendered: str, allowed: set[str] | frozenset[str] = frozenset()) -> Parsed:
    """No tag a string could have brought in, no event handler, no script link."""
    parsed = Parsed(rendered)
    for tag, attrs in parsed.tags:
        assert tag not in LIVE_TAGS - allowed, (tag, attrs)
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name, value)
            if name in ("href", "src", "action", "formaction", "data", "xlink:href"):
                scheme = (value or "").strip().lower()
                assert not scheme.startswith(("javascript:", "data:", "vbscript:")), value
    return parsed


def flat(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ the escaping itself
@pytest.mark.parametrize("text", INJECTIONS)
def test_an_injection_is_shown_literally_in_markdown_and_html(text: str) -> None:
    for source in (text_html(text), paragraphs_html(text), f"# {text_html(text)}"):
        parsed = assert_inert(markdown(source))
        assert flat(text) in parsed.text
        assert not set(source) & (SYNTAX - {"&", "#"})  # only references remain
    inside_html = assert_inert(f'<div title="{text_html(text)}">{text_html(text)}</div>')
    assert inside_html.text == flat(text) and inside_html.tags[0][1]["title"] == flat(text)


@given(st.text(alphabet=st.sampled_from(list("<>&\"'`*_[]()!#:-=+.1 \n\\|~$/ab")), max_size=60))
def test_any_text_round_trips_through_the_markdown_renderer(text: str) -> None:
    shown = assert_inert(markdown(f"**Your question:** {text_html(text)}")).text
    assert shown == flat(f"Your question: {text}")
    if text.strip():
        story = assert_inert(markdown(paragraphs_html(text))).text
        assert story == flat(text)


def test_paragraphs_stay_paragraphs_and_nothing_becomes_a_block() -> None:
    story = "First line\nsecond line.\n\n# not a heading\n- not a list\n1. nor this\n    nor code"
    rendered = markdown(paragraphs_html(story))
    parsed = assert_inert(rendered)
    assert [tag for tag, _ in parsed.tags] == ["p", "p"]
    assert parsed.text == flat(story)


def test_control_characters_are_dropped_and_other_scripts_kept() -> None:
    assert text_html("a\x00b\x1bc\x9bd") == "abcd"
    assert text_html("Ночь «в» архиве ★") == "Ночь «в» архиве ★"
    assert html.unescape(text_html("zero\u200cwidth")) == "zero\u200cwidth"


def test_random_punctuation_never_opens_a_tag() -> None:
    rng = random.Random(44)
    alphabet = "<>/=\"' abcimgsvgonerrorscript()[]!:&#;"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        parsed = assert_inert(markdown(text_html(text)))
        assert [tag for tag, _ in parsed.tags] == ["p"]


# ------------------------------------------------------------------ what publish writes
@pytest.fixture(scope="module")
def evil(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return write_evil_missions(tmp_path_factory.mktemp("evil"))


def test_a_mission_page_shows_its_words_as_text(evil: list[Path]) -> None:
    for file in evil:
        mission = load(file)
        cells = page_cells(mission, next_mission(mission, {f"evil-{i}" for i in range(1, 9)}))
        rendered = markdown(cells[0][1])
        parsed = assert_inert(rendered)
        assert flat(mission.title) in parsed.text
        assert flat(f"Your question: {ALL}") in parsed.text
        for text in INJECTIONS:
            assert parsed.text.count(flat(text)) >= 3  # story (twice), question
        links = [attrs.get("class") for tag, attrs in parsed.tags if tag == "a"]
        assert set(links) == {"ck-nav-link", "anchor-link"}, links  # the page's own only


def test_the_gallery_cards_show_titles_and_stories_as_text(tmp_path: Path) -> None:
    for i, title in enumerate(titles()):
        meta = {"kind": "mission", "title": title, "summary": ALL, "players": ALL}
        meta["difficulty"] = {"stars": 2, "label": INJECTIONS[0]}
        write_notebook(tmp_path / f"p{i}.ipynb", [("markdown", "# x")], meta)
    # a page without metadata: title and summary come from its own markdown
    page = [("markdown", f"# {text_html(INJECTIONS[1])}\n\n{paragraphs_html(INJECTIONS[2])}")]
    write_notebook(tmp_path / "bare.ipynb", page, {})
    index = json.loads(build_index(tmp_path, title=INJECTIONS[5]).read_text(encoding="utf-8"))
    source = "".join(index["cells"][0]["source"])
    parsed = assert_inert(markdown(source), {"style", "b"})
    assert [tag for tag, _ in parsed.tags].count("style") == 1
    for title in titles():
        assert flat(title) in parsed.text
    assert flat(INJECTIONS[5]) in parsed.text and flat(INJECTIONS[1]) in parsed.text
    assert parsed.text.count(flat(ALL)[:200]) >= len(titles())


def test_the_campaign_page_names_its_first_mission_as_text(evil: list[Path], tmp_path) -> None:
    from cipherkit.publish.campaign_page import publish_campaign

    page, picture = publish_campaign(list(evil), tmp_path)
    cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
    parsed = assert_inert(markdown("".join(cells[0]["source"])))
    assert flat(titles()[0]) in parsed.text
    assert_inert(picture.read_text(encoding="utf-8"), {"svg"})
