"""A language crawl of the gallery in Chromium (issue 47): every word a page shows, says
or labels, read back and checked against the language the page speaks.

:func:`pseudo_gallery` copies ``puzzles/`` and writes its pseudo-locale twins
(``en-XA/``: every catalog string marked ``⟦…⟧``) beside the Russian ones. A
:class:`Crawl` is one browser context (one language, one visitor) visiting pages in
sequence; at each stop :meth:`Crawl.look` reads the page with :data:`COLLECT_JS`:

* every visible text node, grouped by the block it is drawn in (a sentence split by
  ``<em>`` or ``<b>`` is read whole), and the text of ``::before``/``::after``;
* every ``aria-label``, ``aria-description``, ``aria-roledescription``,
  ``aria-valuetext``, ``title``, ``placeholder`` and ``alt`` of a visible element, the
  options of a visible ``<select>``, SVG ``<title>`` elements and the document's title;
* every announcement: the text of each live region (``aria-live``, ``role=status``,
  ``alert`` or ``log``) each time it changed since the page was opened (an observer
  installed before the page's own scripts, :data:`LIVE_JS`), and each dialog.

:func:`outside_catalog` is what a pseudo-locale text has outside its ``⟦…⟧`` marks and
the allow-list; :func:`latin_left` the runs of three or more Latin letters a Russian
text has outside it. The allow-list is :data:`ALLOWED` (patterns, each with why) and
:data:`SKIPPED` (elements whose text is not ours to translate, each with why), kept
small on purpose.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cipherkit.i18n import PSEUDO
from tests.browser.gallery_servers import copy_puzzles

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks" / "lessons"

# ---------------------------------------------------------------------- the allow-list
ALLOWED: dict[str, str] = {
    # Room join codes (WORD-DDDDD-WORD): typed by people, the same in every language.
    r"\b[A-Z]+-\d{5}-[A-Z]+\b": "a room's join code",
    # Class codes (LLLL-DDD, consonants only).
    r"\b[BCDFGHJKLMNPQRSTVWXZ]{4}-\d{3}\b": "a class code",
    # A lone letter: a letter of a cipher's alphabet or key, a column's label (A, B, C).
    r"(?<![\w'’])[A-Za-z](?![\w'’])": "a lone letter of an alphabet",
    # Card notation: rank and suit, as printed on the cards (Q♠, 10♥).
    r"(?<![\w])(?:10|[2-9JQKA])[♠♥♦♣](?![\w])": "card notation",
    # An address shown as text (the projector shows Play together's for the class).
    r"\bhttps?://[^\s⟦⟧]+": "an address",
    # A page's file name in an address or a link shown as text (decipher.ipynb).
    r"\b[\w-]+\.ipynb\b": "a page's file name",
    # Names of programs and games that are names in every language.
    r"\bcipherkit(?: serve)?\b|\bJupyter\b|\bDecrypto\b": "cipherkit (serve), Jupyter, "
    "Decrypto: programs and a published game, by their names",
    # Keys as printed on a keyboard, file formats, and the binary logarithm.
    r"\b(?:Alt|Shift|Ctrl|Delete)\b": "keys as printed on a keyboard",
    r"\b(?:YAML|PDF|CSV|JSON)\b": "file formats",
    # A mission file's field and its list, quoted as the file writes it (tokens: [entrance]).
    r"\b[a-z_]+: \[[a-z_, ]*\]": "a mission file's field, quoted as written",
    # Glyph styles by their names in a mission file (the studio's own Russian test too).
    r"\b(?:circuit|pigpen|runes)\b": "glyph styles' names in a mission file",
    r"\blog₂": "the binary logarithm",
    # A logic operation by its name, as Russian textbooks print it too (lesson 9's title).
    r"\bXOR\b": "the XOR operation's name",
}
"""Patterns a page may show in any language, each with why (checked before words)."""

SKIPPED: dict[str, str] = {
    # The language switch names each language in itself ("English", "Русский").
    ".ck-lang a": "the language switch's language names",
    # Program text: a lesson shows its Python code as code, and a cell's printed output.
    "#rendered_cells pre, #rendered_cells code": "program code and its printed output",
    # What a person typed into a box is theirs, in their language.
    "textarea, input": "what a person typed",
    # A lesson's plot: its alt text quotes the axis labels the lesson's code drew on the
    # picture, as written (cipherkit.widgets.figures); its own words are checked by the
    # catalog and tests/widgets/test_figures.py.
    'img[src^="data:image/png"]': "a plot's alt text, quoting its code's axis labels",
}
"""Selectors whose elements' text is not ours to translate, each with why."""

