"""The mission map fits the screen, in English and in Russian (issue 47 item 7), in
Chromium on a phone (390x844) and on a laptop (1280x800).

Every map used to be drawn at least as wide as keeps its room names 12 px, wider than a
phone, and was cut at its right edge with no sign that it scrolled. Now the map fits the
table's width: the whole of it is on screen, the page no wider than the screen. Where the
fitted map draws the names smaller than 12 px (a phone), a button enlarges it to its
readable width inside a frame that scrolls sideways, says so in words and shades the edge
with more map beyond it; the same button fits it again. Checked on the widest shipped map
(The Last Light), the narrowest (The Lantern Archive), the campaign page, and in Russian a
table whose rooms have long Russian names and the campaign.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import TEST_PAGES, UI_TIMEOUT_MS, Server
from tests.browser.layout_checks import measure

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
MAP = "[data-testid=mission-table] [data-testid=map]"
READY = "[data-testid=mission-table]:not(.ck-is-waiting) [data-testid=map] svg"

PAGES = [
    pytest.param("last-light.ipynb", "mission", "en", id="last-light"),
    pytest.param("lantern-archive.ipynb", "mission", "en", id="lantern-archive"),
    pytest.param("campaign.ipynb", "campaign", "en", id="campaign"),
    pytest.param(f"{TEST_PAGES}/map-fit-ru.ipynb", "mission", "ru", id="russian-table"),
    pytest.param(f"{TEST_PAGES}/campaign-ru.ipynb", "campaign", "ru", id="russian-campaign"),
]

GEOMETRY_JS = """
(box) => {
  const svg = box.querySelector("svg");
  const view = box.querySelector(".ck-map-view");
  const frame = box.querySelector(".ck-map-frame");
  const r = svg.getBoundingClientRect();
  const f = frame.getBoundingClientRect();
  const scale = r.width / svg.viewBox.baseVal.width;
  // room names: the text at each room's top left (its hit area is the room's box, 4 wider)
  const lefts = [...svg.querySelectorAll("[data-room]")]
    .map((hit) => parseFloat(hit.getAttribute("x")) + 14);
  const names = [...svg.querySelectorAll("text")]
    .filter((t) => lefts.some((x) => Math.abs(parseFloat(t.getAttribute("x")) - x) < 0.01))
    .map((t) => parseFloat(t.getAttribute("font-size")) * scale);
  const button = box.querySelector("[data-testid=map-zoom]");
  const shown = (el) => el && getComputedStyle(el).display !== "none" && el.offsetParent !== null;
  return {
    innerWidth: window.innerWidth,
    pageWidth: document.documentElement.scrollWidth,
    svg: { left: r.left, right: r.right, width: r.width, height: r.height },
    frame: { left: f.left, right: f.right, width: f.width },
    scrolls: view.scrollWidth > view.clientWidth + 1,
    viewWidth: view.clientWidth,
    scrollWidth: view.scrollWidth,
    readable: parseFloat(getComputedStyle(box).getPropertyValue("--ck-map-readable")),
    zoom: box.dataset.zoom,
    fits: box.dataset.fits,
    names: names.length,
    smallestName: names.length ? Math.min(...names) : null,
    button: shown(button)
      ? { text: button.innerText.trim(), height: button.getBoundingClientRect().height,
          pressed: button.getAttribute("aria-pressed") }
      : null,
    hint: shown(box.querySelector("[data-testid=map-hint]"))
      ? box.querySelector("[data-testid=map-hint]").innerText.trim() : null,
    moreLeft: frame.dataset.moreLeft,
    moreRight: frame.dataset.moreRight,
    lang: box.closest("[lang]") ? box.closest("[lang]").getAttribute("lang") : null,
  };
}
"""


@pytest.fixture
def screen(browser: Any) -> Iterator[Any]:
    """A page on a phone-sized screen, in its own context (its own kernels)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS * 2)
    yield page
    context.close()


