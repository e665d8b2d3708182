"""The command line's language: ``--lang``, else ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/
``LANG``; and argparse's own words (usage, options, its errors) from our catalog.

Examples
--------
>>> from cipherkit.i18n.commandline import language_from
>>> language_from(["--lang", "ru", "validate"], {}), language_from(["x"], {"LANGUAGE": "ru:en"})
('ru', 'ru')
>>> language_from(["--lang=en"], {"LANG": "ru_RU.UTF-8"}), language_from([], {"LANG": "C.UTF-8"})
('en', 'en')
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from cipherkit.i18n.words import N_, SOURCE, _, canonical, catalog, language

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a language is looked for, first found first (gettext's order)."""

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's messages a person meets, as argparse spells them (its ids are ours too)."""


def language_from(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language a command line asks for: ``--lang``, else the environment, else English."""
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            return canonical(argv[i + 1]) or SOURCE
        if word.startswith("--lang="):
            return canonical(word.partition("=")[2]) or SOURCE
        if word == "--":
            break
    for name in ENVIRONMENT:
        for tag in environ.get(name, "").split(":"):
            if tag:
                return canonical(tag) or SOURCE
    return SOURCE


def _argparse_gettext(text: str) -> str:
    return _(text) if text in ARGPARSE_WORDS else text


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    return catalog(language()).ngettext(singular, plural, n)


def speak_argparse() -> None:
    """argparse says its words in the language in force (its module's ``_``, looked up
    when it speaks, is ours: a command line's process only)."""
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]
