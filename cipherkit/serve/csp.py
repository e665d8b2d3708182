"""The gallery's Content Security Policy: what a page may load and run.

Design notes: ``docs/serve.md``, ``cipherkit.serve.csp``.

Examples
--------
>>> directive("script-src") == f"'self' blob: {PAGE_SCRIPT_HASH}"
True
>>> "unsafe-inline" in directive("script-src") or "unsafe-eval" in directive("script-src")
False
>>> with_policy({"headers": {"X-Content-Type-Options": "nosniff"}})["headers"] == {
...     "X-Content-Type-Options": "nosniff", "Content-Security-Policy": CONTENT_SECURITY_POLICY}
True
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import Any

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "HEADER",
    "PAGE_SCRIPT",
    "PAGE_SCRIPT_HASH",
    "directive",
    "script_hash",
    "with_policy",
]

HEADER = "Content-Security-Policy"
PAGE_SCRIPT = Path(__file__).resolve().parent / "share/voila/templates/cipherkit/static/page.js"
"""The one inline script of a page (the template includes its text)."""


def script_hash(text: str) -> str:
    """The policy's source expression allowing the inline script ``text`` exactly.

    >>> script_hash("alert(1)")
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
    """
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def _included(path: Path) -> str:
    """A file's text as a Jinja ``include`` writes it (one final newline dropped)."""
    text = path.read_text(encoding="utf-8")
    return text[:-1] if text.endswith("\n") else text


PAGE_SCRIPT_HASH = script_hash(_included(PAGE_SCRIPT))
"""The page script's hash, as :data:`CONTENT_SECURITY_POLICY` names it."""

DIRECTIVES = {
    "default-src": "'self'",
    "script-src": f"'self' blob: {PAGE_SCRIPT_HASH}",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: blob:",
    "font-src": "'self' data:",
    "connect-src": "'self'",
    "worker-src": "'self' blob:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'self'",
}
"""The policy, directive by directive (module docs say why each)."""

CONTENT_SECURITY_POLICY = "; ".join(f"{name} {value}" for name, value in DIRECTIVES.items())
"""The ``Content-Security-Policy`` header of every response."""


def directive(name: str) -> str:
    """The sources the policy allows for directive ``name`` (``""`` if it sets none)."""
    return DIRECTIVES.get(name, "")


def with_policy(tornado_settings: dict[str, Any]) -> dict[str, Any]:
    """``tornado_settings`` with the policy among its ``headers`` (a policy the server's
    configuration already sets is kept: whoever deploys may tighten it)."""
    headers = dict(tornado_settings.get("headers") or {})
    headers.setdefault(HEADER, CONTENT_SECURITY_POLICY)
    return {**tornado_settings, "headers": headers}
