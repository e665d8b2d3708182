"""A self-checking exercise box for lessons: type an answer, see ✓ or ✗.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.exercises``.

>>> from cipherkit.ciphers.exercises import make_check
>>> box = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="x"))
>>> box.check("Help")
'✗ not yet'
>>> box.check("Hello")
'✓ correct'
>>> box.view["solved"], box.view["tries"]
(True, 2)

An exercise that accepts several forms is declared with the digests of each
(:func:`~cipherkit.ciphers.exercises.make_checks`); case, spaces and punctuation never
matter:

>>> from cipherkit.ciphers.exercises import make_checks
>>> salt, digests = make_checks(["Tuesday", "on Tuesdays"], salt="y")
>>> day = ExerciseBox("Which day?", salt, digests)
>>> day.check("tuesday"), day.check("On Tuesdays."), day.check("Monday")
('✓ correct', '✓ correct', '✗ not yet')
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cipherkit.ciphers.exercises import MAX_ANSWER, Exercise
from cipherkit.classroom.errors import TooManyAnswers, TooManyStudents
from cipherkit.classroom.homework import check_link
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _
from cipherkit.i18n.lessons import question_words
from cipherkit.rooms.errors import StoreError, TooManyTries
from cipherkit.widgets.frontend import widget_files
from cipherkit.widgets.guard import GuardedWidget, Refused, check_envelope

__all__ = ["ExerciseBox", "exercise_id", "question_words"]

RESULT_WORDS = {"✓ correct": N_("✓ correct"), "✗ not yet": N_("✗ not yet")}
"""A check's result (:meth:`cipherkit.ciphers.exercises.Exercise.check`) as the box says it."""
UNREACHABLE_CLASS = N_("the class store cannot be reached")


def _not_in_class(reason: object) -> str:
    return _("not in a class: {reason}", reason=reason)


def _not_counted(reason: object) -> str:
    return _("not counted in the class: {reason}", reason=reason)


MAX_MESSAGE_CHARS = MAX_ANSWER + 100
_CLASS_FIELDS = {"type", "code", "name", "page"}
_classroom: Any = None
_PAGE_CLIENT = f"page:{secrets.token_hex(16)}"
"""This kernel (one lesson page) as the limits on wrong class codes count it."""
_REFUSED: dict[tuple[int, str], tuple[float, str]] = {}
"""Class codes this page was refused lately (by classroom), when and why: every box of a
page sends the class line again, and one wrong code counts once."""
REFUSED_SECONDS = 60.0
_DEVICE = re.compile(r"[0-9a-f]{32}")


def _open_classroom(classroom: Any) -> Any:
    """The given classroom, else (once per kernel) the one in ``$CIPHERKIT_STORE``."""
    global _classroom
    if classroom is not None:
        return classroom
    if _classroom is None:
        from cipherkit.classroom import open_classroom
        from cipherkit.rooms import default_store_url

        _classroom = open_classroom(default_store_url(), create=False)
    return _classroom


def page_lesson(path: object) -> str:
    """A lesson's name from the page's address: its file name without ``.ipynb``.

    >>> page_lesson("/voila/render/lessons/01-caesar-and-brute-force.ipynb")
    '01-caesar-and-brute-force'
    >>> page_lesson("<script>")
    'lesson'
    """
    last = str(path).rstrip("/").rsplit("/", 1)[-1][:120]
    last = re.sub(r"\.ipynb$", "", last)
    return last if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}", last) else "lesson"


def exercise_id(question: str) -> str:
    """A short, readable id for an exercise from its question's first words (the
    export's ``exercise_id`` when the box is given no ``name``).

    >>> exercise_id("What does the message say? (shift 3)")
    'what-does-the-message-say-shift'
    """
    words = re.findall(r"[^\W_]+", question.lower())[:6]
    return "-".join(words)[:80] or "exercise"


