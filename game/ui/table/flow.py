"""The turn flow: deals, whose move it is, the computers' jobs, prompts and the autosave.

:class:`TurnFlow` runs each frame (``update``) while no dialog or modal overlay covers the
table and no card is in flight or in the player's hand: it collects a computer's move from the
worker thread and plays it after ``PACE`` seconds, starts the next computer's job, offers
Looking and Down's out-of-turn melds, and asks the family for the human's prompts (a partner's
question, Canastone's choice). When a deal ends the final table stays in view until the player
opens the score sheet (``open_deal_scores``). A computer move the engine refuses stops the
table (``halt``). The game is saved once the cards of a move have landed and no computer is
thinking (its generator is part of the save).

It reads the table through its model and asks through its commands (game/ui/table/hub.py);
the session it is given is the one it runs: the deal's state for the deal driver, the
computer players for their jobs, the autosave.
"""

from __future__ import annotations

import logging
import random

from game.driver import Ask, DealDriver
from game.engine.actions import Action
from game.engine.registry import game_info
from game.i18n import t
from game.players.explain import Explanation
from game.ui import audio
from game.ui.table import moments
from game.ui.table.scoresheet import ScoreSheet
from game.ui.table.worker import Job, Worker
from game.ui.widgets.dialog import Dialog

log = logging.getLogger(__name__)

PACE = 0.55  # seconds between two computer moves at "normal" speed


