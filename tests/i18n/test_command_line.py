"""The command line in Russian: ``--lang ru`` and ``LANGUAGE=ru``, argparse included."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cipherkit.cli import main
from cipherkit.i18n import use


@pytest.fixture(autouse=True)
def _english_after():
    yield
    use("en")


def test_lang_ru_speaks_russian_help(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ru", "rooms", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("использование: cipherkit rooms")
    assert "позиционные аргументы" in out
    assert "показать открытые комнаты" in out


def test_argparse_errors_are_russian_and_exit_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang=ru", "rooms", "bogus"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "ошибка: аргумент ACTION: недопустимый вариант: 'bogus'" in err


def test_user_errors_are_russian_and_exit_1(capsys, tmp_path):
    code = main(
        ["--lang", "ru", "rooms", "show", "NOPE-000", "--store", f"sqlite:///{tmp_path}/r.db"]
    )
    assert code == 1
    assert capsys.readouterr().err.startswith("cipherkit: ошибка: ")


def test_english_by_default_and_for_unknown_languages(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "en", "rooms", "--help"])
    assert capsys.readouterr().out.startswith("usage: cipherkit rooms")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANGUAGE": "ru"}, "использование:"),
        ({"LANGUAGE": "de", "LANG": "C"}, "usage:"),
        ({"LANGUAGE": "", "LANG": "ru_RU.UTF-8"}, "использование:"),
    ],
)
def test_the_environment_chooses_the_language(env, expected):
    result = subprocess.run(
        [sys.executable, "-m", "cipherkit.cli", "rooms", "--help"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith(expected)


def test_validate_speaks_russian_by_flag_and_by_environment(tmp_path):
    """`cipherkit --lang ru validate` and `LANGUAGE=ru cipherkit validate`: the problems in
    Russian, the file and the field path as written; English without either."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: bad\ntitel: Oops\n", encoding="utf-8")
    run = [sys.executable, "-m", "cipherkit.cli"]
    flagged = subprocess.run(
        [*run, "--lang", "ru", "validate", str(bad)], env=os.environ, capture_output=True, text=True
    )
    by_env = subprocess.run(
        [*run, "validate", str(bad)],
        env={**os.environ, "LANGUAGE": "ru"},
        capture_output=True,
        text=True,
    )
    english = subprocess.run(
        [*run, "validate", str(bad)], env=os.environ, capture_output=True, text=True
    )
    for done in (flagged, by_env):
        said = done.stdout + done.stderr
        assert done.returncode == 1, said
        assert "bad.yaml" in said and "titel" in said and "ошибка" in said, said
    assert "error" in english.stdout + english.stderr
    assert "ошибка" not in english.stdout + english.stderr


def test_main_gives_back_the_language_it_found(capsys):
    """``main`` called in a notebook or a test speaks its ``--lang`` only while it runs:
    the process's language is as it was afterwards, also after a usage error."""
    from cipherkit.i18n import default_language, use

    use("en")
    assert main(["--lang", "ru", "validate", "missions/01-lantern-archive.yaml"]) == 0
    assert any("а" <= ch <= "я" for ch in capsys.readouterr().out)  # it spoke Russian
    assert default_language() == "en"
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "validate", "--no-such-option"])
    assert default_language() == "en"
