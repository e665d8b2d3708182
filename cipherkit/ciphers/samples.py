"""Sample English texts for lessons, tests and the cipher benchmarks.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.samples``.
"""

from __future__ import annotations

import random

SENTENCES = [
    "The old lighthouse keeper climbed the stairs every evening to light the lamp.",
    "Nobody in the village knew why the baker closed his shop on Tuesdays.",
    "We packed bread, cheese and apples for the long walk over the hills.",
    "The river was high after a week of rain and the bridge was closed.",
    "She wrote the secret message on the back of a postcard from Venice.",
    "A small dog followed the children all the way home from school.",
    "The train to the coast leaves at nine and arrives before lunch.",
    "Our teacher showed us how to find the north star on a clear night.",
    "He forgot his umbrella on the bus and walked home in the storm.",
    "The museum opens a new room of ancient maps and letters next month.",
    "Every player must keep the cards hidden until the last round.",
    "The garden behind the house was full of roses and tall sunflowers.",
    "They found a locked wooden box buried under the floor of the barn.",
    "My grandmother still makes the best soup in the whole town.",
    "The captain ordered the crew to lower the sails before the wind turned.",
    "A quiet student solved the puzzle while everyone else was arguing.",
    "Please meet me at the clock tower when the bells ring at noon.",
    "The library holds thousands of books about history, science and art.",
    "Snow fell all night and the roads were white in the morning.",
    "The spy hid the key inside a hollow book on the highest shelf.",
    "Farmers in the valley grow wheat, corn and potatoes every summer.",
    "The detective noticed that the window had been opened from outside.",
    "Two friends built a raft and floated slowly down the wide river.",
    "The concert was cancelled because the singer had lost her voice.",
    "Birds gather on the telephone wires before they fly south for winter.",
    "The general sent a coded letter to warn the army of the attack.",
    "Our class visited a factory where they make glass bottles and jars.",
    "The cat sleeps in the sun by the kitchen window every afternoon.",
    "A strange light appeared above the forest just after midnight.",
    "The queen promised a reward to anyone who could read the old scroll.",
    "We waited for hours at the station because the storm had stopped the trains.",
    "The young engineer designed a machine that could sort letters by hand.",
    "Fresh fish are sold at the market near the harbour each morning.",
    "The explorers crossed the desert with camels and very little water.",
    "Nobody expected the small team from the north to win the final.",
    "The doctor told him to rest for a week and drink plenty of water.",
    "At the end of the tunnel they saw a door painted bright green.",
    "The farmer counted his sheep twice because one seemed to be missing.",
    "Mathematics helps us understand patterns in numbers, shapes and music.",
    "The messenger rode through the night to deliver the news to the king.",
]


def letters_of(text: str) -> str:
    """The letters of ``text``, upper case, everything else dropped.

    >>> letters_of("Meet me at 9, by the pier!")
    'MEETMEATBYTHEPIER'
    """
    return "".join(ch for ch in text.upper() if "A" <= ch <= "Z")


def make_texts(
    count: int, letters: int, *, seed: int = 2024, whole_words: bool = False
) -> list[str]:
    """``count`` plaintexts of ``letters`` letters (upper case; words separated by one
    space when ``whole_words``, else letters only).

    Examples
    --------
    >>> make_texts(1, 20, seed=1)[0] == make_texts(1, 20, seed=1)[0]
    True
    >>> len(make_texts(3, 80)[2])
    80
    """
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(count):
        start = rng.randrange(len(SENTENCES))
        words: list[str] = []
        i = start
        while sum(len(w) for w in words) < letters + 40:
            words += [letters_of(w) for w in SENTENCES[i % len(SENTENCES)].split()]
            i += 1
        words = [w for w in words if w]
        skip = rng.randrange(0, 4)
        words = words[skip:]
        if whole_words:
            chosen: list[str] = []
            while sum(len(w) for w in chosen) < letters:
                chosen.append(words[len(chosen)])
            out.append(" ".join(chosen))
        else:
            out.append("".join(words)[:letters])
    return out