OWNERS: dict[str, str] = {
    "[data-testid=intercept-table], .cipherkit-notes": "Intercept",
    "[data-testid=mission-table]": "mission table",
    "[data-testid=workbench]": "workbench",
    "[data-testid=studio]": "studio",
    "[data-testid=teacher]": "teacher page",
    "[data-testid=projector]": "projector",
}
"""The widgets a finding is named by (the page's frame and the rest: "ours")."""

LESSON_EXAMPLES: dict[str, tuple[str, ...]] = {
    # The lessons' example messages, ciphertexts and workbench ciphers, quoted in their
    # Russian text as the page shows them: their ciphers work over the Latin alphabet (a
    # workbench over the Russian one is another branch's), so they stay Latin.
    "01-caesar-and-brute-force.ipynb": ("Veni, vidi, vici",),
    "02-substitution-and-frequency.ipynb": (
        "the storm had stopped",
        "the story had stopped",
        "storm",
    ),
    "03-glyph-ciphers.ipynb": ("open the north door",),
    "04-vigenere-and-kasiski.ipynb": ("vigenere",),
    "05-transposition.ipynb": ("railfence", "SRLTDEOEPIOHIGNMSPETEREDUSB"),
    "06-codebooks-and-reuse.ipynb": ("ocean", "wave", "gear", "cog", "bark"),
    "08-build-your-own-puzzle.ipynb": ("under the third stone", "karwp j ujwcnaw jwm j vjy"),
    "09-one-time-pad.ipynb": (
        "AT&T",
        "XOR",
        "THE",
        "ATTACK",
        "HOLDTH",
        "hold th",
        "HOLD THE",
        "BRI",
        "FNWNUJPG",
        "RVZACPWZ",
        "TLAVS",
        "PEACE",
    ),
    "10-modular-arithmetic.ipynb": (
        "Disquisitiones Arithmeticae",  # Gauss's book, by its Latin title
        "Python",
        "mod",
        "QCCZ QC IZ VAAV",
    ),
    # Names of papers, sites, hashes and code quoted as written (printed in Latin in
    # Russian textbooks too); the made-up word the first exercise hashes.
    "11-hashing-and-passwords.ipynb": (
        "Bell Labs",
        "Password Security: A Case History",
        "Unix",
        "LinkedIn",
        "SHA-1",
        "SHA-256",
        "PBKDF2",
        "compass",
        "leaked_table",
        "seed",
        "salted",
        "weak_passwords",
        "Python",
        "RSA",  # lesson 12's title, in the link leading on to it
    ),
    # The agency and the cipher by their names, and mod as lesson 10 writes it.
    "13-key-exchange.ipynb": ("GCHQ", "RSA", "mod"),
    # The cipher and the encoding by their names; the lesson's functions, as called.
    "14-steganography.ipynb": ("RSA", "UTF-8", "mystery", "suspects"),
    "12-rsa-small-numbers.ipynb": (
        "New Directions in Cryptography",  # Diffie and Hellman's paper, by its title
        "Scientific American",  # the magazine, by its name
        "THE MAGIC WORDS ARE SQUEAMISH OSSIFRAGE",  # RSA-129's message, as it was read
        "RSA",
        "MIT",
        "GCHQ",
        "Python",
        "mod",
    ),
}
"""Per lesson: Latin text its Russian page quotes as it is (see the comment)."""

