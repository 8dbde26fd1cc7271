"""End to end on real cards compiled from ../shared/cards/AtomicCards.json (the bundled sample has no counterspell
that draws, no spell that can't be countered and no permanent with a mana ability): sentences of the G4 readings
— a counterspell's draw on a spell that can't be countered (CR 101.3), a named card's mana ability that does more
than add mana (605.3b), a monocoloured hybrid mana value (202.3f), a sweeper's -X/-X on a protected creature
(702.16) — each true form confirmed and each false form contradicted (or not decided), never the opposite."""
from __future__ import annotations

import pytest

from conftest import shared_path

NAMES = ["Exclude", "Blurred Mongoose", "Chromatic Sphere", "Spectral Procession", "Infest", "Dark Ritual",
         "Spined Megalodon", "Scragnoth"]

CASES = [
    # (page card, text, truth)
    ("Exclude", "《疾風のマングース》などの打ち消されないクリーチャー呪文を対象にした場合でも、カードは引ける。", True),
    ("Exclude", "打ち消されない呪文に使ってもカードを1枚引ける。", True),
    ("Exclude", "打ち消されない呪文に使ってもカードを2枚引ける。", False),
    ("Exclude", "《疾風のマングース》は、打ち消す部分が無視されて、そのまま解決される。打ち消されない。", True),
    (None, "《彩色の宝球》のように、そのマナ能力がマナを生み出す以外のことをする場合、それもスタックに乗らずに直ちに処理される。", True),
    (None, "《彩色の宝球》のように、そのマナ能力がマナを生み出す以外のことをする場合、それはスタックに乗る。", False),
    (None, "《暗黒の儀式》などの、マナを生み出す「呪文」はマナ能力ではない。", True),
    (None, "《暗黒の儀式》などの呪文はマナ能力である。", False),
    (None, "《幽体の行列》の点数で見たマナコストは6。", True),
    (None, "《幽体の行列》のマナ総量は3です。", False),
    (None, "プロテクション(黒)の3/3のクリーチャーも《蔓延》のマイナス修整を受けます。", True),
    (None, "プロテクション(黒)の3/3のクリーチャーは《蔓延》のマイナス修整を受けない。", False),
    (None, "呪禁を持つ《有刺メガロドン》を打ち消し呪文で打ち消すことは可能です。", True),
    (None, "呪禁を持つ《有刺メガロドン》は打ち消し呪文で打ち消すことはできない。", False),
    # a spell that can't be countered: whether it is countered, not whether it can be targeted (101.2)
    (None, "打ち消し呪文では《疾風のマングース》を打ち消すことはできない。", True),
    (None, "《スクラーグノス》は打ち消し呪文で打ち消せない。", True),
    (None, "打ち消し呪文で《疾風のマングース》を打ち消せる。", False),
]


def compiled(names: list[str]):
    """The named cards compiled from the card file (the test skips without it)."""
    from kb.cards_coverage import compiled_table
    return compiled_table(shared_path("cards/AtomicCards.json"), names)


def nlp_of(table):
    """The extractor pipeline knowing those cards' names."""
    from extractor.japanese import build_nlp
    return build_nlp([(c.name_ja, c.name) for c in table])


def card_fixtures(names: list[str]):
    """The module's ``table`` (those cards compiled from the card file) and ``nlp`` (the pipeline knowing their
    names) fixtures: ``table, nlp = card_fixtures(NAMES)``."""
    @pytest.fixture(scope="module", name="table")
    def _table():
        return compiled(names)

    @pytest.fixture(scope="module", name="nlp")
    def _nlp(table):
        return nlp_of(table)

    return _table, _nlp


def judge(vs, truth: bool) -> None:
    """Never the wrong verdict, and the right one among the claims' verdicts."""
    right, wrong = ("confirmed", "contradicted") if truth else ("contradicted", "confirmed")
    detail = "; ".join(f"{v.kind} {v.verdict}: {v.reason[:150]}" for v in vs)
    assert not any(v.verdict == wrong for v in vs), detail
    assert any(v.verdict == right for v in vs), detail


def undecided(vs) -> None:
    """Every claim's verdict is unsimulable: a fact stated and not staged decides nothing."""
    assert all(v.verdict == "unsimulable" for v in vs), [(v.kind, v.verdict, v.reason[:150]) for v in vs]


def wrong_and_missed(nlp, table, cases) -> tuple[list, list]:
    """Of (text, truth) statements: those given the wrong verdict by some claim, and those given the right one by
    none (each with its claims' kinds, verdicts and reasons)."""
    wrong, missed = [], []
    for text, truth in cases:
        vs = _verdicts(nlp, table, None, text)
        right, bad = ("confirmed", "contradicted") if truth else ("contradicted", "confirmed")
        got = {v.verdict for v in vs}
        detail = (text, truth, [(v.kind, v.verdict, v.reason[:120]) for v in vs])
        if bad in got:
            wrong.append(detail)
        elif right not in got:
            missed.append(detail)
    return wrong, missed


table, nlp = card_fixtures(NAMES)


def _verdicts(nlp, table, page: str | None, text: str):
    from engine import crosscheck as cc
    from extractor.claims import attach_claims
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument

    title = f"{table.get(page).name_ja}/{page}" if page else "テスト"
    raw = RawDocument(title=title, text=text, path="g4.txt", form="wikitext", key="g4.txt")
    prov = Provenance(document=title, section=("解説",), line=1, file="g4.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:g4.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    return [cc.check_claim(c, table) for c in doc.claims]


@pytest.mark.parametrize("page, text, truth", CASES, ids=[c[1][:24] for c in CASES])
def test_g4_readings_on_real_cards(nlp, table, page, text, truth):
    judge(_verdicts(nlp, table, page, text), truth)