class TurnFlow:
    def __init__(self, model, do, session) -> None:
        self.model = model
        self.do = do
        self.session = session
        self.worker = Worker()
        self.ready: tuple[Job, Action | None, Explanation | None] | None = None
        self.pace_left = 0.0
        self.driver: DealDriver | None = None  # who is asked next (game.driver)
        self.prompted: set[tuple] = set()  # dialogs already shown (kind, turn number)
        self.scores_shown = -1
        self.sheet_on_entry = False  # a loaded deal that is over opens at its score sheet
        self.grab_rng = random.Random(session.seed * 31 + 7)
        self.grabs: list[bool] = []
        self.save_due = False
        self.halted = False  # a computer's move was refused: this table plays no more

    # ---- deals -----------------------------------------------------------------------------
    def begin_deal(self) -> None:
        """Deal the next deal: Looking and Down first asks human dealers for their grab."""
        self.worker.cancel()
        self.ready = None
        if game_info(self.session.rules).two_dealers:  # LD-2
            looking, down = self.dealers()
            if self.session.is_human(looking) or self.session.is_human(down):
                self.grabs = []
                self.grab_step(looking, down)
                return
        self.do.deal(None)

    def dealers(self) -> tuple[int, int]:
        """Looking and Down's looking and down dealers of the coming deal (LD-1, LD-2)."""
        m = self.session.match
        keeper = m.keeper if m.keeper is not None else -1
        looking, down = self.session.game.info.dealers(m.dealer, keeper, self.session.players)
        return looking, down

    def grab_step(self, looking: int, down: int) -> None:
        step = len(self.grabs)
        if step == 2:
            self.do.deal((self.grabs[0], self.grabs[1]))
            return
        seat = looking if step == 0 else down
        if not self.session.is_human(seat):
            self.grabs.append(moments.computer_grab(self.grab_rng))
            self.grab_step(looking, down)
            return
        n = self.session.players
        total = 54 * (n + 1) - (11 * n if step == 1 else 0)

        def done(exact: bool) -> None:
            self.grabs.append(exact)
            self.grab_step(looking, down)

        self.do.overlay(moments.ExactGrab, seat, "looking" if step == 0 else "down", 11 * n,
                        total, done)

    def new_deal_started(self) -> None:
        self.driver = None
        self.scores_shown = -1
        self.save_due = True

    # ---- each frame ------------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """Whether the flow is waiting for time to pass (a paced computer move, a job)."""
        return self.ready is not None or self.worker.busy

    def update(self, dt: float) -> None:
        m = self.model
        if self.save_due and not m.cards_moving and not self.worker.busy:
            self.save()  # never while a computer thinks: its generator is part of the save
        if m.overlay is not None and m.overlay.modal:
            return
        if m.dialog is not None or self.session.state is None or self.halted:
            return
        if m.cards_flying or m.drag is not None:
            return  # a computer's move waits while the player holds cards
        self.step(dt)

    def step(self, dt: float = 0.0) -> None:
        m = self.model
        reads = m.reads
        result = self.worker.poll()
        if result is not None:
            job, thought, err = result
            if job.version == m.version:
                # the move and why it was made (game.players.explain), from the worker
                action, why = thought if err is None else (None, None)
                if err is not None:
                    action = None if job.kind == "optional" else self.fallback(job.seat)
                if why is not None and why.action != action:
                    why = None
                self.ready = (job, action, why)
                self.do.request_frame()
        if reads.is_over:
            # The final melds stay in view: the player opens the sheet (Scores, or a click).
            self.worker.cancel()
            self.ready = None
            if self.sheet_on_entry and m.overlay is None and not m.cards_moving:
                self.sheet_on_entry = False
                self.open_deal_scores()
            return
        self.sheet_on_entry = False  # only the deal it was saved in
        if self.ready is not None:
            self.play_ready(dt)
            return
        self.pace_left -= dt
        if self.worker.busy:
            return
        if self.offer_optional():
            return
        seat = reads.current_player
        if seat in self.session.bots:
            self.start_job(seat, "move")
            return
        self.human_turn(seat)

    @property
    def sheet_due(self) -> bool:
        """The deal is over and its score sheet has not been opened yet."""
        return (self.session.state is not None and self.model.reads.is_over
                and self.scores_shown != self.session.match.deals_played)

    def open_deal_scores(self) -> None:
        """The finished deal's score sheet, with the button to the next deal."""
        if not self.sheet_due or self.model.cards_moving:
            return
        self.scores_shown = self.session.match.deals_played
        self.do.overlay(ScoreSheet)
        if self.session.game_over:
            audio.play("win")

    def play_ready(self, dt: float) -> None:
        job, action, why = self.ready
        if job.version != self.model.version:
            self.ready = None
            return
        if self.pace_left > 0:
            self.pace_left -= dt
            return
        self.ready = None
        if job.kind == "optional":
            self.deal_driver().answered(Ask(job.seat, optional=True), action)
            if action is None:  # this frozen-in-time seat lets the turn go on
                return
        if action is None:
            self.halt(job.seat, None, None)
            return
        refusal = self.do.play_computer(action)
        if refusal is not None:
            # Asking again would bring the same answer, forever: stop here.
            self.halt(job.seat, action, refusal.reason)
            return
        self.do.note_why(len(self.session.history) - 1, why)
        self.pace_left = PACE * self.model.speed

    def fallback(self, seat: int) -> Action | None:
        """A computer player that failed (raised) plays the engine's first listed move."""
        legal = self.model.reads.legal_actions(seat)
        return legal[0] if legal else None

    def halt(self, seat: int, action: Action | None, why) -> None:
        """A computer's move the engine refuses (or none at all): a fault in a player or in
        the engine. The table stops, says so once, and saves nothing more, so the last good
        autosave stays; the player can look at the table or go back to the menu."""
        if self.halted:
            return
        m = self.model
        if self.save_due:
            self.save()  # the player's last move, still a good state
        self.halted = True
        self.worker.cancel()
        self.ready = None
        self.save_due = False
        self.do.reset_pointer()
        log.error("table stopped: seat %s's computer move %r was refused (%s); deal so far: %s",
                  seat, action, why, " ; ".join(self.session.history))
        reason = m.reason_text(why) if why is not None else t("table.halted.no_move")
        self.do.dialog(Dialog, t("table.halted.title"),
                       t("table.halted.body", name=m.names()[seat], reason=reason),
                       [(t("table.halted.look"), None),
                        (t("table.main_menu"), self.do.leave_table)])
        audio.play("error")
        self.do.mark_dirty()
        self.do.refresh_buttons()

    def start_job(self, seat: int, kind: str) -> None:
        # The thinking time is the player's setting now, not the one saved with the game.
        self.session.deadline_ms = self.model.settings.ai_deadline_ms
        decision = self.session.decision(seat)
        player = self.session.bots[seat]
        # The move with its explanation, read in the worker thread right after the choice
        # (the player object is the worker's while the job runs).
        if kind == "optional":
            def fn():
                action = player.choose_optional(decision)
                return action, getattr(player, "last_explanation", None)
        else:
            def fn():
                action = player.choose(decision)
                return action, getattr(player, "last_explanation", None)
        self.worker.start(Job(seat, kind, self.model.version), fn)
        self.do.mark_dirty()

    def deal_driver(self) -> DealDriver:
        """The deal driver of the deal on the table (a new one after a new deal or a take-back
        replaced the state)."""
        state = self.session.state
        if self.driver is None or self.driver.state is not state:
            self.driver = DealDriver(state)
        return self.driver

    def offer_optional(self) -> bool:
        """Looking and Down: at the start of each turn the deal driver offers frozen-in-time
        seats their out-of-turn melds; a computer's offer is a job, the player's own right
        is taken by gesture at any time, so the driver hears that the player passes."""
        driver = self.deal_driver()
        while (ask := driver.ask()) is not None and ask.optional:
            if ask.seat in self.session.bots and self.model.reads.legal_actions(ask.seat):
                self.start_job(ask.seat, "optional")
                return True
            driver.answered(ask, None)
        return False

    def thinking_seat(self) -> int:
        job = self.worker.job
        if job is not None:
            return job.seat
        if self.ready is not None:
            return self.ready[0].seat
        return -1

    def human_turn(self, seat: int) -> None:
        m = self.model
        if seat != m.viewer:
            if len(m.humans) > 1 and self.session.is_human(seat):
                self.do.overlay(moments.Cover, seat)
            return
        m.family.prompt(m.reads, seat)

    # ---- saving ----------------------------------------------------------------------------
    def save(self) -> None:
        self.save_due = False
        if not self.model.autosaves or self.session.state is None or self.halted:
            return  # a stopped table keeps the last good autosave
        try:
            from game.saves import autosave
        except ImportError:
            return
        failure = autosave(self.session)
        if failure is not None:  # every failure, in the player's language
            self.do.toast(t(failure.key, **failure.params), "info")