class ExerciseBox(GuardedWidget):
    """A question, an answer field, a Check button and the ✓/✗ result.

    Parameters
    ----------
    question:
        The question, shown as plain text (a lesson's in the page's language,
        :func:`question_words`; the class's record keeps it as written).
    salt, digest:
        From :func:`cipherkit.ciphers.exercises.make_check` (run once by the teacher,
        outside the lesson); or, for an answer with declared alternatives, the salt and
        the list of digests from :func:`~cipherkit.ciphers.exercises.make_checks`.
    """

    label = "exercise"
    reset_text = N_("the page may not change the exercise; it has been reset")
    error_text = N_("something went wrong in the kernel; the answer was not checked")
    WORDS: ClassVar[Mapping[str, str]] = {
        "your_answer": N_("your answer"),
        "check": N_("Check"),
        "change": N_("change"),
        "class_code": N_("class code"),
        "your_name": N_("your name"),
        "in_class": N_("In a class?"),
        "join": N_("Join"),
        "counted": N_("Counted in {title} ({code}) as {name}."),
        "late": N_("(after the due time: marked late)"),
    }

    _esm, _css = widget_files("exercises")

    def __init__(
        self,
        question: str,
        salt: str,
        digest: str | Sequence[str],
        *,
        lesson: str | None = None,
        name: str | None = None,
        classroom: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        digests = str(digest) if isinstance(digest, str) else tuple(map(str, digest))
        self._exercise = Exercise("exercise", str(question), str(salt), digests)
        self._tries = 0
        self._solved = False
        self._result = ""
        self._lesson = lesson
        self._name = name or " ".join(str(question).split())[:60]
        self._id = name or exercise_id(str(question))
        self._given_classroom = classroom
        self._class: dict[str, Any] | None = None
        self._publish()

    @property
    def question(self) -> str:
        """The exercise's question, as the box shows it."""
        return self._exercise.question

    def check(self, answer: str) -> str:
        """Check ``answer`` exactly as the page's Check button does; return the result."""
        self.handle_message({"type": "check", "answer": answer})
        return self.view["result"]

    def join_class(self, code: str, name: str, page: str = "", device: str | None = None) -> None:
        """Count this box's answers in the open class ``code`` as student ``name``,
        exactly as the page's class line does (``device``: the page's device id, 32 hex
        digits, if it sends one)."""
        msg = {"type": "class", "code": code, "name": name, "page": page}
        if device is not None:
            msg["device"] = device
        self.handle_message(msg)

    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
        if msg.get("type") == "class" and set(msg) - {"device", "homework"} == _CLASS_FIELDS:
            self._join(msg)
            return
        if msg.get("type") == "roster" and set(msg) == {"type", "code"}:
            self._send_roster(msg["code"])
            return
        if msg.get("type") == "leave_class" and set(msg) == {"type"}:
            self._class = None
            with self.hold_sync():
                self._publish()
                self.message = ""
            return
        if msg.get("type") != "check" or set(msg) != {"type", "answer"}:
            raise Refused("refused: " + _("the page may only send an answer to check"))
        answer = msg["answer"]
        if not isinstance(answer, str) or len(answer) > MAX_ANSWER:
            raise Refused(
                "refused: " + _("an answer is text of at most {n} characters", n=MAX_ANSWER)
            )
        self._tries += 1
        self._result = self._exercise.check(answer)
        self._solved = self._solved or self._result.startswith("✓")
        note = self._report(self._result.startswith("✓"))
        with self.hold_sync():  # one update: the result and the cleared refusal
            self._publish()
            self.message = note

    def _join(self, msg: dict[str, Any]) -> None:
        for key in ("code", "name", "page"):
            if not isinstance(msg[key], str) or len(msg[key]) > 200:
                raise Refused("refused: " + _("the class {key} must be short text", key=key))
        device = msg.get("device")
        if device is not None and not (isinstance(device, str) and _DEVICE.fullmatch(device)):
            raise Refused("refused: " + _("a device id is 32 hex digits"))
        token = msg.get("homework", "")
        if not isinstance(token, str) or len(token) > 80:
            raise Refused("refused: " + _("a homework link's token is short text"))
        found = (self.visitor and f"server:{self.visitor}", device and f"device:{device}")
        clients = [*(c for c in found if c), _PAGE_CLIENT]  # the server's stamp first
        try:
            from cipherkit.rooms import clean_name

            session = self._open_session(msg["code"], clients)
            classroom = _open_classroom(self._given_classroom)
            due = check_link(classroom, session, token) if session.kind == "homework" else None
            name, _known = classroom.student_name(session, clean_name(msg["name"]))
        except TooManyTries as exc:  # the code is kept: it may be right
            self._class = None
            self._publish()
            raise Refused(_not_in_class(exc)) from None
        except StoreError:  # its message may name the server's files
            self._class = None
            self._publish()
            raise Refused(_not_in_class(_(UNREACHABLE_CLASS))) from None
        except CipherkitError as exc:
            self._class = None
            self._publish()
            self.send({"type": "forget_class"})
            raise Refused(_not_in_class(exc)) from None
        self._class = {
            "code": session.code,
            "title": session.title,
            "name": name,
            "lesson": self._lesson or page_lesson(msg["page"]),
            "homework": token if session.kind == "homework" else "",
            "late": bool(due),
        }
        with self.hold_sync():
            self._publish()
            self.message = ""

    def _send_roster(self, code: object) -> None:
        """Send the page the names on the roster of the open class ``code``, to pick from
        (none without a roster); a wrong code counts as when joining."""
        if not isinstance(code, str) or len(code) > 40:
            raise Refused("refused: " + _("a class code is short text"))
        clients = [c for c in (self.visitor and f"server:{self.visitor}",) if c]
        try:
            session = self._open_session(code, [*clients, _PAGE_CLIENT])
        except StoreError:
            raise Refused(_not_in_class(_(UNREACHABLE_CLASS))) from None
        except CipherkitError as exc:
            raise Refused(_not_in_class(exc)) from None
        classroom = _open_classroom(self._given_classroom)
        names = [s.name for s in classroom.groups.roster(session.group)] if session.group else []
        self.send({"type": "roster", "code": code, "names": names})

    def _open_session(self, code: str, clients: list[str]) -> Any:
        """The open class session ``code``, within the limits on wrong codes (one wrong
        code counts once a page, however many boxes send it)."""
        from cipherkit.classroom.errors import ClassEnded, UnknownClass

        classroom = _open_classroom(self._given_classroom)
        key = (id(classroom), " ".join(code.split()).upper())
        now = time.monotonic()
        for old in [k for k, (at, _text) in _REFUSED.items() if now - at > REFUSED_SECONDS]:
            del _REFUSED[old]
        if key in _REFUSED:
            raise UnknownClass(_REFUSED[key][1])
        classroom.store.limits.check("code", clients)
        try:
            return classroom.open_session(code)
        except (UnknownClass, ClassEnded) as exc:
            _REFUSED[key] = (now, str(exc))
            classroom.store.limits.count("code", clients)
            raise

    def _report(self, correct: bool) -> str:
        """Count the attempt in the class, if any; return a note for the page ("" if
        counted or not in a class)."""
        if self._class is None:
            return ""
        try:
            _open_classroom(self._given_classroom).record_attempt(
                self._class["code"],
                self._class["name"],
                self._class["lesson"],
                self._name,
                correct,
                exercise_id=self._id,
                question=self._exercise.question,
                homework=self._class["homework"],
            )
        except StoreError:
            return _not_counted(_(UNREACHABLE_CLASS))
        except (TooManyAnswers, TooManyStudents) as exc:  # still in the class
            return _not_counted(exc)
        except CipherkitError as exc:
            self._class = None
            return _not_counted(exc)
        except Exception as exc:  # the store is down: checking goes on
            self._warn("attempt not recorded", exc)
            return _not_counted(_(UNREACHABLE_CLASS))
        return ""

    def _publish(self) -> None:
        with self.speaking():
            result = _(RESULT_WORDS[self._result]) if self._result in RESULT_WORDS else self._result
            question = question_words(self._exercise.question)
        self.view = {
            "question": question,
            "result": result,
            "correct": self._result.startswith("✓"),
            "solved": self._solved,
            "tries": self._tries,
            "class": None
            if self._class is None
            else {k: self._class[k] for k in ("code", "title", "name", "late")},
        }
