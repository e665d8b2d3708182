"""A cipher workbench for lessons and Voila pages.

:class:`Workbench` is an `anywidget <https://anywidget.dev>`_ with one synced trait,
:attr:`~Workbench.view`, and one ES module (``workbench.js``). Students type a text,
choose a cipher and key, encrypt or decrypt, compare letter frequencies with English,
assign letters by hand on a substitution board with a live preview, and ask for a
one-letter solver hint.

How it stays honest: the page only sends small custom messages (``set``, ``run``,
``assign``, ``hint``, ``clear``), each checked here; the kernel reads no trait from the
browser (a forged ``view`` is reset). A workbench made with ``secret=...`` keeps that
plaintext in the kernel only: the page shows its ciphertext, and hints come from the
solver, never from the secret.

>>> bench = Workbench(text="Wkh hdjoh kdv odqghg", cipher="caesar", key="3")
>>> bench.handle_message({"type": "run", "direction": "decrypt"})
>>> bench.view["output"]
'The eagle has landed'
>>> bench.handle_message({"type": "assign", "cipher_letter": "W", "plain_letter": "t"})
>>> bench.view["preview"][:3]
'T··'
>>> bench.handle_message({"type": "set", "cipher": "enigma"})
>>> bench.view["message"]
"refused: unknown cipher 'enigma'"
"""

from __future__ import annotations

import contextlib
import json
import pathlib
from typing import Any

import anywidget
import traitlets

from cipherkit.ciphers import (
    Affine,
    Atbash,
    Autokey,
    Beaufort,
    Caesar,
    Cipher,
    Columnar,
    Playfair,
    RailFence,
    Substitution,
    Vigenere,
    english,
    letter_frequencies,
    solve_substitution,
)
from cipherkit.ciphers.text import ALPHABET, letter_codes
from cipherkit.core.errors import CipherkitError

__all__ = ["WORKBENCH_CIPHERS", "Workbench", "make_cipher"]

_HERE = pathlib.Path(__file__).parent
MAX_MESSAGE_CHARS = 4000
MAX_TEXT_CHARS = 2000
WORKBENCH_CIPHERS = (
    "caesar",
    "atbash",
    "affine",
    "keyword",
    "vigenere",
    "beaufort",
    "autokey",
    "playfair",
    "railfence",
    "columnar",
)


def make_cipher(name: str, key: str) -> Cipher:
    """A cipher from the workbench's two fields (key as typed).

    >>> make_cipher("affine", "5,8")
    Affine(a=5, b=8)
    >>> make_cipher("railfence", "3")
    RailFence(rails=3, offset=0)
    """
    key = key.strip()
    try:
        if name == "caesar":
            return Caesar(int(key or "0"))
        if name == "atbash":
            return Atbash()
        if name == "affine":
            a, b = (int(x) for x in key.replace(" ", "").split(","))
            return Affine(a, b)
        if name == "railfence":
            return RailFence(int(key or "3"))
    except ValueError:
        raise CipherkitError(f"the {name} key is a number (or 'a,b' for affine)") from None
    classes = {
        "keyword": Substitution.from_keyword,
        "vigenere": Vigenere,
        "beaufort": Beaufort,
        "autokey": Autokey,
        "playfair": Playfair,
        "columnar": Columnar,
    }
    if name not in classes:
        raise CipherkitError(f"unknown cipher {name!r}")
    return classes[name](key)


class Refused(CipherkitError):
    """A message from the page that is not acted upon."""


