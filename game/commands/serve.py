"""``cardtable serve``: the network table server without a window (issue 31, docs/network.md).

It holds any number of tables; a client opens one (``python -m game.net.client create``) and
friends join it with its code. By default it listens on this machine only (127.0.0.1); give
``--host 0.0.0.0`` to let other machines in, and ``--cert``/``--key`` to serve wss:// (TLS).
Every started table is saved after each move (``--tables``), so a restarted server resumes it.
"""

from __future__ import annotations

from game.cli import int_range

DEFAULT_PORT = 8765


def add_arguments(p) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int_range(0, 65535), default=DEFAULT_PORT,
                   help=f"the port (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--cert", default=None, metavar="PEM",
                   help="serve wss:// (TLS) with this certificate chain; needs --key")
    p.add_argument("--key", default=None, metavar="PEM", help="the certificate's private key")
    p.add_argument("--tables", default=None, metavar="FOLDER",
                   help="save every table here after each move and resume them at start "
                        "(default: 'tables' in your data folder)")
    p.add_argument("--no-save", action="store_true",
                   help="keep the tables in memory only (a restart loses them)")


def run(args) -> int:
    import asyncio
    import logging
    import sys

    from game.cli import one_line, usage_error
    from game.net.server import serve_forever

    if not args.host or any(c.isspace() for c in args.host):
        usage_error(args, f"--host: '{one_line(args.host)}' is not an address")
    tls = None
    if (args.cert is None) != (args.key is None):
        usage_error(args, "--cert and --key go together")
    if args.cert is not None:
        import ssl

        from game.net.server import tls_context

        try:
            tls = tls_context(args.cert, args.key)
        except (OSError, ssl.SSLError) as e:
            what = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            usage_error(args, f"--cert/--key: cannot use them ({one_line(what, 80)})")

    tables = None
    if not args.no_save:
        from pathlib import Path

        from game.net.store import tables_dir

        tables = Path(args.tables) if args.tables else tables_dir()
        if tables.exists() and not tables.is_dir():
            usage_error(args, f"--tables: {one_line(str(tables), 200)} is not a folder")
    elif args.tables:
        usage_error(args, "--tables and --no-save do not go together")

    def ready(port: int) -> None:
        host = f"[{args.host}]" if ":" in args.host else args.host
        scheme = "wss" if tls is not None else "ws"
        print(f"serving on {scheme}://{host}:{port}", flush=True)
        logging.getLogger("game.net").info("serving on %s:%d", args.host, port)

    try:
        asyncio.run(serve_forever(args.host, args.port, ready, tls=tls, tables=tables))
    except OSError as e:  # the port is taken, the address is not this machine's
        print(f"serve: cannot listen on {one_line(args.host)}:{args.port}: "
              f"{one_line(e.strerror or str(e), 80)}", file=sys.stderr)
        return 1
    return 0
