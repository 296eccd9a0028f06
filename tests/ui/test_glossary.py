"""One word per game concept (docs/glossary.md): the catalogues and the rules texts shown in
the game use the glossary's terms, never the variants it lists (予約, not リザーブ, 役札 or 組む,
for a Cassino reservation; 場に出す, not 捨て札, for a trail; reserve, not build)."""

from __future__ import annotations

import fnmatch
import re

import pytest

from game.i18n import LANGUAGES, catalogue
from game.ui.paths import ROOT, RULES_TEXT_DIR

GLOSSARY = ROOT / "docs" / "glossary.md"
GLOSS = re.compile(r"\([^)]*\)|（[^）]*）")  # a variant may follow its term as a gloss


def _sections() -> list[dict]:
    """Per ``##`` section: its key patterns (None: every key no other section claims), its
    rules texts and its forbidden variants per language."""
    sections: list[dict] = []
    for block in re.split(r"\n(?=## )", GLOSSARY.read_text(encoding="utf-8")):
        if not block.startswith("## "):
            continue
        title, _, body = block.partition("\n")
        scope = re.search(r"Catalogue keys:(.*?)Rules texts:(.*?)\n\n", body, re.DOTALL)
        assert scope, title
        sec = {"title": title[3:], "keys": re.findall(r"`([^`]+)`", scope[1]) or None,
               "rules": re.findall(r"`([^`]+)`", scope[2]), "not": {"en": set(), "ja": set()}}
        for line in body.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("|") and len(cells) == 5 and cells[0] not in ("Concept", "---"):
                for lang, cell in (("en", cells[3]), ("ja", cells[4])):
                    sec["not"][lang] |= {w.strip() for w in cell.split(",") if w.strip()}
        sections.append(sec)
    return sections


def _owner(key: str, sections: list[dict]) -> dict:
    for sec in sections:
        if sec["keys"] and any(fnmatch.fnmatchcase(key, p) for p in sec["keys"]):
            return sec
    return next(sec for sec in sections if sec["keys"] is None)


def _offending(text: str, lang: str, words: set[str]) -> list[str]:
    text = GLOSS.sub("", text)
    if lang == "en":
        return [w for w in words if re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE)]
    return [w for w in words if w in text]


def test_the_glossary_reads_as_the_test_expects():
    sections = _sections()
    assert [s["title"] for s in sections] == ["Canasta games", "Cassino"]
    assert sum(s["keys"] is None for s in sections) == 1
    assert {"リザーブ", "役札", "組む", "捨て札"} <= sections[1]["not"]["ja"]
    assert "build" in sections[1]["not"]["en"]
    shipped = {p.name for p in (RULES_TEXT_DIR / "en").glob("*.md")}
    assert sorted(r for s in sections for r in s["rules"]) == sorted(shipped)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogues_use_the_glossary_terms(lang):
    sections = _sections()
    bad = {}
    for key, text in catalogue(lang).items():
        found = _offending(text, lang, _owner(key, sections)["not"][lang])
        if found:
            bad[key] = found
    assert not bad, f"{lang}: use docs/glossary.md's terms: {bad}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_texts_use_the_glossary_terms(lang):
    bad = {}
    for sec in _sections():
        for name in sec["rules"]:
            for n, line in enumerate((RULES_TEXT_DIR / lang / name).read_text(
                    encoding="utf-8").splitlines(), 1):
                found = _offending(line, lang, sec["not"][lang])
                if found:
                    bad[f"{lang}/{name}:{n}"] = found
    assert not bad, f"use docs/glossary.md's terms: {bad}"


def test_the_japanese_computer_is_always_konpyuutaa():
    """One spelling of "computer" in Japanese (コンピューター, as at the table and in New game;
    the statistics and the daily deal said コンピュータ)."""
    import re

    texts = list(catalogue("ja").values()) + [
        p.read_text(encoding="utf-8") for p in (RULES_TEXT_DIR / "ja").iterdir()]
    bad = [x for x in texts if re.search("コンピュータ(?!ー)", x)]
    assert not bad, bad