NAMES_EN = ("Ada", "Bo", "Kit")
"""The names the pseudo-locale crawl types for people (a name is never translated)."""
NAMES_RU = ("Аня", "Боря", "Кира")
"""The names the Russian crawl types."""
CLASS_TITLE = {"en-XA": "Zz 9", "ru": "Класс 9"}
"""The title each crawl gives its class (the pseudo one has no word of three letters)."""

LATIN_RUN = re.compile(r"[A-Za-z]{3,}")
LETTER = re.compile(r"[^\W\d_]")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


def strip_allowed(text: str, extra: Iterable[str] = ()) -> str:
    """``text`` without the ``extra`` words (whole phrases first) and what :data:`ALLOWED`
    allows."""
    for word in sorted(extra, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text)
    for pattern in ALLOWED:
        text = re.sub(pattern, " ", text)
    return text


def unmarked(text: str) -> str:
    """What ``text`` has outside its ``⟦…⟧`` marks (nested marks too; a mark cut short,
    such as a summary shortened with an ellipsis, runs to the end of the text).

    >>> unmarked("⟦Round ⟦one⟧ of 8⟧: Q♠ left")
    ': Q♠ left'
    >>> unmarked("⟦A long summary, cut…"), unmarked("…the end⟧ and more")
    ('', ' and more')
    """
    while True:
        shorter = MARKED.sub("", text)
        if shorter == text:
            break
        text = shorter
    text = text.split("⟦", 1)[0]
    return text.rsplit("⟧", 1)[-1]


def outside_catalog(text: str, extra: Iterable[str] = ()) -> str:
    """The words of a pseudo-locale ``text`` outside the catalog and the allow-list
    (empty when it has none): any letter left once the marks and what is allowed are gone.

    >>> outside_catalog("⟦Your turn⟧ (Ada): 3 × 10♥", extra=["Ada"])
    ''
    >>> outside_catalog("⟦Your hand⟧: Play", extra=["Ada"])
    'Play'
    """
    rest = strip_allowed(unmarked(text), extra)
    words = re.findall(r"[^\W_]+", rest)
    return " ".join(w for w in words if LETTER.search(w))


def latin_left(text: str, extra: Iterable[str] = ()) -> list[str]:
    """The runs of three or more Latin letters in a Russian ``text`` outside the allow-list.

    >>> latin_left("Ход Ады: сыграйте Q♠ в TIGER-00042-MOSS")
    []
    >>> latin_left("Раунд 1 of 8")
    []
    >>> latin_left("Ваш ход: Play")
    ['Play']
    """
    return LATIN_RUN.findall(strip_allowed(text, extra))


# ---------------------------------------------------------------------- the gallery
def pseudo_gallery(folder: Path) -> Path:
    """A copy of ``puzzles/`` in ``folder`` with the pseudo-locale's twins of its own
    pages and lessons (``en-XA/``) and their index, beside the English and Russian pages."""
    from cipherkit.publish.languages import write_twins
    from cipherkit.publish.pages import publish_lessons

    copy_puzzles(folder)
    lessons = sorted(str(p) for p in LESSONS.glob("[0-9]*.ipynb"))
    publish_lessons(lessons, out=folder, index=False, languages=(PSEUDO,))
    write_twins(folder, languages=(PSEUDO,))
    return folder


# ---------------------------------------------------------------------- in the page
LIVE_JS = """
(() => {
  const said = [];
  const seen = new Set();
  window.__ckSaid = said;
  const LIVE = '[aria-live], [role=status], [role=alert], [role=log]';
  const AREAS = %s;
  const areaOf = (el) => {
    const voice = el && el.closest('[data-testid=turn-line], [data-testid=live]');
    if (voice) {  // a table's turn line and live region, beside it (table_common.js)
      el = voice.matches('[data-testid=turn-line]') ? voice.nextElementSibling
                                                    : voice.previousElementSibling;
    }
    return (el && AREAS.find((s) => el.closest(s))) || '';
  };
  // What a page asks in a dialog (confirm, alert, prompt): read with the control that
  // asked (its area); the browser's answer is the crawl's (Playwright accepts).
  for (const name of ['confirm', 'alert', 'prompt']) {
    const original = window[name].bind(window);
    window[name] = (message, ...rest) => {
      window.__ckAsked.push([String(message), areaOf(document.activeElement)]);
      return original(message, ...rest);
    };
  }
  window.__ckAsked = [];
  const note = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    const region = el && el.closest && el.closest(LIVE);
    if (!region || region.getAttribute('aria-live') === 'off') return;
    const text = (region.textContent || '').trim();
    if (!text || seen.has(text)) return;
    seen.add(text);
    said.push([text, areaOf(region)]);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      note(r.target);
      for (const n of r.addedNodes) note(n);
    }
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();
"""
"""Installed in every page of a crawl before its own scripts: what its live regions said."""
LIVE_JS = LIVE_JS % json.dumps(list(OWNERS))

