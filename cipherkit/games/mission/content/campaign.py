"""A campaign: missions joined by their win and loss links, and a team's way through it.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.campaign``.

Examples
--------
>>> from cipherkit.games.mission.format.files import load_campaign
>>> campaign = load_campaign("missions")
>>> campaign.start
'lantern-archive'
>>> campaign.next("lantern-archive", won=True)
('signal-box', ('clerks-note',))
>>> log = CampaignLog.begin(campaign)
>>> log = log.record(campaign, won=True)       # the tutorial is won
>>> log.current, log.secrets
('signal-box', ('clerks-note',))
>>> log.config()["secrets"]
['clerks-note']
>>> campaign.secrets_on_arrival("signal-box")
('clerks-note',)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.content.mission import Mission
from cipherkit.i18n import N_, Message, say

WIN, LOSS = "win", "loss"
LOOP = N_("missions are not replayed in a campaign, but the links loop: {loop}")
"""The problem of a campaign whose links loop (``loop``: ``a -> b -> a``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One mission played on a way through the campaign: its id, the result the way
    takes (``win``/``loss``; ``None`` for the last mission) and the secret rules the team
    holds when it starts it."""

    mission: str
    result: str | None
    secrets: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class CampaignMap:
    """The campaign graph of a set of missions."""

    missions: Mapping[str, Mission]
    files: Mapping[str, Path]
    graph: nx.MultiDiGraph
    start: str
    problems: tuple[Message, ...] = ()
    """What does not hold together, as messages (their words chosen where shown)."""

    @classmethod
    def from_missions(
        cls, missions: Iterable[Mission], files: Mapping[str, Path] | None = None
    ) -> CampaignMap:
        """The campaign of these missions; ``problems`` lists what does not hold together."""
        by_id = {m.id: m for m in missions}
        files = dict(files or {})
        graph: nx.MultiDiGraph[str] = nx.MultiDiGraph()
        problems: list[Message] = []
        for mid, mission in by_id.items():
            graph.add_node(mid, title=mission.title)
        for mid, mission in by_id.items():
            where = str(files.get(mid, mid))
            for result, link in ((WIN, mission.campaign.win), (LOSS, mission.campaign.loss)):
                if link.next is None:
                    continue
                if link.next not in by_id:
                    problems.append(
                        say(
                            "{where}: campaign.{result}.next: no mission has the id {mission!r}",
                            where=where,
                            result=result,
                            mission=link.next,
                        )
                    )
                    continue
                graph.add_edge(
                    mid, link.next, key=result, result=result, unlock=link.unlock, text=link.text
                )
        starts = sorted(n for n in graph if graph.in_degree(n) == 0)
        if not by_id:
            problems.append(say("no missions"))
        elif not starts:
            problems.append(say("no first mission: every mission is the next of another"))
        elif len(starts) > 1:
            problems.append(
                say(
                    "more than one first mission (no link leads to them): {missions}",
                    missions=", ".join(starts),
                )
            )
        try:
            cycle = nx.find_cycle(graph)
        except nx.NetworkXNoCycle:
            cycle = None
        if cycle:
            loop = " -> ".join([str(edge[0]) for edge in cycle] + [str(cycle[0][0])])
            problems.append(say(LOOP, loop=loop))
        start = starts[0] if starts else next(iter(by_id), "")
        if start and not cycle:
            below = nx.descendants(graph, start)
            unreached = sorted(set(by_id) - below - {start})
            if unreached:
                problems.append(
                    say(
                        "never reached from {start}: {missions}",
                        start=start,
                        missions=", ".join(unreached),
                    )
                )
        return cls(by_id, files, graph, start, tuple(problems))

    # ------------------------------------------------------------------ questions
    def next(self, mission: str, *, won: bool) -> tuple[str | None, tuple[str, ...]]:
        """Where the campaign goes after ``mission`` is won or lost, and what unlocks."""
        link = self.missions[mission].campaign.win if won else self.missions[mission].campaign.loss
        return link.next, link.unlock

    @property
    def finales(self) -> tuple[str, ...]:
        """Missions after which the campaign ends whatever the result."""
        return tuple(n for n in self.order() if self.graph.out_degree(n) == 0)

    def order(self) -> list[str]:
        """Missions in campaign order: a topological order, ties by mission file name."""
        return list(self._order)

    @cached_property
    def _order(self) -> tuple[str, ...]:
        key = {mid: str(self.files.get(mid, mid)) for mid in self.missions}
        return tuple(nx.lexicographical_topological_sort(self.graph, key=lambda n: key[n]))

    def number(self, mission: str) -> str:
        """The mission's number as its file name starts (``04b-flooded-cellar.yaml``:
        ``4b``), or its place in campaign order when it has no file."""
        path = self.files.get(mission)
        if path is None:
            return str(self._order.index(mission) + 1)
        head = path.stem.split("-", 1)[0]
        return head.lstrip("0") or head

    def routes(self) -> list[tuple[Step, ...]]:
        """Every way through the campaign, from the first mission to the end."""
        out: list[tuple[Step, ...]] = []

        def walk(mid: str, held: tuple[str, ...], path: tuple[Step, ...]) -> None:
            mission = self.missions[mid]
            links = [(WIN, mission.campaign.win), (LOSS, mission.campaign.loss)]
            ended = False
            for result, link in links:
                step = Step(mid, result, held)
                gained = held + tuple(u for u in link.unlock if u not in held)
                if link.next is None:
                    ended = True
                    continue
                walk(link.next, gained, (*path, step))
            if ended:
                out.append((*path, Step(mid, None, held)))

        walk(self.start, (), ())
        return out

    def main_route(self) -> tuple[Step, ...]:
        """The way a team that wins every mission it can takes."""
        steps: list[Step] = []
        held: tuple[str, ...] = ()
        mid: str | None = self.start
        while mid is not None:
            link = self.missions[mid].campaign.win
            steps.append(Step(mid, WIN if link.next else None, held))
            held = held + tuple(u for u in link.unlock if u not in held)
            mid = link.next
        return tuple(steps)

    def secrets_on_arrival(self, mission: str) -> tuple[str, ...]:
        """The secret rules a team holds when it reaches ``mission`` winning whenever a
        win leads there (the route with the most wins; loss links only where needed)."""
        best: tuple[int, tuple[str, ...]] | None = None
        for route in self.routes():
            for i, step in enumerate(route):
                if step.mission == mission:
                    wins = sum(s.result == WIN for s in route[:i])
                    if best is None or wins > best[0]:
                        best = (wins, step.secrets)
                    break
        if best is None:
            raise KeyError(f"mission {mission!r} is not in the campaign")  # a programming error
        return best[1]

    def _repr_svg_(self) -> str:
        """In a notebook: the campaign graph (drawn lazily by ``cipherkit.glyphs``)."""
        from cipherkit.games.mission.art.campaigndraw import campaign_svg

        return campaign_svg(self)

    def branch(self, mission: str) -> bool:
        """Whether only a loss leads to ``mission`` (a side branch of the campaign)."""
        results = {d["result"] for _, _, d in self.graph.in_edges(mission, data=True)}
        return results == {LOSS}


@dataclass(frozen=True, slots=True)
class CampaignLog:
    """One team's way through a campaign so far: the mission to play next (``None``
    once the campaign is over), the missions played with their results, and the secret
    rules unlocked."""

    current: str | None
    played: tuple[tuple[str, str], ...] = ()
    secrets: tuple[str, ...] = field(default=())

    @classmethod
    def begin(cls, campaign: CampaignMap) -> CampaignLog:
        """A new log, at the campaign's first mission."""
        return cls(campaign.start)

    def record(self, campaign: CampaignMap, *, won: bool) -> CampaignLog:
        """The log after the current mission is won or lost."""
        if self.current is None:
            raise CipherkitError.say("the campaign is over: there is no mission to record")
        nxt, unlock = campaign.next(self.current, won=won)
        gained = self.secrets + tuple(u for u in unlock if u not in self.secrets)
        return CampaignLog(nxt, (*self.played, (self.current, WIN if won else LOSS)), gained)

    def config(self, **options: Any) -> dict[str, Any]:
        """The engine options for the current mission: the given ``options`` (the
        mission file, players...) plus the ``secrets`` unlocked so far."""
        return {**options, "secrets": list(self.secrets)}

    def to_json(self) -> str:
        """The log as JSON text; :meth:`from_json` reads it back."""
        return json.dumps({"current": self.current, "played": self.played, "secrets": self.secrets})

    @classmethod
    def from_json(cls, text: str) -> CampaignLog:
        """The log written by :meth:`to_json`."""
        data = json.loads(text)
        return cls(
            data["current"],
            tuple((str(m), str(r)) for m, r in data["played"]),
            tuple(data["secrets"]),
        )
