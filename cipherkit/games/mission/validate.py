"""Checking mission files: every problem as ``file:line: field.path: message``.

:func:`validate_paths` is what ``cipherkit validate`` runs. For each file it reports
YAML syntax errors, schema problems (unknown or missing fields with a did-you-mean,
wrong types, references to rooms, glyphs or characters that do not exist; see
:mod:`cipherkit.games.mission.schema`) and then the whole-mission checks of
:func:`check_mission`:

* exactly one room holds the entrance token;
* every room can be reached from the entrance through open passages (a room reachable
  only through walls is a warning: only a wall-passing character gets there);
* every glyph on the card has at least one clue token (a warning, silenced by
  ``no_token: true`` for a deliberate gap), and declared glyphs are used;
* the card has cells, and the answer cells spell ``solution`` when one is given;
* the deck can deal every player a first hand, and time can run out;
* pooled stacks and the pool agree; enough characters for the most players;
* tokens with no effect (a passage token on an open passage, counter-intel on Regroup,
  a campaign that replays the same mission);
* glyph names that give their letters away (:mod:`cipherkit.games.mission.glyph_names`).

Nothing here raises: a binary file, an empty file or a directory is a problem too.

Examples
--------
>>> from cipherkit.games.mission.validate import validate_text
>>> text = '''
... id: tiny
... title: Tiny
... question: Which letter?
... glyphs: {sun: A}
... card: {text: [[sun]]}
... solution: B
... map:
...   rooms:
...     hall: {pos: [0, 0], tokens: [entrance], stack: [sun]}
... '''
>>> for p in validate_text(text, "tiny.yaml"):
...     print(p)
tiny.yaml:7: solution: the answer cells spell 'A', not 'B'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path as FilePath

import networkx as nx

from cipherkit.games.mission.console import answers_match
from cipherkit.games.mission.glyph_names import glyph_name_problems
from cipherkit.games.mission.model import ENTRANCE, PASSAGE_TOKEN, WALL_TOKEN, Mission
from cipherkit.games.mission.problems import ERROR, WARNING, Path, Problem
from cipherkit.games.mission.reader import did_you_mean
from cipherkit.games.mission.schema import check_data
from cipherkit.games.mission.secrets import SECRET_RULES
from cipherkit.games.mission.tokens import COUNTER_INTEL, GLYPH, Token
from cipherkit.games.mission.yamlio import Source, read_file, read_yaml

__all__ = ["Problem", "check_mission", "validate_paths", "validate_text"]


def check_mission(mission: Mission, source: Source | None = None) -> list[Problem]:
    """The whole-mission checks (see the module docstring)."""
    source = source or Source(f"<mission {mission.id}>")
    problems: list[Problem] = []

    def report(path: Path, message: str, severity: str = ERROR) -> None:
        problems.append(source.problem(path, message, severity))

    rooms_path: Path = ("map", "rooms")
    graph = mission.map

    # ------------------------------------------------------------ entrance and tokens
    entrances = [r for r, t in graph.nodes(data="tokens") if ENTRANCE in (t or ())]
    if not entrances and graph.number_of_nodes():
        report(
            rooms_path,
            "no room has the entrance token (add tokens: [entrance] to the "
            "room where the characters start)",
        )
    for extra in entrances[1:]:
        report(
            (*rooms_path, extra, "tokens"), f"a second entrance (the first is in {entrances[0]!r})"
        )
    for room, tokens in graph.nodes(data="tokens"):
        for i, token in enumerate(tokens or ()):
            hint = did_you_mean(token, [ENTRANCE]) if token != ENTRANCE else ""
            if hint:
                report(
                    (*rooms_path, room, "tokens", i),
                    f"unknown special token {token!r}{hint}; it has no effect",
                    WARNING,
                )

    # ------------------------------------------------------------ reachability
    if entrances:
        start = entrances[0]
        walkable = nx.node_connected_component(mission.open_map, start)
        through_walls = nx.node_connected_component(graph, start)
        for room in graph.nodes:
            if room in walkable:
                continue
            if room in through_walls:
                report(
                    (*rooms_path, room),
                    f"room {room!r} can be reached from the entrance only through a wall "
                    "(only a character who passes walls can get there)",
                    WARNING,
                )
            else:
                report((*rooms_path, room), f"room {room!r} cannot be reached from the entrance")

    # ------------------------------------------------------------ passages
    for a, b, attrs in graph.edges(data=True):
        ppath: Path = ("map", "passages", attrs.get("index", 0), "token")
        if attrs.get("token") == PASSAGE_TOKEN and not attrs.get("wall"):
            report(
                ppath,
                f"a passage token between {a!r} and {b!r} has no effect: there is "
                "no printed wall there (wall: true)",
                WARNING,
            )
        if attrs.get("token") == WALL_TOKEN and attrs.get("wall"):
            report(
                ppath,
                f"a wall token between {a!r} and {b!r} has no effect: a printed "
                "wall is already there",
                WARNING,
            )

    # ------------------------------------------------------------ glyphs and tokens
    token_glyphs: Counter[str] = Counter()
    where: dict[str, Path] = {}
    for room, attrs in graph.nodes(data=True):
        for i, clue in enumerate(attrs.get("stack") or ()):
            tpath: Path = (*rooms_path, room, "stack", i)
            _note_token(clue, tpath, token_glyphs, where, report)
    for i, clue in enumerate(mission.pool):
        _note_token(clue, ("pool", i), token_glyphs, where, report)
    card = mission.card_glyphs
    for glyph in mission.glyphs.values():
        gpath: Path = ("glyphs", glyph.id)
        if glyph.id in card:
            if not token_glyphs[glyph.id] and not glyph.no_token:
                report(
                    gpath,
                    f"glyph {glyph.id!r} is on the card but no clue token carries "
                    "it, so its windows can never open (add a token, or mark it "
                    "no_token: true if that is deliberate)",
                    WARNING,
                )
            if glyph.no_token and token_glyphs[glyph.id]:
                report(
                    gpath,
                    f"glyph {glyph.id!r} is marked no_token but a clue token carries it",
                    WARNING,
                )
        elif glyph.content is not None:
            report(gpath, f"glyph {glyph.id!r} has content but is not on the card", WARNING)
        elif not token_glyphs[glyph.id]:
            report(gpath, f"glyph {glyph.id!r} is neither on the card nor on a token", WARNING)

    # ------------------------------------------------------------ card and answer
    if not mission.cells:
        report(("card", "text"), "the card has no glyph cells")
    elif mission.solution is not None and not answers_match(mission.solution, mission.answer):
        what = "Answer section cells spell" if mission.has_answer_section else "answer cells spell"
        report(("solution",), f"the {what} {mission.answer!r}, not {mission.solution!r}")

    # ------------------------------------------------------------ pool
    asked = sum(int(a.get("stack_size") or 0) for _, a in graph.nodes(data=True))
    if asked > len(mission.pool):
        report(
            ("pool",) if mission.pool else rooms_path,
            f"rooms ask for {asked} pooled tokens (stack_size) but the pool has "
            f"{len(mission.pool)}",
        )
    elif len(mission.pool) > asked:
        report(
            ("pool",),
            f"{len(mission.pool) - asked} token(s) of the pool are never dealt "
            f"(rooms ask for {asked} with stack_size)",
            WARNING,
        )

    # ------------------------------------------------------------ deck and players
    deck = mission.deck
    hi = mission.players[1]
    need = deck.hand_size * hi
    if deck.resource_count < need:
        report(
            ("deck",),
            f"the deck is too small to play: {hi} player(s) need {need} cards "
            f"for their first hands but it has {deck.resource_count} resource cards",
        )
    if sum(deck.time) < 3:
        report(
            ("deck", "time"),
            f"the time cards carry {sum(deck.time)} icon(s): with fewer "
            "than 3 the group can never run out of time",
            WARNING,
        )
    if len(mission.characters) < hi:
        report(
            ("characters",) if mission.characters else ("players",),
            f"up to {hi} player(s) but only {len(mission.characters)} character(s) to choose from",
        )

    # ------------------------------------------------------------ campaign
    for key, link in (("win", mission.campaign.win), ("loss", mission.campaign.loss)):
        if link.next == mission.id:
            report(
                ("campaign", key, "next"),
                "missions are not replayed in a campaign: the next mission is this one",
                WARNING,
            )
        for i, rule_id in enumerate(link.unlock):
            if rule_id not in SECRET_RULES:
                report(
                    ("campaign", key, "unlock", i),
                    f"unknown secret rule {rule_id!r}{did_you_mean(rule_id, SECRET_RULES)} "
                    f"(known: {', '.join(SECRET_RULES)})",
                )
    return problems + glyph_name_problems(mission, source)


def _note_token(
    token: Token,
    path: Path,
    counter: Counter[str],
    where: dict[str, Path],
    report: Callable[[Path, str, str], None],
) -> None:
    if token.kind == GLYPH:
        counter[token.name] += 1
        where.setdefault(token.name, path)
    elif token.name == COUNTER_INTEL and token.action == "regroup":
        report(
            path,
            "a counter-intel token on Regroup can never be cleared by a Regroup "
            "(Regroup cannot clear itself)",
            WARNING,
        )


def _by_line(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: p.line or 0)


def validate_text(text: str, file: str = "<mission>") -> list[Problem]:
    """Every problem of mission YAML ``text``."""
    data, source, problems = read_yaml(text, file)
    if data is None and problems:
        return problems
    _, more = check_data(data, source)
    return _by_line(problems + more)


def _validate_file(path: str | FilePath) -> tuple[Mission | None, Source, list[Problem]]:
    data, source, problems = read_file(path)
    if data is None and problems:
        return None, source, problems
    mission, more = check_data(data, source)
    return mission, source, _by_line(problems + more)


def validate_paths(paths: Iterable[str | FilePath]) -> list[Problem]:
    """Every problem in every file, in order; never raises.

    When several missions are checked together, a campaign link to a mission id that is
    not among them is a warning.
    """
    problems: list[Problem] = []
    missions: list[tuple[Source, Mission]] = []
    paths = list(paths)
    for path in paths:
        try:
            mission, source, found = _validate_file(path)
        except Exception as exc:  # pragma: no cover - a last guard: never a traceback
            found = [Problem(str(path), None, "mission", f"could not be checked: {exc!r}")]
            mission = None
        problems += found
        if mission is not None:
            missions.append((source, mission))
    if len(paths) > 1 and missions:
        problems += _campaign_problems(missions)
        ids = {m.id for _, m in missions}
        for source, mission in missions:
            for key, link in (("win", mission.campaign.win), ("loss", mission.campaign.loss)):
                if link.next is not None and link.next not in ids:
                    problems.append(
                        source.problem(
                            ("campaign", key, "next"),
                            f"mission {link.next!r} is not among the files checked"
                            f"{did_you_mean(link.next, ids)}",
                            WARNING,
                        )
                    )
    return problems


def _campaign_problems(missions: list[tuple[Source, Mission]]) -> list[Problem]:
    """Loops in the campaign: a mission reached twice on one way through."""
    from cipherkit.games.mission.campaign import CampaignMap

    campaign = CampaignMap.from_missions(m for _, m in missions)
    source = {m.id: src for src, m in missions}
    out = []
    for text in campaign.problems:
        if "links loop" in text:
            first = text.split(": ", 1)[-1].split(" ")[0].strip(",")
            src = source.get(first) or missions[0][0]
            out.append(src.problem(("campaign",), text, WARNING))
    return out
