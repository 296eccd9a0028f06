"""The practice positions bundled in the repository's ``saves/`` folder, and their generator.

Each is an ordinary save (it loads through game.saves like any other) whose game starts from a
hand-made position, with a title and a description in English and Japanese and the moves that
solve it, and a goal (game.guide.goals) that says when it is solved. The Cassino ones are the
rule book's seed examples 6 to 11 (reservations and overrides, CN-6); the Canasta ones teach the
frozen pile, the opening minimum and going out; then three each for what sets Quick Canasta,
Canastone and Looking and Down apart (the rule ids are in the comments above each group).

    python -m game.saves.practice          # rewrite saves/*.json from the definitions below

tests/saves/test_practice.py checks that the files are exactly what this module writes.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game.guide.goals import Cond, Goal, reached
from game.saves.files import SaveMeta, build_document, encode, meta_of, set_meta
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
    goal: Goal = ()  # when the position counts as solved (game.guide.goals)
    wrong: list[str] = field(default_factory=list)  # a legal turn that does not solve it


EX6 = ["3H", "JC", "5D", "KD"]
QC_OPPONENT = "5H 5D 6H 6D 7C 9S 10S JD QC 4H AS"
CS_OPPONENT = "5H 5D 6H 6D 7C 9S 10S JD QC 4H AS QS 8H 8D 9D"
LD_OPPONENT = "5H 5D 6H 6D 7C 9S 10S JD QC 4H AS"
LD_DOWNS = ["KH KS KD 9C 4D 6S 8C JC 10H 5C 7S", "QH QS KC 9C 4S 6C 8C JH 10C 5S 7D"]
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
        ["0 build AC 3H = 4"], (Cond("reserved", 4),), ["0 trail 4H"],
    ),
    Puzzle(
        "cassino-07", "cassino", 2, "cassino-reservation",
        {"hands": [["2S", "5H"], ["10S", "9S"]], "table": EX6},
        ("Two groups of five (example 7)", "5の組を2つ(例7)"),
        ("You hold 2S and 5H. Play 2S and reserve it with 3H and 5D as 5: (2+3) and (5). The "
         "opponent's 10 cannot take them, although 2+3+5 = 10.",
         "手札はスペード2とハート5。スペード2を出し、ハート3とダイア5と合わせて「5」と予約しましょう"
         "((2+3)と(5))。2+3+5=10でも、相手は10では取れません。"),
        ["0 build 2S 3H 5D = 5"], (Cond("reserved", 5, 3),), ["0 build 2S 3H = 5"],
    ),
    Puzzle(
        "cassino-08", "cassino", 2, "cassino-capture",
        {"hands": [["2S", "8H"], ["9S", "QS"]], "table": EX6},
        ("A reservation uses the card played (example 8)", "予約には出したカードを使う(例8)"),
        ("You hold 2S and 8H. You cannot play 2S and reserve 3H and 5D as 8, because a "
         "reservation must include the card you play. Take 3H and 5D with 8H now instead.",
         "手札はスペード2とハート8。スペード2を出してハート3とダイア5を「8」と予約することはできません。"
         "予約には出したカードを使わねばならないからです。今すぐハート8でハート3とダイア5を取りましょう。"),
        ["0 capture 8H 3H 5D"], (Cond("captured", 3),), ["0 trail 2S"],
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
        ["0 trail AS"], (Cond("trailed"),),
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
        ["0 build 2C AC 3H = 6"], (Cond("reserved", 6),), ["0 trail 2C"],
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
        ["0 build 3C AC 3H 5D = 6"], (Cond("reserved", 6, 4),),
        ["0 trail 3C"],
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
        ["0 take 8H 8C"], (Cond("took_pile"),), ["0 draw", "0 discard 4D"],
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
        ["0 meld AH AD 2C / KH KS KD", "0 discard 4S"], (Cond("opened"),), ["0 discard 4S"],
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
        ["0 meld 7H 7S 7C", "0 add 8 8C", "0 discard 4D"], (Cond("went_out"),),
        ["0 meld 7H 7S 7C", "0 discard 4D"],
    ),
    # Quick Canasta: what sets it apart (draw two, QC-2; the frozen pile, QC-4; going out, QC-6).
    Puzzle(
        "quick-draw-two", "quick-canasta", 2, "draw-two",
        {"hands": ["7H 7S QH QS 9C 4D 6S 8C JD 10H 5C", QC_OPPONENT],
         "pile": "5S 10D", "stock": "7D QD", "melds": [{"K": "KS KD KH"}, {}],
         "opened": [True, False], "turn": 0, "phase": "draw"},
        ("Quick Canasta: draw two", "クイック・カナスタ:2枚引く"),
        ("In Quick Canasta you draw two cards from the stock, not one. You hold two sevens and "
         "two queens: draw, then meld both 7D and QD with their pairs (7H 7S 7D and QH QS QD) "
         "and discard.",
         "クイック・カナスタでは山札から1枚ではなく2枚引きます。手札には7とクイーンが2枚ずつ。"
         "引いたら、ダイア7とダイアクイーンをそれぞれの組と合わせてメルドし(ハート7・スペード7・"
         "ダイア7と、ハートクイーン・スペードクイーン・ダイアクイーン)、1枚捨てましょう。"),
        ["0 draw", "0 meld 7H 7S 7D / QH QS QD", "0 discard 4D"],
        (Cond("meld", "7"), Cond("meld", "Q")),
        ["0 draw", "0 meld 7H 7S 7D", "0 discard QS"],
    ),
    Puzzle(
        "quick-frozen-pile", "quick-canasta", 2, "take-the-pile",
        {"hands": ["9H 9S 4D 6S 8C JD 10H 5C", "5H 5D 6H 6D 7C 10S JD QC 4H AS 8S"],
         "pile": "5S 2C 10D 9D", "melds": [{"9": "9C 9C 9D"}, {"A": "AH AD AC"}],
         "opened": [True, True], "turn": 0, "phase": "draw"},
        ("Quick Canasta: a frozen pile", "クイック・カナスタ:凍結された山"),
        ("A two in the pile freezes it. You have a meld of nines and 9D is on top, but a frozen "
         "pile can never be taken by adding the top card to a meld: take it with two natural "
         "nines from your hand, 9H 9S. They join your nines.",
         "山に2が入っているので凍結されています。9のメルドがあり、一番上はダイア9ですが、凍結中の山は"
         "一番上のカードをメルドに加えて取ることはできません。手札の自然札の9を2枚(ハート9とスペード9)"
         "使って取りましょう。3枚は9のメルドに加わります。"),
        ["0 take 9H 9S", "0 discard 4D"],
        (Cond("took_pile"),), ["0 draw", "0 discard 4D"],
    ),
    Puzzle(
        "quick-going-out", "quick-canasta", 2, "going-out",
        {"hands": ["5H 5S 5D 5C 5H KC 4D", "6H 6D 7C 9S 10S JD QC 4H AS 8S 8D"],
         "pile": "9S 10D", "stock": "5S 5D", "melds": [{"K": "KS KD KH"}, {"A": "AH AD AC"}],
         "opened": [True, True], "turn": 0, "phase": "draw"},
        ("Quick Canasta: out with the two you draw", "クイック・カナスタ:引いた2枚で上がる"),
        ("You need a canasta to go out, and five fives are not enough. Draw two (they are "
         "5S and 5D), meld the seven fives as a canasta, add KC to your kings and discard 4D to "
         "go out.",
         "上がるにはカナスタが必要ですが、5が5枚では足りません。2枚引き(スペード5とダイア5です)、"
         "5を7枚メルドしてカナスタを作り、クラブキングをキングのメルドに加え、ダイア4を捨てて上がり"
         "ましょう。"),
        ["0 draw", "0 meld 5H 5S 5D 5C 5H 5S 5D", "0 add K KC", "0 discard 4D"],
        (Cond("went_out"),), ["0 draw", "0 meld 5H 5S 5D 5C 5H 5S 5D", "0 discard KC"],
    ),
    # Canastone: open first (CS-8, CS-9), the packet (CS-3, CS-11), the wild canasta (CS-6,
    # CS-7), closing with a clean and a dirty canasta (CS-12).
    Puzzle(
        "canastone-open-first", "canastone", 2, "open-first",
        {"hands": ["AH AD AS KH KS KD 2C 9C 4D 6S 8C JD 10H 5C 7S", CS_OPPONENT],
         "pile": "5S", "packet": "9H 9D 4C 6C 7D", "opened": [False, False], "turn": 0,
         "phase": "draw"},
        ("Canastone: open before you draw", "カナストーネ:引く前にオープン"),
        ("Before your side has opened, you either open as the very first thing in your turn or "
         "draw two and discard without melding. With a minimum of 50 every opening meld must be "
         "clean, so leave the two out: meld AH AD AS and KH KS KD (90) now, then draw and "
         "discard.",
         "まだオープンしていないときは、手番の最初にオープンするか、2枚引いてメルドせずに1枚捨てるか"
         "のどちらかです。最低点が50のときは、オープンのメルドはすべてワイルドカードなしでなければ"
         "なりません。2は使わずに、ハートA・ダイアA・スペードAとキング3枚(90点)を今すぐメルドし、"
         "それから引いて捨てましょう。"),
        ["0 meld AH AD AS / KH KS KD", "0 draw", "0 discard 4D"],
        (Cond("opened"),), ["0 draw", "0 discard 4D"],
    ),
    Puzzle(
        "canastone-packet", "canastone", 2, "packet",
        {"hands": ["QH QS 9C 4D 6S 8C JD 10H 5C 7S", CS_OPPONENT],
         "pile": "QD", "packet": "AH AD 3H KC KS KD 9H 9D 4C 6C 7D JC",
         "melds": [{"A": "AS AC AS"}, {"K": "KH KH KD"}], "opened": [True, True], "turn": 0,
         "phase": "draw"},
        ("Canastone: the packet", "カナストーネ:パケット"),
        ("Under the first queen lie twelve cards face down, as many as a queen's rank: the "
         "packet. Whoever first takes the pile gets it too. Take the pile with QH QS (never by "
         "adding the top card alone), then you draw one card from the stock.",
         "最初のクイーンの下には、クイーンの数と同じ12枚のカードが伏せてあります。これがパケットです。"
         "最初に山を取った人がパケットも受け取ります。ハートクイーンとスペードクイーンで山を取りましょう"
         "(一番上のカードだけをメルドに加えて取ることはできません)。そのあと山札から1枚引きます。"),
        ["0 take QH QS", "0 discard 4D"],
        (Cond("took_pile"),), ["0 draw", "0 discard 4D"],
    ),
    Puzzle(
        "canastone-wild-canasta", "canastone", 2, "wild-canasta",
        {"hands": ["2H JK 9C 4D 6S 8C JD 10H 5C 7S", CS_OPPONENT],
         "pile": "QD 7C", "melds": [{"A": "AS AC AS", "W": "2S 2D 2C JK JK"},
                                    {"K": "KH KH KD"}],
         "opened": [True, True], "turn": 0, "phase": "play"},
        ("Canastone: a wild canasta", "カナストーネ:ワイルドのカナスタ"),
        ("Your side has a meld of five wild cards. Until it has seven, you may not put a wild "
         "card anywhere else nor discard one. Add 2H and JK to it: seven wild cards make a wild "
         "canasta, worth 2000 (3000 with twos only).",
         "あなたの組にはワイルドカード5枚のメルドがあります。7枚になるまでは、ワイルドカードをほかの"
         "メルドに入れることも捨てることもできません。ハート2とジョーカーを加えましょう。ワイルドカード"
         "7枚でワイルドのカナスタになり、2000点(2だけなら3000点)です。"),
        ["0 add W 2H JK", "0 discard 4D"],
        (Cond("canasta", "W"),), ["0 discard 4D"],
    ),
    Puzzle(
        "canastone-closing", "canastone", 2, "going-out",
        {"hands": ["QS 7D 7H 7S 4D", "5H 5D 6H 6D 7C 9S 10S JD 9C 4H AS 3S 8H 8D 9D"],
         "pile": "QD 7C",
         "melds": [{"K": "KS KS KH KH KD KD KC", "Q": "QH QS QD QC QH 2C"}, {"A": "AH AD AC"}],
         "opened": [True, True], "turn": 0, "phase": "play"},
        ("Canastone: closing", "カナストーネ:上がり(クローズ)"),
        ("To close (go out) your side needs a clean canasta and a dirty one. Your kings are "
         "clean; your queens hold a two and have six cards. Add QS to them, meld 7D 7H 7S and "
         "close by discarding 4D: the last discard must be a natural card from 4 to ace.",
         "上がる(クローズする)には、ワイルドカードなしのクリーンなカナスタと、ワイルドカード入りの"
         "ダーティーなカナスタが1つずつ必要です。キングはクリーン、クイーンは2が入った6枚です。"
         "スペードクイーンを加え、ダイア7・ハート7・スペード7をメルドし、ダイア4を捨てて上がり"
         "ましょう。最後に捨てるのは4からAまでの自然札でなければなりません。"),
        ["0 add Q QS", "0 meld 7D 7H 7S", "0 discard 4D"],
        (Cond("went_out"),), ["0 meld 7D 7H 7S", "0 discard 4D"],
    ),
    # Looking and Down: the looking then the down (LD-11), frozen in time (LD-10), the red
    # three on a red canasta (LD-6), going out from the down with two canastas (LD-12).
    Puzzle(
        "ld-looking-then-down", "looking-and-down", 2, "looking-then-down",
        {"hands": ["8H 8S 8D 4C", LD_OPPONENT], "downs": LD_DOWNS, "pile": "9D 10D",
         "melds": [{"A": "AS AC AS"}, {}], "opened": [True, False], "turn": 0, "phase": "play"},
        ("Looking and Down: from looking to down",
         "ルッキング・アンド・ダウン:ルッキングからダウンへ"),
        ("You play your looking first, then your down. Meld 8H 8S 8D and discard 4C: the looking "
         "is used up by the discard, so you pick up your down and your turn ends.",
         "まずルッキング(手札)を使い、次にダウンを使います。ハート8・スペード8・ダイア8をメルドし、"
         "クラブ4を捨てましょう。捨てたことでルッキングがなくなるので、ダウンを手に取り、手番が"
         "終わります。"),
        ["0 meld 8H 8S 8D", "0 discard 4C"],
        (Cond("down"),), ["0 discard 8H"],
    ),
    Puzzle(
        "ld-frozen-in-time", "looking-and-down", 2, "frozen-in-time",
        {"hands": ["9H 9S 4C 6S JD 10H", LD_OPPONENT], "downs": LD_DOWNS, "pile": "QD 9D",
         "melds": [{"A": "AS AC AS"}, {}], "opened": [True, False], "turn": 0, "phase": "draw"},
        ("Looking and Down: frozen in time", "ルッキング・アンド・ダウン:時間の凍結"),
        ("Show 9H 9S to take the pile, then discard 4C. Having taken the pile, you are frozen in "
         "time: until your next turn you may meld whenever you like. Meld 9H 9S 9D after your "
         "discard, during your opponent's turn.",
         "ハート9とスペード9を見せて山を取り、クラブ4を捨てましょう。山を取ったので、あなたは"
         "「時間の凍結」の状態です。次の手番まで、いつでもメルドできます。捨てたあと、相手の手番の間に"
         "ハート9・スペード9・ダイア9をメルドしましょう。"),
        ["0 take 9H 9S", "0 discard 4C", "0 meld 9H 9S 9D"],
        (Cond("frozen_in_time"),), ["0 take 9H 9S", "0 meld 9H 9S 9D", "0 discard 4C"],
    ),
    Puzzle(
        "ld-red-three-canasta", "looking-and-down", 2, "red-three-canasta",
        {"hands": ["3H 4C 6S JD 10H", LD_OPPONENT], "downs": LD_DOWNS, "pile": "QD 9D",
         "melds": [{"A": "AS AC AS", "8": "8H 8H 8S 8S 8D 8D 8C"}, {}],
         "opened": [True, False], "turn": 0, "phase": "play"},
        ("Looking and Down: a red three on a red canasta",
         "ルッキング・アンド・ダウン:赤の3を赤のカナスタに"),
        ("A canasta is exactly seven cards and nothing more can join it, except one red three "
         "on a red canasta (no wild card): then it scores 1000 instead of 500. A red three left "
         "in hand costs 500. Add 3H to your eights, then discard.",
         "カナスタはちょうど7枚で、それ以上は加えられません。ただし、ワイルドカードのない赤の"
         "カナスタには赤の3を1枚だけ加えられ、500点ではなく1000点になります。手に残った赤の3は"
         "マイナス500点です。ハート3を8のカナスタに加えてから、1枚捨てましょう。"),
        ["0 add 8 3H", "0 discard 4C"],
        (Cond("red_three_on_canasta"),), ["0 discard 3H"],
    ),
    Puzzle(
        "ld-going-out", "looking-and-down", 2, "going-out",
        {"hands": ["KD 5H 5S 5D 9C", "5C 5D 6H 6D 7C 9S 10S JD QC 4H AS"],
         "downs": [None, "QH QS KC 9C 4S 6C 8C JH 10C 5S 7D"], "pile": "QD 9D",
         "melds": [{"8": "8H 8H 8S 8S 8D 8D 8C", "K": "KH KS KC KH KS KC"}, {}],
         "opened": [True, False], "turn": 0, "phase": "play"},
        ("Looking and Down: going out from the down",
         "ルッキング・アンド・ダウン:ダウンから上がる"),
        ("You are playing your down, and going out needs two canastas of exactly seven cards. "
         "Your eights are one; add KD to your six kings for the second, meld 5H 5S 5D and "
         "discard 9C (the last discard is optional).",
         "いまはダウンを使っています。上がるには、ちょうど7枚のカナスタが2つ必要です。8がその1つ。"
         "6枚のキングにダイアキングを加えて2つ目を作り、ハート5・スペード5・ダイア5をメルドして、"
         "クラブ9を捨てましょう(最後の捨て札はなくてもかまいません)。"),
        ["0 add K KD", "0 meld 5H 5S 5D", "0 discard 9C"],
        (Cond("went_out"),), ["0 meld 5H 5S 5D", "0 discard KD"],
    ),
]


def puzzle_by_id(puzzle_id: str) -> Puzzle | None:
    return next((p for p in PUZZLES if p.id == puzzle_id), None)


def puzzle_of(session: GameSession) -> Puzzle | None:
    """The practice position a session was started from (None for an ordinary game)."""
    info = meta_of(session).practice
    return puzzle_by_id(info.id) if info is not None else None


def solved(p: Puzzle, session: GameSession) -> bool:
    """The puzzle's goal is reached in this session (read from the engine's public state)."""
    return reached(p.goal, session)


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
