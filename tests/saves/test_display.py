"""Text that comes from a file is shown safely and briefly (issue 10, saves 2 and 3).

- Every refusal reason is one line of at most 300 characters without control characters, for
  many damaged files whose fields hold huge or odd user-controlled text (a 5 MB field name...),
  and so is each line ``saves check`` and ``saves list`` print.
- Line wrapping and cutting measure text a linear number of characters in its length (counted
  on a stand-in font), so a huge text cannot freeze a screen.
- Names with NUL, escape sequences or bidi controls are drawn by the Load screen and printed by
  ``saves list`` safely; a typed save name with such characters is refused, in words."""

from __future__ import annotations

import json
import unicodedata

import pytest

from game import saves
from game.cli import main
from game.safetext import safe_string
from game.session import GameSession, SeatConfig

from .helpers import edit, new_session, play

HUGE = "k" * (5 * 1024 * 1024)
ODD = "A\x00B\x1b[2J\x1b]0;pwned\x07\u202eC\u200b\r\nD"


def _safe_line(text: str, limit: int = 300) -> bool:
    return (len(text) <= limit and "\n" not in text
            and not any(unicodedata.category(c) in ("Cc", "Cf") for c in text))


def _position_doc(folder):
    s = GameSession.from_position("canasta", 2, {"hands": ["7H 7S 7D 9C", "5C 6C 8C"],
                                                 "turn": 0, "opened": [False, False]})
    return saves.save_as(s, "pos")


CORRUPTIONS = {
    "huge top-level field name": lambda d: d.update({HUGE: 1}),
    "huge nested field name": lambda d: d["session"]["match"].update({HUGE: 1}),
    "huge computer seat key": lambda d: d["session"]["bots"].update({HUGE: 1}),
    "huge seat name": lambda d: d["session"]["seats"][0].update(name=HUGE),
    "huge level": lambda d: d["session"]["seats"][1].update(level=HUGE),
    "huge option": lambda d: d["session"]["options"].append(HUGE),
    "huge card": lambda d: d["session"]["deal"]["deck"].__setitem__(0, HUGE),
    "huge action": lambda d: d["session"]["deal"]["actions"].append("0 draw " + "A" * 5000),
    "huge game id": lambda d: d.update(game_id=HUGE),
    "huge time": lambda d: d.update(updated=HUGE),
    "huge rules": lambda d: d["session"].update(rules=HUGE),
    "odd field name": lambda d: d.update({ODD: 1}),
    "odd level": lambda d: d["session"]["seats"][1].update(level=ODD),
    "odd option": lambda d: d["session"]["options"].append(ODD),
    "odd card": lambda d: d["session"]["deal"]["deck"].__setitem__(0, ODD),
    "odd computer seat key": lambda d: d["session"]["bots"].update({ODD: 1}),
    "odd action": lambda d: d["session"]["deal"]["actions"].append("0 draw\x1b[2J"),
}


