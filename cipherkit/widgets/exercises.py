"""A self-checking exercise box for lessons: type an answer, see ✓ or ✗.

The widget holds only the salt and the salted hash of the answer
(:class:`cipherkit.ciphers.exercises.Exercise`); the answer is hashed in the kernel. No
trait carries the answer, because the answer is nowhere.

>>> from cipherkit.ciphers.exercises import make_check
>>> box = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="x"))
>>> box.answer.value = "Hello"
>>> box.submit()
>>> box.result.value
'✓ correct'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cipherkit.ciphers.exercises import Exercise

__all__ = ["ExerciseBox"]


class ExerciseBox(widgets.VBox):
    """A question, an answer field, a Check button and the ✓/✗ result."""

    def __init__(self, question: str, salt: str, digest: str, **kwargs: Any) -> None:
        self.exercise = Exercise("exercise", question, salt, digest)
        self.answer = widgets.Text(placeholder="your answer")
        self.button = widgets.Button(description="Check")
        self.result = widgets.Label("")
        self.button.on_click(lambda _b: self.submit())
        super().__init__(
            [
                widgets.HTML(f"<b>{_escape(question)}</b>"),
                widgets.HBox([self.answer, self.button]),
                self.result,
            ],
            **kwargs,
        )

    def submit(self) -> None:
        self.result.value = self.exercise.check(self.answer.value)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
