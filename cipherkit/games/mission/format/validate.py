"""Checking mission files: every problem as ``file:line: field.path: message``.

Design notes: ``docs/mission-format.md``, ``cipherkit.games.mission.format.validate``.

Examples
--------
>>> from cipherkit.games.mission.format.validate import validate_text
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

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any, Protocol

import networkx as nx

from cipherkit.games.mission.content.campaign import LOOP, CampaignMap
from cipherkit.games.mission.content.console import answers_match, script
from cipherkit.games.mission.content.mission import ENTRANCE, PASSAGE_TOKEN, WALL_TOKEN, Mission
from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.games.mission.content.tokens import COUNTER_INTEL, GLYPH, Token
from cipherkit.games.mission.format.glyph_names import glyph_name_problems
from cipherkit.games.mission.format.problems import ERROR, WARNING, Path, Problem
from cipherkit.games.mission.format.reader import suggest
from cipherkit.games.mission.format.schema import TOP_FIELDS, parse_partial
from cipherkit.games.mission.format.yamlio import Source, read_file, read_yaml
from cipherkit.i18n import N_, Message, nsay, say, text

__all__ = [
    "CHECKS",
    "Check",
    "Checked",
    "Problem",
    "broken_parts",
    "check_mission",
    "check_text",
    "mission_check",
    "validate_paths",
    "validate_text",
]


@dataclass(frozen=True, slots=True)
class Check:
    """A whole-mission check: a function from a mission (and where it was read) to the
    problems it finds, and the parts of the file it reads (``needs``: top-level fields,
    with ``stacks`` for the rooms' clue stacks). After a schema error a check runs only
    when none of its parts had an error."""

    name: str
    needs: frozenset[str]
    run: Callable[[Mission, Source], list[Problem]]


CHECKS: list[Check] = []
"""Every whole-mission check, in the order they run (:func:`mission_check` adds one)."""

CheckFunction = Callable[[Mission, Source], list[Problem]]


def mission_check(*needs: str) -> Callable[[CheckFunction], CheckFunction]:
    """Register a whole-mission check reading the parts ``needs`` (a decorator).

    >>> @mission_check("glyphs")
    ... def check_short_ids(mission, source):
    ...     return [source.problem(("glyphs", g), say("a one-letter id"), WARNING)
    ...             for g in mission.glyphs if len(g) == 1]
    >>> CHECKS[-1].name
    'check_short_ids'
    >>> _ = CHECKS.pop()
    """

    def register(func: CheckFunction) -> CheckFunction:
        CHECKS.append(Check(func.__name__, frozenset(needs), func))
        return func

    return register


def check_mission(
    mission: Mission, source: Source | None = None, *, skip: Iterable[str] = ()
) -> list[Problem]:
    """The whole-mission checks (see the module docstring), except those reading a part
    in ``skip`` (parts with schema errors: :func:`broken_parts`)."""
    source = source or Source(f"<mission {mission.id}>")
    skipped = frozenset(skip)
    problems: list[Problem] = []
    for check in CHECKS:
        if check.needs & skipped:
            continue
        try:
            problems += check.run(mission, source)
        except Exception:  # a partly read mission a check cannot make sense of
            if not skipped:
                raise
    return problems


def broken_parts(problems: Iterable[Problem], data: Any, fields: Mapping[str, bool]) -> list[str]:
    """The parts of a file (top-level fields; ``stacks`` for rooms' clue stacks) that
    hold a schema error (other than an unknown field, which is only left out) or that
    are required and missing: checks reading them are skipped.

    ``fields`` maps each top-level field to whether it is required.

    >>> broken_parts([Problem("m", 3, "map.rooms.hall.stack[0]", "unknown glyph 'x'")],
    ...              {"id": "m"}, {"id": True, "title": True, "seed": False})
    ['stacks', 'title']
    """
    broken: set[str] = set()
    for problem in problems:
        if not problem.is_error or problem.said.id.startswith("unknown field "):
            continue  # an unknown field is left out; what was read is whole
        parts = re.split(r"[.\[]", problem.path)
        if parts[0] == "map" and ("stack" in parts[3:] or "stack_size" in parts[3:]):
            broken.add("stacks")
        elif parts[0] not in ("mission", "yaml", "file"):
            broken.add(parts[0])
    if isinstance(data, dict):
        broken |= {name for name, required in fields.items() if required and name not in data}
    return sorted(broken)


def check_data(data: Any, source: Source) -> tuple[Mission | None, list[Problem]]:
    """Schema then whole-mission checks, the latter also after schema errors on the
    parts those errors leave sound (:func:`broken_parts`); the mission is ``None`` when
    the schema found an error."""
    mission, problems = parse_partial(data, source)
    if mission is None:
        return None, problems
    failed = any(p.is_error for p in problems)
    broken = broken_parts(problems, data, TOP_FIELDS)
    problems = problems + check_mission(mission, source, skip=broken)
    return (None if failed else mission), problems


class Report(Protocol):
    """Records a problem at a field path (an error unless the severity says otherwise)."""

    def __call__(self, path: Path, message: Message, severity: str = ERROR, /) -> None: ...


def _reporter(source: Source, problems: list[Problem]) -> Report:
    def report(path: Path, message: Message, severity: str = ERROR) -> None:
        problems.append(source.problem(path, message, severity))

    return report


ROOMS: Path = ("map", "rooms")


def _entrances(mission: Mission) -> list[str]:
    return [r for r, t in mission.map.nodes(data="tokens") if ENTRANCE in (t or ())]


@mission_check("map")
def check_entrance(mission: Mission, source: Source) -> list[Problem]:
    """Exactly one room holds the entrance token; special tokens are known."""
    problems: list[Problem] = []
    report = _reporter(source, problems)
    graph = mission.map
    entrances = _entrances(mission)
    if not entrances and graph.number_of_nodes():
        report(
            ROOMS,
            say(
                "no room has the entrance token (add tokens: [entrance] to the "
                "room where the characters start)"
            ),
        )
    for extra in entrances[1:]:
        report(
            (*ROOMS, extra, "tokens"),
            say("a second entrance (the first is in {room!r})", room=entrances[0]),
        )
    for room, tokens in graph.nodes(data="tokens"):
        for i, token in enumerate(tokens or ()):
            hint = suggest(token, [ENTRANCE]) if token != ENTRANCE else ""
            if hint:
                report(
                    (*ROOMS, room, "tokens", i),
                    say(
                        "unknown special token {token!r}{hint}; it has no effect",
                        token=token,
                        hint=hint,
                    ),
                    WARNING,
                )
    return problems


@mission_check("map")
def check_reachable(mission: Mission, source: Source) -> list[Problem]:
    """Every room can be reached from the entrance through open passages."""
    problems: list[Problem] = []
    report = _reporter(source, problems)
    entrances = _entrances(mission)
    if not entrances:
        return problems
    graph = mission.map
    walkable = nx.node_connected_component(mission.open_map, entrances[0])
    through_walls = nx.node_connected_component(graph, entrances[0])
    for room in graph.nodes:
        if room in walkable:
            continue
        if room in through_walls:
            report(
                (*ROOMS, room),
                say(
                    "room {room!r} can be reached from the entrance only through a wall "
                    "(only a character who passes walls can get there)",
                    room=room,
                ),
                WARNING,
            )
        else:
            report(
                (*ROOMS, room), say("room {room!r} cannot be reached from the entrance", room=room)
            )
    return problems


@mission_check("map")
def check_passage_tokens(mission: Mission, source: Source) -> list[Problem]:
    """Wall and passage tokens that would have no effect."""
    problems: list[Problem] = []
    report = _reporter(source, problems)
    for a, b, attrs in mission.map.edges(data=True):
        ppath: Path = ("map", "passages", attrs.get("index", 0), "token")
        if attrs.get("token") == PASSAGE_TOKEN and not attrs.get("wall"):
            report(
                ppath,
                say(
                    "a passage token between {a!r} and {b!r} has no effect: there is "
                    "no printed wall there (wall: true)",
                    a=a,
                    b=b,
                ),
                WARNING,
            )
        if attrs.get("token") == WALL_TOKEN and attrs.get("wall"):
            report(
                ppath,
                say(
                    "a wall token between {a!r} and {b!r} has no effect: a printed "
                    "wall is already there",
                    a=a,
                    b=b,
                ),
                WARNING,
            )
    return problems


@mission_check("glyphs", "card", "stacks", "pool")
def check_glyph_tokens(mission: Mission, source: Source) -> list[Problem]:
    """Every glyph on the card has a clue token (unless ``no_token``); glyphs are used."""
    problems: list[Problem] = []
    report = _reporter(source, problems)
    token_glyphs: Counter[str] = Counter()
    where: dict[str, Path] = {}
    for room, attrs in mission.map.nodes(data=True):
        for i, clue in enumerate(attrs.get("stack") or ()):
            _note_token(clue, (*ROOMS, room, "stack", i), token_glyphs, where, report)
    for i, clue in enumerate(mission.pool):
        _note_token(clue, ("pool", i), token_glyphs, where, report)
    card = mission.card_glyphs
    for glyph in mission.glyphs.values():
        gpath: Path = ("glyphs", glyph.id)
        if glyph.id in card:
            if not token_glyphs[glyph.id] and not glyph.no_token:
                report(
                    gpath,
                    say(
                        "glyph {glyph!r} is on the card but no clue token carries "
                        "it, so its windows can never open (add a token, or mark it "
                        "no_token: true if that is deliberate)",
                        glyph=glyph.id,
                    ),
                    WARNING,
                )
            if glyph.no_token and token_glyphs[glyph.id]:
                report(
                    gpath,
                    say(
                        "glyph {glyph!r} is marked no_token but a clue token carries it",
                        glyph=glyph.id,
                    ),
                    WARNING,
                )
        elif glyph.content is not None:
            report(
                gpath,
                say("glyph {glyph!r} has content but is not on the card", glyph=glyph.id),
                WARNING,
            )
        elif not token_glyphs[glyph.id]:
            report(
                gpath,
                say("glyph {glyph!r} is neither on the card nor on a token", glyph=glyph.id),
                WARNING,
            )
    return problems


@mission_check("glyphs", "card", "solution")
def check_answer(mission: Mission, source: Source) -> list[Problem]:
    """The card has cells, and the answer cells spell ``solution`` when one is given
    (in the cells' alphabet: look-alike letters of another are pointed out)."""
    if not mission.cells:
        return [source.problem(("card", "text"), say("the card has no glyph cells"))]
    if mission.solution is None:
        return []
    others = _other_scripts(mission.solution, mission.script)
    look_alikes: dict[str, Any] = {}
    if others:
        look_alikes = {
            "script": script_name(others[0][1]),
            "letters": ", ".join(letter for letter, _script in others),
            "main": script_name(mission.script or ""),
        }
    if not answers_match(mission.solution, mission.answer):
        spelt = {"spelt": mission.answer, "solution": mission.solution}
        if mission.has_answer_section:
            said = say("the Answer section cells spell {spelt!r}, not {solution!r}", **spelt)
        else:
            said = say("the answer cells spell {spelt!r}, not {solution!r}", **spelt)
        if look_alikes:
            said = say(
                "{problem}: the solution has {script} letters ({letters}) where the cells "
                "have {main} ones (look-alike letters typed in the other keyboard layout?)",
                problem=said,
                **look_alikes,
            )
        return [source.problem(("solution",), said)]
    if look_alikes:  # read as meant (answers fold look-alikes), but written in two alphabets
        said = say(
            "the solution has {script} letters ({letters}) where the cells have {main} ones "
            "(look-alike letters typed in the other keyboard layout?)",
            **look_alikes,
        )
        return [source.problem(("solution",), said, WARNING)]
    return []


SCRIPT_NAMES = {"LATIN": N_("Latin"), "CYRILLIC": N_("Cyrillic")}
"""How a script reads in a problem (``N_``-marked English)."""


def script_name(name: str) -> Message:
    """A Unicode script's name in words (``Latin``, ``Cyrillic``; others as they are)."""
    return say(SCRIPT_NAMES[name]) if name in SCRIPT_NAMES else text(name.title())


def _other_scripts(words: str, main: str | None) -> list[tuple[str, str]]:
    """The letters of ``words`` (and their scripts) not written in the script ``main``."""
    if main is None:
        return []
    found = ((ch, script(ch)) for ch in dict.fromkeys(words))
    return [(ch, s) for ch, s in found if s is not None and s != main]


@mission_check("glyphs", "card")
def check_alphabet(mission: Mission, source: Source) -> list[Problem]:
    """The windows hide letters of one alphabet: a Latin ``A`` among Cyrillic letters
    looks the same and is a different letter (and the reverse)."""
    main = mission.script
    problems: list[Problem] = []
    for glyph in mission.glyphs.values():
        if glyph.id not in mission.card_glyphs or not glyph.content:
            continue
        others = _other_scripts(glyph.content, main)
        if others:
            problems.append(
                source.problem(
                    ("glyphs", glyph.id),
                    say(
                        "glyph {glyph!r} hides {content!r} with {script} letters ({letters}) "
                        "where the other windows hide {main} ones (a look-alike letter typed "
                        "in the other keyboard layout?)",
                        glyph=glyph.id,
                        content=glyph.content,
                        script=script_name(others[0][1]),
                        letters=", ".join(letter for letter, _script in others),
                        main=script_name(main or ""),
                    ),
                    WARNING,
                )
            )
    return problems


@mission_check("stacks", "pool")
def check_pool(mission: Mission, source: Source) -> list[Problem]:
    """Pooled stacks and the pool agree."""
    asked = sum(int(a.get("stack_size") or 0) for _, a in mission.map.nodes(data=True))
    if asked > len(mission.pool):
        return [
            source.problem(
                ("pool",) if mission.pool else ROOMS,
                say(
                    "rooms ask for {asked} pooled tokens (stack_size) but the pool has {pool}",
                    asked=asked,
                    pool=len(mission.pool),
                ),
            )
        ]
    if len(mission.pool) > asked:
        return [
            source.problem(
                ("pool",),
                nsay(
                    "{n} token(s) of the pool are never dealt (rooms ask for {asked} with "
                    "stack_size)",
                    "{n} token(s) of the pool are never dealt (rooms ask for {asked} with "
                    "stack_size)",
                    len(mission.pool) - asked,
                    asked=asked,
                ),
                WARNING,
            )
        ]
    return []


@mission_check("deck", "players")
def check_deck(mission: Mission, source: Source) -> list[Problem]:
    """The deck can deal every player a first hand, and time can run out."""
    problems: list[Problem] = []
    report = _reporter(source, problems)
    deck = mission.deck
    hi = mission.players[1]
    need = deck.hand_size * hi
    if deck.resource_count < need:
        report(
            ("deck",),
            nsay(
                "the deck is too small to play: {n} player(s) need {need} cards "
                "for their first hands but it has {cards} resource cards",
                "the deck is too small to play: {n} player(s) need {need} cards "
                "for their first hands but it has {cards} resource cards",
                hi,
                need=need,
                cards=deck.resource_count,
            ),
        )
    if sum(deck.time) < 3:
        report(
            ("deck", "time"),
            nsay(
                "the time cards carry {n} icon(s): with fewer "
                "than 3 the group can never run out of time",
                "the time cards carry {n} icon(s): with fewer "
                "than 3 the group can never run out of time",
                sum(deck.time),
            ),
            WARNING,
        )
    return problems


@mission_check("characters", "players")
def check_characters(mission: Mission, source: Source) -> list[Problem]:
    """Enough characters for the most players."""
    hi = mission.players[1]
    if len(mission.characters) < hi:
        return [
            source.problem(
                ("characters",) if mission.characters else ("players",),
                nsay(
                    "up to {n} player(s) but only {characters} character(s) to choose from",
                    "up to {n} player(s) but only {characters} character(s) to choose from",
                    hi,
                    characters=len(mission.characters),
                ),
            )
        ]
    return []


@mission_check("campaign", "id")
def check_campaign(mission: Mission, source: Source) -> list[Problem]:
    """A campaign that replays the same mission; unknown secret rules."""
    problems: list[Problem] = []
    report = _reporter(source, problems)
    for key, link in (("win", mission.campaign.win), ("loss", mission.campaign.loss)):
        if link.next == mission.id:
            report(
                ("campaign", key, "next"),
                say("missions are not replayed in a campaign: the next mission is this one"),
                WARNING,
            )
        for i, rule_id in enumerate(link.unlock):
            if rule_id not in SECRET_RULES:
                report(
                    ("campaign", key, "unlock", i),
                    say(
                        "unknown secret rule {rule!r}{hint} (known: {known})",
                        rule=rule_id,
                        hint=suggest(rule_id, SECRET_RULES),
                        known=", ".join(SECRET_RULES),
                    ),
                )
    return problems


@mission_check("glyphs", "card", "solution")
def check_glyph_names(mission: Mission, source: Source) -> list[Problem]:
    """Glyph names that line up with the letters they hide (:mod:`.glyph_names`)."""
    return glyph_name_problems(mission, source)


def _note_token(
    token: Token,
    path: Path,
    counter: Counter[str],
    where: dict[str, Path],
    report: Report,
) -> None:
    if token.kind == GLYPH:
        counter[token.name] += 1
        where.setdefault(token.name, path)
    elif token.name == COUNTER_INTEL and token.action == "regroup":
        report(
            path,
            say(
                "a counter-intel token on Regroup can never be cleared by a Regroup "
                "(Regroup cannot clear itself)"
            ),
            WARNING,
        )


def _by_line(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: p.line or 0)


def validate_text(text: str, file: str = "<mission>") -> list[Problem]:
    """Every problem of mission YAML ``text``."""
    return check_text(text, file).problems


@dataclass(frozen=True)
class Checked:
    """Mission YAML read and checked once: its ``data`` (None if it is not YAML), the
    ``source`` (lines), every problem, and the ``mission`` when no problem is an error."""

    data: Any
    source: Source
    problems: list[Problem]
    mission: Mission | None


def check_text(text: str, file: str = "<mission>") -> Checked:
    """Read and check mission YAML ``text`` in one pass (what an editor needs after each
    edit: the problems and, if there is no error, the mission).

    >>> checked = check_text(open("missions/01-lantern-archive.yaml").read())
    >>> checked.problems, checked.mission.answer
    ([], 'LAMP')
    """
    data, source, problems = read_yaml(text, file)
    if data is None and problems:
        return Checked(None, source, problems, None)
    mission, more = check_data(data, source)
    everything = _by_line(problems + more)
    loads = mission is not None and not problems and not any(p.is_error for p in more)
    return Checked(data, source, everything, mission if loads else None)


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
            found = [
                Problem(
                    str(path),
                    None,
                    "mission",
                    say("could not be checked: {error}", error=repr(exc)),
                )
            ]
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
                            say(
                                "mission {mission!r} is not among the files checked{hint}",
                                mission=link.next,
                                hint=suggest(link.next, ids),
                            ),
                            WARNING,
                        )
                    )
    return problems


def _campaign_problems(missions: list[tuple[Source, Mission]]) -> list[Problem]:
    """Loops in the campaign: a mission reached twice on one way through."""
    campaign = CampaignMap.from_missions(m for _, m in missions)
    source = {m.id: src for src, m in missions}
    out = []
    for said in campaign.problems:
        if said.id == LOOP:
            first = str(said.params["loop"]).split(" -> ")[0]
            src = source.get(first) or missions[0][0]
            out.append(src.problem(("campaign",), said, WARNING))
    return out
