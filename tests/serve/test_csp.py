"""The gallery's Content-Security-Policy (:mod:`cipherkit.serve.csp`) and the page
template it relies on: no third-party origin, no inline script allowed, and no inline
script written (the browser side is ``tests/browser/test_injection.py``)."""

from __future__ import annotations

import inspect
import re

from cipherkit.serve import csp
from cipherkit.serve.handlers import HEARTBEAT
from cipherkit.serve.voila_main import SHARE

TEMPLATES = SHARE / "voila" / "templates"
ALLOWED_SOURCES = {"'self'", "'none'", "data:", "blob:", "'unsafe-inline'"}


def test_the_policy_names_no_other_origin_and_no_inline_script() -> None:
    for name, sources in csp.DIRECTIVES.items():
        assert set(sources.split()) <= ALLOWED_SOURCES | {csp.PAGE_SCRIPT_HASH}, (name, sources)
    assert set(csp.directive("script-src").split()) == {"'self'", "blob:", csp.PAGE_SCRIPT_HASH}
    assert csp.directive("object-src") == "'none'"
    assert csp.directive("frame-ancestors") == csp.directive("base-uri") == "'self'"
    assert "'unsafe-inline'" not in csp.directive("default-src")
    assert csp.CONTENT_SECURITY_POLICY.count(";") == len(csp.DIRECTIVES) - 1


def test_the_server_adds_the_policy_and_keeps_a_configured_one() -> None:
    settings = csp.with_policy({"websocket_max_message_size": 5})
    assert settings["headers"] == {csp.HEADER: csp.CONTENT_SECURITY_POLICY}
    own = {"headers": {csp.HEADER: "default-src 'none'", "X-Frame-Options": "DENY"}}
    assert csp.with_policy(own) == own
    assert csp.with_policy({"headers": None})["headers"][csp.HEADER]


def inline_scripts(text: str) -> list[str]:
    """The ``<script>`` tags of ``text`` that run inline code (no ``src``, not data)."""
    tags = re.findall(r"<script\b[^>]*>", text)
    return [
        tag
        for tag in tags
        if "src=" not in tag and not re.search(r'type="application/[\w.+-]*json"', tag)
    ]


def test_the_page_templates_write_one_inline_script_the_policy_pins() -> None:
    files = sorted(TEMPLATES.rglob("*.j2"))
    assert {f.parent.name for f in files} == {"cipherkit", "cipherkit-full"}
    template = (TEMPLATES / "cipherkit" / "index.html.j2").read_text(encoding="utf-8")
    assert inline_scripts(template) == [
        "<script data-light=\"{{ '1' if light_page() else '0' }}\">"
    ]
    assert "{% include 'voila/templates/cipherkit/static/page.js' %}</script>" in template
    assert inline_scripts((TEMPLATES / "cipherkit-full" / "index.html.j2").read_text()) == []
    for block in ("html_head_js", "html_head_js_mermaidjs", "body_header", "any_cell"):
        assert f"block {block}" in template, block  # Voila's inline scripts replaced
    for name in ("light.js", "watch.js"):
        assert f"static_url('{name}')" in template


def test_the_page_script_hash_is_that_of_the_text_the_template_writes() -> None:
    import jinja2

    # the include as nbconvert's environment renders it (its defaults: no autoescape,
    # the final newline dropped)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SHARE)))
    written = env.get_template("voila/templates/cipherkit/static/page.js").render()
    assert csp.script_hash(written) == csp.PAGE_SCRIPT_HASH
    text = csp.PAGE_SCRIPT.read_text(encoding="utf-8")
    for token in ("{{", "{%", "{#", "</script", "innerHTML", "eval("):
        assert token not in text, token


def test_voila_heartbeat_is_the_one_the_handler_rewrites() -> None:
    from voila import handler

    assert HEARTBEAT in inspect.getsource(handler)


def test_inline_scripts_are_found() -> None:
    text = '<script>x()</script><script src="a.js"></script><script type="application/json">'
    assert inline_scripts(text) == ["<script>"]
