"""The Replay screen and ``screenshot --record`` (issue 13)."""

from __future__ import annotations

import json
from collections import Counter

import pygame
import pytest

from game.cli import main
from game.replay.model import Replay
from game.ui.screens.replay_screen import ReplayScreen, export_record
from tests.replay.helpers import finished_record
from tests.ui.table.driver import Driver, make_app, post

GAMES = [("canasta", 4), ("looking-and-down", 3), ("cassino", 2), ("canastone", 6)]


def shown_hands(screen) -> dict[int, Counter]:
    """The cards the scene draws face up in each seat's hand."""
    out: dict[int, Counter] = {}
    for sp in screen.scene.sprites:
        if sp.zone[0] == "hand":
            assert sp.face_up, f"a card of seat {sp.zone[1]}'s hand is face down"
            out.setdefault(sp.zone[1], Counter())[sp.code] += 1
    return out


def check_every_hand_shown(screen, state) -> None:
    shown = shown_hands(screen)
    for seat in range(screen.players):
        held = state.hand_cards(seat) if hasattr(state, "hand_cards") else state.hands[seat]
        assert shown.get(seat, Counter()) == Counter(held), f"seat {seat}"


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_the_screen_steps_with_every_hand_face_up(tmp_path, rules, players):
    app = make_app(tmp_path)
    replay = Replay(finished_record(rules, players))
    screen = ReplayScreen(app, replay)
    app.show(screen)
    d = Driver(app, screen)
    d.step(1)
    plan = [pygame.K_RIGHT] * 7 + [pygame.K_LEFT] * 3 + [pygame.K_END, pygame.K_LEFT,
                                                         pygame.K_HOME, pygame.K_RIGHT]
    for key in plan:
        post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        d.step(1, dt=0.01)
        fresh = replay.state_at(replay.step)
        assert json.dumps(screen.session.state.summary(), default=str) == \
            json.dumps(fresh.summary(), default=str)
        assert screen.session.history == replay.record.actions[: replay.step]
        check_every_hand_shown(screen, fresh)
    assert replay.step == 1
    app.close()


def test_the_buttons_and_autoplay(tmp_path):
    app = make_app(tmp_path, size=(800, 600), language="ja")
    replay = Replay(finished_record("cassino", 2))
    screen = ReplayScreen(app, replay)
    app.show(screen)
    d = Driver(app, screen)
    d.step(1)
    d.press(">")
    d.press(">")
    assert replay.step == 2
    d.press("<")
    assert replay.step == 1
    d.press(">|")
    assert replay.at_end and ">" not in d.buttons()  # nothing further: disabled
    d.press("|<")
    assert replay.step == 0
    d.press("再生")
    assert screen.playing and screen.animating()
    d.step(6, dt=0.5)  # the default pace: one action a second
    assert 2 <= replay.step <= 4
    d.press("一時停止")
    assert not screen.playing
    app.close()


def test_export_and_open_again(tmp_path):
    record = finished_record("looking-and-down", 3)
    path = export_record(Replay(record), tmp_path / "docs")
    again = Replay.from_bytes(path.read_bytes())
    assert again.record == record
    second = export_record(Replay(record), tmp_path / "docs")
    assert second != path  # never replaces an earlier export


# ---- python -m game screenshot --record ---------------------------------------------------

@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "deal.json"
    path.write_text(finished_record("canasta", 2).model_dump_json(exclude_none=True))
    return path


def test_screenshot_of_a_record(tmp_path, record_file, capsys):
    out = tmp_path / "replay.png"
    code = main(["screenshot", "--record", str(record_file), "--step", "6", "--reveal",
                 "--out", str(out), "--size", "800x600"])
    assert code == 0, capsys.readouterr().err
    assert pygame.image.load(str(out)).get_size() == (800, 600)
    assert "step 6 of" in capsys.readouterr().out