class Workbench(anywidget.AnyWidget):
    """The cipher workbench (see the module docs).

    Parameters
    ----------
    text, cipher, key:
        The starting text, cipher name (:data:`WORKBENCH_CIPHERS`) and key.
    secret:
        A plaintext kept in the kernel: the workbench starts from its encryption under
        ``cipher``/``key`` and hides the key (students break it).
    """

    _esm = _HERE / "workbench.js"
    _css = _HERE / "workbench.css"

    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        text: str = "",
        cipher: str = "caesar",
        key: str = "3",
        *,
        secret: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._cipher_name = cipher
        self._key = key
        self._locked = secret is not None
        self._text = make_cipher(cipher, key).encrypt(secret) if secret is not None else text
        self._output = ""
        self._board: dict[str, str] = {}
        self._message = ""
        self._publish()
        self.on_msg(lambda _w, content, buffers: self.handle_message(content, buffers))

    # ------------------------------------------------------------------ messages
    def handle_message(self, content: Any, buffers: Any = None) -> None:
        """Act on one message from the page; a refusal shows in ``view["message"]``."""
        try:
            self._message = ""
            self._act(self._check(content, buffers))
        except CipherkitError as exc:
            self._message = str(exc) if str(exc).startswith("refused") else f"refused: {exc}"
        except Exception:  # never a traceback on the page
            self._message = "error: something went wrong in the kernel"
        self._publish()

    @staticmethod
    def _check(content: Any, buffers: Any) -> dict[str, Any]:
        if buffers:
            raise Refused("refused: unexpected binary data")
        if not isinstance(content, dict):
            raise Refused("refused: a message must be an object")
        if len(json.dumps(content, default=str)) > MAX_MESSAGE_CHARS:
            raise Refused("refused: message too long")
        for value in content.values():
            if not isinstance(value, str):
                raise Refused("refused: message fields are text")
        return content

    def _act(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "set":
            if "text" in msg and not self._locked:
                self._text = msg["text"][:MAX_TEXT_CHARS]
            if "cipher" in msg:
                if msg["cipher"] not in WORKBENCH_CIPHERS:
                    raise Refused(f"refused: unknown cipher {msg['cipher']!r}")
                self._cipher_name = msg["cipher"]
            if "key" in msg:
                self._key = msg["key"][:60]
        elif kind == "run":
            direction = msg.get("direction")
            if direction not in ("encrypt", "decrypt"):
                raise Refused("refused: direction is encrypt or decrypt")
            cipher = make_cipher(self._cipher_name, self._key)
            run = cipher.encrypt if direction == "encrypt" else cipher.decrypt
            self._output = run(self._text)
        elif kind == "assign":
            c, p = msg.get("cipher_letter", "").upper(), msg.get("plain_letter", "").upper()
            if c not in ALPHABET or len(c) != 1 or (p and (p not in ALPHABET or len(p) != 1)):
                raise Refused("refused: assign one letter A-Z to one letter A-Z")
            for other, plain in list(self._board.items()):
                if plain == p and other != c:
                    del self._board[other]
            if p:
                self._board[c] = p
            else:
                self._board.pop(c, None)
        elif kind == "hint":
            self._hint()
        elif kind == "clear":
            self._board = {}
        else:
            raise Refused("refused: unknown message type")

    def _hint(self) -> None:
        """Fill in one board letter from the substitution solver (most frequent first)."""
        codes = letter_codes(self._text)
        if len(codes) < 20:
            raise Refused("refused: hints need at least 20 letters of ciphertext")
        solution = solve_substitution(self._text, seed=len(self._board), chains=24, steps=600)
        plain_of = {c: solution.cipher.decrypt(c) for c in ALPHABET}
        counts = letter_frequencies(codes)
        for i in sorted(range(26), key=lambda i: -counts[i]):
            c = ALPHABET[i]
            if counts[i] and self._board.get(c) != plain_of[c]:
                self._act({"type": "assign", "cipher_letter": c, "plain_letter": plain_of[c]})
                self._message = f"hint: {c} stands for {plain_of[c]} (the solver's guess)"
                return
        self._message = "hint: the board already agrees with the solver"

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Reset any trait the page tries to change: the kernel reads none."""
        before = dict(self.view)
        with contextlib.suppress(Exception):
            super().set_state(sync_data)
        self.view = before
        self.send_state(["view"])

    # ------------------------------------------------------------------ view
    def _publish(self) -> None:
        freqs = letter_frequencies(self._text) if letter_codes(self._text).size else None
        preview = "".join(
            (self._board.get(ch.upper(), "·") if ch.isascii() and ch.isalpha() else ch)
            for ch in self._text
        )
        self.view = {
            "text": self._text,
            "locked": self._locked,
            "cipher": self._cipher_name,
            "key": "" if self._locked else self._key,
            "ciphers": list(WORKBENCH_CIPHERS),
            "output": self._output,
            "letters": list(ALPHABET),
            "frequencies": [0.0] * 26 if freqs is None else [round(float(f), 4) for f in freqs],
            "english": [round(float(f), 4) for f in english().letters],
            "board": dict(self._board),
            "preview": preview[:MAX_TEXT_CHARS],
            "message": self._message,
        }
