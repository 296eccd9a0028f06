"""A window at a network table (issue 31): the table screen plays seat 0 through a
RemoteSession against a real ``cardtable serve`` process whose computers play the other seat.

The window never holds another seat's hidden cards, never decides legality (a refused move
comes back with the engine's reason and changes nothing), and takes its seat back with the
token kept for it."""

from __future__ import annotations

import io
import queue
import re
import time

import pytest

from game import i18n
from game.engine.actions import format_action, make, parse_action
from game.engine.cards import RANK, format_card
from game.net.link import TableLink
from game.net.messages import Catchup, Create, Events, Joined, Lobby, Start, parse_server
from game.net.remote import RemoteSession
from game.net.wire import table_from_wire, table_to_wire
from game.session import GameSession
from game.ui.screens.net_table import NetTableScreen
from tests.net.netutil import server_process
from tests.ui.table.driver import make_app

SEED = 5


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def url():
    with server_process(["--no-save"]) as u:
        yield u


def _wait(link: TableLink, kind, seconds: float = 20.0, test=lambda msg: True):
    """The next ``kind`` frame (passing ``test``) the link received, and all it received."""
    end = time.monotonic() + seconds
    seen = []
    while time.monotonic() < end:
        try:
            msg = link.inbox.get(timeout=max(0.01, end - time.monotonic()))
        except queue.Empty:
            break
        seen.append(msg)
        if isinstance(msg, kind) and test(msg):
            return msg, seen
    raise AssertionError(f"no {kind.__name__} in {seen}")


def _open(url, tmp_path, language="en", record=None, game="cassino"):
    """Host a two-player table (Cassino) from a window, start it: (app, screen, session)."""
    link = TableLink(url, "Ann", create=Create(game=game, players=2, seed=SEED,
                                               level="easy", wait_s=30),
                     token_file=tmp_path / "seat-token", record=record).start()
    joined, seen = _wait(link, Joined)
    lobby = next((m for m in reversed(seen) if isinstance(m, Lobby)), None)
    assert link.send(Start(code=link.code, host_token=link.host_token))
    app = make_app(tmp_path, language=language)
    session = RemoteSession(link, joined, lobby)
    screen = NetTableScreen(app, session)
    app.show(screen)
    return app, screen, session


