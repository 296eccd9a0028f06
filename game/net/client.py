"""A headless client: host a table, or take a seat at one with a computer player and play it to
the end (issue 31; docs/network.md).

    python -m game.net.client create ws://127.0.0.1:8765 --game canasta --players 4
    python -m game.net.client join ws://127.0.0.1:8765 CODE --name Ann --level normal

The seat's player sees only what the server sends: the seat's view and legal actions, decoded
(game.net.wire) into the same :class:`~game.players.base.Decision` a computer gets offline,
so it chooses exactly as it would at a table on one machine. ``--record FILE`` writes every
frame received, as received, one a line (the tests scan them for hidden cards).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException

from game.engine.actions import format_action, parse_action
from game.engine.registry import get_game
from game.net.messages import (
    CODE_PATTERN,
    MAX_SEATS,
    MAX_SERVER_FRAME,
    TOKEN_PATTERN,
    Act,
    Catchup,
    Create,
    Created,
    DealOver,
    Error,
    Events,
    FrameError,
    Join,
    Joined,
    Lobby,
    Pass,
    Refused,
    Start,
    YourMove,
    dump,
    parse_server,
)
from game.net.wire import view_from_wire
from game.players.base import Decision


class ClientError(Exception):
    """The table could not be played to its end; the text is one line for the user."""


@dataclass
class SeatResult:
    seat: int = -1
    token: str = ""
    deals: list[dict] = field(default_factory=list)  # each deal_over: scores, totals
    moves: int = 0  # this seat's answers
    late: int = 0  # answers refused as too late
    by_deal: dict[int, list[str]] = field(default_factory=dict)  # each deal's actions
    rejoined: bool = False  # (joined since the last drop)

    @property
    def actions(self) -> list[str]:
        """Every action of the table, deal after deal, in order."""
        return [a for d in sorted(self.by_deal) for a in self.by_deal[d]]


# The certificate authorities a wss:// connection trusts besides the system's (a server with
# its own certificate: ``--cafile``).
CAFILE: list[str] = []


def open_connection(url: str):
    if not url.startswith(("ws://", "wss://")):
        raise ClientError(f"{url[:60]!r} is not a ws:// or wss:// address")
    tls = None
    if url.startswith("wss://"):
        import ssl

        tls = ssl.create_default_context(cafile=CAFILE[0] if CAFILE else None)
    return connect(url, max_size=MAX_SERVER_FRAME, compression=None, proxy=None,
                   open_timeout=10, ssl=tls)


class Dropped(ClientError):
    """The connection was lost (the server stopped, the network failed): worth retrying."""


async def frames(ws, idle: float, record: IO[str] | None):
    """Every server frame, validated; ClientError after ``idle`` seconds of silence."""
    while True:
        try:
            frame = await asyncio.wait_for(ws.recv(), idle)
        except TimeoutError:
            raise ClientError(f"the server said nothing for {idle:g} s") from None
        except ConnectionClosed as e:
            why = e.rcvd.reason if e.rcvd and e.rcvd.reason else "no reason given"
            raise Dropped(f"the server closed the connection ({why})") from None
        if record is not None:
            record.write(frame if isinstance(frame, str) else repr(frame))
            record.write("\n")
        try:
            yield parse_server(frame)
        except FrameError as e:
            raise ClientError(f"the server sent a frame that is not the protocol: {e}") from None


async def play_seat(url: str, code: str, name: str, *, player, seat: int | None = None,
                    token: str | None = None, idle: float = 300.0,
                    record: IO[str] | None = None, on_joined=None,
                    reconnect: float = 0.0) -> SeatResult:
    """Take a seat (or take one's own back with ``token``) and let ``player`` (a computer
    player: ``choose`` / ``choose_optional``) answer every question until the table closes.
    With ``reconnect``, a lost connection is retried for that many seconds with the seat
    token (the server restarted, the network failed), and the same player plays on."""
    result = SeatResult()
    loop = asyncio.get_running_loop()
    lost_at: float | None = None
    while True:
        try:
            return await _play_once(url, code, name, player, seat, token or result.token or None,
                                    idle, record, on_joined, result)
        except Dropped as e:
            if reconnect <= 0 or not result.token:
                raise
            now = loop.time()
            lost_at = now if lost_at is None or result.rejoined else lost_at
            result.rejoined = False
            if now - lost_at > reconnect:
                raise ClientError(f"{e}; not back after {reconnect:g} s") from None
            await asyncio.sleep(0.2)


async def _play_once(url, code, name, player, seat, token, idle, record, on_joined,
                     result: SeatResult) -> SeatResult:
    game = ""
    players = 0
    try:
        async with open_connection(url) as ws:
            await ws.send(dump(Join(code=code, name=name, seat=seat, token=token)))
            async for msg in frames(ws, idle, record):
                if isinstance(msg, Joined):
                    result.seat, result.token = msg.seat, msg.token
                    result.rejoined = True
                    game, players = msg.game, msg.players
                    if on_joined is not None:
                        on_joined(msg.token)
                elif isinstance(msg, YourMove):
                    decision = Decision(get_game(game), players, msg.seat,
                                        view_from_wire(msg.view),
                                        [parse_action(t) for t in msg.legal], list(msg.totals),
                                        frozenset(msg.options), msg.deadline_ms)
                    if msg.optional:
                        action = player.choose_optional(decision)
                    else:
                        action = player.choose(decision)
                    reply = Pass(n=msg.n) if action is None else \
                        Act(n=msg.n, text=format_action(action))
                    await ws.send(dump(reply))
                    result.moves += 1
                elif isinstance(msg, Refused):
                    if msg.key is not None:  # the engine refused a listed move: a real fault
                        raise ClientError(f"the server refused a move: {msg.reason}")
                    result.late += 1  # too late (the table's move time had passed): go on
                elif isinstance(msg, Error):
                    raise ClientError(msg.reason)
                elif isinstance(msg, Catchup):
                    result.by_deal[msg.deal] = list(msg.actions)
                elif isinstance(msg, Events):
                    done = result.by_deal.setdefault(msg.deal, [])
                    done[msg.seq - 1:] = [msg.action]
                elif isinstance(msg, DealOver):
                    result.deals.append({"deal": msg.deal, "scores": msg.scores,
                                         "totals": msg.totals, "winner": msg.winner})
                    if msg.last:
                        return result
    except OSError as e:
        raise Dropped(f"cannot reach {url[:60]}: {e}") from None
    except (InvalidURI, WebSocketException) as e:
        raise ClientError(f"cannot reach {url[:60]}: {e}") from None
    except ValueError as e:  # a view or an action that does not decode
        raise ClientError(f"the server sent something unreadable: {str(e)[:100]}") from None
    raise Dropped("the server closed the table before its end")


async def host_table(url: str, spec: Create, *, start_when: int, on_code=None,
                     idle: float = 300.0) -> list[dict]:
    """Open a table, pass its code to ``on_code``, start it once ``start_when`` seats are
    taken (the others are computers), and return each deal's scores as the table plays on."""
    deals: list[dict] = []
    try:
        async with open_connection(url) as ws:
            await ws.send(dump(spec))
            code = token = ""
            started = False
            async for msg in frames(ws, idle, None):
                if isinstance(msg, Created):
                    code, token = msg.code, msg.host_token
                    if on_code is not None:
                        on_code(code)
                elif isinstance(msg, Lobby) and not started:
                    if sum(s.taken for s in msg.seats) >= start_when:
                        await ws.send(dump(Start(code=code, host_token=token)))
                        started = True
                elif isinstance(msg, Error):
                    raise ClientError(msg.reason)
                elif isinstance(msg, DealOver):
                    deals.append({"deal": msg.deal, "scores": msg.scores,
                                  "totals": msg.totals, "winner": msg.winner})
                    if msg.last:
                        return deals
    except (OSError, InvalidURI, WebSocketException) as e:
        raise ClientError(f"cannot reach {url[:60]}: {e}") from None
    raise ClientError("the server closed the table before its end")


