"""Lookup tables the rules engine builds once per mission (and shares between states).

Rooms, glyphs, tokens and cards become small integers; adjacency through open
passages, through any wall and "nearby" are precomputed, and so is every action object
the engine can list, so that listing legal actions allocates almost nothing.

>>> from cipherkit.games.mission.samples import demo_mission
>>> t = tables_for(demo_mission())
>>> [t.rooms[i] for i in t.open_adj[t.room_index["gallery"]]]
['foyer']
>>> [t.rooms[i] for i in t.any_adj[t.room_index["gallery"]]]
['foyer', 'vault']
>>> t.token_labels[t.initial_stacks[0][-1]]   # the foyer's top token
'moth'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cipherkit.core.protocol import Action
from cipherkit.games.mission.content.deck import CardTable
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.content.tokens import ACTIONS, CAMERA, COUNTER_INTEL, GAS, GLYPH, Token
from cipherkit.games.mission.rules import actions as act

T_GLYPH, T_OFF_CARD, T_CAMERA, T_GAS, T_COUNTER = range(5)
"""Token classes: a glyph on the card, a glyph not on it, and the three traps."""


@dataclass(frozen=True, eq=False)
class Tables:
    """What the rules precompute once per mission: rooms, glyphs and tokens as indices, the map's
    adjacency, the deck and every action ready made.
    """

    mission: Mission
    rooms: tuple[str, ...]
    room_index: dict[str, int]
    room_names: tuple[str, ...]
    entrance: int
    open_adj: tuple[tuple[int, ...], ...]
    any_adj: tuple[tuple[int, ...], ...]
    nearby: tuple[tuple[int, ...], ...]
    glyphs: tuple[str, ...]
    glyph_index: dict[str, int]
    on_card: tuple[bool, ...]
    answer_glyphs: tuple[int, ...]
    windows: tuple[int, ...]
    """How many cells show each glyph."""
    key: tuple[str | None, ...]
    tokens: tuple[Token, ...]
    token_class: tuple[int, ...]
    token_glyph: tuple[int, ...]
    token_action: tuple[int, ...]
    token_labels: tuple[str, ...]
    initial_stacks: tuple[tuple[int, ...], ...]
    """Token ids per room, bottom first (the top is the last item)."""
    cards: CardTable
    play: tuple[tuple[act.Play, ...], ...]
    specials: dict[tuple[int, int], act.Special]
    step: tuple[act.Step, ...]
    intel: tuple[act.IntelRoom, ...]
    slip: tuple[act.Slip, ...]
    scout: tuple[act.Scout, ...]
    peek: tuple[act.Peek, ...]
    disarm: tuple[act.Disarm, ...]
    collect: tuple[act.Collect, ...]
    regroup: tuple[act.RegroupCard, ...]
    lower: tuple[act.Lower, ...]
    unblock: tuple[act.Unblock, ...]
    public: dict[str, Any]
    cell_rows: tuple[tuple[str, int, bool, int], ...]
    """Per console cell: glyph id, word, answer flag, glyph index (for observations)."""
    reading_memo: dict[tuple[bool, tuple[bool, ...], tuple[str | None, ...]], str] = field(
        default_factory=dict
    )
    """What open windows read, by (answer only, opened flags, window contents): a
    reading is asked for at every observation but changes only when a window opens."""
    main_memo: dict[tuple[int, ...], tuple[Action, ...]] = field(default_factory=dict)
    """The special actions a hand allows, by its values sorted: a hand recurs often, and
    the main actions are listed at every decision."""


def _build(mission: Mission) -> Tables:
    rooms = tuple(mission.map.nodes)
    index = {r: i for i, r in enumerate(rooms)}
    open_adj = tuple(tuple(index[n] for n in mission.open_neighbours(r)) for r in rooms)
    any_adj = tuple(tuple(index[n] for n in mission.map.neighbors(r)) for r in rooms)
    nearby = tuple((i, *adj) for i, adj in enumerate(open_adj))
    glyphs = tuple(mission.glyphs)
    gindex = {g: i for i, g in enumerate(glyphs)}
    on_card = tuple(g in mission.card_glyphs for g in glyphs)
    answer = tuple(sorted({gindex[c.glyph] for c in mission.answer_cells}))
    windows = tuple(sum(1 for c in mission.cells if c.glyph == g) for g in glyphs)
    tokens: list[Token] = []
    stacks: list[tuple[int, ...]] = []
    for room in rooms:
        ids = []
        for token in mission.stacks[room]:
            ids.append(len(tokens))
            tokens.append(token)
        stacks.append(tuple(reversed(ids)))
    classes, tglyph, taction = [], [], []
    for token in tokens:
        if token.kind == GLYPH:
            classes.append(T_GLYPH if token.name in mission.card_glyphs else T_OFF_CARD)
            tglyph.append(gindex[token.name])
            taction.append(-1)
        else:
            classes.append({CAMERA: T_CAMERA, GAS: T_GAS, COUNTER_INTEL: T_COUNTER}[token.name])
            tglyph.append(-1)
            taction.append(ACTIONS.index(token.action) if token.action else -1)
    cards = mission.deck.table()
    top = mission.deck.values
    return Tables(
        mission=mission,
        rooms=rooms,
        room_index=index,
        room_names=tuple(mission.map.nodes[r].get("name") or r for r in rooms),
        entrance=index[mission.entrance] if mission.entrance else 0,
        open_adj=open_adj,
        any_adj=any_adj,
        nearby=nearby,
        glyphs=glyphs,
        glyph_index=gindex,
        on_card=on_card,
        answer_glyphs=answer,
        windows=windows,
        key=tuple(mission.glyphs[g].content for g in glyphs),
        tokens=tuple(tokens),
        token_class=tuple(classes),
        token_glyph=tuple(tglyph),
        token_action=tuple(taction),
        token_labels=tuple(t.label for t in tokens),
        initial_stacks=tuple(stacks),
        cards=cards,
        play=tuple(tuple(act.Play(v, a) for a in ACTIONS) for v in range(top + 1)),
        specials={(a, b): act.Special(a, b) for a in range(1, top + 1) for b in range(a, top + 1)},
        step=tuple(act.Step(r) for r in rooms),
        intel=tuple(act.IntelRoom(r) for r in rooms),
        slip=tuple(act.Slip(r) for r in rooms),
        scout=tuple(act.Scout(r) for r in rooms),
        peek=tuple(act.Peek(r) for r in rooms),
        disarm=tuple(act.Disarm(r) for r in rooms),
        collect=tuple(act.Collect(g) for g in glyphs),
        regroup=tuple(act.RegroupCard(a) for a in ACTIONS),
        lower=tuple(act.Lower(a) for a in ACTIONS),
        unblock=tuple(act.Unblock(a) for a in ACTIONS),
        public=mission.public_dict(),
        cell_rows=tuple((c.glyph, c.word, c.answer, gindex[c.glyph]) for c in mission.cells),
    )


def tables_for(mission: Mission) -> Tables:
    """The (cached) tables of ``mission``."""
    cached = mission.__dict__.get("_tables")
    if cached is None:
        cached = _build(mission)
        mission.__dict__["_tables"] = cached
    return cached
