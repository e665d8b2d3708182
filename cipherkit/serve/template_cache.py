"""Compiled page templates kept for the server's life, not compiled again per page.

Design notes: ``docs/serve.md``, ``cipherkit.serve.template_cache``.

>>> import jinja2
>>> cache = SharedBytecodeCache()
>>> env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 6 * 7 }}"}),
...                          bytecode_cache=cache)
>>> env.get_template("t").render(), len(cache)
('42', 1)
>>> jinja2.Environment(loader=env.loader, bytecode_cache=cache).get_template("t").render()
'42'
"""

from __future__ import annotations

import os
import time
from types import CodeType
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemLoader
from jinja2.bccache import Bucket

__all__ = ["RECHECK", "SharedBytecodeCache", "install", "kept_source", "shared_cache"]


class SharedBytecodeCache(BytecodeCache):
    """Compiled templates in memory, shared by every Jinja environment given it; kept
    apart by the environment's kind (async or not, and its extensions), since those
    change the compiled code. Kept as code objects (immutable, so shared safely), not as
    marshalled bytes: a page load then reads none back (it was a tenth of a burst's
    server CPU)."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}

    def __len__(self) -> int:
        return len(self._code)

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        kind = ",".join(sorted(environment.extensions))
        key = f"{self.get_cache_key(name, filename)}:{environment.is_async}:{kind}"
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:  # (a changed template: again)
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[bucket.key] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        self._code.clear()


_CACHE = SharedBytecodeCache()

RECHECK = 2.0
"""Seconds a template file's text is taken as read before its modification time is
looked at again (an edited template shows within this)."""
_SOURCES: dict[tuple[tuple[str, ...], str], tuple[float, str, str, float]] = {}


def kept_source(get_source: Any) -> Any:
    """``FileSystemLoader.get_source`` reading each template file once, then again only
    when its modification time changed (looked at every :data:`RECHECK` seconds at
    most): each page load made a new environment, which searched the template folders
    and read each template file again (a quarter of a busy server's CPU)."""

    def read(loader: Any, environment: Environment, template: str) -> tuple[str, str, Any]:
        key = (tuple(loader.searchpath), template)
        now = time.monotonic()
        found = _SOURCES.get(key)
        if found is not None and now - found[0] > RECHECK:
            try:
                same = os.path.getmtime(found[2]) == found[3]
            except OSError:
                same = False
            found = (now, found[1], found[2], found[3]) if same else None
        if found is None:
            contents, filename, _uptodate = get_source(loader, environment, template)
            found = (now, contents, filename, os.path.getmtime(filename))
        _SOURCES[key] = found
        _at, contents, filename, mtime = found

        def uptodate() -> bool:
            try:
                return os.path.getmtime(filename) == mtime
            except OSError:
                return False

        return contents, filename, uptodate

    read._cipherkit_cached = True  # type: ignore[attr-defined]
    return read


def shared_cache() -> SharedBytecodeCache:
    """The cache every exporter's environment shares after :func:`install`."""
    return _CACHE


def install() -> None:
    """Give every nbconvert exporter's Jinja environment (Voila's pages included) the
    shared cache. Safe to call more than once."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    if getattr(TemplateExporter._create_environment, "_cipherkit_cached", False):
        return
    create = TemplateExporter._create_environment

    def create_environment(self: Any) -> Environment:
        from cipherkit.serve.page_words import language_links, page_words, page_words_json
        from cipherkit.serve.render_cache import keep_filters

        environment = create(self)
        environment.bytecode_cache = _CACHE
        keep_filters(environment)  # a cell's markdown rendered and cleaned once
        # the page frame's words in the page's language (index.html.j2, issue 47)
        environment.globals["cipherkit_words"] = page_words
        environment.globals["cipherkit_words_json"] = page_words_json
        environment.globals["cipherkit_languages"] = language_links
        return environment

    from cipherkit.serve.render_cache import install as quick_dates

    quick_dates()
    if not getattr(FileSystemLoader.get_source, "_cipherkit_cached", False):
        FileSystemLoader.get_source = kept_source(FileSystemLoader.get_source)  # type: ignore[method-assign]
    create_environment._cipherkit_cached = True  # type: ignore[attr-defined]
    create_environment.__wrapped__ = create  # type: ignore[attr-defined]
    TemplateExporter._create_environment = create_environment  # type: ignore[method-assign]