COLLECT_JS = """
([skip, owners]) => {
  const areaOf = (el) => {
    const voice = el && el.closest('[data-testid=turn-line], [data-testid=live]');
    if (voice) {  // a table's turn line and live region, beside it (table_common.js)
      el = voice.matches('[data-testid=turn-line]') ? voice.nextElementSibling
                                                    : voice.previousElementSibling;
    }
    return (el && owners.find((s) => el.closest(s))) || '';
  };
  // Text the page itself marks as another language (lang="en": an English keyword at a
  // table whose bots play English only) is that language's, not a word left untranslated.
  const page = document.documentElement.lang;
  const foreign = (el) => {
    const marked = el.closest('[lang]');
    return !!marked && marked !== document.documentElement && marked.lang !== page;
  };
  const skipped = (el) => !!el && (skip.some((s) => el.closest(s)) || foreign(el));
  const shown = (el) => el.checkVisibility({visibilityProperty: true});
  const blockOf = (el) => {
    for (let p = el; p; p = p.parentElement) {
      const d = getComputedStyle(p).display;
      if (d !== 'inline' && d !== 'contents') return p;
    }
    return document.body;
  };
  const blocks = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE'].includes(el.tagName)) continue;
    if (skipped(el) || !shown(el)) continue;
    const block = blockOf(el);
    blocks.set(block, (blocks.get(block) || '') + node.textContent);
  }
  const out = [];
  const describe = (el) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/)[0] : '';
    return el.tagName.toLowerCase() + (id ? `[data-testid=${id}]` : cls ? '.' + cls : '');
  };
  for (const [block, text] of blocks) {
    if (text.trim()) {
      out.push({kind: 'text', where: describe(block), area: areaOf(block), text: text.trim()});
    }
  }
  const NAMES = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext',
                 'aria-placeholder', 'title', 'placeholder', 'alt'];
  for (const el of document.body.querySelectorAll('*')) {
    if (skipped(el) && !['INPUT', 'TEXTAREA'].includes(el.tagName)) continue;
    const visible = shown(el);
    if (visible) {
      for (const name of NAMES) {
        const value = el.getAttribute(name);
        if (value && value.trim()) {
          out.push({kind: name, where: describe(el), area: areaOf(el), text: value.trim()});
        }
      }
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(el, pseudo).content;
        if (content && content.startsWith('"') && content.length > 2) {
          out.push({kind: 'css ' + pseudo, where: describe(el), area: areaOf(el),
                    text: content.slice(1, -1)});
        }
      }
    }
    if (el.tagName === 'SELECT' && visible) {
      for (const option of el.options) {
        if (option.text.trim()) out.push({kind: 'option', where: describe(el),
                                          area: areaOf(el), text: option.text.trim()});
      }
    }
    if (el.tagName.toLowerCase() === 'title' && el.closest('svg') && shown(el.closest('svg'))) {
      if (el.textContent.trim()) out.push({kind: 'svg title', where: describe(el.closest('svg')),
                                           area: areaOf(el), text: el.textContent.trim()});
    }
  }
  if (document.title.trim()) out.push({kind: 'document title', where: 'title', area: '',
                                       text: document.title.trim()});
  for (const [text, area] of window.__ckSaid || []) {
    out.push({kind: 'announced', where: 'live region', area, text});
  }
  for (const [text, area] of window.__ckAsked || []) {
    out.push({kind: 'dialog', where: 'confirm()', area, text});
  }
  return {lang: document.documentElement.lang, texts: out};
}
"""
"""Everything a person reads or hears on the page now (module docs)."""


