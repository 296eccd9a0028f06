"""The practice positions bundled in the repository's ``saves/`` folder, and their generator.

Each is an ordinary save (it loads through game.saves like any other) whose game starts from a
hand-made position, with a title and a description in English and Japanese and the moves that
solve it. The Cassino ones are the rule book's seed examples 6 to 11 (reservations and
overrides, CN-6); the canasta ones teach the frozen pile, the opening minimum and going out.

    python -m game.saves.practice          # rewrite saves/*.json from the definitions below

tests/saves/test_practice.py checks that the files are exactly what this module writes.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game.saves.files import SaveMeta, build_document, encode, set_meta
from game.saves.model import PracticeInfo
from game.session import GameSession, SeatConfig

STAMP = "2026-11-21T00:00:00Z"
SEED = 1


@dataclass
class Puzzle:
    id: str
    rules: str
    players: int
    topic: str
    position: dict
    title: tuple[str, str]  # English, Japanese
    description: tuple[str, str]
    solution: list[str] = field(default_factory=list)


EX6 = ["3H", "JC", "5D", "KD"]
EX10 = ["JC", "5D", "KD"]

PUZZLES = [
    Puzzle(
        "cassino-06", "cassino", 2, "cassino-reservation",
        {"hands": [["AC", "4H"], ["3S", "QS", "9S"]], "table": EX6},
        ("Reserve for next turn (example 6)", "次の番のための予約(例6)"),
        ("You hold AC and 4H. Play AC, put it with 3H and declare 4: next turn your 4H takes "
         "both, and the opponent can take them only with a 4.",
         "手札はクラブAとハート4。クラブAを出して場のハート3とひとまとめにし「4」と宣言しましょう。"
         "次の番にハート4で取れます。相手は4を出さない限り取れません。"),
        ["0 build AC 3H = 4"],
    ),
    Puzzle(
        "cassino-07", "cassino", 2, "cassino-reservation",
        {"hands": [["2S", "5H"], ["10S", "9S"]], "table": EX6},
        ("Two groups of five (example 7)", "5の組を2つ(例7)"),
        ("You hold 2S and 5H. Play 2S and reserve it with 3H and 5D as 5: (2+3) and (5). The "
         "opponent's 10 cannot take them, although 2+3+5 = 10.",
         "手札はスペード2とハート5。スペード2を出し、ハート3とダイア5と合わせて「5」と予約しましょう"
         "((2+3)と(5))。2+3+5=10でも、相手は10では取れません。"),
        ["0 build 2S 3H 5D = 5"],
    ),
    Puzzle(
        "cassino-08", "cassino", 2, "cassino-capture",
        {"hands": [["2S", "8H"], ["9S", "QS"]], "table": EX6},
        ("A reservation uses the card played (example 8)", "予約には出したカードを使う(例8)"),
        ("You hold 2S and 8H. You cannot play 2S and reserve 3H and 5D as 8, because a "
         "reservation must include the card you play. Take 3H and 5D with 8H now instead.",
         "手札はスペード2とハート8。スペード2を出してハート3とダイア5を「8」と予約することはできません。"
         "予約には出したカードを使わねばならないからです。今すぐハート8でハート3とダイア5を取りましょう。"),
        ["0 capture 8H 3H 5D"],
    ),
    Puzzle(
        "cassino-09", "cassino", 2, "cassino-reservation",
        {"hands": [["AS", "AH"], ["9S", "QS"]], "table": ["JD", "3H"]},
        ("A reservation needs a table card (example 9)", "予約には場札が要る(例9)"),
        ("You hold AS and AH; the table has JD and 3H. Playing AS alone cannot be reserved as "
         "1, even though you keep an ace: a reservation uses at least one table card. Nothing "
         "can be captured or reserved, so trail an ace.",
         "手札はスペードAとハートA、場札はダイアJとハート3。手札にAが残っても、スペードAだけで「1」と"
         "予約することはできません。予約には場札を1枚以上使うからです。取れる札も予約もないので、Aを"
         "場に出しましょう。"),
        ["0 trail AS"],
    ),
    Puzzle(
        "cassino-10", "cassino", 2, "cassino-reservation",
        {"hands": [["2C", "6C"], ["4C", "9S"]], "table": EX10,
         "reservations": [[["AC", "3H"], 4, 1]]},
        ("Override a reservation (example 10)", "予約の上書き(例10)"),
        ("The opponent has reserved AC and 3H as 4. You hold 2C and 6C: play 2C with the whole "
         "reservation and declare 6. The reservation is now yours, and your 6C takes it next "
         "turn.",
         "相手がクラブAとハート3を「4」として予約しています。手札はクラブ2とクラブ6。クラブ2を出して"
         "予約全体とひとまとめにし「6」と宣言すれば、予約はあなたのものになり、次の番にクラブ6で取れます。"),
        ["0 build 2C AC 3H = 6"],
    ),
    Puzzle(
        "cassino-11", "cassino", 2, "cassino-reservation",
        {"hands": [["3C", "6C"], ["4C", "9S"]], "table": EX10,
         "reservations": [[["AC", "3H"], 4, 1]]},
        ("Override by regrouping (example 11)", "組み直して上書き(例11)"),
        ("The opponent has reserved AC and 3H as 4. You hold 3C and 6C: play 3C with AC, 3H "
         "and 5D and declare 6, as (3C+3H) and (AC+5D).",
         "相手がクラブAとハート3を「4」として予約しています。手札はクラブ3とクラブ6。クラブ3を出し、"
         "クラブA・ハート3・ダイア5とひとまとめにして「6」と宣言しましょう((クラブ3+ハート3)と"
         "(クラブA+ダイア5))。"),
        ["0 build 3C AC 3H 5D = 6"],
    ),
    Puzzle(
        "canasta-frozen-pile", "canasta", 2, "frozen-pile",
        {"hands": ["8H 8C 2S 4D 6C 9H JS QD KC 7S 4S", "5H 5D 6H 6D 7C 9S 10S JD QC 4H AS"],
         "pile": "5C 2H 9D 8S 8D", "melds": [{"K": "KS KD KH"}, {"A": "AH AD AC"}],
         "opened": [True, True], "turn": 0, "phase": "draw"},
        ("The frozen pile", "凍結された捨て札の山"),
        ("A two lies in the discard pile, so the pile is frozen: it can be taken only with two "
         "natural cards of the top card's rank, never with a wild card. Take the pile with "
         "8H 8C.",
         "捨て札の山に2(ワイルドカード)が入っているので、山は凍結されています。凍結中は、一番上の"
         "カードと同じ数字の自然札2枚でしか取れず、ワイルドカードは使えません。ハート8とクラブ8で山を"
         "取りましょう。"),
        ["0 take 8H 8C"],
    ),
    Puzzle(
        "canasta-opening-minimum", "canasta", 2, "opening-minimum",
        {"hands": ["AH AD 2C KH KS KD 9S 9H 6C 7D 4S", "5H 5D 6H 6D 7C 9C 10S JD QC 4H QS"],
         "pile": "5C 10D", "opened": [False, False], "scores": [1600, 900], "turn": 0,
         "phase": "play"},
        ("The opening minimum", "最初のメルドの最低点"),
        ("Your score is 1600, so your first melds must be worth at least 90 together. The kings "
         "alone make 30; meld AH AD 2C (60) and KH KS KD (30) at once, then discard.",
         "あなたの得点は1600点なので、最初のメルドは合計90点以上が必要です。キング3枚だけでは30点。"
         "ハートA・ダイアA・クラブ2(60点)とキング3枚(30点)を同時に出してから、1枚捨てましょう。"),
        ["0 meld AH AD 2C / KH KS KD", "0 discard 4S"],
    ),
    Puzzle(
        "canasta-going-out", "canasta", 2, "going-out",
        {"hands": ["7H 7S 7C 8C 4D", "5C 6H 6D 9C 10S JD QC 4H QS"],
         "pile": "9D 10C", "melds": [{"K": "KH KS KD KC KH KS 2D", "8": "8H 8D 8S"},
                                     {"5": "5H 5D 5S"}],
         "opened": [True, True], "turn": 0, "phase": "play"},
        ("Going out", "上がり"),
        ("You have a canasta of kings, so you may go out: meld 7H 7S 7C, add 8C to your eights, "
         "and discard your last card, 4D.",
         "キングのカナスタがあるので上がれます。ハート7・スペード7・クラブ7をメルドし、クラブ8を8の"
         "メルドに加え、最後の1枚のダイア4を捨てましょう。"),
        ["0 meld 7H 7S 7C", "0 add 8 8C", "0 discard 4D"],
    ),
]


def session_of(p: Puzzle, order: int) -> GameSession:
    # Levels named here, not taken from the default, so the bundled files stay byte-stable.
    seats = [SeatConfig("human", "normal")] + [
        SeatConfig("computer", "normal") for _ in range(p.players - 1)]
    session = GameSession.from_position(p.rules, p.players, p.position, seats=seats, seed=SEED)
    info = PracticeInfo(
        id=p.id, topic=p.topic, order=order,
        title={"en": p.title[0], "ja": p.title[1]},
        description={"en": p.description[0], "ja": p.description[1]},
        solution=p.solution,
    )
    game_id = hashlib.sha256(p.id.encode()).hexdigest()[:32]
    set_meta(session, SaveMeta(game_id, STAMP, info))
    return session


def file_bytes(p: Puzzle, order: int) -> bytes:
    session = session_of(p, order)
    from game.saves.files import meta_of

    return encode(build_document(session, meta_of(session), updated=STAMP))


def write_all(folder: Path) -> list[Path]:
    from game.saves.atomic import write_atomic

    out = []
    for order, p in enumerate(PUZZLES):
        path = folder / f"{p.id}.json"
        write_atomic(path, file_bytes(p, order))
        out.append(path)
    return out


if __name__ == "__main__":  # pragma: no cover
    from game.saves.store import practice_dir

    for path in write_all(practice_dir()):
        print(path)
    sys.exit(0)