def _until(app, test, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < end, "the table did not get there in time"
        app.step(0.2, present=False)
        time.sleep(0.005)


def _play_first_moves(app, screen, session, moves: int) -> None:
    """The window's seat plays its first legal action each time it is asked, and the others
    theirs at the server, until the deal has ``moves`` actions."""
    while len(session.history) < moves:
        _until(app, lambda: session.asked is not None and session.sent is None
               and not screen.animator.busy)
        n = len(session.history)
        screen.apply(session.state.legal[0])
        _until(app, lambda n=n: len(session.history) > n)


def _offline(history: list[str]) -> GameSession:
    """The same deal at one machine (the server's seed), after the same actions."""
    off = GameSession("cassino", 2, seed=SEED)
    off.start_deal()
    for text in history:
        off.apply(parse_action(text))
    return off


def _face_up(screen) -> set[int]:
    return {code for cards in screen.scene.places.values()
            for code, _rect, face in cards if face and code >= 0}


def test_a_window_plays_turns_and_never_holds_another_seats_hidden_cards(url, tmp_path):
    record = io.StringIO()
    app, screen, session = _open(url, tmp_path, record=record)
    try:
        checked = 0
        while len(session.history) < 8:
            _until(app, lambda: session.asked is not None and session.sent is None
                   and not screen.animator.busy)
            off = _offline(session.history)
            hidden = set(off.state.view(1).hand)  # the computer's hand at the server
            assert session.state.view(0) == off.state.view(0)  # the view the engine gives
            assert not _face_up(screen) & hidden
            with pytest.raises(PermissionError):
                session.state.view(1)
            assert session.state.legal == off.state.legal_actions(0)
            checked += 1
            n = len(session.history)
            move = session.state.legal[0]
            assert not screen.apply(move)  # not played here: sent, the server plays it
            assert session.sent == format_action(move)
            _until(app, lambda n=n: len(session.history) > n)
        assert checked >= 3
        screen.back()  # Leave? says what leaving does at a network table
        assert screen.dialog is not None and i18n.t("net.leave.guest") in screen.dialog._args
        screen.dialog.close()
        assert session.history == _offline(session.history).history
        assert session.match.totals == [0, 0]
        _scan(record.getvalue())
    finally:
        session.close()
        app.close()


def _scan(frames: str, least: int = 8) -> None:
    """Every table the server sent the window is the engine's for seat 0 at that point (its
    own view and the public figures: table_to_wire), and no card name in a frame's bytes is
    one the other seat held hidden then."""
    tables = 0
    history: list[str] = []
    for line in frames.splitlines():
        msg = parse_server(line)
        if isinstance(msg, Events):
            history.append(msg.action)
        elif isinstance(msg, Catchup):  # back after a lost connection: the deal so far
            history = list(msg.actions)
        if getattr(msg, "table", None) is None:
            continue
        off = _offline(history)
        assert table_from_wire(msg.table) == table_from_wire(table_to_wire(off.state, 0))
        hidden = {format_card(c) for c in off.state.view(1).hand}
        assert not hidden & set(re.findall(r'"([0-9AJQK]{1,2}[SHDC])"', line))
        tables += 1
    assert tables >= least


def test_a_refused_move_changes_nothing_and_shows_the_engines_reason(url, tmp_path):
    app, screen, session = _open(url, tmp_path)
    try:
        _until(app, lambda: session.asked is not None and not screen.animator.busy)
        view = session.state.view(0)
        hand, loose = view.hand, view.loose
        card, other = next((h, c) for h in hand for c in loose if RANK[h] != RANK[c])
        bad = make(0, "capture", ((card,), (other,)))  # CN-5: a capture takes its own value
        history, asked = list(session.history), session.asked
        assert not screen.apply(bad)  # sent, not played
        _until(app, lambda: session.sent is None and screen.toasts)
        toast = screen.toasts[-1][0]
        off = _offline(history)
        why = off.state.why_illegal(bad)
        assert toast == i18n.translate_reason(why)  # the engine's reason, translated
        assert session.history == history and session.asked is asked
        assert session.state.view(0) == off.state.view(0)
        assert screen.hand_codes(0) == list(off.state.view(0).hand)
        # A gesture's readings: the first the server listed goes (the window judges nothing)
        good = session.state.legal[0]
        assert screen.moves.play_first([bad, good]) == (False, None)  # sent, held
        assert session.sent == format_action(good)
        _until(app, lambda: len(session.history) > len(history))  # the table waited for it
        assert session.history[len(history)] == format_action(good)
    finally:
        session.close()
        app.close()


def test_the_f1_sheet_lists_only_the_keys_that_work_at_a_network_table(url, tmp_path):
    """Take-back is off at a network table (Pass has its button's place), so the F1 sheet
    has no Ctrl+Z; and Pass answers Looking and Down's out-of-turn moment (LD-10) only, so a
    Cassino table's sheet has no N either. The same game on one machine lists Ctrl+Z."""
    app, screen, session = _open(url, tmp_path)
    try:
        _until(app, lambda: session.asked is not None and not screen.animator.busy)
        caps = [s.caps for s in screen.model.key_sheet()]
        assert ("keys.cap.ctrl_z",) not in caps and ("N",) not in caps
        assert ("C",) in caps  # the game's own keys are still there
    finally:
        session.close()
        app.close()
    from game.ui.table.screen import TableScreen

    (tmp_path / "alone").mkdir()
    app = make_app(tmp_path / "alone")
    alone = TableScreen(app, session=_offline([]))
    app.show(alone)
    try:
        assert ("keys.cap.ctrl_z",) in [s.caps for s in alone.model.key_sheet()]
    finally:
        app.close()


def test_a_dropped_window_takes_its_seat_back_with_the_kept_token(url, tmp_path):
    app, screen, session = _open(url, tmp_path)
    try:
        _until(app, lambda: session.asked is not None)
        screen.apply(session.state.legal[0])
        _until(app, lambda: len(session.history) >= 2 and session.asked is not None)
        token = (tmp_path / "seat-token").read_text().strip()
        assert token == session.link.token
        code = session.link.code
        session.close()
        link = TableLink(url, "Ann", code, token_file=tmp_path / "seat-token").start()
        joined, _ = _wait(link, Joined)
        assert joined.seat == 0 and link.token == token
        back = RemoteSession(link, joined)
        end = time.monotonic() + 10
        while not back.has_deal() and time.monotonic() < end:
            time.sleep(0.01)
            back.pump()
        catchup = back.next_message()
        assert isinstance(catchup, Catchup) and catchup.actions
        back.start_deal()  # the deal so far, as the seat sees it
        assert back.history == catchup.actions and back.match.deals_played == catchup.deal - 1
        assert back.state.view(0) == _offline(catchup.actions).state.view(0)
        link.close()
    finally:
        session.close()
        app.close()


@pytest.mark.parametrize("fields, key", [
    (("http://127.0.0.1:8765", "K7TQ2M", "Ann"), "net.join.bad_address"),
    (("ws://127.0.0.1:8765", "K7TQ2", "Ann"), "net.join.bad_code"),
    (("ws://127.0.0.1:8765", "K7TQ2A", "Ann"), "net.join.bad_code"),  # no vowels in codes
    (("ws://127.0.0.1:8765", "K7TQ2M", "  "), "net.join.bad_name"),
    (("ws://127.0.0.1:8765", "K7TQ2M", "A\x07nn"), "net.join.bad_name"),
])
def test_join_fields_that_cannot_be_right_are_said_in_a_line(tmp_path, fields, key):
    from game.ui.screens.net_screens import JoinScreen, check_join

    assert check_join(*fields) == key
    app = make_app(tmp_path)
    try:
        screen = JoinScreen(app, *fields)
        app.show(screen)
        screen.join()
        assert app.screen is screen and screen.message.text == i18n.t(key)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("where", ["nobody", "wrong code"])
def test_an_unreachable_address_or_a_wrong_code_comes_back_with_its_reason(url, tmp_path,
                                                                         where, lang):
    from game.ui.screens.net_screens import JoinScreen, LobbyScreen

    app = make_app(tmp_path, language=lang)
    try:
        target = "ws://127.0.0.1:9" if where == "nobody" else url  # the discard port: closed
        screen = JoinScreen(app, target, "BCDFGH", "Ann")
        app.show(screen)
        screen.join()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        _until(app, lambda: lobby.problem)
        key = "net.error.unreachable" if where == "nobody" else "net.error.no_table"
        assert lobby.problem == i18n.t(key)
        lobby.back()
        assert app.screen is screen and screen.message.text == lobby.problem
    finally:
        app.close()


def test_the_host_runs_the_server_in_its_program_and_a_friend_joins(tmp_path):
    """Host a table from the window (its own server in a thread), a friend joins by address
    and code (a second program: here its connection and session without a window), the host
    starts, both are dealt, and the host's plates carry the names."""
    from game.net.hosting import HostedServer
    from game.newgame import NewGameConfig
    from game.ui.screens.net_screens import HostScreen, LobbyScreen

    server = HostedServer(host="127.0.0.1", port=0)
    assert server.start(), server.error
    app = make_app(tmp_path)
    friend = None
    try:
        host = HostScreen(app, NewGameConfig.default("cassino", 2), level="easy")
        app.show(host)
        host.name = "Bo"
        host.open_table(server)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        _until(app, lambda: lobby.session is not None and lobby.lobby is not None)
        link = TableLink(server.local_url, "Cy", lobby.lobby.code,
                         token_file=tmp_path / "friend-token").start()
        joined, _ = _wait(link, Joined)
        friend = RemoteSession(link, joined)
        # The host's lobby shows the friend without any input: the idle loop's frame is
        # drawn when the seats change (present=None: only frames something asked for).
        renders = []
        app.render = lambda surface=None, draw=app.render: renders.append(1) or draw(surface)
        end = time.monotonic() + 10
        while not lobby.lobby.seats[1].taken:
            assert time.monotonic() < end and lobby.next_change() is not None
            before = len(renders)
            app.step(0.05, present=None)
            time.sleep(0.01)
        assert len(renders) > before
        assert i18n.t("net.lobby.seat_taken", n=2, name="Cy") in lobby.rows
        assert lobby.lobby.seats[1].name == "Cy" and lobby.lobby.seats[1].connected
        lobby.start()

        def both_dealt():
            friend.pump()
            return friend.has_deal() and isinstance(app.screen, NetTableScreen) \
                and app.screen.session.state is not None

        _until(app, both_dealt)
        assert app.screen.names() == [i18n.t("player.you"), "Cy"]
        assert friend.names() == ["Bo", "Cy"]
        friend.start_deal()
        assert friend.state.view(1) != app.screen.session.state.view(0)
    finally:
        if friend is not None:
            friend.close()
        if isinstance(app.screen, NetTableScreen):
            app.screen.session.close()
        app.close()
        server.stop()


def test_a_deal_played_to_its_end_shows_the_servers_scores_and_the_next_deal_comes(url,
                                                                                   tmp_path):
    app, screen, session = _open(url, tmp_path)
    try:
        while not (session.state is not None and session.state.is_over()
                   and session.match.deals_played == 1):
            _until(app, lambda: (session.asked is not None and session.sent is None
                                 and not screen.animator.busy)
                   or session.match.deals_played == 1, 30)
            if session.asked is not None and session.sent is None:
                screen.apply(session.state.legal[0])
        off = _offline(session.history)
        assert off.state.is_over() and session.match.deal_history == off.match.deal_history
        assert screen.reads.breakdown() == off.state.breakdown()
        screen.flow.open_deal_scores()
        assert screen.overlay is not None
        screen.next_deal()
        _until(app, lambda: session.state is not None and not session.state.is_over()
               and session.match.deals_played == 1)
        assert screen.overlay is None and len(screen.hand_codes(0)) in (3, 4)  # CN-3
    finally:
        session.close()
        app.close()


def test_a_kept_token_the_table_does_not_know_is_forgotten_and_a_free_seat_taken(url,
                                                                                tmp_path):
    host = TableLink(url, "Bo", create=Create(game="cassino", players=2, level="easy"),
                     token_file=tmp_path / "host-token")
    (tmp_path / "host-token").write_text("f" * 32 + "\n")  # a new table takes no token
    host.start()
    try:
        joined, _ = _wait(host, Joined)
        assert joined.seat == 0 and host.token != "f" * 32
        stale = tmp_path / "friend-token"
        stale.write_text("e" * 32 + "\n")  # from a table of the same code that is gone
        friend = TableLink(url, "Cy", host.code, token_file=stale).start()
        joined, _ = _wait(friend, Joined)
        assert joined.seat == 1 and stale.read_text().strip() == friend.token != "e" * 32
        friend.close()
    finally:
        host.close()


def test_a_taken_seat_and_a_started_table_are_refused_with_keys_a_window_translates(url,
                                                                                  tmp_path):
    from game.net.messages import Error
    from game.ui.screens.net_screens import refusal_text

    host = TableLink(url, "Bo", create=Create(game="cassino", players=2, level="easy"),
                     token_file=tmp_path / "host-token").start()
    try:
        _wait(host, Joined)
        taken = TableLink(url, "Cy", host.code, seat=0, token_file=tmp_path / "t1").start()
        error, _ = _wait(taken, Error)
        assert error.key == "seat_taken" and refusal_text(error) == i18n.t("net.error.seat_taken")
        taken.close()
        assert host.send(Start(code=host.code, host_token=host.host_token))
        _wait(host, Lobby, test=lambda lobby: lobby.started)
        late = TableLink(url, "Di", host.code, token_file=tmp_path / "t2").start()
        error, _ = _wait(late, Error)
        assert error.key == "started"
        i18n.set_language("ja")
        assert refusal_text(error) == i18n.t("net.error.started") != error.reason
        late.close()
    finally:
        host.close()


def test_a_lost_connection_comes_back_and_the_deal_plays_on(url, tmp_path):
    """The window's connection drops mid-deal: the link takes the seat back with its token,
    the server's catchup replaces the deal on the table, and play goes on."""
    record = io.StringIO()
    app, screen, session = _open(url, tmp_path, record=record)
    try:
        _until(app, lambda: session.asked is not None and not screen.animator.busy)
        screen.apply(session.state.legal[0])
        _until(app, lambda: len(session.history) >= 2 and session.asked is not None
               and not screen.animator.busy)
        link, asked = session.link, session.asked.n
        link._loop.call_soon_threadsafe(link._ws.transport.abort)  # the network fails
        _until(app, lambda: any(x[0] == i18n.t("net.back") for x in screen.toasts))
        _until(app, lambda: session.asked is not None and session.asked.n > asked
               and not screen.animator.busy and session.next_message() is None)
        n = len(session.history)
        assert session.state.view(0) == _offline(session.history).state.view(0)
        assert len(screen.movelog.deals) == 1  # the deal told again, not twice
        screen.presenter.sync_log()
        assert sum(kind == "move" for _t, kind in screen.movelog.rows) == n
        screen.apply(session.state.legal[0])
        _until(app, lambda: len(session.history) > n)
        assert session.history == _offline(session.history).history
        _scan(record.getvalue(), 4)  # the catchup's events too: nothing the seat may not see
    finally:
        session.close()
        app.close()


def test_why_on_the_servers_computer_move_tells_its_explanation(url, tmp_path):
    """"Why?" on a move of the server's computer: the window shows the computer's
    explanation (sent as this seat may read it), as the same move explains itself offline."""
    from game.players.explain import explanation_lines
    from game.session import SeatConfig

    app, screen, session = _open(url, tmp_path)
    try:
        _play_first_moves(app, screen, session, 6)
        _until(app, lambda: session.next_message() is None and not screen.animator.busy)
        deal, index = screen.presenter.why.last_computer_move()
        screen.presenter.why.open_last()  # the W key
        assert screen.overlay is not None
        lines = screen.overlay.lines()
        # the same move at one machine, by the same Easy player (seeded as the server seeds it)
        off = GameSession("cassino", 2, seats=[SeatConfig("human"),
                                                SeatConfig("computer", level="easy")],
                          seed=SEED)
        off.start_deal()
        bot = off.bots[1]
        for text in session.history[:index + 1]:
            action = parse_action(text)
            if action.seat == 1:
                assert bot.choose(off.decision(1)) == action
            off.apply(action)
        assert lines[1:] == explanation_lines(bot.last_explanation, 0)
        assert lines[1:] != [i18n.t("why.none")]
    finally:
        session.close()
        app.close()


def test_looking_and_down_out_of_turn_moments_wait_for_no_timeout(tmp_path):
    """LD-10 at a network table: the window's seat, frozen in time, is asked whether it melds
    out of turn; Pass (the N key) lets the turn go on at once, and seats that cannot act or
    are computers answer at once. A whole deal ends without one question running out of
    time (the server counts them), with the out-of-turn time the table's own setting."""
    import pygame

    from game.net.hosting import HostedServer
    from game.players.registry import make_player
    from game.ui.screens.net_table import PASS_KEY

    server = HostedServer(host="127.0.0.1", port=0)
    assert server.start(), server.error
    link = TableLink(server.local_url, "Ann",
                     create=Create(game="looking-and-down", players=3, seed=31, deals=1,
                                   level="normal", optional_s=120),
                     token_file=tmp_path / "seat-token").start()
    joined, seen = _wait(link, Joined)
    table = server.server.tables[link.code]
    assert link.send(Start(code=link.code, host_token=link.host_token))
    app = make_app(tmp_path)
    session = RemoteSession(link, joined, None)
    screen = NetTableScreen(app, session)
    app.show(screen)
    me = make_player("normal", 9)  # the window's player's moves (this seed: frozen in time)
    passes = 0
    try:
        def asked_or_over():
            return (session.asked is not None and session.sent is None
                    and not screen.animator.busy) or session.match.deals_played == 1

        while session.match.deals_played < 1:
            _until(app, asked_or_over, 60)
            if session.match.deals_played == 1:
                break
            if screen.down_gate:
                screen.pick_up_down()  # LD-11: the down comes into the hand (a click)
            if session.asked.optional:
                screen.update(0.0)
                assert screen.hud.buttons["pass"].visible
                assert screen.hud.banner_text()[0] == i18n.t("net.optional.head")
                assert any(s.caps == ("N",) for s in screen.model.key_sheet())  # F1 says N
                screen.process_event(pygame.event.Event(pygame.KEYDOWN, key=PASS_KEY, mod=0))
                assert session.sent == "pass" and not screen.optional_open()
                passes += 1
            else:
                screen.apply(me.choose(session.decision(0)))
        assert table.timeouts == 0
        assert passes > 0  # the seat was asked out of turn (this deal: twice), passed at once
    finally:
        session.close()
        app.close()
        server.stop()


def test_a_window_that_rejoins_mid_deal_has_the_move_log_from_the_deals_start(url, tmp_path):
    """A window closed mid-deal and a new one (the program started again) that takes the seat
    back with the kept token: its move log tells the deal from its start, every move with
    what this seat saw of it (the deal's red threes, the draws as seen), as the first
    window's log told it."""
    app, screen, session = _open(url, tmp_path, game="canasta")
    again = None
    try:
        _play_first_moves(app, screen, session, 8)
        _until(app, lambda: session.asked is not None and not screen.animator.busy)
        screen.presenter.sync_log()
        told = list(screen.movelog.rows)
        assert sum(kind == "note" for _text, kind in told) > 0  # draws, red threes...
        code = session.link.code
        session.close()
        app.close()
        link = TableLink(url, "Ann", code, token_file=tmp_path / "seat-token").start()
        joined, seen = _wait(link, Joined)
        app = make_app(tmp_path)
        again = RemoteSession(link, joined)
        screen = NetTableScreen(app, again)
        app.show(screen)
        _until(app, lambda: again.asked is not None and not screen.animator.busy)
        assert again.history == session.history
        screen.presenter.sync_log()
        assert screen.movelog.rows == told
    finally:
        session.close()
        if again is not None:
            again.close()
        app.close()


def test_the_hosts_program_started_again_sits_back_down_at_its_own_seat(tmp_path):
    """The host's program stops mid-deal (its server with it) and starts again: the table
    resumes from its save, Host a table offers it, and the host's window sits back down at
    its own seat with its seat token (no code typed), the deal as it stood, and plays on."""
    from game.newgame import NewGameConfig
    from game.ui.screens.net_screens import HostScreen

    tables = tmp_path / "tables"
    server, app = _hosting(tmp_path, tables)
    again = None
    try:
        host = HostScreen(app, NewGameConfig.default("cassino", 2), level="easy", tables=tables)
        app.show(host)
        assert host.waiting == []  # nothing hosted yet
        host.name = "Bo"
        host.open_table(server)
        lobby = app.screen
        _until(app, lambda: lobby.session is not None and lobby.lobby is not None)
        lobby.start()
        _until(app, lambda: isinstance(app.screen, NetTableScreen)
               and app.screen.session.state is not None)
        screen, session = app.screen, app.screen.session
        _play_first_moves(app, screen, session, 4)
        _until(app, lambda: session.asked is not None and not screen.animator.busy)
        history, token, code = list(session.history), session.link.token, session.link.code
        view = session.state.view(0)
        session.close()  # the program stops: its connection and its server go
        server._thread.join(10)
        app.close()

        server, app = _host_program_again(tmp_path, tables, code)
        _until(app, lambda: isinstance(app.screen, NetTableScreen)
               and app.screen.session.state is not None)
        screen, again = app.screen, app.screen.session
        assert again.seat == 0 and again.link.token == token and again.server is server
        assert again.history == history and screen.names()[0] == i18n.t("player.you")
        _until(app, lambda: again.asked is not None and not screen.animator.busy)
        assert again.state.view(0) == view
        screen.apply(again.state.legal[0])
        _until(app, lambda: len(again.history) > len(history))
    finally:
        if again is not None:
            again.close()
        server.stop()
        app.close()


def _hosted_lobby(app, tables, server):
    """Host a two-player Cassino table from the window (its seat the first): the lobby."""
    from game.newgame import NewGameConfig
    from game.ui.screens.net_screens import HostScreen

    host = HostScreen(app, NewGameConfig.default("cassino", 2), level="easy", tables=tables)
    app.show(host)
    host.name = "Bo"
    host.open_table(server)
    lobby = app.screen
    _until(app, lambda: lobby.session is not None and lobby.lobby is not None)
    return lobby


def test_a_lobby_never_started_is_offered_again_when_the_hosts_program_starts_again(
        tmp_path):
    """A table not started yet is saved with its seats: the host's program stops at the
    lobby and starts again, Host a table offers "Back to your table", the host sits back
    down at its seat in the same lobby with the same code, and Start starts it."""
    from game.net.store import hosted
    from game.ui.screens.net_screens import LobbyScreen

    tables = tmp_path / "tables"
    server, app = _hosting(tmp_path, tables)
    again = None
    try:
        lobby = _hosted_lobby(app, tables, server)
        code, token = lobby.link.code, lobby.link.token
        assert [(w.code, w.host_seat, w.session) for w in hosted(tables)] == [(code, 0, None)]
        server.stop()  # the program stops: its server, then its connection
        server._thread.join(10)
        lobby.link.close()
        app.close()

        server, app = _host_program_again(tmp_path, tables, code)
        back = app.screen
        assert isinstance(back, LobbyScreen)
        _until(app, lambda: back.session is not None and back.lobby is not None)
        assert back.lobby.code == code and not back.lobby.started
        assert back.session.seat == 0 and back.link.token == token
        assert back.lobby.seats[0].taken and not back.lobby.seats[1].taken
        back.start()
        _until(app, lambda: isinstance(app.screen, NetTableScreen)
               and app.screen.session.state is not None)
        again = app.screen.session
        assert again.seat == 0 and again.server is server
        assert [w.session is not None for w in hosted(tables)] == [True]  # saved as started
    finally:
        if again is not None:
            again.close()
        server.stop()
        app.close()


def test_leaving_a_lobby_the_host_never_started_forgets_it(tmp_path):
    """Leave in the lobby: the table goes for everyone, its file with it (nothing to offer
    back), however the host's connection and the server's stop meet."""
    tables = tmp_path / "tables"
    server, app = _hosting(tmp_path, tables)
    try:
        lobby = _hosted_lobby(app, tables, server)
        assert len(list(tables.glob("*.json"))) == 1
        lobby.back()
        server._thread.join(10)
        assert not server._thread.is_alive()
        assert list(tables.glob("*.json")) == []
    finally:
        server.stop()
        app.close()


def test_staged_melds_at_a_network_table_behave_as_at_one_machine(url, tmp_path):
    """Melds staged card by card at a network table: each shows what it still lacks as the
    engine says (the needs line), Enter sends them as one meld action, a discard made with
    them sends the melds and then the discard, and melds the server refuses go back to the
    hand with its reason."""
    import pygame

    from game.engine.actions import make
    from game.players.registry import make_player
    from game.ui.table.staging import need_text

    app, screen, session = _open(url, tmp_path, game="canasta")
    me = make_player("normal", 3)
    staging = screen.family.staging
    done: list[str] = []
    try:
        while len(done) < 2 and session.match.deals_played == 0:
            _until(app, lambda: (session.asked is not None and session.sent is None
                                 and not screen.animator.busy)
                   or session.match.deals_played > 0)
            if session.match.deals_played:
                break
            hand = list(session.state.view(0).hand)
            melds = [a for a in session.state.legal if a.verb == "meld"
                     and len(hand) - len(a.cards()) >= 2]
            if not melds:
                screen.apply(me.choose(session.decision(0)))
                _until(app, lambda: session.sent is None)
                continue
            meld = melds[0]
            off = GameSession("canasta", 2, seed=SEED)  # the needs line, card by card
            off.start_deal()
            for text in session.history:
                off.apply(parse_action(text))
            one = list(meld.groups[0][:1])
            staging.stage(one)
            short = off.state.meld_shortfall(0, one)
            assert staging.shortfalls() == [short] and short.cards > 0
            assert staging.shown()[0].label.endswith(need_text(short))  # "needs 2 more..."
            if not done:  # sent as it is: the server refuses it, the card comes back
                screen.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                        mod=0, unicode="\r"))
                _until(app, lambda: not staging and screen.toasts)
                assert screen.toasts[-1][0] == i18n.translate_reason(
                    off.state.why_illegal(make(0, "meld", (tuple(one),))))
                assert screen.hand_codes(0) == list(session.state.view(0).hand)
            staging.put_back()
            for g in meld.groups:
                staging.stage(list(g))
            assert all(m.ready for m in staging.shown())  # a listed meld: nothing lacking
            n = len(session.history)
            if not done:  # Enter sends the staged melds: one action
                screen.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                        mod=0, unicode="\r"))
                assert session.sent == format_action(meld)
                _until(app, lambda n=n: len(session.history) > n and not staging)
                done.append("enter")
            else:  # a discard with them: the melds, then the discard
                card = next(c for c in hand if c not in meld.cards())
                screen.apply(make(0, "discard", ((card,),)))
                assert session.sent == format_action(meld)
                _until(app, lambda n=n: len(session.history) >= n + 2)
                assert session.history[n:n + 2] == [format_action(meld), f"0 discard "
                                                    f"{format_card(card)}"]
                done.append("discard")
        assert done == ["enter", "discard"]
    finally:
        session.close()
        app.close()


