"""axe-core (WCAG 2.0-2.2 A and AA rules and axe's best practices) on the rendered gallery
pages (issues #32 and #50).

:func:`audit` opens one gallery page, waits for its widgets, and runs axe-core (bundled in
``axe-playwright-python``: nothing is fetched at run time) at each width of
:data:`WIDTHS`, resizing the same page: ``bench/axe_pages.py`` (the figures before and
after a change). ``tests/browser/test_phone_layout.py`` runs :func:`run_axe` and
:data:`SMALL_TARGETS_JS` on the page load of its layout checks.
"""

from __future__ import annotations

from typing import Any

WIDTHS = (1280, 390)
"""The screen widths checked: a laptop, then a phone (the same page, resized)."""

HEIGHTS = {1280: 800, 390: 844}

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
"""axe-core's rule tags for WCAG 2.0, 2.1 and 2.2, levels A and AA, and its best practices
(landmarks: one ``main``, every content in a landmark, unique landmark names; headings)."""

PAGE_RULES = ("region", "landmark-one-main", "page-has-heading-one", "landmark-unique")
"""Best-practice rules about a whole page, not checked on a widget inside someone else's."""

MIN_TARGET = 24
"""The smallest control, in px each way (WCAG 2.5.8, target size minimum)."""

SMALL_TARGETS_JS = """
(min) => {
  const out = [];
  const controls = document.querySelectorAll(
    "button, input:not([type=hidden]), select, textarea, summary, [role=button], a[href]");
  for (const el of controls) {
    if (el.closest(".ck-sr-only")) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || s.visibility === "hidden") continue;
    // a link inside a sentence is exempt (WCAG 2.5.8, inline)
    if (el.tagName === "A" && s.display === "inline") continue;
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const what = (el.getAttribute("data-testid") || el.getAttribute("aria-label")
        || el.textContent || el.type || "").trim().slice(0, 30);
      const size = `${r.width.toFixed(0)}x${r.height.toFixed(0)}`;
      out.push(`${el.tagName.toLowerCase()} "${what}" ${size}`);
    }
  }
  return out;
}
"""

IMPACTS = ("critical", "serious", "moderate", "minor")
BLOCKING = ("critical", "serious", "moderate")
"""Impacts the suite allows none of (issue #50: moderate too, with the best practices)."""


def run_axe(page: Any, within: str | None = None) -> list[dict[str, Any]]:
    """The WCAG A/AA and best-practice violations axe-core finds in ``page`` now (only
    in the elements ``within`` selects, if given: a widget inside JupyterLab, whose own
    page is not ours, so the rules about a whole page's landmarks and headings are left
    out): one dict per rule with its ``id``, ``impact``, ``help`` and the first few
    failing elements (``targets``)."""
    from axe_playwright_python.sync_playwright import Axe

    options: dict[str, Any] = {
        "runOnly": {"type": "tag", "values": WCAG_TAGS},
        "resultTypes": ["violations"],
    }
    if within:
        options["rules"] = {rule: {"enabled": False} for rule in PAGE_RULES}
    response = Axe().run(page, context=within, options=options).response
    return [
        {
            "id": v["id"],
            "impact": v.get("impact") or "minor",
            "help": v.get("help", ""),
            "nodes": len(v.get("nodes", [])),
            "targets": [n.get("target") for n in v.get("nodes", [])[:3]],
        }
        for v in response.get("violations", [])
    ]


def by_impact(violations: list[dict[str, Any]]) -> dict[str, int]:
    """How many failing rules of each impact (``critical``... ``minor``)."""
    counts = dict.fromkeys(IMPACTS, 0)
    for v in violations:
        counts[v["impact"]] = counts.get(v["impact"], 0) + 1
    return counts


def blocking(violations: list[dict[str, Any]]) -> list[str]:
    """The critical, serious and moderate violations as lines a failure message can show."""
    return [
        f"{v['impact']} {v['id']} ({v['nodes']} elements, e.g. {v['targets']}): {v['help']}"
        for v in violations
        if v["impact"] in BLOCKING
    ]


def open_page(page: Any, url: str, name: str) -> None:
    """Load gallery page ``name`` from the server at ``url`` and wait for its widgets."""
    from tests.browser.layout_checks import layout_kind

    _, ready = layout_kind(name)
    page.goto(f"{url}/voila/render/{name}")
    page.wait_for_selector(ready)
    page.wait_for_timeout(300)  # fonts, images and the first redraws settle


def audit(page: Any, url: str, name: str) -> dict[int, list[dict[str, Any]]]:
    """axe-core's violations on gallery page ``name`` at each width of :data:`WIDTHS`."""
    found: dict[int, list[dict[str, Any]]] = {}
    for i, width in enumerate(WIDTHS):
        page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        if i == 0:
            open_page(page, url, name)
        else:
            page.wait_for_timeout(300)  # the layout of the new width
        found[width] = run_axe(page)
    return found
