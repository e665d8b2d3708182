"""A lesson's plots carry words (cipherkit.widgets.figures): in a kernel's shell every
matplotlib figure is also an HTML image with an alt text, escaped; and every published
lesson page turns this on in its first code cell."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cipherkit.publish.pages import FIGURES

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setitem(os.environ, "MPLBACKEND", "module://matplotlib_inline.backend_inline")
    from IPython.core.interactiveshell import InteractiveShell

    return InteractiveShell.instance()


def test_a_figure_is_shown_with_its_alt_text_and_the_text_is_escaped(shell: object) -> None:
    import matplotlib.pyplot as plt

    from cipherkit.widgets.figures import describe_figures

    describe_figures()
    fig, ax = plt.subplots()
    ax.set_xlabel("bits of p")
    ax.set_ylabel('<script>alert("x")</script>')
    try:
        data, _meta = shell.display_formatter.format(fig)  # type: ignore[attr-defined]
        shown = data["text/html"]
        assert shown.startswith('<img alt="A plot: &lt;script&gt;alert(&quot;x&quot;)')
        assert "<script>" not in shown and "against bits of p" in shown
        assert 'src="data:image/png;base64,iVBORw0KGgo' in shown  # the plot itself, a PNG
        fig.set_label("The colour story: two mixtures swapped in public")
        data, _meta = shell.display_formatter.format(fig)  # type: ignore[attr-defined]
        assert data["text/html"].startswith('<img alt="The colour story: two mixtures')
    finally:
        plt.close(fig)


def test_every_published_lesson_page_describes_its_plots_first() -> None:
    pages = sorted((ROOT / "puzzles" / "lessons").glob("*.ipynb"))
    pages += sorted((ROOT / "puzzles" / "ru" / "lessons").glob("*.ipynb"))
    assert len(pages) >= 28
    for page in pages:
        cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
        first = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert FIGURES in first, page.name
