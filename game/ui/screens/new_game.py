"""The new-game dialog: game, players, each seat (human or computer, and its level), the
game's rule options, the first dealer, Looking and Down's score keeper, and the deal number
(empty: a new one; docs/deals.md). "Start" hands a :class:`NewGameConfig` to
``app.start_game``.

The choices live in ``self.config`` and the screen is rebuilt after each structural change,
so the layout always matches the chosen game and player count.
"""

from __future__ import annotations

import itertools

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UITextEntryLine

from game.engine.deals import MAX_NUMBER, parse_number
from game.engine.registry import GAMES
from game.i18n import game_text, t
from game.newgame import LEVELS, NewGameConfig, SeatConfig, default_seats
from game.ui import fonts
from game.ui.screen import Screen
from game.ui.widgets.segmented import Segmented
from game.ui.widgets.textblock import text_block, text_height, tool_tip


def _side_of(game: str, players: int, seat: int) -> int | None:
    """The team number (1-based) shown beside a seat, or None when everyone plays alone."""
    info = GAMES[game]
    if info.partnership_kind(players) == "every_player":
        return None
    return info.side_of(seat, players) + 1


class NewGameScreen(Screen):
    def __init__(self, app, config: NewGameConfig | None = None):
        super().__init__(app)
        self.config = config or app.settings.last_game or NewGameConfig.default()
        # The deal number as typed (docs/deals.md); empty: a new number. Kept across rebuilds.
        self.number_text = "" if self.config.number is None else str(self.config.number)
        self.one_row = False  # each seat's choices in one row (layout)

    # --- changing the choices -------------------------------------------------------------

    def set_game(self, game: str) -> None:
        c = self.config
        if game == c.game:
            return  # the chosen game again: keep the choices made for it
        info = GAMES[game]
        players = c.players if c.players in info.player_counts else info.usual_players
        self.config = NewGameConfig(
            game=game, players=players, seats=self._seats_for(players),
            options=frozenset(), first_dealer=-1, keeper=-1)
        self.rebuild()

    def set_players(self, players: int) -> None:
        c = self.config
        self.config = c.model_copy(update={
            "players": players, "seats": self._seats_for(players),
            "first_dealer": c.first_dealer if c.first_dealer < players else -1,
            "keeper": c.keeper if c.keeper < players else -1,
        })
        self.rebuild()

    def _seats_for(self, players: int) -> tuple[SeatConfig, ...]:
        """Keep the seats already described; new seats are computers."""
        old = self.config.seats
        new = default_seats(players)
        return tuple(old[i] if i < len(old) else new[i] for i in range(players))

    def set_seat(self, seat: int, kind: str | None = None, level: str | None = None) -> None:
        seats = list(self.config.seats)
        s = seats[seat]
        seats[seat] = SeatConfig(kind=kind or s.kind, level=level or s.level)
        self.config = self.config.model_copy(update={"seats": tuple(seats)})
        if kind is not None and not self.one_row:  # the level buttons are for computers only
            self.seat_level[seat].enable(kind == "computer")

    def set_option(self, option: str, on: bool) -> None:
        opts = set(self.config.options)
        (opts.add if on else opts.discard)(option)
        self.config = self.config.model_copy(update={"options": frozenset(opts)})
        self._update_target()

    def set_first_dealer(self, seat: int) -> None:
        self.config = self.config.model_copy(update={"first_dealer": seat})
        if seat >= 0 and seat == self.config.keeper:  # the keeper never deals (LD-1)
            self.config = self.config.model_copy(update={"keeper": -1})
            self.keeper.set(-1)

    def set_keeper(self, seat: int) -> None:
        self.config = self.config.model_copy(update={"keeper": seat})
        if seat >= 0 and seat == self.config.first_dealer:
            self.config = self.config.model_copy(update={"first_dealer": -1})
            self.dealer.set(-1)

    def start(self) -> None:
        number = None
        if self.number_text.strip():
            try:
                number = parse_number(self.number_text)
            except ValueError:
                self.number_error.set_text(t("new_game.number_bad", max=f"{MAX_NUMBER:,}"))
                self.number_error.show()
                return
        config = self.config.model_copy(update={"number": number})
        self.app.start_game(NewGameConfig.model_validate(config.model_dump()))

    # --- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        c = self.config
        pw, ph = min(w - s(40), s(1180)), min(h - s(30), s(760))
        panel_rect = pygame.Rect(0, 0, pw, ph)
        panel_rect.center = (w // 2, h // 2)
        p = self.panel(panel_rect)
        pad = s(30)
        line = self.line
        title_h = max(s(50), line("title", True))
        self.label(pygame.Rect(pad, s(16), pw - 2 * pad, title_h), t("new_game.title"),
                   "#title", container=p)
        # Rows are as tall as the player's text size needs (at least as at 100 %).
        head_h, row_h = max(s(34), line("heading", True, 2)), max(s(40), line("body", pad=8))
        game_h = max(s(44), line("button", pad=6))
        seg_h = max(s(36), line("body", pad=6))
        roomy = game_h == s(44)  # at 100 % text, the usual spacing
        top = s(24) + title_h

        # Left column: the game, its description, target, first dealer, keeper.
        widest = max(fonts.font(self.app.font_sizes["button"]).size(t(info.title_key))[0]
                     for info in GAMES.values())
        left_w = min(max(s(340), widest + s(24)), round(pw * 0.42))
        x, y = pad, top
        self.label(pygame.Rect(x, y, left_w, head_h), t("new_game.game"), "#heading", container=p)
        y += head_h + s(4)
        target_h = max(s(30), line("body", pad=2))
        blurb_h = max(s(78) if roomy else 0, text_height(self, t(c.info.blurb_key), left_w + 8,
                                                         "small"))
        # What the column holds below the blurb; the buttons at the bottom start at ``floor``.
        below = target_h + (1 + bool(c.info.keeper)) * (head_h + seg_h + s(4))
        floor = ph - pad - max(s(50), line("button", True, 10)) + s(8) - s(6)
        games_h = len(GAMES) * (game_h + (s(8) if roomy else s(4)))
        # No room at a large text size: the description goes to the game buttons' tool tips.
        show_blurb = y + head_h + games_h + blurb_h + below <= floor
        self.game_buttons = {}
        for game, info in GAMES.items():
            b = self.button(pygame.Rect(x, y, left_w, game_h), t(info.title_key),
                            lambda g=game: self.set_game(g), container=p,
                            tool_tip=None if show_blurb else tool_tip(self, t(info.blurb_key)))
            if game == c.game:
                b.select()
            self.game_buttons[game] = b
            y += game_h + (s(8) if roomy else s(4))
        if show_blurb:
            text_block(self, pygame.Rect(x - 4, y, left_w + 8, blurb_h), t(c.info.blurb_key),
                       size_key="small", object_id="#hint_box", container=p)
            y += blurb_h + s(4)
        self.target_label = self.label(pygame.Rect(x, y, left_w, target_h), "", container=p)
        self._update_target()
        y += target_h + (s(6) if roomy else s(2))
        seat_choices = [(-1, t("common.random"))] + [(i, str(i + 1)) for i in range(c.players)]
        self.label(pygame.Rect(x, y, left_w, head_h), game_text(c.game, "new_game.first_dealer"),
                   "#heading", container=p)
        y += head_h
        self.dealer = Segmented(self, pygame.Rect(x, y, left_w, seg_h), seat_choices,
                                c.first_dealer, self.set_first_dealer, container=p,
                                gap=s(4))
        y += seg_h + (s(12) if roomy else s(4))
        self.keeper = None
        if c.info.keeper:
            self.label(pygame.Rect(x, y, left_w, head_h), t("new_game.score_keeper"),
                       "#heading", container=p)
            y += head_h
            self.keeper = Segmented(self, pygame.Rect(x, y, left_w, seg_h), seat_choices,
                                    c.keeper, self.set_keeper, container=p, gap=s(4))
            y += seg_h + s(4)
        # A large text size: the description goes below the column's choices if it fits there
        # (it vanished at 150 %), else to the game buttons' tool tips only.
        blurb = t(c.info.blurb_key)
        self.blurb_shown = show_blurb
        late = False  # the description at the column's foot: the deal number's message moves
        if not show_blurb:
            late_h = text_height(self, blurb, left_w + 8, "small")
            if y + late_h <= floor:
                text_block(self, pygame.Rect(x - 4, y, left_w + 8, late_h), blurb,
                           size_key="small", object_id="#hint_box", container=p)
                self.blurb_shown = late = True

        # Right column: players, seats, options.
        x = pad + left_w + (s(44) if roomy else s(24))
        right_w = pw - x - pad
        y = top
        self.label(pygame.Rect(x, y, right_w, head_h), t("new_game.players"), "#heading",
                   container=p)
        y += head_h + s(4)
        counts = c.info.player_counts
        seg_w = min(right_w, len(counts) * s(60))
        self.players = Segmented(self, pygame.Rect(x, y, seg_w, row_h),
                                 [(n, str(n)) for n in counts], c.players, self.set_players,
                                 container=p, fit_text=False)
        kind = c.info.partnership_kind(c.players)
        hint = t(f"new_game.{kind}")
        hint_rect = pygame.Rect(x + seg_w + s(12), y, right_w - seg_w - s(12), row_h)
        self.partnership_hint = hint
        hint_w = fonts.font(self.app.font_sizes["small"]).size(hint)[0] + s(12)
        heading_w = self.text_width(t("new_game.players"), "heading") + s(16)
        if hint_w > hint_rect.w and hint_w <= right_w - heading_w:
            # Two lines beside the count buttons would need a scroll bar (150 % Japanese at
            # 800x600): one line on the heading's row, right of its words.
            hint_rect = pygame.Rect(x + heading_w, y - head_h - s(4), right_w - heading_w,
                                    head_h)
        if hint_w > hint_rect.w:
            text_block(self, hint_rect, hint, size_key="small", object_id="#hint_box",
                       container=p)
        else:
            self.label(hint_rect, hint, "#hint", container=p)
        y += row_h + (s(14) if roomy else s(6))

        self.label(pygame.Rect(x, y, right_w, head_h), t("new_game.seats"), "#heading",
                   container=p)
        y += head_h + s(2)
        # Column widths from the words themselves, so that long words keep their room.
        body = fonts.font(self.app.font_sizes["body"])
        names = [self._seat_name(i) for i in range(c.players)]
        name_w = max(body.size(n)[0] for n in names) + s(16)
        kinds = [t(f"new_game.{k}") for k in ("human", "computer")]
        levels = [t(f"level.{lv}") for lv in LEVELS]
        def snug(font, words) -> int:  # a Segmented row's width at its snug padding
            return sum(font.size(w)[0] for w in words) + len(words) * s(15) + len(words) * s(4)

        kind_w = sum(body.size(k)[0] for k in kinds) + s(60)
        level_w = min(s(330), right_w - name_w - kind_w - s(16))
        # A large text size: the seats' buttons in the small type when the words need it.
        small = level_w < snug(body, levels)
        little = fonts.font(self.app.font_sizes["small"])
        if small:
            kind_w = max(snug(little, kinds), sum(little.size(k)[0] for k in kinds) + s(36))
            level_w = min(s(330), right_w - name_w - kind_w - s(16))
        seat_h = max(s(36) if c.players <= 5 else s(33), line("body", pad=1))
        seat_gap = s(7) if roomy else s(3)
        # Still too narrow: each seat's levels on a line of their own, if the rows fit.
        level_x = x + name_w + kind_w + s(16)
        two_lines = False
        if small and level_w < snug(little, levels):
            bottom = ph - pad - max(s(50), line("button", True, 10)) - s(8)
            options_h = head_h + s(4) + max(1, len(c.info.options)) * (
                max(s(30), line("body", pad=2)) + s(2))
            for h_, gap_ in ((seat_h, seat_gap), (line("body"), s(1))):
                if y + c.players * 2 * (h_ + gap_) + options_h <= bottom:
                    two_lines, seat_h, seat_gap = True, h_, gap_
                    level_x, level_w = x + name_w, min(s(330), right_w - name_w)
                    break
        # Still too narrow (Canastone's six seats at 150 % in 800x600): one row of choices
        # per seat, human or a computer's level, the seats' names in the small type.
        self.one_row = small and not two_lines and level_w < snug(little, levels)
        self.seat_kind: list[Segmented] = []
        self.seat_level: list[Segmented] = []
        if self.one_row:
            name_w = max(little.size(n)[0] for n in names) + s(12)
            for i, seat in enumerate(c.seats):
                self.label(pygame.Rect(x, y, name_w, seat_h), names[i], "#small_label",
                           container=p)
                row = Segmented(
                    self, pygame.Rect(x + name_w, y, right_w - name_w, seat_h),
                    [("human", t("new_game.human"))] + [(lv, t(f"level.{lv}")) for lv in LEVELS],
                    "human" if seat.kind == "human" else seat.level,
                    lambda v, i=i: self.set_seat(i, kind="human") if v == "human" else
                    self.set_seat(i, kind="computer", level=v), container=p, gap=s(4),
                    small=True)
                self.seat_kind.append(row)
                self.seat_level.append(row)
                y += seat_h + seat_gap
        for i, seat in enumerate(c.seats if not self.one_row else ()):
            self.label(pygame.Rect(x, y, name_w, seat_h), names[i], container=p)
            self.seat_kind.append(Segmented(
                self, pygame.Rect(x + name_w, y, kind_w, seat_h),
                [("human", t("new_game.human")), ("computer", t("new_game.computer"))],
                seat.kind, lambda v, i=i: self.set_seat(i, kind=v), container=p, gap=s(4),
                small=small))
            if two_lines:
                y += seat_h + seat_gap
            self.seat_level.append(Segmented(
                self, pygame.Rect(level_x, y, level_w, seat_h),
                [(lv, t(f"level.{lv}")) for lv in LEVELS], seat.level,
                lambda v, i=i: self.set_seat(i, level=v), container=p, gap=s(4),
                enabled=seat.kind == "computer", small=small))
            y += seat_h + seat_gap
        y += s(8) if roomy else s(2)

        self.label(pygame.Rect(x, y, right_w, head_h), t("new_game.options"), "#heading",
                   container=p)
        y += head_h + s(2)
        self.option_boxes: dict[str, UICheckBox] = {}
        options = c.info.options
        option_h = max(s(30), line("body", pad=2))
        if not options:
            self.label(pygame.Rect(x, y, right_w, option_h), t("new_game.no_options"), "#hint",
                       container=p)
        box = max(s(22), line("body") - s(4))  # pygame_gui draws the words as tall as the box
        # Two columns of options when one would reach the buttons at the bottom.
        floor = ph - pad - max(s(50), line("button", True, 10)) + s(8) - s(4)
        fit = max(1, (floor - y) // (option_h + s(2)))
        per_column = len(options) if len(options) <= fit else -(-len(options) // 2)
        words = [t(o.label_key) for o in options]
        gap_w = s(8)  # pygame_gui's room between a box and its words, and a margin

        def columns_w(font, words=words) -> tuple[int, int]:
            first = max((font.size(w)[0] for w in words[:per_column]), default=0)
            second = max((font.size(w)[0] for w in words[per_column:]), default=0)
            return box + s(32) + first, (box + gap_w + second) if second else 0

        # Two columns wider than the panel ("Two clean canastas to clos" was cut at its edge):
        # the options' words in the small type, as the seats' buttons.
        small_words = sum(columns_w(body)) > right_w
        if small_words and sum(columns_w(little)) > right_w:
            # Still too wide (Canastone's five at 150 % Japanese in 800x600): the narrowest
            # columns, the longest words together in the first, each column in its order.
            def ordered(first: tuple[int, ...]) -> list:
                return ([o for i, o in enumerate(options) if i in first]
                        + [o for i, o in enumerate(options) if i not in first])

            options = min((ordered(first) for first in
                           itertools.combinations(range(len(options)), per_column)),
                          key=lambda o: sum(columns_w(little, [t(x.label_key) for x in o])))
            words = [t(o.label_key) for o in options]
        first_w, _ = columns_w(little if small_words else body, words)
        second_x = x + first_w
        for i, opt in enumerate(options):
            column, row = divmod(i, per_column)
            ox, oy = (second_x if column else x), y + row * (option_h + s(2))
            cb = UICheckBox(pygame.Rect(ox, oy + (option_h - box) // 2, box, box),
                            t(opt.label_key), self.manager, container=p,
                            initial_state=opt.name in c.options,
                            object_id="#small_check" if small_words else None,
                            tool_tip_text=tool_tip(self, t(opt.help_key)))
            self.option_boxes[opt.name] = cb

        # Bottom buttons.
        bw, bh = s(170), max(s(50), line("button", True, 10))
        by = ph - pad - bh + s(8)
        self.back_button = self.button(pygame.Rect(pad, by, bw, bh), t("new_game.back"),
                                       self.back, container=p)
        self.start_button = self.button(pygame.Rect(pw - pad - bw, by, bw, bh),
                                        t("new_game.start"), self.start, "#primary_button",
                                        container=p)
        # Between them: the deal number (empty: a new one).
        body = fonts.font(self.app.font_sizes["body"])
        label_w = body.size(t("new_game.number"))[0] + s(12)
        entry_w = max(s(150), body.size(t("new_game.number_any"))[0] + s(24))
        entry_h = max(s(40), line("body", pad=8))
        x = pad + bw + s(24)
        self.label(pygame.Rect(x, by, label_w, bh), t("new_game.number"), container=p)
        self.number_entry = UITextEntryLine(
            pygame.Rect(x + label_w, by + (bh - entry_h) // 2, entry_w, entry_h), self.manager,
            container=p, placeholder_text=t("new_game.number_any"),
            initial_text=self.number_text)
        self.number_entry.set_text_length_limit(12)
        error_x = pad + left_w + s(24) if late else x  # right of the description
        self.number_error = self.label(
            pygame.Rect(error_x, by - s(30), pw - pad - bw - s(24) - error_x,
                        max(s(28), line("small"))), "", "#hint", container=p)
        self.number_error.hide()

    def _seat_name(self, seat: int) -> str:
        c = self.config
        name = t("new_game.seat", n=seat + 1)
        side = _side_of(c.game, c.players, seat)
        return name if side is None else f"{name} · {t('player.team', n=side)}"

    def _update_target(self) -> None:
        c = self.config
        points = c.target
        self.target_label.set_text(t("new_game.target_line", points=points))

    def process_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is \
                getattr(self, "number_entry", None):
            self.number_text = self.number_entry.get_text()
            self.number_error.hide()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is \
                getattr(self, "number_entry", None):
            self.start()  # Enter in the number field starts, as the Start button does
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            for opt, cb in self.option_boxes.items():
                if event.ui_element is cb:
                    self.set_option(opt, event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
                    return True
        return super().process_event(event)