@dataclass
class Finding:
    """A text of a page outside its language."""

    page: str
    kind: str
    where: str
    text: str
    left: str
    area: str = ""
    """The selector of :data:`OWNERS` the text is inside, if any."""

    def line(self) -> str:
        owner = OWNERS.get(self.area, "ours")
        where = f"{self.kind} {self.where}"
        return f"[{owner}] {self.page} | {where}: {self.text[:160]!r} -> {self.left!r}"


@dataclass
class Crawl:
    """One browser context visiting the pages of one language in sequence."""

    lang: str
    page: Any
    base: str
    names: tuple[str, ...]
    findings: list[Finding] = field(default_factory=list)
    langs: dict[str, str] = field(default_factory=dict)
    wider: dict[str, int] = field(default_factory=dict)
    """Stops whose page is wider than its window (px of sideways scroll): it does not fit."""
    looked: int = 0

    def __post_init__(self) -> None:
        # every dialog is accepted (LIVE_JS has read what it asks)
        self.page.context.on("page", lambda page: page.on("dialog", lambda d: d.accept()))
        self.page.on("dialog", lambda dialog: dialog.accept())

    def goto(self, name: str, ready: str, fragment: str = "") -> None:
        """Open ``<lang>/<name>`` and wait for ``ready`` (a selector)."""
        response = self.page.goto(f"{self.base}/voila/render/{self.lang}/{name}{fragment}")
        assert response is not None and response.status == 200, name
        self.page.wait_for_selector(ready)
        assert f"/{self.lang}/{name}" in self.page.url, (name, self.page.url)

    def look(self, label: str, extra: Iterable[str] = (), page: Any = None) -> None:
        """Read the page (``page``, else the crawl's) now; keep what is outside its language."""
        page = page or self.page
        page.wait_for_timeout(200)  # the last redraws and announcements settle
        seen = page.evaluate(COLLECT_JS, [list(SKIPPED), list(OWNERS)])
        self.langs[label] = seen["lang"]
        over = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
        if over > 1:
            self.wider[label] = int(over)
        self.looked += 1
        allowed = [*self.names, *extra]
        for item in seen["texts"]:
            self.check(
                Finding(label, item["kind"], item["where"], item["text"], "", item["area"]), allowed
            )

    def check(self, finding: Finding, allowed: list[str]) -> None:
        """Keep ``finding`` (its ``left`` filled) if its text has words outside the language."""
        if self.lang == PSEUDO:
            finding.left = outside_catalog(finding.text, allowed)
        else:
            finding.left = " ".join(latin_left(finding.text, allowed))
        same = any(
            (f.text, f.where, f.kind) == (finding.text, finding.where, finding.kind)
            for f in self.findings
        )
        if finding.left and not same:
            self.findings.append(finding)


def report(findings: list[Finding], most: int = 40) -> str:
    """The findings as lines, ours first, then by area (at most ``most`` of each), after
    a count per area."""
    areas: dict[str, list[Finding]] = {}
    for f in sorted(findings, key=lambda f: (f.area != "", f.area)):
        areas.setdefault(f.area, []).append(f)
    lines = [f"{len(found)} {OWNERS.get(area, 'ours')}" for area, found in areas.items()]
    for found in areas.values():
        lines += [f.line() for f in found[:most]]
        if len(found) > most:
            lines.append(f"... and {len(found) - most} more of {OWNERS.get(found[0].area, 'ours')}")
    return "\n".join(lines)


def dump(findings: list[Finding], path: Path) -> None:
    """The findings as JSON (a file beside the server's log, for a person to read)."""
    rows = [f.__dict__ for f in findings]
    path.write_text(json.dumps(rows, indent=1, ensure_ascii=False), encoding="utf-8")
