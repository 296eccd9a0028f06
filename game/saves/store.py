"""Where saves live and what the table and the menu do with them.

Files, in ``platformdirs.user_data_dir("cardtable") / "saves"`` (on Linux
``~/.local/share/cardtable/saves``, honouring XDG_DATA_HOME):

- ``autosave.json``: the latest game, written after every action and on quit;
- ``autosave.bak.json``: the autosave before that (the previous action);
- ``<name>.json``: named saves ("Save as..."); the file name is the save's name;
- ``recent/<game> <time>.json``: unfinished games that a new game replaced in the autosave
  slot, one file per game (an older copy of a game goes when a newer one arrives; no
  unfinished game is ever deleted without the player asking);
- ``.cardtable.lock``: held by the running copy that writes here (game.saves.lock);
- ``.cardtable-*.tmp``: a write in progress (ignored; left-overs older than a day are removed).

Guarantees: every write is atomic (game.saves.atomic); a file that does not load is listed as
damaged with its reason and is never overwritten or deleted without the player asking (an
autosave slot holding a damaged file is first renamed to ``damaged-autosave-<time>.json``,
which keeps its bytes and lists it as damaged); starting a new game keeps the unfinished game
of the autosave among the recent games ("Canasta 2026-11-21 08.04") rather than overwriting
it; renaming a recent game makes it one of the player's named saves.

The practice positions bundled in the repository's ``saves/`` folder load the same way.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from game import assets
from game.safetext import has_unsafe
from game.saves import atomic, lock
from game.saves.files import (
    DamagedSave,
    LoadedSave,
    SaveError,
    SaveMeta,
    build_document,
    damage_code,
    encode,
    meta_of,
    read_save,
    set_meta,
)
from game.saves.folder import AUTOSAVE, BACKUP, RECENT, saves_dir
from game.saves.model import PracticeInfo, Summary, now_stamp
from game.session import GameSession

SUFFIX = ".json"
MAX_NAME_LENGTH = 60
STALE_TEMP_SECONDS = 24 * 3600
PRACTICE_DIR = assets.practice_dir()  # in the package once installed (game/assets.py)

_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                     *(f"LPT{i}" for i in range(1, 10))}
_BAD_CHARS = set('<>:"/\\|?*')


class SaveNameError(SaveError):
    """A name that cannot be a save's name. ``code``: empty, too_long, control, bad_char,
    reserved (translated as load.name_error.<code>)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class SaveExistsError(SaveError):
    """A save of that name exists already (pass overwrite=True to replace it)."""


class FolderInUse(SaveError):
    """Another running copy of Card Table writes this saves folder: this copy only reads it
    (game.saves.lock)."""


IN_USE = "another copy of Card Table is using the saves folder: this copy does not change it"


def _writable(folder: Path) -> None:
    """FolderInUse unless this copy may write in the user's ``folder``."""
    if not lock.writable(folder):
        raise FolderInUse(IN_USE)


@dataclass(frozen=True)
class SaveFailure:
    """Why an autosave failed, for the screen: a catalogue key (``load.save_failed.<kind>``)
    and its parameters; ``str()`` is the English detail, for logs."""

    key: str
    params: dict
    detail: str

    def __str__(self) -> str:
        return self.detail


_FAILURE_KINDS = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EACCES: "denied",
                  errno.EPERM: "denied", errno.EROFS: "denied"}


def _failure(folder: Path, detail: str, err: int | None) -> SaveFailure:
    kind = _FAILURE_KINDS.get(err, "disk") if err is not None else "unexpected"
    return SaveFailure(f"load.save_failed.{kind}", {"folder": str(folder)}, detail)


def practice_dir() -> Path:
    return PRACTICE_DIR


# ---- listing -------------------------------------------------------------------------------

@dataclass
class SaveEntry:
    """One file as the Load screen lists it."""

    path: Path
    kind: str  # "autosave", "backup", "named", "recent" or "practice"
    name: str  # the file name without .json ("autosave"/"autosave.bak" for those two)
    ok: bool
    reason: str | None = None  # why it does not load (one line, English), when not ok
    summary: Summary | None = None
    practice: PracticeInfo | None = None
    game_id: str | None = None
    created: str | None = None
    updated: str | None = None  # UTC, "2026-11-21T08:04:32Z" (the file's time if damaged)
    migrated_from: int | None = None
    size: int = 0

    @property
    def reason_code(self) -> str | None:
        """The reason's kind, for translated screens: load.damaged.<code>."""
        return None if self.ok else damage_code(self.reason or "")


