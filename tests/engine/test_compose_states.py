"""State predicates read by composition (issue 20): attacking taps a creature (508.1f), vigilance keeps it
untapped (702.20b), blocking never taps (509.1); keywords' reminder texts (702.1) and the passive's agent
(によって, 702.16f) — generated statements with an automatic key.

Statements are built from constructions × the bundled creature cards (the key — does it tap when it attacks —
comes from the card's compiled behaviour: vigilance or not) × described objects (the keyword a description
states), then mutated: polarity flipped (also as a Q&A answer), the card swapped for one whose behaviour
differs, the keyword swapped.  Every statement runs end to end (extractor pipeline, then the cross-check with the
bundled cards).  Asserted: no false statement is confirmed, no true one contradicted, most of each decided.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from test_composed import check_generated, verdicts

# keywords that change whether or how a creature attacks or blocks: such a card is not a plain instance
_ODD = {"defender", "cant_attack_alone", "attacks_each_combat", "cant_block", "unblockable"}


@lru_cache(maxsize=1)
def creatures() -> list[tuple[str, bool]]:
    """(JA name, has vigilance) of each bundled creature with a compiled behaviour and no trigger of its own —
    the vigilance read from that behaviour, never written here."""
    import yaml

    from engine.crosscheck.cards import Cards
    from engine.cardbase import BUNDLED

    cards = Cards(None)
    out = []
    for e in yaml.safe_load(BUNDLED.read_text(encoding="utf-8")):
        if "Creature" not in (e.get("types") or []) or not e.get("name_ja"):
            continue
        beh = cards.behaviour(e["name"])
        if beh is None or beh.triggers or set(beh.keywords or ()) & _ODD:
            continue
        out.append((e["name_ja"], "vigilance" in (beh.keywords or ())))
    return out


KEYWORDS = {"警戒": True, "飛行": False, "到達": False, "先制攻撃": False, "トランプル": False, "絆魂": False}
# the wiki glosses a term with its English name (「警戒/Vigilance」): the Japanese term is the one read
GLOSS = {"警戒": "Vigilance", "飛行": "Flying", "到達": "Reach", "先制攻撃": "First Strike", "トランプル": "Trample",
         "絆魂": "Lifelink"}


def statements() -> list[tuple[str, bool, str]]:
    """(text, truth, construction); a construction with '/' is a mutation of a true statement."""
    out: list[tuple[str, bool, str]] = []

    def add(text: str, truth: bool, what: str):
        out.append((text, truth, what))

    def pair(yes: str, no: str, truth: bool, what: str):
        """A statement and its polarity flip (the flip is the mutation when the statement is true)."""
        add(yes, truth, what if truth else what + " / card")
        add(no, not truth, what + " / polarity" if truth else what)

    # every card of the rarer kind (vigilance), and as many of the other (the suite's time is shared)
    cards = [c for c in creatures() if c[1]] + [c for c in creatures() if not c[1]][:12]
    for name, vig in cards:
        # 508.1f / 702.20b: an attacking creature taps unless it has vigilance
        pair(f"《{name}》は攻撃してもタップしない。", f"《{name}》は攻撃してもタップする。", vig, "702.20b")
        pair(f"《{name}》は攻撃に参加してもタップしない。", f"《{name}》は攻撃に参加してもタップする。", vig, "702.20b")
        pair(f"《{name}》は攻撃してもアンタップ状態のままである。", f"《{name}》が攻撃した場合、タップ状態になる。", vig,
             "702.20b")
        add(f"Q: 《{name}》は攻撃するとタップしますか？\nA: {'いいえ' if vig else 'はい'}。", True, "702.20b (Q&A)")
        add(f"Q: 《{name}》は攻撃するとタップしますか？\nA: {'はい' if vig else 'いいえ'}。", False,
            "702.20b (Q&A) / polarity")
        # 509.1: declaring a blocker does not tap it
        pair(f"《{name}》はブロックしてもタップしない。", f"《{name}》はブロックするとタップする。", True, "509.1")
    for kw, vig in KEYWORDS.items():
        for colour in ("", "赤の", "白の"):
            obj = f"{kw}を持つ{colour}クリーチャー"
            pair(f"{obj}は、攻撃に参加してもタップしない。", f"{obj}は、攻撃に参加してもタップする。", vig, "702.20b")
            pair(f"{obj}は攻撃してもアンタップ状態のままである。", f"{obj}は攻撃するとタップする。", vig, "702.20b")
            pair(f"{obj}はブロックしてもタップしない。", f"{obj}はブロックするとタップする。", True, "509.1")
        glossed = f"{kw}/{GLOSS[kw]}を持つクリーチャー"
        pair(f"{glossed}は、攻撃に参加してもタップしない。", f"{glossed}は、攻撃に参加してもタップする。", vig,
             "702.20b (glossed)")
    # a keyword's reminder text (702.1) is a statement about a creature with that keyword; the keyword swapped
    # for one the statement is false of is the mutation
    reminders = [("は攻撃してもタップしない", {"警戒"}),
                 ("は飛行や到達を持たないクリーチャーによってはブロックされない", {"飛行"}),
                 ("は、先制攻撃を持たないクリーチャーより先に戦闘ダメージを与える", {"先制攻撃", "二段攻撃"}),
                 ("は飛行を持つクリーチャーをブロックできる", {"到達", "飛行"}),
                 # its 「あなた」 is the creature's controller (109.5)
                 ("がダメージを与えると、さらにあなたはその点数分のライフを得る", {"絆魂"})]
    for body, true_of in reminders:
        for kw in ("警戒", "飛行", "到達", "先制攻撃", "二段攻撃", "トランプル", "絆魂"):
            truth = kw in true_of
            if truth and "先制攻撃を持たない" in body:
                continue    # not every creature without first strike: it may have double strike (702.4b)
            add(f"{kw}(このクリーチャー{body}。)", truth, "702.1 reminder" if truth else "702.1 reminder / keyword")
    # 702.16f with the passive's agent (によって): blocked by a creature of the quality or not
    for i, c in enumerate(("白", "青", "黒", "赤", "緑")):
        other = ("白", "青", "黒", "赤", "緑")[(i + 2) % 5]
        pair(f"プロテクション（{c}）を持つクリーチャーは{c}のクリーチャーによってはブロックされない。",
             f"プロテクション（{c}）を持つクリーチャーは{c}のクリーチャーによってブロックされる。", True, "702.16f")
        add(f"プロテクション（{c}）を持つクリーチャーは{other}のクリーチャーによってはブロックされない。", False,
            "702.16f / quality")
    return out


@lru_cache(maxsize=None)
def judged() -> list[tuple[str, bool, str, list[str]]]:
    return [(t, truth, what, [v for k, v in verdicts(t) if k == "composed"]) for t, truth, what in statements()]


def test_the_key_comes_from_both_kinds_of_card():
    kinds = {vig for _, vig in creatures()}
    assert kinds == {True, False}, creatures()


def test_no_false_statement_is_confirmed_and_most_are_decided():
    check_generated(judged(), n_true=60, n_mutants=60)


@pytest.mark.parametrize("text", [
    # a tapped state of an object is no event: 「タップしている」 is never read as "becomes tapped"
    "タップしているクリーチャーはタップしない。",
    # 「アンタップする」 is not 「タップする」
    "警戒を持つクリーチャーは攻撃してもアンタップしない。",
    # no event staged: whether it taps is not observed
    "《彩色マンティコア》はタップしない。",
])
def test_a_state_the_staging_does_not_keep_is_never_decided(text):
    assert [v for k, v in verdicts(text) if k == "composed"] in ([], ["unsimulable"])


@pytest.mark.parametrize("text, span, keyword", [
    # a keyword's own wiki page names it like a card (Vigilance, Flying are card names too): where only a keyword
    # can stand — what an object has, a reminder text's head — the mark is that keyword
    ("警戒/Vigilanceを持つクリーチャーは、攻撃に参加してもタップしない。", (0, 2, "Vigilance"), "vigilance"),
    ("警戒(このクリーチャーは攻撃してもタップしない。)", (0, 2, "Vigilance"), "vigilance"),
    ("飛行を持つクリーチャーは攻撃するとタップする。", (0, 2, "Flying"), "flying"),
    # where a card can stand, the card stays the card
    ("警戒は攻撃するとタップする。", (0, 2, "Vigilance"), None),
])
def test_a_card_named_like_a_keyword_is_the_keyword_only_where_a_keyword_stands(text, span, keyword):
    from extractor.claims.compose import compose
    from extractor.claims.sentences import make_sentence

    found = compose(make_sentence(text, [span], 1, []))
    assert found is not None
    actor = found.situation["actors"]["A"]
    if keyword:
        assert actor["desc"]["keywords"] == [keyword]
    else:
        assert actor == span[2]
