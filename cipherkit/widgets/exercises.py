"""A self-checking exercise box for lessons: type an answer, see ✓ or ✗.

:class:`ExerciseBox` is a :class:`~cipherkit.widgets.guard.GuardedWidget` (synced
``view`` and ``message``, ``exercises.js`` beside it). It holds only the salt and the
salted hash of the answer (:class:`cipherkit.ciphers.exercises.Exercise`), in the
kernel; the page sends ``{"type": "check", "answer": "..."}`` and the kernel hashes the
answer and says ✓ or ✗. No trait carries the answer, the salt or the hash (the answer
is nowhere), and a forged update of ``view`` (say, to ``"solved": true``) is reset.

>>> from cipherkit.ciphers.exercises import make_check
>>> box = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="x"))
>>> box.check("Help")
'✗ not yet'
>>> box.check("Hello")
'✓ correct'
>>> box.view["solved"], box.view["tries"]
(True, 2)
"""

from __future__ import annotations

import pathlib
from typing import Any

import traitlets

from cipherkit.ciphers.exercises import MAX_ANSWER, Exercise
from cipherkit.widgets.guard import GuardedWidget, Refused, check_envelope

__all__ = ["ExerciseBox"]

_HERE = pathlib.Path(__file__).parent
MAX_MESSAGE_CHARS = MAX_ANSWER + 100


class ExerciseBox(GuardedWidget):
    """A question, an answer field, a Check button and the ✓/✗ result.

    Parameters
    ----------
    question:
        The question, shown as plain text.
    salt, digest:
        From :func:`cipherkit.ciphers.exercises.make_check` (run once by the teacher,
        outside the lesson).
    """

    label = "exercise"
    noun = "exercise"
    error_text = "error: something went wrong in the kernel; the answer was not checked"

    _esm = _HERE / "exercises.js"
    _css = _HERE / "exercises.css"

    view = traitlets.Dict().tag(sync=True)

    def __init__(self, question: str, salt: str, digest: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._exercise = Exercise("exercise", str(question), str(salt), str(digest))
        self._tries = 0
        self._solved = False
        self._result = ""
        self._publish()

    @property
    def question(self) -> str:
        return self._exercise.question

    def check(self, answer: str) -> str:
        """Check ``answer`` exactly as the page's Check button does; return the result."""
        self.handle_message({"type": "check", "answer": answer})
        return self.view["result"]

    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
        if msg.get("type") != "check" or set(msg) != {"type", "answer"}:
            raise Refused("refused: the page may only send an answer to check")
        answer = msg["answer"]
        if not isinstance(answer, str) or len(answer) > MAX_ANSWER:
            raise Refused(f"refused: an answer is text of at most {MAX_ANSWER} characters")
        self._tries += 1
        self._result = self._exercise.check(answer)
        self._solved = self._solved or self._result.startswith("✓")
        with self.hold_sync():  # one update: the result and the cleared refusal
            self._publish()
            self.message = ""

    def _publish(self) -> None:
        self.view = {
            "question": self._exercise.question,
            "result": self._result,
            "correct": self._result.startswith("✓"),
            "solved": self._solved,
            "tries": self._tries,
        }