def geometry(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.locator(MAP).first.evaluate(GEOMETRY_JS)
    return result


def assert_whole_map_on_screen(page: Any, where: str) -> dict[str, Any]:
    g = geometry(page)
    assert g["pageWidth"] <= g["innerWidth"], f"{where}: the page is wider than the screen: {g}"
    assert g["zoom"] == "fit" and not g["scrolls"], f"{where}: the map is not fitted: {g}"
    assert g["svg"]["left"] >= -0.5 and g["svg"]["right"] <= g["innerWidth"] + 0.5, (where, g)
    assert g["svg"]["right"] <= g["frame"]["right"] + 0.5, f"{where}: the map is cut: {g}"
    assert g["svg"]["width"] >= 0.85 * g["frame"]["width"], f"{where}: the map is shrunk: {g}"
    assert g["names"] > 0, f"{where}: no room name found on the map"
    return g


def open_page(page: Any, server: Server, name: str) -> None:
    page.goto(f"{server.url}/voila/render/{name}")
    page.wait_for_selector(READY)
    page.wait_for_timeout(300)  # fonts settle


@pytest.mark.parametrize(("name", "kind", "lang"), PAGES)
def test_the_whole_map_fits_a_phone_and_a_laptop(
    screen: Any, voila_server: Server, name: str, kind: str, lang: str
) -> None:
    open_page(screen, voila_server, name)
    phone = assert_whole_map_on_screen(screen, f"{name} at 390 px")
    assert phone["lang"] == lang
    problems = measure(screen, name, kind).problems()
    assert not problems, "\n".join(problems)
    # On a phone the fitted names are small: the button to enlarge the map is there.
    assert phone["fits"] == "false" and phone["button"] is not None, phone
    assert phone["button"]["height"] >= 40 and phone["button"]["pressed"] == "false"
    assert phone["hint"] is None
    screen.screenshot(path=str(voila_server.log.parent / f"map-fit-{lang}-{kind}-390.png"))

    screen.set_viewport_size(LAPTOP)
    screen.wait_for_timeout(300)
    laptop = assert_whole_map_on_screen(screen, f"{name} at 1280 px")
    # On a laptop the fitted map already draws the names 12 px or more: no button.
    assert laptop["fits"] == "true" and laptop["button"] is None, laptop
    assert laptop["smallestName"] >= 12 - 0.01, laptop
    screen.screenshot(path=str(voila_server.log.parent / f"map-fit-{lang}-{kind}-1280.png"))


@pytest.mark.parametrize(("name", "kind", "lang"), [PAGES[0], PAGES[3]])
def test_on_a_phone_the_map_enlarges_to_readable_names_and_scrolls_visibly(
    screen: Any, voila_server: Server, name: str, kind: str, lang: str
) -> None:
    open_page(screen, voila_server, name)
    fitted = geometry(screen)
    zoom = screen.locator(f"{MAP} [data-testid=map-zoom]")
    words = {"en": ("Enlarge the map", "Fit the map"), "ru": ("Увеличить карту", "Вписать карту")}
    assert words[lang][0] in fitted["button"]["text"]

    zoom.click()
    enlarged = geometry(screen)
    assert enlarged["zoom"] == "in" and enlarged["button"]["pressed"] == "true", enlarged
    assert words[lang][1] in enlarged["button"]["text"]
    # the names are readable, the map scrolls inside its frame, the page does not
    assert enlarged["smallestName"] >= 12 - 0.01, enlarged
    assert enlarged["svg"]["width"] >= enlarged["readable"] - 0.5, enlarged
    assert enlarged["scrolls"] and enlarged["pageWidth"] <= enlarged["innerWidth"], enlarged
    assert enlarged["frame"]["right"] <= enlarged["innerWidth"] + 0.5, enlarged
    # ...and says so: a sentence under it and a shaded edge where more of it lies
    assert enlarged["hint"] and enlarged["moreRight"] == "true" and enlarged["moreLeft"] == "false"
    problems = measure(screen, f"{name} (map enlarged)", kind).problems()
    assert not problems, "\n".join(problems)
    screen.screenshot(path=str(voila_server.log.parent / f"map-zoom-{lang}-{kind}-390.png"))

    # scrolled to its right edge: the shade moves to the left
    screen.locator(f"{MAP} .ck-map-view").evaluate("v => { v.scrollLeft = v.scrollWidth; }")
    screen.wait_for_timeout(100)
    scrolled = geometry(screen)
    assert scrolled["moreLeft"] == "true" and scrolled["moreRight"] == "false", scrolled

    # a move redraws the table: the map stays enlarged where it was scrolled to
    room = screen.locator(f"{MAP} [data-room]").first
    room.dispatch_event("click")
    screen.wait_for_timeout(1500)
    again = geometry(screen)
    assert again["zoom"] == "in" and again["moreLeft"] == "true", again

    zoom = screen.locator(f"{MAP} [data-testid=map-zoom]")
    zoom.click()
    assert_whole_map_on_screen(screen, f"{name} fitted again")