# Results of checking a file, by its identity on disk: a file we wrote or checked once is not
# replayed again until it changes.
_CHECKS: dict[tuple, SaveEntry] = {}
_MAX_CHECKS = 256


def _identity(path: Path) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns)


def _kind_and_name(path: Path, folder_kind: str) -> tuple[str, str]:
    if folder_kind in ("practice", "recent"):
        return folder_kind, path.name[: -len(SUFFIX)]
    if path.name == AUTOSAVE:
        return "autosave", "autosave"
    if path.name == BACKUP:
        return "backup", "autosave.bak"
    return "named", path.name[: -len(SUFFIX)]


def _entry_from(path: Path, folder_kind: str, loaded: LoadedSave | None,
                error: DamagedSave | None, size: int) -> SaveEntry:
    kind, name = _kind_and_name(path, folder_kind)
    if loaded is not None:
        s = loaded.save
        return SaveEntry(path, kind, name, True, None, s.summary, s.practice, s.game_id,
                         s.created, s.updated, loaded.migrated_from, size)
    try:
        mtime = datetime.fromtimestamp(os.stat(path).st_mtime, UTC)
        updated = mtime.strftime("%Y-%m-%dT%H:%M:%SZ")
    except (OSError, ValueError, OverflowError):
        updated = None
    return SaveEntry(path, kind, name, False, str(error), updated=updated, size=size)


def check(path: Path | str, folder_kind: str = "user") -> SaveEntry:
    """The listing entry of one file (loads it fully unless it is unchanged since last time)."""
    path = Path(path)
    ident = _identity(path)
    if ident is not None and ident in _CHECKS:
        cached = _CHECKS[ident]
        kind, name = _kind_and_name(path, folder_kind)
        return SaveEntry(**{**cached.__dict__, "path": path, "kind": kind, "name": name})
    try:
        loaded = read_save(path)
        entry = _entry_from(path, folder_kind, loaded, None, ident[2] if ident else 0)
    except DamagedSave as e:
        entry = _entry_from(path, folder_kind, None, e, ident[2] if ident else 0)
    _remember(ident, entry)
    return entry


def _remember(ident: tuple | None, entry: SaveEntry) -> None:
    if ident is None:
        return
    if len(_CHECKS) >= _MAX_CHECKS:
        _CHECKS.pop(next(iter(_CHECKS)))
    _CHECKS[ident] = entry


