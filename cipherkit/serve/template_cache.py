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

from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket

__all__ = ["SharedBytecodeCache", "install", "shared_cache"]


class SharedBytecodeCache(BytecodeCache):
    """Compiled templates in memory, shared by every Jinja environment given it; kept
    apart by the environment's kind (async or not, and its extensions), since those
    change the compiled code."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

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
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()


_CACHE = SharedBytecodeCache()


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

        environment = create(self)
        environment.bytecode_cache = _CACHE
        # the page frame's words in the page's language (index.html.j2, issue 47)
        environment.globals["cipherkit_words"] = page_words
        environment.globals["cipherkit_words_json"] = page_words_json
        environment.globals["cipherkit_languages"] = language_links
        return environment

    create_environment._cipherkit_cached = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = create_environment  # type: ignore[method-assign]