def bad_records(good: dict) -> dict[str, bytes]:
    refused = dict(good, actions=[good["actions"][-1], *good["actions"]])
    return {
        "not-json": b"{deal",
        "not-utf8": b"\xff\xfe\x00",
        "not-a-record": b'{"format": "cardtable-record/1"}',
        "refused-action": json.dumps(refused).encode(),
        "short-deck": json.dumps(dict(good, deck=good["deck"][:5])).encode(),
        "unknown-rules": json.dumps(dict(good, rules="poker")).encode(),
    }


def test_an_unusable_record_is_one_line_and_exit_2(tmp_path, record_file, capsys):
    good = json.loads(record_file.read_text())
    cases = {name: tmp_path / f"{name}.json" for name in bad_records(good)}
    for name, data in bad_records(good).items():
        cases[name].write_bytes(data)
    cases["missing"] = tmp_path / "missing.json"
    for name, path in cases.items():
        out = tmp_path / f"{name}.png"
        assert main(["screenshot", "--record", str(path), "--out", str(out)]) == 2, name
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (name, err)
        assert not out.exists()


@pytest.mark.parametrize("step", ["999", "-1"])
def test_a_step_out_of_range_exits_2(tmp_path, record_file, capsys, step):
    out = tmp_path / "x.png"
    assert main(["screenshot", "--record", str(record_file), "--step", step,
                 "--out", str(out)]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert not out.exists()


def test_step_out_of_range_says_the_range_in_one_line(tmp_path, record_file, capsys):
    total = len(json.loads(record_file.read_text())["actions"])
    assert main(["screenshot", "--record", str(record_file), "--step", str(total + 1),
                 "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"0 to {total}" in err


def test_without_reveal_only_the_lower_seat_is_face_up(tmp_path):
    app = make_app(tmp_path)
    screen = ReplayScreen(app, Replay(finished_record("canasta", 4)), open_hands=False)
    app.show(screen)
    app.step(0.05, present=False)
    faces = {(sp.zone[1], sp.face_up) for sp in screen.scene.sprites if sp.zone[0] == "hand"}
    assert faces == {(0, True), (1, False), (2, False), (3, False)}
    app.close()


@pytest.mark.parametrize("extra", [["--step", "3"], ["--reveal"]])
def test_step_and_reveal_need_a_record(tmp_path, capsys, extra):
    assert main(["screenshot", "--rules", "canasta", "--out", str(tmp_path / "x.png"),
                 *extra]) == 2
    assert "--record" in capsys.readouterr().err


def test_export_asks_for_a_file_name_and_never_replaces_one(tmp_path, monkeypatch):
    from game.i18n import t
    from game.ui.screens import replay_screen
    from game.ui.screens.history_screen import PathDialog
    from game.ui.widgets.dialog import Dialog

    docs = tmp_path / "docs"
    monkeypatch.setattr(replay_screen, "export_folder", lambda: docs)
    app = make_app(tmp_path, size=(800, 600))
    record = finished_record("cassino", 2)
    screen = ReplayScreen(app, Replay(record))
    app.show(screen)
    app.step(0.05, present=False)
    screen.export()
    dialog = screen.dialog
    assert isinstance(dialog, PathDialog)
    offered = dialog.entry.get_text()
    assert offered.startswith(str(docs))
    taken = tmp_path / "taken.json"
    taken.write_text("mine")
    for text, problem in ((str(taken), "replay.export_exists"),
                          (str(tmp_path), "replay.export_no_name"),
                          (str(tmp_path / "no" / "folder.json"), "replay.export_no_folder")):
        dialog.entry.set_text(text)
        dialog.submit()
        assert screen.dialog is dialog and dialog.error.text == t(problem), text
    assert taken.read_text() == "mine"
    dialog.entry.set_text(offered)
    dialog.submit()  # the documents folder is made when missing
    assert isinstance(screen.dialog, Dialog)
    assert Replay.from_bytes((docs / offered.rsplit("/", 1)[1]).read_bytes()).record == record
    app.close()


def test_autoplay_goes_on_after_export(tmp_path, monkeypatch):
    """Issue 27: Export stopped the autoplay without telling its button, which still said
    Pause while the moves stayed. Playing holds while the export's dialogs are open and goes
    on after them; the button always says what a press will do."""
    from game.i18n import t
    from game.ui.screens import replay_screen
    from game.ui.screens.history_screen import PathDialog

    monkeypatch.setattr(replay_screen, "export_folder", lambda: tmp_path / "docs")
    app = make_app(tmp_path)
    replay = Replay(finished_record("canasta", 2))
    screen = ReplayScreen(app, replay)
    app.show(screen)
    d = Driver(app, screen)
    d.step(1)
    d.press(t("replay.play"))
    d.step(2, dt=0.6)
    assert screen.playing and replay.step == 1
    d.click(screen.hud.buttons["export"].rect.center, frames=2)  # the screen's Export
    assert isinstance(screen.dialog, PathDialog)
    d.step(4, dt=1.0)
    assert replay.step == 1  # held while the dialog is open
    screen.dialog.submit()
    d.press(t("common.ok"))  # "Record exported"
    assert screen.dialog is None
    assert screen.playing and screen.hud.buttons["play"].text == t("replay.pause")
    d.step(4, dt=0.6)
    assert replay.step >= 2
    d.press(t("replay.pause"))
    assert not screen.playing and screen.hud.buttons["play"].text == t("replay.play")
    app.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_corner_buttons_leave_the_totals_in_view(tmp_path, size):
    """Issue 29: with the log closed, Show log and Back took the whole corner, the running
    totals under them included."""
    app = make_app(tmp_path, size=size, language="ja")
    try:
        screen = ReplayScreen(app, Replay(finished_record("canasta", 4)))
        app.show(screen)
        app.step(0.05, present=False)
        if screen.log_open:
            screen.toggle_log()
            app.step(0.05, present=False)
        totals = screen.lay.corner_scores
        for key in ("log", "back"):
            assert not screen.hud.buttons[key].rect.colliderect(totals), key
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize(("rules", "players"), [("canastone", 6), ("looking-and-down", 4)])
def test_open_hands_stand_whole_above_their_plates(tmp_path, size, rules, players):
    """Issue 29: a revealed hand showed as a thin strip behind its name plate."""
    app = make_app(tmp_path, size=size)
    try:
        screen = ReplayScreen(app, Replay(finished_record(rules, players)))
        app.show(screen)
        app.step(0.05, present=False)
        plates = {p.seat: p.rect for p in screen.scene.plates}
        seen = 0
        for sp in screen.scene.sprites:
            zone = getattr(sp, "zone", None)
            if zone and zone[0] == "hand" and zone[1] != screen.viewer and sp.face_up:
                assert not sp.rect.colliderect(plates[zone[1]]), (zone, sp.rect)
                assert pygame.Rect((0, 0), size).contains(sp.rect), (zone, sp.rect)
                seen += 1
        assert seen > 0
    finally:
        app.close()


# ---- every hand at full size (issue 29) -----------------------------------------------------

@pytest.mark.parametrize("size", [(800, 600), (1600, 1000)])
@pytest.mark.parametrize(("rules", "players"), [("canasta", 2), ("canastone", 6)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_hand_shows_whole_with_its_name_and_the_deal_number(tmp_path, rules, players,
                                                                   size, language):
    """A replay shown open showed other hands as thin strips behind their plates: the hands
    board shows each hand at the viewer's card size, every index whole, under its player's
    name, with the game's number and the move above; Tab turns to the table and back."""
    from game.engine.deals import format_number
    from game.i18n import t
    from game.ui.screens.replay_hands import INDEX_ROWS, HandsBoard
    from game.ui.table.layout import card_h

    app = make_app(tmp_path, size=size, language=language)
    replay = Replay(finished_record(rules, players))
    screen = ReplayScreen(app, replay, number=4321)
    app.show(screen)
    replay.go(replay.total // 3)
    screen.show_step()
    app.step(0.05)
    board = screen.overlay
    assert isinstance(board, HandsBoard)
    state = replay.state
    viewer_h = {sp.rect.h for sp in screen.scene.sprites if sp.zone == ("hand", screen.viewer)}
    assert viewer_h == {card_h(screen.lay.card_w)}
    box = board.rect()
    rows = board.rows()
    assert [name for name, _r, _c in rows] == screen.names()
    heading = board.heading()
    assert format_number(4321, 1) in heading
    assert t("replay.step", step=replay.step, total=replay.total) in heading
    tops = []
    for seat, (_name, where, cards) in enumerate(rows):
        held = state.hand_cards(seat) if hasattr(state, "hand_cards") else state.hands[seat]
        assert Counter(sp.code for sp in cards) == Counter(held)
        assert {sp.rect.size for sp in cards} == {(screen.lay.card_w, *viewer_h)}
        assert all(box.contains(sp.rect) for sp in cards) and box.contains(where)
        xs = [sp.rect.x for sp in cards]
        from game.ui import cards_art

        assert all(b - a >= cards_art.index_width(screen.lay.card_w) for a, b in zip(xs, xs[1:]))
        assert where.right < cards[0].rect.x  # the name beside its cards, not over them
        tops.append(cards[0].rect.y)
    assert all(b - a >= INDEX_ROWS * card_h(screen.lay.card_w) for a, b in zip(tops, tops[1:]))
    # Each hand uses its row: spread side by side, or closed up only as far as the row's end
    # (a short hand was fanned at 62 % of a card with half the row empty).
    far = max(c[-1].rect.right for _n, _w, c in rows if c)
    for _n, _w, cards in rows:
        spread = all(a.rect.right < b.rect.left for a, b in zip(cards, cards[1:]))
        assert spread or cards[-1].rect.right >= far - 2, [sp.rect for sp in cards]
    buttons = Driver(app, screen).buttons()
    right = max(sp.rect.right for _n, _w, cards in rows for sp in cards)
    assert all(b.rect.x >= right for b in buttons.values())  # the cards clear of them
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    app.step(0.05, present=False)
    assert screen.overlay is None  # the table
    Driver(app, screen).press(t("replay.show_hands"))
    assert isinstance(screen.overlay, HandsBoard)
    app.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_very_long_hand_goes_on_over_more_lines_every_index_whole(tmp_path, size):
    """A Canastone hand of sixty cards (a pile taken) closed up in its row until the indices
    were hidden (a 10 read "1("): it goes on over more lines, each index whole, in the board."""
    from game.ui import cards_art
    from game.ui.screens.replay_hands import INDEX_ROWS
    from game.ui.table.layout import card_h

    app = make_app(tmp_path, size=size)
    replay = Replay(finished_record("canastone", 6))
    screen = ReplayScreen(app, replay)
    app.show(screen)
    replay.go(replay.total // 3)
    screen.show_step()
    app.step(0.05)
    view = screen.reads.view
    long_hand = tuple((i * 7) % 53 for i in range(60))
    screen.reads.view = view._replace(every_hand=(*view.every_hand[:2], long_hand,
                                                  *view.every_hand[3:]))
    board = screen.overlay
    box, w = board.rect(), screen.lay.card_w
    rows = board.rows()
    assert Counter(sp.code for sp in rows[2][2]) == Counter(long_hand)
    tops = sorted({sp.rect.y for _n, _w, cards in rows for sp in cards})
    assert len(tops) > len(rows)  # the long hand has more than one line
    assert all(b - a >= INDEX_ROWS * card_h(w) for a, b in zip(tops, tops[1:]))
    for _n, _w, cards in rows:
        assert all(box.contains(sp.rect) for sp in cards)
        for top in {sp.rect.y for sp in cards}:
            xs = [sp.rect.x for sp in cards if sp.rect.y == top]
            assert all(b - a >= cards_art.index_width(w) for a, b in zip(xs, xs[1:]))
        assert all(sp.rect.right <= board.room_right() for sp in cards)
    app.close()