# ---- the command line ---------------------------------------------------------------------

def int_range(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}")
        return value

    parse.__name__ = "int"
    return parse


def _parser() -> argparse.ArgumentParser:
    from game.engine.registry import GAME_NAMES
    from game.players.registry import LEVELS

    p = argparse.ArgumentParser(prog="python -m game.net.client",
                                description="a headless Card Table client")
    sub = p.add_subparsers(dest="mode", required=True, metavar="MODE")
    c = sub.add_parser("create", help="open a table and start it when its seats are taken")
    c.add_argument("url", help="the server, e.g. ws://127.0.0.1:8765")
    c.add_argument("--game", choices=GAME_NAMES, required=True, help="%(choices)s")
    c.add_argument("--players", type=int_range(1, MAX_SEATS), required=True,
                   help="how many seats")
    c.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="a rule option from RULES.md (repeatable)")
    c.add_argument("--seed", type=int_range(0, 2**64 - 1), default=None,
                   help="the match seed (default: a random deal number)")
    c.add_argument("--level", default="normal", help="the computers in free seats")
    c.add_argument("--deals", type=int_range(0, 1000), default=0, help="0: the whole game")
    c.add_argument("--wait", type=int_range(0, 600), default=30, metavar="S",
                   help="seconds a dropped player's seat waits before a computer plays it")
    c.add_argument("--optional", type=int_range(1, 600), default=8, metavar="S",
                   help="Looking and Down: seconds a player has to meld out of turn or pass "
                        "before the turn goes on")
    c.add_argument("--start-when", type=int_range(0, MAX_SEATS), default=None, metavar="K",
                   help="start once K seats are taken (default: all)")
    j = sub.add_parser("join", help="take a seat with a computer player and play to the end")
    j.add_argument("url", help="the server, e.g. ws://127.0.0.1:8765")
    j.add_argument("code", help="the table's code")
    j.add_argument("--name", required=True, help="your name on the plate")
    j.add_argument("--seat", type=int_range(0, MAX_SEATS - 1), default=None,
                   help="the seat to take (default: the first free one)")
    j.add_argument("--token-file", default=None, metavar="FILE",
                   help="keep the seat token here; when FILE holds one, take that seat back "
                        "(default: a file in your data folder for this server, code and name)")
    j.add_argument("--level", choices=sorted(LEVELS), default="normal", metavar="LEVEL",
                   help="the computer player at the seat: %(choices)s (default normal)")
    j.add_argument("--seed", type=int_range(0, 2**64 - 1), default=0,
                   help="the computer player's seed")
    j.add_argument("--reconnect", type=int_range(0, 3600), default=60, metavar="S",
                   help="after a lost connection, try again for S seconds with the seat "
                        "token (default 60; 0: give up at once)")
    j.add_argument("--record", default=None, metavar="FILE",
                   help="write every frame received to FILE, one a line")
    for q in (c, j):
        q.add_argument("--cafile", default=None, metavar="PEM",
                       help="also trust this certificate (a wss:// server's own)")
        q.add_argument("--idle", type=int_range(1, 86400), default=300, metavar="S",
                       help="give up after S seconds without a word from the server")
        q.add_argument("--json", action="store_true", help="print one JSON object at the end")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.cafile:
        if not Path(args.cafile).is_file():
            parser.error(f"--cafile: {args.cafile[:60]!r} is not a file")
        CAFILE[:] = [args.cafile]
    try:
        if args.mode == "create":
            try:
                spec = Create(game=args.game, players=args.players, options=args.option,
                              seed=args.seed, level=args.level, deals=args.deals,
                              wait_s=args.wait, optional_s=args.optional)
            except ValueError as e:
                parser.error(str(e).splitlines()[0])
            start_when = args.players if args.start_when is None else args.start_when

            def show(code: str) -> None:
                print(f"code {code}", flush=True)

            deals = asyncio.run(host_table(args.url, spec, start_when=start_when,
                                           on_code=show, idle=args.idle))
            _report({"deals": deals}, args.json)
            return 0
        if not re.match(CODE_PATTERN, args.code):
            parser.error(f"{args.code[:20]!r} is not a table code")
        from game.players.registry import make_player

        player = make_player(args.level, args.seed)
        if args.token_file:
            token_file = Path(args.token_file)
            if not token_file.parent.is_dir():
                parser.error(f"--token-file: the folder {str(token_file.parent)[:60]!r} "
                             "does not exist")
            token = read_token(token_file, parser)
        else:  # the same machine, server, code and name take the same seat back
            token_file = default_token_file(args.url, args.code, args.name)
            token = read_token(token_file, None)

        def keep(new_token: str) -> None:
            if new_token != token:
                try:
                    write_token(token_file, new_token)
                except OSError as e:  # the seat is played all the same; only a rejoin needs it
                    print(f"client: the seat token could not be kept ({e.strerror})",
                          file=sys.stderr)

        with contextlib.ExitStack() as stack:
            record = (stack.enter_context(open(args.record, "w", encoding="utf-8"))
                      if args.record else None)
            r = asyncio.run(play_seat(args.url, args.code, args.name, player=player,
                                      seat=args.seat, token=token, idle=args.idle,
                                      record=record, on_joined=keep,
                                      reconnect=args.reconnect))
        token_file.unlink(missing_ok=True)  # the table is over: nothing to take back
        _report({"seat": r.seat, "moves": r.moves, "deals": r.deals, "actions": r.actions},
                args.json)
        return 0
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    except ClientError as e:
        print(f"client: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def default_token_file(url: str, code: str, name: str) -> Path:
    """Where a seat's token is kept when no ``--token-file`` is given: in the user's data
    folder, one file per server, table code and name."""
    import hashlib

    import platformdirs

    key = hashlib.sha256(f"{url}\n{code}\n{name}".encode()).hexdigest()[:24]
    return Path(platformdirs.user_data_dir("cardtable", appauthor=False)) / "seats" / key


def read_token(path: Path, parser) -> str | None:
    """The seat token kept in ``path`` (None when there is no such file yet). A file that does
    not hold one is a usage error when the user named it (``parser``), else ignored."""
    if not path.exists():
        return None
    try:
        text = path.read_text(encoding="ascii")[:100].strip()
    except (OSError, UnicodeDecodeError) as e:
        if parser is None:
            return None
        parser.error(f"--token-file: cannot read it ({type(e).__name__})")
    if not re.fullmatch(TOKEN_PATTERN[1:-1], text):
        if parser is None:
            return None
        parser.error("--token-file: it does not hold a seat token")
    return text


def write_token(path: Path, token: str) -> None:
    import os

    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a secret: owner only
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(token + "\n")


def _report(d: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(d), flush=True)
        return
    for deal in d["deals"]:
        print(f"deal {deal['deal']}: scores {deal['scores']}, totals {deal['totals']}")


if __name__ == "__main__":
    sys.exit(main())
