"""A page's markdown rendered and cleaned once per server, and message dates read the
quick way (:mod:`cipherkit.serve.render_cache`): the same page, the same dates, less
work per load."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client import jsonutil
from nbconvert.exporters import HTMLExporter
from nbconvert.exporters.templateexporter import TemplateExporter
from nbconvert.filters import markdown_mistune
from nbformat.v4 import nbbase

from cipherkit.serve import render_cache, template_cache

LESSON = Path(__file__).resolve().parents[2] / "puzzles" / "lessons" / "13-key-exchange.ipynb"


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The server's caches installed, put back afterwards; the sources mistune renders
    are listed."""
    monkeypatch.setattr(TemplateExporter, "_create_environment", _ORIGINAL)
    monkeypatch.setattr(jsonutil, "_dateutil_parse", jsonutil._dateutil_parse)
    monkeypatch.setattr(nbbase, "validate", nbbase.validate)
    monkeypatch.setattr(render_cache, "_MARKDOWN", type(render_cache._MARKDOWN)())
    monkeypatch.setattr(render_cache, "_CLEAN", {})
    rendered: list[str] = []
    render = markdown_mistune.MarkdownWithMath.render

    def counting(self: Any, source: str) -> Any:
        rendered.append(source)
        return render(self, source)

    monkeypatch.setattr(markdown_mistune.MarkdownWithMath, "render", counting)
    template_cache.install()
    return rendered


_ORIGINAL = getattr(  # nbconvert's own, even if an earlier test installed the caches
    TemplateExporter._create_environment, "__wrapped__", TemplateExporter._create_environment
)


def export(nb: Any) -> str:
    html, _resources = HTMLExporter(template_name="lab", sanitize_html=True).from_notebook_node(nb)
    return html


def test_a_lesson_page_is_the_same_and_its_markdown_is_rendered_once(
    installed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    nb = nbformat.read(LESSON, as_version=4)
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    first = export(nb)
    assert len(installed) == len(markdown) > 10
    installed.clear()
    second = export(nb)  # a second page load: a new exporter, nothing rendered again
    assert installed == []
    assert second == first
    # ... and what it shows is what nbconvert alone shows
    monkeypatch.setattr(TemplateExporter, "_create_environment", _ORIGINAL)
    assert export(nb) == first
    assert len(installed) == len(markdown)


def test_pictures_attachments_and_changed_cells_are_rendered_afresh(installed: list[str]) -> None:
    cells = [
        nbformat.v4.new_markdown_cell("A *plain* cell."),
        nbformat.v4.new_markdown_cell("![a picture](images/a.png)"),
        nbformat.v4.new_markdown_cell('An <img src="x.png"> inline.'),
    ]
    nb = nbformat.v4.new_notebook(cells=cells)
    export(nb)
    export(nb)
    assert installed.count("A *plain* cell.") == 1
    assert installed.count("![a picture](images/a.png)") == 2
    assert installed.count('An <img src="x.png"> inline.') == 2
    cells[0].source = "A *changed* cell."
    assert "<em>changed</em>" in export(nb)


def test_author_script_is_still_cleaned_out(installed: list[str]) -> None:
    """The kept result is the cleaned one: a cell with script shows none, twice."""
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("Hi <script>alert(1)</script><b onclick='x()'>b</b>")]
    )
    for _ in range(2):
        html = export(nb)
        body = html[html.index("jp-MarkdownOutput") :]
        assert "<script>alert(1)" not in body and "onclick" not in body


def test_message_dates_are_read_as_dateutil_reads_them(installed: list[str]) -> None:
    now = datetime(2026, 12, 4, 20, 13, 54, 123456, tzinfo=UTC)
    texts = [
        now.isoformat(),
        now.isoformat().replace("+00:00", "Z"),
        now.astimezone(timezone(timedelta(hours=3))).isoformat(),
        "2026-12-04T20:13:54",
        "2026-12-04T20:13:54.5Z",
    ]
    for text in texts:
        assert render_cache.parse_date(text) == render_cache._DATEUTIL(text), text
    header = {"date": texts[1], "msg_id": "abc", "username": "2026-12-04 class"}
    assert jsonutil.extract_dates(json.loads(json.dumps(header))) == {
        "date": now,
        "msg_id": "abc",
        "username": "2026-12-04 class",
    }
    assert jsonutil._dateutil_parse is render_cache.parse_date


def test_kernel_outputs_are_checked_as_the_schema_checks_them(installed: list[str]) -> None:
    """Every output nbformat's schema takes, the quick check takes (and the schema is
    still asked about anything else: it refuses as before)."""
    from nbformat import ValidationError

    assert getattr(nbbase.validate, "__cipherkit_kept__", False)
    good = [
        nbbase.new_output("stream", name="stderr", text="x\n"),
        nbbase.new_output("display_data", {"image/png": "iVBOR", "text/plain": ["a", "b"]}),
        nbbase.new_output("display_data", {"application/vnd.jupyter.widget-view+json": {"a": 1}}),
        nbbase.new_output("execute_result", {"text/plain": "4"}, execution_count=3),
        nbbase.new_output("error", ename="E", evalue="v", traceback=["t"]),
    ]
    for output in good:
        nbformat.validate(output, ref=output.output_type, version=4)  # the schema agrees
    bad = [
        ("stream", {"name": "stdout", "text": 3}),
        ("display_data", {"data": {"text/plain": 3}}),
        ("display_data", {"data": {"text/plain": "x"}, "extra": 1}),
        ("execute_result", {"data": {}, "execution_count": "3"}),
    ]
    for kind, fields in bad:
        with pytest.raises(ValidationError):
            nbbase.new_output(kind, **fields)


def test_compiled_templates_are_shared_and_a_changed_one_is_compiled_again() -> None:
    import jinja2

    cache = template_cache.SharedBytecodeCache()
    sources = {"t": "{{ 6 * 7 }}"}

    def render() -> str:
        loader = jinja2.DictLoader(sources)
        return jinja2.Environment(loader=loader, bytecode_cache=cache).get_template("t").render()

    assert render() == "42" and len(cache) == 1
    (kept,) = cache._code.values()
    assert render() == "42" and next(iter(cache._code.values()))[1] is kept[1]  # not again
    sources["t"] = "{{ 6 * 9 }}"
    assert render() == "54"


def test_template_files_are_read_once_and_again_when_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    import jinja2

    reads: list[str] = []
    original = jinja2.FileSystemLoader.get_source

    def counting(loader: Any, environment: Any, template: str) -> Any:
        reads.append(template)
        return original(loader, environment, template)

    monkeypatch.setattr(jinja2.FileSystemLoader, "get_source", template_cache.kept_source(counting))
    monkeypatch.setattr(template_cache, "_SOURCES", {})
    page = tmp_path / "page.j2"
    page.write_text("one {{ x }}")

    def render() -> str:  # a new environment each time, as each page load makes
        loader = jinja2.FileSystemLoader([str(tmp_path / "nowhere"), str(tmp_path)])
        return jinja2.Environment(loader=loader).get_template("page.j2").render(x=1)

    assert [render(), render(), render()] == ["one 1"] * 3
    assert reads == ["page.j2"]
    page.write_text("two {{ x }}")
    os.utime(page, (1, 1))  # another modification time, whatever the clock's grain
    assert render() == "one 1"  # within RECHECK seconds the text read stands ...
    monkeypatch.setattr(template_cache, "RECHECK", 0.0)
    assert render() == "two 1"  # ... then the change is seen
    assert reads == ["page.j2", "page.j2"]
    page.unlink()
    with pytest.raises(jinja2.TemplateNotFound):
        render()