@pytest.mark.parametrize("resign", [True, False], ids=["checksum-recomputed", "as-edited"])
def test_every_refusal_reason_is_one_short_safe_line(folder, capsys, resign):
    s = play(new_session("canasta", 2, seed=4, human=True), 8)
    good = saves.save_as(s, "good").read_bytes()
    path = folder / "bad.json"
    reasons = []
    for name, change in CORRUPTIONS.items():
        path.write_bytes(good)
        edit(path, change, resign=resign)
        saves.store._CHECKS.clear()
        with pytest.raises(saves.DamagedSave) as e:
            saves.load(path)
        reasons.append((name, str(e.value)))
        assert main(["saves", "check", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and _safe_line(err.rstrip("\n"), 300 + len(str(path)) + 2)
    # a huge key in a hand-made position, and a duplicated huge key
    pos = _position_doc(folder)
    edit(pos, lambda d: d["session"]["position"]["melds"].__setitem__(0, {HUGE: "7H"})
         if d["session"]["position"].get("melds") else d["session"]["position"].update(
             melds=[{HUGE: "7H"}, {}]), resign=resign)
    with pytest.raises(saves.DamagedSave) as e:
        saves.load(pos)
    reasons.append(("huge meld key", str(e.value)))
    path.write_bytes(b'{"format": "cardtable-save", "' + HUGE.encode() + b'": 1, "'
                     + HUGE.encode() + b'": 2}')
    with pytest.raises(saves.DamagedSave) as e:
        saves.load(path)
    reasons.append(("huge duplicated key", str(e.value)))
    bad = [(name, len(r)) for name, r in reasons if not _safe_line(r)]
    assert not bad
    assert main(["saves", "list"]) == 0
    assert all(_safe_line(line, 600) for line in capsys.readouterr().out.splitlines())


def test_odd_seat_names_load_and_list_safely(folder, capsys):
    seats = [SeatConfig("human", name="Ann\x00\x1b[31m\x9b2J"),
             SeatConfig("computer", name=ODD[:40])]
    s = GameSession("cassino", 2, seats=seats, seed=2)
    s.start_deal()
    saves.save_as(play(s, 3), "odd")
    # Made safe when read (the model's boundary), whatever screen or command shows them.
    safe = [safe_string(seats[0].name), safe_string(seats[1].name)]
    assert saves.load(saves.store.named_path("odd")).seats[0].name == safe[0] == "Ann??[31m?2J"
    assert main(["saves", "list"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x00" not in out and "\u202e" not in out
    assert "Ann??[31m" in out
    assert main(["saves", "list", "--json"]) == 0  # the same data, every unsafe one escaped
    out = capsys.readouterr().out
    assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in out.rstrip("\n"))
    odd = [e for e in json.loads(out) if e["name"] == "odd"][0]
    assert [x["name"] for x in odd["summary"]["seats"]] == safe


# ---- wrapping and cutting: measurements linear in the text ---------------------------------

class CountingFont:
    """A stand-in for a pygame font: 7 pixels a character; counts what it is asked to measure."""

    def __init__(self, log):
        self.log = log

    def size(self, text):
        self.log.append(len(text))
        return (7 * len(text), 12)


@pytest.fixture
def counting(monkeypatch):
    pytest.importorskip("pygame")
    from game.ui import fonts

    log: list[int] = []
    monkeypatch.setattr(fonts, "font", lambda size, bold=False: CountingFont(log))
    return log


MB = 1024 * 1024
TEXTS = {
    "words": ("lorem ipsum dolor " * (MB // 18 + 1))[:MB],
    "one long word": "x" * MB,
    # (a Japanese character is a unit of its own: a smaller text keeps the test quick)
    "japanese": ("日本語の文章、" * (MB // 28 + 1))[:MB // 4],
    "mixed": ("name:" + "y" * 997 + " 点。") * (MB // 4020),
}


@pytest.mark.parametrize("name", TEXTS)
def test_wrapping_measures_linearly_and_fits(counting, name):
    from game.ui.textlayout import wrap

    text = TEXTS[name]
    lines = wrap(text, 700, 16)
    assert sum(counting) <= 3 * len(text) + 1000  # characters measured
    assert len(counting) <= 2 * len(text) + 100  # measurements
    assert all(7 * len(line) <= 700 for line in lines)  # a long word is cut, not overflowing
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_cutting_a_row_to_width_measures_a_few_times(counting):
    from game.ui.screens.load_screen import fit_text

    out = fit_text("z" * MB, 16, 700)
    assert out.endswith("…") and 7 * len(out) <= 700
    assert len(counting) <= 40 and sum(counting) <= 40 * 300


# ---- names typed in the Save as and Rename dialogs --------------------------------------------

@pytest.mark.parametrize("name,code", [
    ("a\x00b", "control"), ("\x1b[31mred", "control"), ("tab\there", "control"),
    ("evil\u202etxt", "control"), ("zero\u200bwidth", "control"), ("x" * 61, "too_long"),
    ("a/b", "bad_char"), ("", "empty"),
])
def test_typed_names_with_control_characters_are_refused_in_words(name, code):
    from game import i18n

    with pytest.raises(saves.SaveNameError) as e:
        saves.check_name(name)
    assert e.value.code == code
    pytest.importorskip("pygame")
    from game.ui.screens.load_screen import name_error

    for language in ("en", "ja"):
        i18n.set_language(language)
        problem = name_error(name)
        assert problem == i18n.t(f"load.name_error.{code}") and problem != \
            f"load.name_error.{code}"
    i18n.set_language("en")
    assert name_error("Sunday game") is None

