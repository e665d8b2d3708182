"""Every error a person reads goes through the catalog (issue 47).

A lint over ``cipherkit/**/*.py``: no ``raise X("English")`` / ``raise X(f"...")`` for an
exception class that is not one of Python's builtins (those are programming errors,
never shown to a user as they are); and the command line's errors read in Russian
under ``--lang ru``.
"""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

import pytest

import cipherkit
from cipherkit.cli import main

PACKAGE = Path(cipherkit.__file__).parent
ROOT = PACKAGE.parent

BUILTIN_EXCEPTIONS = frozenset(
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
)
"""Python's own exceptions: raised with English for a programmer, not for a user."""

ALLOWED = {
    "HTTPError": "tornado's log_message goes to the operator's log; the page gets its "
    "own sentence from the catalog (cipherkit.serve.errors.PlainErrors)",
    "BrokenProcessPool": "the standard library's error; the studio shows only its class "
    "name, never its words (cipherkit.studio.playtest, cipherkit.studio.analysis)",
}
"""Exception classes whose text is never shown to a user, and why."""

PREFIXES = ("refused: ", "illegal: ")
"""The widgets' machine prefix of a refusal (the page strips it: ``plainWords`` in
``table_common.js``); a raw string made of it and of words from the catalog only is fine."""


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _says(call: ast.Call) -> bool:
    """``X.say(...)``: an error made with a catalogued message (``CipherkitError.say``)."""
    return isinstance(call.func, ast.Attribute) and call.func.attr == "say"


def _raw_words(node: ast.expr) -> str | None:
    """The English a string constant or f-string argument holds, if any."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
    else:
        return None
    for prefix in PREFIXES:
        text = text.removeprefix(prefix)
    return text if re.search(r"[A-Za-z]", text) else None


def raw_raises(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: X(...)`` for each raise of a non-builtin exception with raw English.

    >>> raw_raises('raise CipherkitError(f"{path}: no such file")')
    ['<source>:1: CipherkitError']
    >>> raw_raises('raise ValueError("bad")'), raw_raises('raise Refused(f"refused: {exc}")')
    ([], [])
    >>> raw_raises('raise CipherkitError(say("{path}: no such file", path=p))')
    []
    >>> raw_raises('raise CipherkitError.say("{path}: no such file", path=p)')  # the same
    []
    """
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        if _says(node.exc):  # X.say("…"): the message from the catalog (CipherkitError.say)
            continue
        name = _name(node.exc)
        if name in BUILTIN_EXCEPTIONS or name in ALLOWED:
            continue
        arguments = [*node.exc.args, *(k.value for k in node.exc.keywords)]
        if any(_raw_words(a) is not None for a in arguments):
            found.append(f"{filename}:{node.lineno}: {name}")
    return found


def test_the_checker_finds_raw_english_and_nothing_else() -> None:
    assert raw_raises('raise CipherkitError("the game is over")') == ["<source>:1: CipherkitError"]
    assert raw_raises('raise errors.Refused("nope")') == ["<source>:1: Refused"]
    assert raw_raises('raise TooManyTries(f"wait {s}", s)') == ["<source>:1: TooManyTries"]
    assert raw_raises('raise argparse.ArgumentTypeError(f"{t!r}: bad")') == [
        "<source>:1: ArgumentTypeError"
    ]
    assert raw_raises('raise KeyError(f"no {key}")') == []  # a builtin: a programmer's
    assert raw_raises('raise Refused("refused: " + _("unknown game"))') == []
    assert raw_raises('raise Refused(f"refused: {exc}{extra}")') == []
    assert raw_raises('raise Refused(f"refused: bad {exc}")') == ["<source>:1: Refused"]
    assert raw_raises('raise web.HTTPError(503, "the server is stopping")') == []
    assert raw_raises('raise ConfigError.say("unknown {key}", key=k)') == []
    assert raw_raises('raise ConfigError.with_text("unknown key")') == ["<source>:1: with_text"]


def test_no_error_a_person_reads_is_raised_with_raw_english() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        found += raw_raises(path.read_text(encoding="utf-8"), relative)
    assert not found, "raise these with say(...) (cipherkit.i18n):\n" + "\n".join(found)


# ---------------------------------------------------------------- the command line
def _latin_runs(text: str, *names: str) -> list[str]:
    """Runs of 3+ Latin letters in ``text`` once ``names`` (a file name, a mission id,
    the program's name: code, not words) are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]{3,}", text)


def test_render_says_a_missing_mission_file_in_russian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--lang", "ru", "render", "no-such.yaml", "--pdf", "x.pdf"]) == 1
    err = capsys.readouterr().err
    assert "no-such.yaml" in err and "ошибка" in err
    assert _latin_runs(err, "no-such.yaml", "cipherkit") == [], err
    assert not (tmp_path / "x.pdf").exists()


def test_publish_says_a_missing_mission_file_in_russian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--lang", "ru", "publish", "no-such.yaml", "--out", "site"]) == 1
    err = capsys.readouterr().err
    assert "no-such.yaml" in err
    assert _latin_runs(err, "no-such.yaml", "cipherkit") == [], err


def test_playtest_says_a_wrong_number_of_players_in_russian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mission = str(ROOT / "missions" / "01-lantern-archive.yaml")
    assert main(["--lang", "ru", "playtest", "--players", "9", mission]) == 1
    err = capsys.readouterr().err
    assert "9" in err
    assert _latin_runs(err, "lantern-archive", "cipherkit") == [], err
    assert main(["playtest", "--players", "9", mission]) == 1  # and English again after
    assert "is for 1 to 4 players, not 9" in capsys.readouterr().err


def test_an_argument_refused_by_its_type_reads_in_russian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mission = str(ROOT / "missions" / "01-lantern-archive.yaml")
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ru", "tune", "--win-rate", "60%", "--values", "0-3", mission])
    assert stop.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    reason = last.rpartition("'0-3'")[2]  # after the program, the option and the value
    assert reason.strip() and _latin_runs(reason) == [], last
