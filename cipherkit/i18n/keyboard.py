"""Keys typed in the wrong keyboard layout: Russian ЙЦУКЕН letters read as the QWERTY keys
they sit on.

A class code ``QBHR-154`` typed with the Russian layout on comes out as ``ЙИРК-154``;
:func:`as_qwerty` gives back what the keys say. Use it only where the text's own alphabet
is Latin (join codes, class codes, teacher keys): there a Cyrillic letter can only be a
key pressed in the wrong layout. Shift carries over (``Й`` is ``Q``, ``й`` is ``q``); keys
that are punctuation on QWERTY (``х`` is ``[``, ``ю`` is ``.``) become that punctuation.

>>> from cipherkit.i18n.keyboard import as_qwerty
>>> as_qwerty("ЙИРК-154")
'QBHR-154'
>>> as_qwerty("еуфсрук-лун-123"), as_qwerty("ЕШПУКю48213юЬЩЫЫ")
('teacher-key-123', 'TIGER.48213.MOSS')
>>> as_qwerty("KVMT-482")  # Latin text is left as it is
'KVMT-482'
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["RUSSIAN_TO_QWERTY", "as_qwerty"]

_RUSSIAN = "йцукенгшщзхъфывапролджэячсмитьбюё"
_QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
_RUSSIAN_SHIFTED = "ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ"
_QWERTY_SHIFTED = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~'

RUSSIAN_TO_QWERTY = MappingProxyType(
    dict(zip(_RUSSIAN + _RUSSIAN_SHIFTED, _QWERTY + _QWERTY_SHIFTED, strict=True))
)
"""Each letter of the Russian ЙЦУКЕН layout (both cases) -> the character of the same key,
with the same Shift, on a US QWERTY keyboard."""

_TABLE = str.maketrans(dict(RUSSIAN_TO_QWERTY))


def as_qwerty(text: str) -> str:
    """``text`` with every Russian-layout letter replaced by the QWERTY character of its
    key (see the module docs); every other character is kept.

    >>> as_qwerty("йцукен ЙЦУКЕН 42"), as_qwerty("Ёж")
    ('qwerty QWERTY 42', '~;')
    """
    return text.translate(_TABLE)
