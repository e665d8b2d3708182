"""Build ``bench/ciphers_heldout.txt``: the held-out texts of the cipher solver curves.

The texts are 30 short passages (two or three sentences, 180-215 letters each) written
for cipherkit by a cipherkit developer for this benchmark (MIT, as cipherkit; listed in
``cipherkit/data/NOTICE``). They are held out: the solvers were developed and tuned on
the sample sentences of :mod:`cipherkit.ciphers.samples` (the dev texts), never on
these. The script checks that no passage shares a run of six words with a dev sentence
or with another passage, and writes one passage a line; ``--check`` only compares the
file with what it would write (exit 1 when they differ).

    python scripts/build_heldout_texts.py [--check]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "bench" / "ciphers_heldout.txt"

PASSAGES = (
    (
        "When the ferry reached the island the fog had already lifted, and we could see the "
        "white cottages climbing the hill above the harbour. An old fisherman offered to "
        "carry our bags up the steep path, and he told us stories about the wrecks that still"
        " lie beneath the bay."
    ),
    (
        "My brother spent the whole winter repairing an old bicycle that he had found behind "
        "the garage. He replaced the chain, painted the frame dark blue and fitted a small "
        "bell. In the spring he rode it to work every day, even when it rained."
    ),
    (
        "The committee met on Thursday to discuss the plans for the new swimming pool. Some "
        "members wanted a larger building with a cafe, while others worried about the cost of"
        " heating so much water. In the end they agreed to ask the town for more money."
    ),
    (
        "Before the invention of the printing press, books were copied by hand, often by "
        "monks working in cold rooms with poor light. A single bible could take years to "
        "finish, and only the richest families and churches could afford to own one."
    ),
    (
        "The volcano had been quiet for nearly two hundred years, so the people living on its"
        " slopes had planted vineyards and olive groves right up to the edge of the old lava "
        "fields. Scientists now measure small changes in the ground every week."
    ),
    (
        "Our neighbours keep bees at the bottom of their garden, and every autumn they give "
        "us a jar of golden honey. They say the flavour changes each year, depending on which"
        " flowers bloom nearby. Last year it tasted faintly of lavender and clover."
    ),
    (
        "The expedition set out from the last village with twelve mules, enough food for six "
        "weeks and a radio that rarely worked. Three days later a landslide blocked the only "
        "road behind them, and they had no choice but to continue toward the pass."
    ),
    (
        "At the centre of the old town stands a clock that has not shown the right time for "
        "as long as anyone can remember. Visitors often photograph it, and the children who "
        "live nearby have learned to ignore it completely and trust the church bells instead."
    ),
    (
        "Learning to play the violin requires a great deal of patience, because the first "
        "sounds a beginner makes are usually quite painful to hear. After several months of "
        "daily practice, however, most students can play simple songs that their families "
        "enjoy."
    ),
    (
        "The storm knocked down power lines across the northern half of the county, leaving "
        "thousands of homes without electricity for two days. Volunteers opened the school "
        "hall as a shelter, where people could charge their phones and share hot meals."
    ),
    (
        "Ancient sailors found their way across the open sea by watching the stars, the "
        "colour of the water and the flight of birds. Some islanders could even feel the "
        "direction of distant land from the pattern of the waves beneath their canoes."
    ),
    (
        "Every Saturday morning the market square fills with stalls selling vegetables, "
        "flowers, cheese and freshly baked bread. By noon most of the sellers have packed up "
        "their goods, and the pigeons arrive to search the cobbles for crumbs."
    ),
    (
        "The young architect wanted her design to use as little energy as possible, so she "
        "placed the large windows facing south and planted trees to shade the building in "
        "summer. The roof collects rain water, which is used to flush the toilets."
    ),
    (
        "During the long voyage the sailors passed the time by carving small figures from "
        "whale bone and telling stories about the ports they had visited. Letters from home "
        "arrived only when they met another ship heading in the opposite direction."
    ),
    (
        "The forest ranger warned us that bears had been seen near the campsite, so we stored"
        " all our food in a metal box and cooked our dinner far from the tents. During the "
        "night we heard branches breaking, but in the morning nothing was missing."
    ),
    (
        "Chess was probably invented in India about fifteen centuries ago and slowly spread "
        "to Persia, the Arab world and Europe. The rules changed along the way, and the queen"
        " only became the most powerful piece on the board in the late middle ages."
    ),
    (
        "My aunt runs a small bookshop on a quiet corner near the university. She knows "
        "almost every customer by name, and she often puts aside a novel she thinks someone "
        "will like. The shop smells of paper, coffee and the old wooden shelves."
    ),
    (
        "The bridge over the gorge was built by hand more than a century ago, using stone "
        "carried up from the riverbed by donkeys. Engineers who inspected it recently were "
        "surprised to find that it is still strong enough to carry modern trucks."
    ),
    (
        "When the snow finally melted, the farmers discovered that the flood had carried away"
        " several fences and a small shed. They spent the next month rebuilding, and the "
        "neighbours came to help on weekends in exchange for a good lunch and some cider."
    ),
    (
        "Radio astronomers listen to faint signals from distant galaxies using huge dishes "
        "that must be kept far away from towns. Even a mobile phone switched on nearby can "
        "spoil a night of careful measurements, so visitors are asked to leave them at the "
        "gate."
    ),
    (
        "The kitchen was tiny, but my grandfather managed to cook remarkable meals on a stove"
        " with only two burners. His secret, he claimed, was to prepare everything before "
        "lighting the gas and never to hurry the onions, however hungry the family became."
    ),
    (
        "A group of students decided to clean the beach after a storm had washed plastic "
        "bottles, nets and broken toys onto the sand. They filled more than forty bags in one"
        " afternoon and sent photographs of the rubbish to the local newspaper."
    ),
    (
        "The mountain railway climbs more than a thousand metres in less than an hour, "
        "passing through tunnels cut into solid rock. From the top station, on a clear day, "
        "travellers can see three countries and the distant shine of a large lake."
    ),
    (
        "Our school choir was invited to sing at the opening of the new concert hall, and we "
        "rehearsed for weeks. On the night itself the conductor dropped his baton during the "
        "first song, but he simply smiled and led us with his hands instead."
    ),
    (
        "The museum guard noticed that one of the paintings was hanging slightly crooked, and"
        " when he looked closer he realised the frame was empty. The police later found the "
        "canvas rolled up inside a drainpipe behind the building, damp but undamaged."
    ),
    (
        "Lighthouses were once kept by families who lived beside them all year, trimming the "
        "wicks and polishing the great lenses every day. Today almost all of them run "
        "automatically, and many of the old keepers cottages have become holiday homes."
    ),
    (
        "The scientist kept a careful notebook of every experiment, recording the "
        "temperature, the time and even the weather outside. Years later those pages helped "
        "another team understand why some of her early results had been so difficult to "
        "repeat."
    ),
    (
        "On the first warm evening of the year the whole street seemed to move outdoors. "
        "Children chalked pictures on the pavement, old men played cards on folding tables, "
        "and someone carried a piano onto the steps of the post office."
    ),
    (
        "The harvest was late that year because of the cold spring, and the grapes were "
        "picked only in the middle of October. The winemaker worried that the wine would be "
        "too sour, but it turned out to be one of the best the valley had ever produced."
    ),
    (
        "The pilot announced that strong winds over the mountains would make the landing "
        "rough, and she asked everyone to remain seated. The plane shook for several minutes,"
        " then touched down so gently that many of the passengers began to clap."
    ),
)

RUN = 6
"""Words in a row that no passage may share with a dev sentence or another passage."""


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z]+", text.lower())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def build() -> str:
    """The file's text, after checking the passages are apart from the dev texts."""
    sys.path.insert(0, str(OUT.parent.parent))
    from cipherkit.ciphers.samples import SENTENCES

    dev = set().union(*(_runs(s) for s in SENTENCES))
    seen: set[tuple[str, ...]] = set()
    for passage in PASSAGES:
        runs = _runs(passage)
        if runs & dev or runs & seen:
            raise SystemExit(f"passage shares words with a dev text or another: {passage[:40]}")
        seen |= runs
    return "".join(passage + "\n" for passage in PASSAGES)


if __name__ == "__main__":
    text = build()
    if "--check" in sys.argv[1:]:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text else 1)
    OUT.write_text(text, encoding="utf-8")
    print(f"{OUT}: {len(PASSAGES)} passages")
