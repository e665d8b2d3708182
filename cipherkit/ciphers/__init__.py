"""Classical ciphers, letter statistics and solvers, for lessons and puzzle checks.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers``.

Examples
--------
>>> from cipherkit.ciphers import Caesar, Vigenere, crack_text
>>> Caesar(shift=3).encrypt("Hello, world!")
'Khoor, zruog!'
>>> Vigenere("LEMON").decrypt("LXFOPVEFRNHR")
'ATTACKATDAWN'
>>> crack_text("Khoor, zruog! Wklv lv d vhfuhw phvvdjh.").plaintext
'Hello, world! This is a secret message.'
>>> Caesar(3, letters=RUSSIAN).encrypt("Привет, мир!")
'Тулезх, плу!'
"""

from cipherkit.ciphers.alphabet import LATIN, RUSSIAN, Alphabet, detect_alphabet
from cipherkit.ciphers.classical import (
    CIPHERS,
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
    cipher_from_json,
    keyword_alphabet,
    valid_a,
)
from cipherkit.ciphers.crack import CrackResult, crack_text, identify
from cipherkit.ciphers.glyph import GlyphSubstitution
from cipherkit.ciphers.modular import (
    EuclidStep,
    ModTable,
    collisions,
    gcd_steps,
    inverse,
    mod,
    mod_table,
)
from cipherkit.ciphers.pad import (
    CribReading,
    combine,
    crib_drag,
    key_for,
    random_pad,
    vernam_decrypt,
    vernam_encrypt,
    xor_bytes,
)
from cipherkit.ciphers.readings import Reading, other_readings
from cipherkit.ciphers.rsa_toy import (
    Factoring,
    FactorTime,
    KeyPair,
    decrypt,
    decrypt_letters,
    encrypt,
    encrypt_letters,
    factor,
    factor_times,
    is_prime,
    letters_to_numbers,
    make_keys,
    numbers_to_letters,
    sign,
    verify,
)
from cipherkit.ciphers.solvers import (
    Solution,
    rank_affine,
    rank_caesar,
    solve_columnar,
    solve_playfair,
    solve_railfence,
    solve_substitution,
    solve_vigenere,
    vigenere_key_lengths,
)
from cipherkit.ciphers.stats import (
    chi_squared,
    english,
    fitness,
    friedman_key_length,
    index_of_coincidence,
    kasiski,
    letter_counts,
    letter_frequencies,
    ngram_counts,
)
from cipherkit.ciphers.text import letters_only

__all__ = [
    "CIPHERS",
    "LATIN",
    "RUSSIAN",
    "Affine",
    "Alphabet",
    "Atbash",
    "Autokey",
    "Beaufort",
    "Caesar",
    "Cipher",
    "Columnar",
    "CrackResult",
    "CribReading",
    "EuclidStep",
    "FactorTime",
    "Factoring",
    "GlyphSubstitution",
    "KeyPair",
    "ModTable",
    "Playfair",
    "RailFence",
    "Reading",
    "Solution",
    "Substitution",
    "Vigenere",
    "chi_squared",
    "cipher_from_json",
    "collisions",
    "combine",
    "crack_text",
    "crib_drag",
    "decrypt",
    "decrypt_letters",
    "detect_alphabet",
    "encrypt",
    "encrypt_letters",
    "english",
    "factor",
    "factor_times",
    "fitness",
    "friedman_key_length",
    "gcd_steps",
    "identify",
    "index_of_coincidence",
    "inverse",
    "is_prime",
    "kasiski",
    "key_for",
    "keyword_alphabet",
    "letter_counts",
    "letter_frequencies",
    "letters_only",
    "letters_to_numbers",
    "make_keys",
    "mod",
    "mod_table",
    "ngram_counts",
    "numbers_to_letters",
    "other_readings",
    "random_pad",
    "rank_affine",
    "rank_caesar",
    "sign",
    "solve_columnar",
    "solve_playfair",
    "solve_railfence",
    "solve_substitution",
    "solve_vigenere",
    "valid_a",
    "verify",
    "vernam_decrypt",
    "vernam_encrypt",
    "vigenere_key_lengths",
    "xor_bytes",
]
