"""A campaign at one screen: the missions in turn, the way a win or a loss leads.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.mission.campaign``.

>>> from cipherkit.widgets.mission.campaign import CampaignTable
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
from typing import Any

import ipywidgets

from cipherkit.core.record import Record
from cipherkit.games.mission.content.campaign import CampaignLog, CampaignMap
from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.games.mission.format.files import load_campaign
from cipherkit.i18n import N_, _, canonical, language, ngettext, speaking
from cipherkit.rooms.errors import StoreUnreachable
from cipherkit.rooms.solo import CAMPAIGN_NAME, NOT_FOUND, SAVED_UNREACHABLE, SoloGame
from cipherkit.widgets.mission.table import MissionTable
from cipherkit.widgets.table_base import open_page_store

__all__ = ["CampaignTable", "graph_html"]

MAX_MISSIONS = 24
"""Most tokens a campaign token may hold (one per mission played)."""


class CampaignTable(ipywidgets.VBox):
    """Play a campaign's missions in turn; see the module docstring.

    Parameters
    ----------
    missions:
        A folder of mission files, or the files (the campaign's missions).
    players, humans, bots, seed:
        As for :class:`~cipherkit.widgets.MissionTable` (default: one person and a
        ``planner`` bot). With a seed, mission *k* of the campaign is dealt with
        ``seed + k``.
    save:
        Keep the campaign's progress in the page's room store (``True``, or a
        :class:`~cipherkit.rooms.Store`): see the module docstring.
    lang:
        The language the campaign and its tables speak (default: the process language).
    """

    def __init__(
        self,
        missions: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] = "missions",
        *,
        players: int = 2,
        humans: int = 1,
        bots: str = "planner",
        seed: int | None = None,
        save: Any = False,
        lang: str | None = None,
    ) -> None:
        self.lang = canonical(lang) or language()
        folder = missions if isinstance(missions, str | os.PathLike) else None
        self.campaign = load_campaign(Path(folder) if folder is not None else missions)
        self.campaign_log = CampaignLog.begin(self.campaign)
        self._options: dict[str, Any] = {
            "players": players,
            "humans": humans,
            "bots": bots,
            "lang": self.lang,
        }
        self._seed = seed
        self._store = open_page_store(save) if save else None
        self._tokens: list[str] = []
        self._resolved = False
        self.header = ipywidgets.HTML()
        self.footer = ipywidgets.HTML()
        with speaking(self.lang):
            label = _("Continue the campaign")
        self.button = ipywidgets.Button(
            description=label,
            disabled=True,
            button_style="success",
            layout=ipywidgets.Layout(width="auto", min_height="44px"),
        )
        self.button.on_click(lambda _clicked: self.continue_campaign())
        self.table: MissionTable | None = None
        super().__init__()
        self.add_class("cipherkit-campaign")
        self._deal()

    # ------------------------------------------------------------------ flow
    def _deal(self) -> None:
        mid = self.campaign_log.current
        if mid is None:
            self.table = None
            self.children: tuple[Any, ...] = (self.header, self.footer)
            self._refresh()
            return
        seed = None if self._seed is None else self._seed + len(self.campaign_log.played)
        self._show_table(self._mission_table(mid, seed=seed))

    def _mission_table(self, mid: str, *, seed: int | None = None) -> MissionTable:
        table = MissionTable(
            str(self.campaign.files[mid]),
            seed=seed,
            secrets=self.campaign_log.secrets,
            replay=False,
            save=self._store if self._store is not None else False,
            **self._options,
        )
        table.on_saved = self._saved
        table.on_stored = lambda _stored: self._keep()
        return table

    def _show_table(self, table: MissionTable) -> None:
        if self.table is not None and self.table is not table:
            self.table.close()
        self.table = table
        table.observe(lambda _changed: self._refresh(), names="view")
        self.children = (self.header, table, self.footer, self.button)
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
        saved = self.table.saved
        if saved is not None and saved.token:
            self._tokens.append(saved.token)
        self.campaign_log = self.campaign_log.record(self.campaign, won=won)
        self._deal()
        return True

    # ------------------------------------------------------------------ saved
    @property
    def token(self) -> str:
        """The campaign's token: its missions' tokens in order ("": nothing stored)."""
        current = self.table.saved.token if self.table is not None and self.table.saved else None
        return ".".join([*self._tokens, *([current] if current else [])])

    def _keep(self) -> None:
        """Tell the page what to keep (through the mission table's page)."""
        if self.table is None:
            return
        token = self.token
        self.table.send({"type": "keep", "token": token} if token else {"type": "forget"})

    def _saved(self, value: str) -> None:
        """The page drew a mission table and sent the campaign token it keeps: the first
        time, resume the campaign from it; after that, tell the page the current one."""
        if self._resolved or not value:
            self._resolved = True
            self._keep()
            return
        self._resolved = True
        try:
            resumed = self.resume(value)
        except StoreUnreachable:  # the token may well hold the campaign: the page keeps it
            assert self.table is not None
            self.table.message = SAVED_UNREACHABLE
            return
        if not resumed:
            assert self.table is not None
            self.table.send({"type": "forget"})
            self.table.message = NOT_FOUND
            return
        self._keep()

    def resume(self, value: str) -> bool:
        """Bring back the campaign the token ``value`` holds (see the module docstring);
        ``False``, and nothing changes, for a token that does not fit this campaign."""
        store = self._store
        tokens = value.split(".")
        if store is None or not 0 < len(tokens) <= MAX_MISSIONS:
            return False
        log, done, current = CampaignLog.begin(self.campaign), [], None
        for number, token in enumerate(tokens, 1):
            mid = log.current
            if mid is None:
                return False
            game = SoloGame.try_resume(
                store, token, "mission", self._accepts(mid, log), name=CAMPAIGN_NAME
            )
            if game is None:
                return False
            outcome = game.session.outcome
            if outcome is None:
                if number != len(tokens):
                    return False
                current = (mid, token)
                break
            done.append(token)
            log = log.record(self.campaign, won=bool(outcome.winners))
        self.campaign_log, self._tokens = log, done
        if current is None:
            self._deal()
            return True
        table = self._mission_table(current[0])
        if not table.resume(current[1]):  # pragma: no cover - checked just above
            return False
        self._show_table(table)
        return True

    def _accepts(self, mid: str, log: CampaignLog) -> Any:
        players = self._options["players"]

        def accepts(record: Record) -> bool:
            config = record.config if isinstance(record.config, dict) else {}
            mission = config.get("mission")
            return (
                isinstance(mission, dict)
                and mission.get("id") == mid
                and config.get("players") == players
                and sorted(config.get("secrets") or []) == sorted(log.secrets)
            )

        return accepts

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        with speaking(self.lang):
            heading, closing = self._heading(), self._closing()
        lang = html.escape(self.lang, quote=True)  # screen readers read each part in it
        self.header.value = f'<div lang="{lang}">{heading}</div>'
        self.footer.value = f'<div lang="{lang}">{closing}</div>' if closing else ""
        self.button.disabled = self.table is None or self.table.state.outcome is None

    def _heading(self) -> str:
        """The graph, the mission being played and the secret rules held (HTML)."""
        played = dict(self.campaign_log.played)
        graph = graph_html(self.campaign, current=self.campaign_log.current, played=played)
        rules = "".join(
            f"<li><b>{html.escape(_(SECRET_RULES[r].name))}</b>: "
            f"{html.escape(_(SECRET_RULES[r].text))}</li>"
            for r in self.campaign_log.secrets
        )
        none_yet = _("No secret rules yet.")
        held = f"<ul>{rules}</ul>" if rules else f"<p>{html.escape(none_yet)}</p>"
        if self.campaign_log.current is None:
            step = html.escape(_("The campaign is over."))
        else:
            title = self.campaign.missions[self.campaign_log.current].title
            step = html.escape(_("Mission {number}: {title}")).format(
                number=len(self.campaign_log.played) + 1, title=f"<b>{html.escape(title)}</b>"
            )
        summary = html.escape(
            _("Secret rules in play ({count})", count=len(self.campaign_log.secrets))
        )
        return f"{graph}<p>{step}</p><details><summary>{summary}</summary>{held}</details>"

    def _closing(self) -> str:
        """What the end of a mission (or of the campaign) leads to (HTML)."""
        if self.table is None:
            played = self.campaign_log.played
            wins = sum(result == "win" for _mission, result in played)
            done = ngettext(
                "Campaign complete: {wins} of {n} mission won.",
                "Campaign complete: {wins} of {n} missions won.",
                len(played),
                wins=wins,
            )
            return f"<p>{html.escape(done)}</p>"
        outcome = self.table.state.outcome
        if outcome is None:
            return ""
        won = bool(outcome.winners)
        mission = self.table.mission
        link = mission.campaign.win if won else mission.campaign.loss
        parts = [f"<p><i>{html.escape(link.text)}</i></p>"] if link.text else []
        for rule_id in link.unlock:
            rule = SECRET_RULES[rule_id]
            unlocked = html.escape(_("Unlocked: {rule} ({text})")).format(
                rule=f"<b>{html.escape(_(rule.name))}</b>", text=html.escape(_(rule.text))
            )
            parts.append(f"<p>{unlocked}</p>")
        if link.next is None:
            last = _("This was the last mission.")
            parts.append(f"<p>{html.escape(last)}</p>")
        return "".join(parts)


_CARD = (
    "flex:1 1 150px;max-width:240px;box-sizing:border-box;padding:6px 10px;"
    "border-radius:8px;background:#fdfaf3;font-size:15px;line-height:1.35;"
)
_STATES = {
    "win": ("#3c8a4f", N_("✓ won")),
    "loss": ("#c62f2f", N_("✗ lost")),
    "current": ("#d4a017", N_("▶ playing")),
    None: ("#c9c1ae", ""),
}
_BADGE_TEXT: dict[str | None, str] = {"win": "#2f6e3f", "current": "#7a5600"}
"""Darker words for the badges whose border colour is too light for text (issue #32)."""


def graph_html(
    campaign: CampaignMap, *, current: str | None = None, played: dict[str, str] | None = None
) -> str:
    """The campaign graph as HTML cards that wrap to the page's width: per mission its
    number and title, won/lost/playing, and where a win and a loss lead.

    >>> from pathlib import Path
    >>> campaign = load_campaign(Path("missions"))
    >>> text = graph_html(campaign, current="signal-box", played={"lantern-archive": "win"})
    >>> "✓ won" in text and "▶ playing" in text and "win → 4, loss → 4b" in text
    True
    """
    played = dict(played or {})
    cards = []
    for mid in campaign.order():
        mission = campaign.missions[mid]
        state = played.get(mid) or ("current" if mid == current else None)
        colour, badge = _STATES[state]
        badge = badge and _(badge)
        width = 3 if state == "current" else 1
        link = mission.campaign
        if link is None or (link.win.next is None and link.loss.next is None):
            leads = _("the last mission")
        elif link.win.next == link.loss.next:
            leads = _("then → {number}", number=campaign.number(str(link.win.next)))
        else:
            end = _("end")
            win = end if link.win.next is None else campaign.number(link.win.next)
            loss = end if link.loss.next is None else campaign.number(link.loss.next)
            leads = _("win → {win}, loss → {loss}", win=win, loss=loss)
        text = _BADGE_TEXT.get(state, colour)  # the badge's words at 4.5:1 (WCAG AA)
        shown = badge and f' <b style="color:{text}">{html.escape(badge)}</b>'
        cards.append(
            f'<li data-mission="{html.escape(mid)}" data-state="{state or ""}" '
            f'style="{_CARD}border:{width}px solid {colour}">'
            f"<b>{html.escape(campaign.number(mid))}</b> {html.escape(mission.title)}{shown}"
            f'<br><span style="color:#5a5346;font-size:14px">{html.escape(leads)}</span></li>'
        )
    label = html.escape(_("The campaign's missions"), quote=True)
    return (
        f'<ol class="cipherkit-campaign-map" aria-label="{label}" '
        'style="display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0 0 8px 0;'
        f'padding:0">{"".join(cards)}</ol>'
    )