def _save_files(folder: Path) -> list[Path]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    out = []
    now = time.time()
    for n in names:
        p = folder / n
        if atomic.is_temp_name(n):
            with contextlib.suppress(OSError):
                if now - os.stat(p).st_mtime > STALE_TEMP_SECONDS:
                    os.unlink(p)  # a write that a crash interrupted long ago
            continue
        if n.lower().endswith(SUFFIX) and not n.startswith(".") and p.is_file():
            out.append(p)
    return out


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every save in the user's folder: the autosave, its backup, named saves, then the
    recent games, each newest first; damaged files included (``ok`` False, ``reason`` set)."""
    folder = saves_dir() if folder is None else Path(folder)
    entries = [check(p) for p in _save_files(folder)]
    entries += [check(p, "recent") for p in _save_files(folder / RECENT)]
    order = {"autosave": 0, "backup": 1, "named": 2, "recent": 3}
    entries.sort(key=lambda e: e.name.lower())
    entries.sort(key=lambda e: e.updated or "", reverse=True)
    entries.sort(key=lambda e: order[e.kind])
    return entries


def list_practice(folder: Path | None = None) -> list[SaveEntry]:
    """The bundled practice positions, in their teaching order."""
    folder = practice_dir() if folder is None else Path(folder)
    entries = [check(p, "practice") for p in _save_files(folder)]
    entries.sort(key=lambda e: (e.practice.order if e.practice else 10_000, e.name))
    return entries


def _folder_kind(path: Path) -> str:
    parent = path.resolve().parent
    if parent == practice_dir():
        return "practice"
    return "recent" if parent.name == RECENT else "user"


# ---- loading -------------------------------------------------------------------------------

def load_entry(path: Path | str) -> LoadedSave:
    """Load a save; DamagedSave with a one-line reason when it does not load."""
    loaded = read_save(path)
    ident = _identity(Path(path))
    folder_kind = _folder_kind(Path(path))
    _remember(ident, _entry_from(Path(path), folder_kind, loaded, None, ident[2] if ident else 0))
    return loaded


def load(path: Path | str) -> GameSession:
    """The game of a save file, ready to continue (DamagedSave if it does not load)."""
    return load_entry(path).session


def start_practice(path: Path | str) -> GameSession:
    """A practice position as a new game of its own (its autosaves do not touch the file)."""
    loaded = load_entry(path)
    set_meta(loaded.session, SaveMeta(uuid.uuid4().hex, now_stamp(), loaded.save.practice))
    return loaded.session


def latest_entry(folder: Path | None = None) -> SaveEntry | None:
    """The autosave if it loads, else its backup if that loads, else None."""
    folder = saves_dir() if folder is None else Path(folder)
    for name in (AUTOSAVE, BACKUP):
        p = folder / name
        if p.is_file():
            e = check(p)
            if e.ok:
                return e
    return None


def load_latest(folder: Path | None = None) -> GameSession | None:
    """The latest game (for "Continue"), or None when there is none that loads."""
    folder = saves_dir() if folder is None else Path(folder)
    for name in (AUTOSAVE, BACKUP):
        p = folder / name
        if p.is_file():
            try:
                return load(p)
            except DamagedSave:
                continue
    return None


def can_continue(folder: Path | None = None) -> bool:
    """Whether "Continue" has an unfinished game to resume."""
    e = latest_entry(folder)
    return e is not None and e.summary is not None and not e.summary.game_over


# ---- writing -------------------------------------------------------------------------------

def _write(path: Path, session: GameSession, backup: Path | None = None) -> Path:
    doc = build_document(session)
    data = encode(doc)
    try:
        atomic.write_atomic(path, data, backup=backup)
    except OSError as e:
        error = SaveError(f"could not write {path.name}: {e.strerror or e}")
        error.errno = e.errno  # what the screen says (a full disk, no permission...)
        raise error from None
    # We know this file is good: remember it so that the next autosave does not replay it.
    entry = SaveEntry(path, "named", path.name, True, None, Summary(**doc["summary"]),
                      meta_of(session).practice, doc["game_id"], doc["created"], doc["updated"],
                      None, len(data))
    _remember(_identity(path), entry)
    return path


def _unique(folder: Path, stem: str) -> Path:
    p = folder / f"{stem}{SUFFIX}"
    n = 2
    while p.exists():
        p = folder / f"{stem} ({n}){SUFFIX}"
        n += 1
    return p


def set_aside(path: Path) -> Path:
    """Rename a damaged file (an autosave slot, the statistics) out of the way, keeping its
    bytes, as ``damaged-<name>-<time>.json`` beside it."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = _unique(path.parent, f"damaged-{path.name[: -len(SUFFIX)]}-{stamp}")
    os.replace(path, target)
    return target


def _keep_name(summary: Summary) -> str:
    from game.i18n import game_name

    name = game_name(summary.game)
    if name == f"game.{summary.game}":
        name = summary.game
    name = "".join(c for c in name if c not in _BAD_CHARS and ord(c) >= 32)
    return f"{name} {datetime.now().strftime('%Y-%m-%d %H.%M')}"


def _keep_recent(path: Path, stem: str) -> None:
    """Move the autosave of a replaced, unfinished game among the recent games. No unfinished
    game is ever pruned away: only a copy that another file of the same game has overtaken
    goes (a recent game continued, then replaced again)."""
    recent = path.parent / RECENT
    recent.mkdir(exist_ok=True)
    os.replace(path, _unique(recent, stem))
    for changed in (recent, path.parent):
        atomic.fsync_dir(changed)

    def last_played(p: Path) -> tuple[float, str]:
        try:
            return os.stat(p).st_mtime, p.name
        except OSError:
            return 0.0, p.name

    newest: dict[str, tuple[int, int]] = {}  # game -> how far its newest copy got
    for old in sorted(_save_files(recent), key=last_played, reverse=True):
        e = check(old, "recent")
        if not e.ok or e.game_id is None or e.summary is None:
            continue  # a damaged file is never deleted without the player asking
        progress = (e.summary.deal, e.summary.actions)
        if e.game_id in newest and newest[e.game_id] >= progress:
            with contextlib.suppress(OSError):
                os.unlink(old)
        else:
            newest.setdefault(e.game_id, progress)


