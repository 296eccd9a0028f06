"""``python -m game bench``: speed figures (medians of several runs)."""

from __future__ import annotations

import json
import sys

from game.cli import float_range, int_range
from game.engine.registry import GAME_NAMES

MAX_RUNS = 1000
MAX_SECONDS = 3600.0
MAX_DEADLINE_MS = 600_000


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--runs", type=int_range(1, MAX_RUNS), default=None,
                   help="runs per figure (default 5; 7 for --startup)")
    p.add_argument("--seconds", type=float_range(0, MAX_SECONDS), default=1.0,
                   help="seconds of play per run (default 1.0)")
    p.add_argument("--rules", choices=GAME_NAMES, action="append",
                   help="only these games (repeatable; default all)")
    p.add_argument("--startup", action="store_true",
                   help="only the start-up times: the bare interpreter, --help, and the "
                        "first frame of the main menu (headless), medians of child processes")
    p.add_argument("--net", action="store_true",
                   help="only the network figures: how many tables one server process holds "
                        "with a move's round trip under 100 ms at p99 (a server process; "
                        "--seconds of moves timed at each step)")
    p.add_argument("--net-think", type=int_range(0, 60_000), default=1000, metavar="MS",
                   help="--net: how long a seat takes for a move, on average (default 1000; "
                        "0: at once, the server's throughput)")
    p.add_argument("--ai", action="store_true",
                   help="also measure computer-player decision times per level and game, and "
                        "the simulation costs of Hard's playouts (a Normal decision, a random "
                        "action)")
    p.add_argument("--ai-levels", default="easy,normal", metavar="LEVELS",
                   help="levels for --ai, comma-separated (default easy,normal; hard is slow)")
    p.add_argument("--ai-deadline", type=int_range(1, MAX_DEADLINE_MS), default=1000,
                   metavar="MS",
                   help="decision deadline given to the players in --ai (default 1000)")
    p.add_argument("--saves", action="store_true",
                   help="also measure save and load times of a long Canastone game")
    p.add_argument("--ui", action="store_true",
                   help="also report the player's hand at each game's largest table in "
                        "three window sizes (card height, each card's visible strip), and "
                        "measure the "
                        "table's frame times (six-player Canastone, "
                        "1280x800, headless), idle and while dragging; the CPU share of an "
                        "idle table and menu, and memory growth over 50 resizes (child "
                        "processes)")


