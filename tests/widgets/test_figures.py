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


CELL = """
import matplotlib.pyplot as plt
from IPython.display import display
fig, ax = plt.subplots()
ax.bar(range(4), {heights})
ax.set_title("letters")
display(fig)  # what the inline backend's show does (another test may have chosen Agg)
plt.close(fig)
"""


def test_a_cells_figure_is_drawn_once_per_server_and_read_after(
    shell: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the server's folder named, the first run of a cell keeps its figure's PNG; a
    later run of the same cell with the same figure is read from the folder (a marker
    written there shows it); a figure whose data differ, or another cell, is drawn."""
    from cipherkit.widgets.figure_cache import CACHE_ENV
    from cipherkit.widgets.figures import describe_figures

    monkeypatch.setitem(os.environ, CACHE_ENV, str(tmp_path))
    describe_figures()
    outputs: list[dict[str, object]] = []
    monkeypatch.setattr(
        shell.display_pub,  # type: ignore[attr-defined]
        "publish",
        lambda data, metadata=None, **kw: outputs.append(data),
    )
    shell.run_cell(CELL.format(heights=[3, 1, 4, 1]))  # type: ignore[attr-defined]
    (kept,) = tmp_path.glob("*.png.b64")
    (first,) = outputs
    assert "image/png" not in first  # one picture: the HTML's, drawn once
    assert kept.read_text() in str(first["text/html"])
    kept.write_text("MARKER")
    shell.run_cell(CELL.format(heights=[3, 1, 4, 1]))  # type: ignore[attr-defined]
    assert 'src="data:image/png;base64,MARKER"' in str(outputs[-1]["text/html"])
    shell.run_cell(CELL.format(heights=[3, 1, 4, 2]))  # type: ignore[attr-defined]
    assert "MARKER" not in str(outputs[-1]["text/html"])
    assert len(list(tmp_path.glob("*.png.b64"))) == 2
    import matplotlib.pyplot as plt

    fig, _ax = plt.subplots()  # shown outside a cell (a widget's callback): not kept
    try:
        shell.display_formatter.format(fig)  # type: ignore[attr-defined]
    finally:
        plt.close(fig)
    assert len(list(tmp_path.glob("*"))) == 2


def test_the_fingerprint_tells_figures_apart_by_what_they_hold() -> None:
    import matplotlib.pyplot as plt
    import numpy as np

    from cipherkit.widgets.figure_cache import fingerprint

    def picture(pixels: object, cmap: str = "gray", label: str = "x") -> str:
        fig, ax = plt.subplots()
        ax.imshow(pixels, cmap=cmap)
        ax.set_xlabel(label)
        try:
            return fingerprint(fig)
        finally:
            plt.close(fig)

    grey = np.zeros((64, 64), dtype=np.uint8)
    one_pixel = grey.copy()
    one_pixel[40, 7] = 1
    same = picture(grey)
    assert picture(grey.copy()) == same  # built again: the same
    assert picture(one_pixel) != same
    assert picture(grey, cmap="viridis") != same
    assert picture(grey, label="y") != same
