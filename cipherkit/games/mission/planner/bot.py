"""The planner bot: one seat of the co-operative team, made by :func:`make_planner`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.mission.answers import AnswerModel, Assessment, card_cells
from cipherkit.games.mission.planner.answering import AnswerPolicy, answer_model
from cipherkit.games.mission.planner.board import Board, board_for
from cipherkit.games.mission.planner.choice import ActionChooser
from cipherkit.games.mission.planner.settings import LEVELS, PlannerSettings
from cipherkit.games.mission.planner.view import DecisionView

if TYPE_CHECKING:
    from cipherkit.games.mission import MissionState
    from cipherkit.games.mission.content.mission import Mission


class PlannerBot(ActionChooser, AnswerPolicy):
    """The planner bot (what it does: ``docs/playtest.md``). One instance plays one seat (it may
    be reused for another game: it notices a new game and forgets the last one)."""

    name = "planner"

    def __init__(
        self, settings: PlannerSettings | None = None, model: AnswerModel | None = None
    ) -> None:
        self.settings = settings or LEVELS["normal"]
        self.model = model or answer_model((), self.settings.confidence, self.settings.use_words)
        self._board: Board | None = None
        self._game: tuple[Any, ...] | None = None
        self._last_turn = 0
        self._time_cards: tuple[str, ...] | None = None
        self._assessed: Assessment | None = None
        self._assessed_key: Any = None

    def __repr__(self) -> str:
        return f"<PlannerBot {self.settings.level}>"

    def with_candidates(self, candidates: Sequence[str]) -> PlannerBot:
        """The same planner whose answer model also reads the mission's own candidates."""
        model = answer_model(tuple(candidates), self.settings.confidence, self.settings.use_words)
        return PlannerBot(self.settings, model)

    def prepare(self, mission: Mission | MissionState) -> int:
        """Work out once what this bot's first answer assessments of ``mission`` (or of a
        game of it) start from (:meth:`AnswerModel.prepare`, for the sizes its windows
        hold); the server's kernel template does it for every published mission's table,
        so that a game's first bot move costs each page little. Return how many word fits
        were worked out.

        >>> from cipherkit.games.mission.samples import demo_mission
        >>> bot = PlannerBot()
        >>> bot.prepare(demo_mission()) >= 0, bot.prepare(demo_mission())
        (True, 0)
        """
        found: Mission = mission.mission if hasattr(mission, "mission") else mission
        groups = {len(cell.content) for cell in found.cells}
        return self.model.prepare(card_cells(found.cells), groups)

    # ------------------------------------------------------------ entry
    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose the action the plan for this turn calls for (or the answer, when solving)."""
        obs = observation
        phase = obs["phase"]
        if len(legal_actions) == 1 and phase not in ("act", "draw"):
            return legal_actions[0]
        board = self._remember(obs)
        if phase == "solve":
            return self._vote(obs, board, legal_actions)
        if phase == "gather":
            return self._gather(obs, board, legal_actions)
        opened = {c["glyph"]: c["content"] for c in obs["console"]["cells"] if c["open"]}
        found = self.assessment(board, opened)
        focus = found.deciding if self.settings.focus else None
        view = DecisionView(obs, board, opened, focus)
        if phase in ("act", "draw"):
            proposal = self._proposal(view, legal_actions, rng)
            if proposal is not None:
                return proposal
            if phase == "draw":
                return self._draw(view, legal_actions)
            if self.settings.blunder and rng.random() < self.settings.blunder:
                return rng.choice(legal_actions)
            return self._main(view, legal_actions, rng)
        if phase == "run":
            return self._step(view, legal_actions)
        if phase == "intel":
            return self._intel(view, legal_actions)
        if phase == "regroup":
            return self._regroup(view, legal_actions)
        if phase == "special":
            return self._ability(view, legal_actions)
        return legal_actions[0]  # pragma: no cover - every phase is handled above

    def _remember(self, obs: Mapping[str, Any]) -> Board:
        mission = obs["mission"]
        game = (mission["id"], mission["title"], obs["players"], len(obs["characters"]))
        turn = obs["turn_number"]
        if self._board is None or game != self._game or turn < self._last_turn:
            self._board = board_for(mission)
            self._game = game
            self._time_cards = None
        self._last_turn = turn
        if not obs["peril"]:
            self._time_cards = tuple(obs["discard"]["time_cards"])
        return self._board


def make_planner(option: str = "") -> PlannerBot:
    """The registry's factory: ``planner``, ``planner:weak``, ``planner:strong,confidence=0.5``."""
    return PlannerBot(PlannerSettings.parse(option))
