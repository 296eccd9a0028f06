#!/usr/bin/env python3
"""CI: the program as a player installs it.

Builds the sdist and, from it, the wheel; checks that both carry the fonts, sounds, practice
positions, rules texts and licences; installs the wheel into a fresh virtual environment outside
the checkout; then, from another folder and with empty user folders, runs ``cardtable --version``,
a ``cardtable screenshot`` of each game in both languages, ``cardtable saves list`` (every
practice position), and a probe in the installed Python that opens the main menu and every
rules text in both languages. Any warning in the output or the log fails the check.

    python .ci/wheel_check.py [--keep DIR]     # needs the ``build`` package (the test extra)

Pictures go to DIR/shots with --keep (look at them), to a temporary folder otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TOP_LEVEL = ("art", "sounds", "saves")  # mapped into the package as game/data/
LICENCES = ("LICENSE", "art/fonts/OFL.txt", "sounds/LICENSE")
PROBLEM = re.compile(r"warning|error|traceback|not loaded|not found|missing", re.IGNORECASE)


class CheckFailed(Exception):
    pass


def expect(ok: bool, message: str) -> None:
    if not ok:
        raise CheckFailed(message)


def runtime_files() -> list[str]:
    """The files the program reads, relative to the repository: the whole package (code,
    catalogues, rules texts) and the top-level folders' files."""
    globs = ["game/**/*", "art/fonts/*.otf", "art/fonts/OFL.txt", "sounds/*.wav",
             "sounds/LICENSE", "saves/*.json"]
    files = sorted(p.relative_to(REPO).as_posix() for g in globs for p in REPO.glob(g)
                   if p.is_file() and "__pycache__" not in p.parts)
    expect(len(files) > 30, f"too few runtime files found in {REPO}")
    return files


def in_wheel(rel: str) -> str:
    top = rel.split("/", 1)[0]
    return f"game/data/{rel}" if top in TOP_LEVEL else rel


def run(cmd: list, cwd: Path, env: dict | None = None, quiet_ok: bool = False) -> str:
    """Run ``cmd``; fail with its output unless it exits 0 with nothing alarming on stderr."""
    p = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True)
    shown = " ".join(str(c) for c in cmd)
    expect(p.returncode == 0, f"{shown} exited {p.returncode}\n{p.stdout}\n{p.stderr}")
    if not quiet_ok:
        expect(not PROBLEM.search(p.stderr), f"{shown} complained:\n{p.stderr}")
    return p.stdout


def build(dist: Path) -> tuple[Path, Path]:
    # python -m build makes the sdist, then the wheel from the unpacked sdist: a file left
    # out of the sdist is missing from the wheel too.
    run([sys.executable, "-m", "build", "--outdir", dist, REPO], cwd=REPO, quiet_ok=True)
    sdists, wheels = list(dist.glob("*.tar.gz")), list(dist.glob("*.whl"))
    expect(len(sdists) == 1 and len(wheels) == 1, f"build made {sdists} {wheels}")
    return sdists[0], wheels[0]


def check_sdist(sdist: Path, version: str) -> None:
    with tarfile.open(sdist) as tar:
        names = set(tar.getnames())
    root = f"cardtable-{version}"
    missing = [f for f in [*runtime_files(), *LICENCES, "pyproject.toml", "README.md"]
               if f"{root}/{f}" not in names]
    expect(not missing, f"the sdist lacks {missing}")


def check_wheel(wheel: Path, version: str) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = f"cardtable-{version}.dist-info"
        metadata = z.read(f"{info}/METADATA").decode()
        entry_points = z.read(f"{info}/entry_points.txt").decode()
    missing = [in_wheel(f) for f in runtime_files() if in_wheel(f) not in names]
    missing += [f"{info}/licenses/{f}" for f in LICENCES if f"{info}/licenses/{f}" not in names]
    expect(not missing, f"the wheel lacks {missing}")
    expect("License-Expression: MIT AND OFL-1.1" in metadata, "no SPDX licence in METADATA")
    expect("Requires-Python: >=3.11" in metadata, "no Python bound in METADATA")
    expect(re.search(r"\[console_scripts\]\s*cardtable = game.cli:main", entry_points)
           and re.search(r"\[gui_scripts\]\s*cardtable-gui = game.cli:main", entry_points),
           f"launchers missing:\n{entry_points}")


def fresh_venv(where: Path, wheel: Path) -> Path:
    """The venv's bin folder, with the wheel installed."""
    run([sys.executable, "-m", "venv", where], cwd=where.parent)
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    run([bin_dir / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check",
         wheel], cwd=where.parent, quiet_ok=True)
    return bin_dir