def test_a_remote_session_counts_as_computers_only_seats_nobody_plays():
    """"Why?" explains computers' moves: at a network table those are the seats nobody took
    and the seats of players who are away, never another person's nor the window's own."""
    from game.net.messages import SeatInfo

    session = object.__new__(RemoteSession)
    session.seat = 0
    session.lobby = Lobby(code="BCDFGH", game="canasta", players=4, options=[], started=True,
                          seats=[SeatInfo(name="Ann", taken=True, connected=True),
                                 SeatInfo(name="Bob", taken=True, connected=True),
                                 SeatInfo(),
                                 SeatInfo(name="Cy", taken=True, computer=True)])
    assert [session.is_computer(s) for s in range(4)] == [False, False, True, True]


def _hosting(tmp_path, tables):
    """The host's program: its server on the loopback address, saving to ``tables``, and
    its window."""
    from game.net.hosting import HostedServer

    server = HostedServer(host="127.0.0.1", port=0, tables=tables)
    assert server.start(), server.error
    return server, make_app(tmp_path)


def _host_program_again(tmp_path, tables, code: str):
    """The host's program started again: its server, a new window on Host a table, which
    offers Back to your table ``code`` (a Cassino table hosted from seat 0), pressed."""
    from game.ui.screens.net_screens import HostScreen

    server, app = _hosting(tmp_path, tables)
    host = HostScreen(app, tables=tables)
    app.show(host)
    assert [(w.code, w.host_seat) for w in host.waiting] == [(code, 0)]
    assert host.resume_button.text == i18n.t("net.host.resume", code=code,
                                              game=i18n.t("game.cassino"))
    host.resume_table(server)
    return server, app
