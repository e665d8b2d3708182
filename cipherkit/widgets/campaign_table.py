"""A campaign at one screen: the missions in turn, the way a win or a loss leads.

:class:`CampaignTable` shows the campaign graph (the mission being played framed, the
missions played ticked or crossed), the secret rules the team holds, and the current
mission's :class:`~cipherkit.widgets.MissionTable`, played with those rules. When the
mission is over, *Continue the campaign* records the result in a
:class:`~cipherkit.games.mission.campaign.CampaignLog` and deals the mission the result
leads to; missions are not replayed. Everything shown is public: titles, the links'
unlocks, and a mission's closing text once it is over.

The button is an ordinary ipywidgets button, so its clicks and its ``disabled`` trait can
be forged from the page: the kernel acts on a click only when the mission is over.

>>> from cipherkit.widgets.campaign_table import CampaignTable
>>> campaign = CampaignTable("missions", seed=3)
>>> campaign.campaign_log.current, campaign.table.mission.id, campaign.button.disabled
('lantern-archive', 'lantern-archive', True)
>>> campaign.continue_campaign()           # not over yet: nothing happens
False
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from pathlib import Path

import ipywidgets

from cipherkit.games.mission.campaign import CampaignLog, CampaignMap
from cipherkit.games.mission.secrets import SECRET_RULES
from cipherkit.widgets.mission_table import MissionTable


class CampaignTable(ipywidgets.VBox):  # type: ignore[misc]
    """Play a campaign's missions in turn; see the module docstring.

    Parameters
    ----------
    missions:
        A folder of mission files, or the files (the campaign's missions).
    players, humans, bots, seed:
        As for :class:`~cipherkit.widgets.MissionTable` (default: one person and a
        ``planner`` bot). With a seed, mission *k* of the campaign is dealt with
        ``seed + k``.
    """

    def __init__(
        self,
        missions: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] = "missions",
        *,
        players: int = 2,
        humans: int = 1,
        bots: str = "planner",
        seed: int | None = None,
    ) -> None:
        folder = missions if isinstance(missions, str | os.PathLike) else None
        self.campaign = CampaignMap.load(Path(folder) if folder is not None else missions)
        self.campaign_log = CampaignLog.begin(self.campaign)
        self._options = {"players": players, "humans": humans, "bots": bots}
        self._seed = seed
        self.header = ipywidgets.HTML()
        self.footer = ipywidgets.HTML()
        self.button = ipywidgets.Button(
            description="Continue the campaign", disabled=True, button_style="success"
        )
        self.button.on_click(lambda _button: self.continue_campaign())
        self.table: MissionTable | None = None
        super().__init__()
        self.add_class("cipherkit-campaign")
        self._deal()

    # ------------------------------------------------------------------ flow
    def _deal(self) -> None:
        mid = self.campaign_log.current
        if mid is None:
            self.table = None
            self.children = (self.header, self.footer)
            self._refresh()
            return
        seed = None if self._seed is None else self._seed + len(self.campaign_log.played)
        self.table = MissionTable(
            str(self.campaign.files[mid]),
            seed=seed,
            secrets=self.campaign_log.secrets,
            replay=False,
            **self._options,
        )
        self.table.observe(lambda _change: self._refresh(), names="view")
        self.children = (self.header, self.table, self.footer, self.button)
        self._refresh()

    @property
    def over(self) -> bool:
        """Whether the current mission is over (or the whole campaign is)."""
        return self.table is None or self.table.state.outcome is not None

    def continue_campaign(self) -> bool:
        """Record the finished mission and deal the next; ``False`` (and nothing
        changes) while the mission is still being played or the campaign is over."""
        if self.table is None or self.table.state.outcome is None:
            return False
        won = bool(self.table.state.outcome.winners)
        self.campaign_log = self.campaign_log.record(self.campaign, won=won)
        self._deal()
        return True

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        from cipherkit.games.mission.art.campaigndraw import campaign_svg

        played = dict(self.campaign_log.played)
        svg = campaign_svg(self.campaign, current=self.campaign_log.current, played=played)
        rules = "".join(
            f"<li><b>{html.escape(SECRET_RULES[r].name)}</b>: {html.escape(SECRET_RULES[r].text)}"
            "</li>"
            for r in self.campaign_log.secrets
        )
        held = f"<ul>{rules}</ul>" if rules else "<p>No secret rules yet.</p>"
        if self.campaign_log.current is None:
            step = "The campaign is over."
        else:
            title = self.campaign.missions[self.campaign_log.current].title
            step = f"Mission {len(self.campaign_log.played) + 1}: <b>{html.escape(title)}</b>"
        self.header.value = (
            '<div class="cipherkit-campaign-map" style="overflow-x:auto">'
            f"{svg}</div><p>{step}</p><details><summary>Secret rules in play "
            f"({len(self.campaign_log.secrets)})</summary>{held}</details>"
        )
        self.footer.value = self._closing()
        self.button.disabled = self.table is None or self.table.state.outcome is None

    def _closing(self) -> str:
        if self.table is None:
            wins = sum(result == "win" for _, result in self.campaign_log.played)
            return (
                f"<p>Campaign complete: {wins} of {len(self.campaign_log.played)} missions won.</p>"
            )
        outcome = self.table.state.outcome
        if outcome is None:
            return ""
        won = bool(outcome.winners)
        mission = self.table.mission
        link = mission.campaign.win if won else mission.campaign.loss
        parts = [f"<p><i>{html.escape(link.text)}</i></p>"] if link.text else []
        for rule_id in link.unlock:
            rule = SECRET_RULES[rule_id]
            parts.append(
                f"<p>Unlocked: <b>{html.escape(rule.name)}</b> ({html.escape(rule.text)})</p>"
            )
        if link.next is None:
            parts.append("<p>This was the last mission.</p>")
        return "".join(parts)
