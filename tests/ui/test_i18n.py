"""The translation catalogues: complete, parallel, and covering every refusal reason."""

import contextlib
import importlib
import json
import pkgutil

import pytest

from game import i18n
from game.engine import reasons
from game.engine.registry import GAME_NAMES

EN = i18n.catalogue("en")
JA = i18n.catalogue("ja")

JA_GAME_NAMES = {
    "canasta": "カナスタ",
    "quick-canasta": "クイック・カナスタ",
    "canastone": "カナストーネ",
    "looking-and-down": "ルッキング・アンド・ダウン",
    "cassino": "カシノ",
}
EN_GAME_NAMES = {
    "canasta": "Canasta",
    "quick-canasta": "Quick Canasta",
    "canastone": "Canastone",
    "looking-and-down": "Looking and Down",
    "cassino": "Cassino",
}


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def _load_engines():
    """Import every engine module so that their reasons register (absent engines are fine)."""
    for pkg_name in ("game.engine.canasta", "game.engine.cassino"):
        try:
            pkg = importlib.import_module(pkg_name)
        except Exception:
            continue
        for info in pkgutil.walk_packages(pkg.__path__, pkg_name + "."):
            with contextlib.suppress(Exception):
                importlib.import_module(info.name)


def test_same_keys_in_both_languages():
    assert set(EN) == set(JA), (set(EN) ^ set(JA))


def test_same_placeholders_per_key():
    bad = [k for k in EN if i18n.placeholders(EN[k]) != i18n.placeholders(JA[k])]
    assert not bad


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_empty_strings(lang):
    cat = i18n.catalogue(lang)
    assert all(isinstance(v, str) and v.strip() for v in cat.values())


def test_files_are_valid_json_without_duplicate_keys():
    def no_dupes(pairs):
        keys = [k for k, _ in pairs]
        assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]
        return dict(pairs)

    for lang in i18n.LANGUAGES:
        with open(i18n.LOCALES_DIR / f"{lang}.json", encoding="utf-8") as f:
            json.load(f, object_pairs_hook=no_dupes)


def test_game_names():
    assert set(GAME_NAMES) == set(EN_GAME_NAMES)
    for game in GAME_NAMES:
        i18n.set_language("en")
        assert i18n.game_name(game) == EN_GAME_NAMES[game]
        i18n.set_language("ja")
        assert i18n.game_name(game) == JA_GAME_NAMES[game]


def test_required_words_present():
    required = [
        "menu.new_game", "menu.continue", "menu.load", "menu.settings", "menu.rules", "menu.quit",
        "new_game.game", "new_game.players", "new_game.human", "new_game.computer",
        "level.easy", "level.normal", "level.hard", "new_game.options",
        "new_game.score_keeper", "new_game.target", "new_game.start", "new_game.back",
        "settings.language", "settings.sound", "settings.volume", "settings.animation_speed",
        "settings.card_size", "settings.deck.two-colour", "settings.deck.four-colour",
        "settings.fullscreen", "table.stock", "table.discard_pile", "table.frozen",
        "table.your_turn", "table.draw", "table.take_pile", "table.meld", "table.add",
        "table.discard", "table.ask_partner", "table.yes", "table.no", "score.melds",
        "score.canasta_bonuses", "score.red_threes", "score.going_out", "score.cards_in_hand",
        "score.total", "score.deal", "score.game_over", "score.winner", "score.cards",
        "score.spades", "score.ten_of_diamonds", "score.two_of_spades", "score.aces",
        "score.sweeps",
    ]
    assert [k for k in required if k not in EN] == []


def test_every_option_has_a_label_and_help():
    from game.engine.registry import GAMES

    for info in GAMES.values():
        for opt in info.options:
            assert opt.label_key in EN and opt.help_key in EN


def test_every_refusal_reason_is_translated():
    _load_engines()
    missing = [k for k in reasons.ENGLISH if f"reason.{k}" not in EN]
    assert not missing, f"add reason.<key> to game/locales/*.json for: {missing}"
    for key, sentence in reasons.ENGLISH.items():
        assert i18n.placeholders(EN[f"reason.{key}"]) == i18n.placeholders(sentence), key


def test_translate_reason():
    r = reasons.reason("not_your_turn", seat=3)
    i18n.set_language("en")
    assert i18n.translate_reason(r) == "It is not seat 3's turn."
    i18n.set_language("ja")
    assert i18n.translate_reason(r) == "席3の番ではありません。"
    assert i18n.translate_reason("plain text") == "plain text"


def test_translate_nested_reasons_and_rank_words():
    _load_engines()
    if "keep_cards" not in reasons.ENGLISH or "take_pair" not in reasons.ENGLISH:
        pytest.skip("canasta engine not present")
    r = reasons.reason("keep_cards", why=reasons.reason("why_partner_no"), keep=2)
    i18n.set_language("ja")
    text = i18n.translate_reason(r)
    assert "いいえ" in text and "2枚" in text and "partner" not in text
    assert "ナチュラルのAを2枚" in i18n.translate_reason(
        reasons.reason("take_pair", count=2, rank="ace"))
    i18n.set_language("en")
    assert i18n.translate_reason(r) == str(r)


def test_missing_key_falls_back_to_key():
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("new_game.seat") == "Seat {n}"  # missing parameter: template, no crash


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LC_ALL": "ja_JP.eucJP", "LANG": "en_US.UTF-8"}, "ja"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_detect_language(env, expected):
    assert i18n.detect_language(env) == expected


def test_set_language_auto_and_unknown(monkeypatch):
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert i18n.set_language("auto") == "ja"
    assert i18n.current_language() == "ja"
    assert i18n.set_language("xx") == "en"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_refusals_name_cards_as_players_read_them(lang):
    """Refusals show cards as the move log does (7♥), never in notation (7H): every refusal of
    wrong Cassino captures and builds (CN-4, CN-6) and of cards not in hand, in both languages."""
    import random
    import re

    from game.engine.actions import Action
    from game.engine.base import DealSetup
    from game.engine.registry import get_game

    notation = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b|\bJK\b")
    game = get_game("cassino")
    i18n.set_language(lang)
    try:
        seen = 0
        for seed in range(6):
            deck = list(game.deck_for(2))
            random.Random(seed).shuffle(deck)
            st = game.new_deal(DealSetup(players=2, deck=tuple(deck), dealer=0))
            seat = st.current_player()
            seen_by_seat = st.observation(seat)
            hand, table = seen_by_seat["hand"], seen_by_seat["table"]["loose"]
            tries = [Action(seat, "capture", ((p,), tuple(table))) for p in hand]
            tries += [Action(seat, "build", ((p,), tuple(table))) for p in hand]
            for a in tries:
                why = st.why_illegal(a)
                if why is None:
                    continue
                text = i18n.translate_reason(why)
                assert not notation.search(text), text
                seen += 1
        assert seen > 10
    finally:
        i18n.set_language("en")