def run(args) -> int:
    from game.lab.bench import STARTUP_RUNS, engine_section, startup_section

    if args.startup:
        try:
            result = {"startup": startup_section(args.runs or STARTUP_RUNS)}
        except RuntimeError as e:
            print(f"bench: {e}", file=sys.stderr)
            return 1
        if args.json:
            print(json.dumps(result))
        else:
            print(_startup_text(result["startup"]))
        return 0
    if args.net:
        return _net(args)
    levels = _ai_levels(args) if args.ai else ()
    games = tuple(args.rules) if args.rules else GAME_NAMES
    result = {"engine": engine_section(args.seconds, args.runs or 5, games)}
    if args.ai:
        from game.lab.bench import sim_section
        from game.lab.tournament import ai_section

        result["ai"] = ai_section(games, levels, seconds=args.seconds,
                                  deadline_ms=args.ai_deadline)
        result["sim"] = sim_section(args.seconds, args.runs or 5, games)
    if args.saves:
        from game.saves.bench import saves_section

        result["saves"] = saves_section(max(5, args.runs or 5))
    if args.ui:
        import os

        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout stays one JSON object
        from game.ui.table.bench import ui_section

        result["ui"] = ui_section()
    if args.json:
        print(json.dumps(result))
        return 0
    print("engine (random legal play, usual player count, medians):")
    for name, r in result["engine"].items():
        print(f"  {name:17} {r['players']} players  {r['actions_per_s']:>8} actions/s  "
              f"{r['deals_per_s']:>7} deals/s  ({r['actions_per_deal']} actions per deal)")
    if args.ai:
        print("computer players (decision time, usual player count, every seat one level; "
              "hard: one seat, the others normal):")
        for name, levels in result["ai"].items():
            for level, t in levels.items():
                print(f"  {name:17} {level:7} median {t['median_ms']:7.2f} ms  "
                      f"p95 {t['p95_ms']:7.2f} ms  max {t['max_ms']:7.2f} ms  "
                      f"({t['decisions']} decisions)")
        print("simulation (as Hard's playouts, usual player count, medians, CPU time):")
        for name, r in result["sim"].items():
            print(f"  {name:17} {r['players']} players  one Normal decision "
                  f"{r['decision_us']:>7} us  one random action {r['action_us']:>6} us  "
                  f"(ratio {r['ratio']})")
    if args.saves:
        for name, r in result["saves"].items():
            print(f"saves ({name}: {r['players']} players, {r['deals_played']} deals played, "
                  f"{r['actions']} actions in the deal, {r['bytes']} bytes):")
            print(f"  save {r['save_ms_p50']} ms, load {r['load_ms_p50']} ms (medians of "
                  f"{r['runs']}; save includes fsync, load replays and checks every action)")
    if args.ui:
        u = result["ui"]
        print(f"table ({u['players']}-player Canastone mid-deal, {u['size']}, "
              f"{u['frames']} frames):")
        print(f"  frame {u['frame_ms_p50']} ms median, {u['frame_ms_p99']} ms p99; while "
              f"dragging {u['drag_frame_ms_p50']} ms median, {u['drag_frame_ms_p99']} ms p99; "
              f"static layer redraw {u['static_redraw_ms_p50']} ms")
        print("  the hand (largest table of each game; card height as a share of the window, "
              "px of each card in view for a hand of 15 / 25 (Cassino 6), px its index needs):")
        for game, sizes in u.get("hand", {}).items():
            cells = [f"{k} {v['card_h_frac']:.1%} {v['strip']}/{v['full_strip']}px "
                     f"(index {v['index']})" for k, v in sizes.items() if k != "players"]
            print(f"    {game:17} {sizes['players']}  " + "  ".join(cells))
        if "idle_cpu_fraction" in u:
            idle = u["idle_cpu_fraction"]
            print(f"  idle: {idle['table']:.1%} of a core on the table, {idle['menu']:.1%} on "
                  f"the menu; memory growth over 50 resizes {u['resize_mb']} MB")
            rss = u["session_rss_mb"]
            print(f"  a scripted session ({rss['moves']} moves of every game, {rss['resizes']} "
                  f"resizes, both languages, three text sizes, the menus): resident memory "
                  f"{rss['first_frame']} MB at the first frame, peak {rss['peak']} MB "
                  f"({rss['peak_at']}), {rss['end']} MB at the end")
    return 0


def _net(args) -> int:
    from game.net.bench import net_section

    def progress(row: dict) -> None:
        if not args.json:
            print(f"  {row['tables']:>5} tables: {row['moves_per_s']:>6} moves/s, "
                  f"p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms", flush=True)

    try:
        net = net_section(seconds=args.seconds, progress=progress, think=args.net_think / 1000)
    except RuntimeError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"net": net}))
    else:
        print(f"network: {net['tables_at_p99_100ms']} tables with a move's round trip under "
              f"100 ms at p99 (p50 {net['p50_ms']} ms, p99 {net['p99_ms']} ms, "
              f"{net['mb_per_table']} MB a table; a move every {net['think_s']} s a seat)")
    return 0


def _ai_levels(args) -> tuple[str, ...]:
    from game.cli import level_names, one_line, usage_error

    levels = tuple(x.strip() for x in args.ai_levels.split(",") if x.strip())
    unknown = [x for x in levels if x not in level_names()]
    if not levels or unknown:
        usage_error(args, f"--ai-levels: {one_line(', '.join(unknown) or args.ai_levels)} "
                          f"(choose from {', '.join(level_names())})")
    return levels


def _startup_text(s: dict) -> str:
    lines = [f"start-up (wall clock, medians of {s['runs']} runs):",
             f"  python -c pass        {s['python_ms']:>6} ms",
             f"  python -m game --help {s['help_ms']:>6} ms",
             f"  main menu first frame {s['menu_first_frame_ms']:>6} ms"]
    if "cpu" in s:
        c = s["cpu"]
        lines.append(f"  (CPU time: {c['python_ms']}, {c['help_ms']} and "
                     f"{c['menu_first_frame_ms']} ms)")
    return "\n".join(lines)
