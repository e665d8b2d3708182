"""Matplotlib plots of a playtest (matplotlib is imported only when a plot is drawn).

Each function takes a :class:`~cipherkit.playtest.stats.PlaytestResult` and an optional
``ax``; without one it makes a figure. It returns the axes (:func:`overview`: the figure).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cipherkit.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from cipherkit.playtest.stats import PlaytestResult

WIN, LOSS = "#4c9a6a", "#c4553d"
WON, WON_IN_PERIL = N_("won"), N_("won In Peril")
"""The outcomes of won games the plots tell apart (English, marked: said with ``_``)."""


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    __, ax = plt.subplots(figsize=(5, 3.2))
    return ax


def turn_histogram(result: PlaytestResult, ax: Any = None) -> Any:
    """Game lengths in turns: won and lost games stacked."""
    ax = _axes(ax)
    turns = [r.turns for r in result.records]
    lo, hi = min(turns), max(turns)
    bins = [x - 0.5 for x in range(lo, hi + 2)]
    won = [r.turns for r in result.records if r.won]
    lost = [r.turns for r in result.records if not r.won]
    labels = [_("won"), _("lost")]
    ax.hist([won, lost], bins=bins, stacked=True, color=[WIN, LOSS], label=labels)
    ax.set_xlabel(_("turns"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("Game length"))
    ax.legend(frameon=False)
    return ax


def win_rate_by_players(result: PlaytestResult, ax: Any = None) -> Any:
    """Win rate for each player count, with its 95% Wilson interval."""
    ax = _axes(ax)
    groups = result.figures["by_players"]
    xs = [int(p) for p in groups]
    rates = [g["win_rate"] for g in groups.values()]
    low = [g["win_rate"] - g["win_rate_ci"][0] for g in groups.values()]
    high = [g["win_rate_ci"][1] - g["win_rate"] for g in groups.values()]
    ax.bar(xs, rates, color=WIN, width=0.6)
    ax.errorbar(xs, rates, yerr=[low, high], fmt="none", ecolor="black", capsize=4)
    ax.set_xticks(xs)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel(_("players"))
    ax.set_ylabel(_("win rate"))
    ax.set_title(_("Win rate by players"))
    return ax


def difficulty_summary(result: PlaytestResult, ax: Any = None) -> Any:
    """How games ended (won before peril, won In Peril, each loss cause) and the rating."""
    ax = _axes(ax)
    f = result.figures
    won_late = f["peril"]["wins_in_peril"]
    parts = {WON: f["wins"] - won_late, WON_IN_PERIL: won_late, **f["loss_causes"]}
    keys = [k for k, v in parts.items() if v]
    values = [parts[k] for k in keys]
    colours = {
        WON: WIN,
        WON_IN_PERIL: "#9cc7a4",
        "wrong answer": "#8e5bb5",
        "out of time": LOSS,
        "stalled": "#888888",
    }
    ax.barh([_(k) for k in keys], values, color=[colours[k] for k in keys])
    ax.invert_yaxis()
    ax.set_xlabel(_("games"))
    ax.set_title(_("Outcomes: {rating}", rating=_(result.difficulty.label)))
    ax.text(0.98, 0.04, result.difficulty.text, transform=ax.transAxes, ha="right")
    return ax


def overview(result: PlaytestResult) -> Any:
    """The three plots side by side.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from cipherkit.playtest import run_playtest
    >>> from cipherkit.playtest.plots import overview
    >>> fig = overview(run_playtest("missions/01-lantern-archive.yaml", games=8, workers=1))
    >>> [ax.get_title() for ax in fig.axes]
    ['Game length', 'Win rate by players', 'Outcomes: easy']
    """
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(14, 3.6))
    turn_histogram(result, axes[0])
    win_rate_by_players(result, axes[1])
    difficulty_summary(result, axes[2])
    fig.suptitle(
        ngettext(
            "Playtest: {title} ({n} game, {bots})",
            "Playtest: {title} ({n} games, {bots})",
            result.games,
            title=result.title,
            bots=result.bots,
        )
    )
    fig.tight_layout()
    return fig