def user_env(home: Path) -> dict:
    """Headless, with every user folder (data, config, log) empty and inside ``home``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               HOME=str(home), XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
               XDG_CACHE_HOME=str(home / "cache"), CARDTABLE_LOG_DIR=str(home / "log"))
    return env


def check_installed(bin_dir: Path, version: str, work: Path, shots: Path) -> None:
    env = user_env(work / "home")
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    cardtable = bin_dir / "cardtable"

    out = run([cardtable, "--version"], elsewhere, env).strip()
    expect(out == f"cardtable {version}", f"cardtable --version printed {out!r}")

    games = json.loads(run([bin_dir / "python", "-c",
                            "import json; from game.engine.registry import GAME_NAMES; "
                            "print(json.dumps(list(GAME_NAMES)))"], elsewhere, env))
    for game in games:
        for lang in ("en", "ja"):
            out_png = shots / f"{game}-{lang}.png"
            run([cardtable, "screenshot", "--rules", game, "--language", lang, "--moves", "12",
                 "--out", out_png], elsewhere, env)
            expect(out_png.stat().st_size > 10_000, f"{out_png} is empty")

    listed = json.loads(run([cardtable, "saves", "list", "--json"], elsewhere, env))
    practice = sorted(Path(e["path"]).name for e in listed if e["kind"] == "practice")
    bundled = sorted(p.name for p in (REPO / "saves").glob("*.json"))
    expect(practice == bundled, f"practice positions {practice}, expected {bundled}")
    bad = [e["path"] for e in listed if e["kind"] == "practice" and not e["ok"]]
    expect(not bad, f"practice positions that do not load: {bad}")

    run([bin_dir / "python", Path(__file__).resolve(), "--probe", shots], elsewhere, env)

    logs = env["CARDTABLE_LOG_DIR"]
    for log in Path(logs).glob("*.log*"):
        alarming = [line for line in log.read_text(encoding="utf-8").splitlines()
                    if " WARNING " in line or " ERROR " in line or " CRITICAL " in line]
        expect(not alarming, f"{log}:\n" + "\n".join(alarming))


def probe(shots: Path) -> None:
    """Run by the installed Python: the files come from the package, the menu and every rules
    text open in both languages."""
    import pygame

    import game
    from game import assets, i18n
    from game.engine.registry import GAME_NAMES
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.audio import SOUND_NAMES

    package = Path(game.__file__).resolve().parent
    expect(REPO not in package.parents, f"imported the checkout's game: {package}")
    expect(assets.data_root() == package / "data", f"files from {assets.data_root()}")
    for name in SOUND_NAMES:
        expect((assets.sounds_dir() / f"{name}.wav").is_file(), f"no sound {name}")
    with tempfile.TemporaryDirectory() as tmp:
        app = App(store=SettingsStore(Path(tmp) / "settings.json"), size=(1280, 800),
                  fullscreen=False)
        try:
            for lang in ("en", "ja"):
                app.set_language(lang)
                app.show_main_menu()
                app.step(present=False)
                pygame.image.save(app.render(), str(shots / f"menu-{lang}.png"))
                for g in GAME_NAMES:
                    note = i18n.t("rules.missing", game=i18n.game_name(g))
                    app.show_rules(g)
                    app.step(present=False)
                    html = every_section(app.screen)
                    expect(len(html) > 2000 and note not in html,
                           f"the {lang} rules of {g} are missing")
                    if g == GAME_NAMES[0]:
                        pygame.image.save(app.render(), str(shots / f"rules-{lang}.png"))
        finally:
            app.close()


def every_section(rules) -> str:
    """The text of every section of the game a RulesScreen shows (it shows one at a time),
    read through its public surface; the first section is shown again after."""
    html = ""
    for place in range(len(rules.section_titles)):
        rules.show_section(place)
        html += rules.shown_text()
    rules.show_section(0)
    return html


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="work in DIR and keep it (pictures in shots/)")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        if args.probe is not None:
            probe(args.probe)
            return 0
        start = time.monotonic()
        version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
        work = args.keep or Path(tempfile.mkdtemp(prefix="cardtable-wheel-"))
        if args.keep:
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir(parents=True)
        shots = work / "shots"
        shots.mkdir()
        sdist, wheel = build(work / "dist")
        check_sdist(sdist, version)
        check_wheel(wheel, version)
        bin_dir = fresh_venv(work / "venv", wheel)
        check_installed(bin_dir, version, work, shots)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        print(f"wheel check passed: {wheel.name} installed and run from outside the checkout "
              f"({time.monotonic() - start:.0f} s)")
        return 0
    except CheckFailed as e:
        print(f"wheel check FAILED: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