def autosave(session: GameSession, folder: Path | None = None) -> SaveFailure | None:
    """Save the game in the autosave slot (the previous autosave becomes the backup).
    Never raises: returns None, or a :class:`SaveFailure` (a catalogue key and parameters)
    for the screen to show, every time a save fails."""
    folder = saves_dir() if folder is None else Path(folder)
    path, bak = folder / AUTOSAVE, folder / BACKUP
    try:
        if session.state is None:
            return None
        _writable(folder)
        meta = meta_of(session)
        if path.exists():
            current = check(path)
            if not current.ok:
                set_aside(path)
            elif (current.game_id != meta.game_id and current.practice is None
                  and current.summary is not None and not current.summary.game_over):
                _keep_recent(path, _keep_name(current.summary))
        if bak.exists() and not check(bak).ok:
            set_aside(bak)
        _write(path, session, backup=bak)
        return None
    except FolderInUse as e:  # the second copy says so, at every move it does not save
        return SaveFailure("load.save_failed.in_use", {"folder": str(folder)}, str(e))
    except SaveError as e:
        return _failure(folder, str(e), getattr(e, "errno", None) or 0)
    except OSError as e:
        return _failure(folder, f"could not save the game: {e.strerror or e}", e.errno or 0)
    except Exception as e:  # never take the table down
        return _failure(folder, f"could not save the game: {e}", None)


def check_name(name: str) -> str:
    """The cleaned name, or SaveNameError."""
    n = name.strip() if isinstance(name, str) else ""
    if not n:
        raise SaveNameError("empty", "a save needs a name")
    if len(n) > MAX_NAME_LENGTH:
        raise SaveNameError("too_long", f"a name has at most {MAX_NAME_LENGTH} characters")
    if has_unsafe(n):  # control, format (bidi, zero-width) and unassigned characters
        raise SaveNameError("control", "a name cannot hold control or invisible characters")
    if any(c in _BAD_CHARS for c in n) or n[0] == "." \
            or n[-1] == ".":
        raise SaveNameError("bad_char", 'a name cannot hold < > : " / \\ | ? * or start or '
                                        "end with a dot")
    if n.split(".")[0].strip().upper() in _WINDOWS_RESERVED or n.lower().startswith("autosave"):
        raise SaveNameError("reserved", f"'{n}' is reserved")
    return n


def named_path(name: str, folder: Path | None = None) -> Path:
    folder = saves_dir() if folder is None else Path(folder)
    return folder / f"{check_name(name)}{SUFFIX}"


def save_as(session: GameSession, name: str, *, overwrite: bool = False,
            folder: Path | None = None) -> Path:
    """Save under a name ("Save as..."); SaveExistsError if the name is taken (unless
    ``overwrite``), SaveNameError for a bad name, SaveError if the disk refuses."""
    path = named_path(name, folder)
    _writable(path.parent)
    if path.exists() and not overwrite:
        raise SaveExistsError(f"a save named '{path.stem}' exists already")
    return _write(path, session)


def _user_folder_writable(path: Path) -> None:
    """FolderInUse when ``path`` lies in a saves folder that another running copy holds."""
    _writable(path.parent.parent if _folder_kind(path) == "recent" else path.parent)


def delete(path: Path | str) -> None:
    """Delete a save (the player asked). SaveError if it cannot be deleted."""
    path = Path(path)
    if path.resolve().parent == practice_dir():
        raise SaveError("practice positions come with Card Table and cannot be deleted")
    _user_folder_writable(path)
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise SaveError(f"could not delete {path.name}: {e.strerror or e}") from None


def rename(path: Path | str, new_name: str, *, overwrite: bool = False) -> Path:
    """Give a save a new name (works for damaged files too; the contents are untouched). A
    recent game renamed becomes one of the player's named saves."""
    path = Path(path)
    kind = _folder_kind(path)
    if kind == "practice":
        raise SaveError("practice positions cannot be renamed")
    target = named_path(new_name, path.parent.parent if kind == "recent" else path.parent)
    _user_folder_writable(path)
    if target.exists() and not overwrite:
        try:
            same = os.path.samefile(path, target)  # a change of letter case only
        except OSError:
            same = False
        if not same:
            raise SaveExistsError(f"a save named '{target.stem}' exists already")
    try:
        os.replace(path, target)
    except OSError as e:
        raise SaveError(f"could not rename {path.name}: {e.strerror or e}") from None
    for changed in {path.parent, target.parent}:
        atomic.fsync_dir(changed)
    return target
