"""Quoted wording in rulings (issue 19 item 4): a ``card_text`` claim (《X》は「…」という能力を持つ) is judged by
compiling the quoted Japanese with the Japanese card grammar (kb.cards_ja.quoted_of_claim) and comparing it with
X's English Oracle compile (engine/crosscheck/quoted_text.py).  Every confirming case has a false twin that must
not be confirmed.  Cards are built here from constructions; no ../shared needed."""
from __future__ import annotations

import pytest

from engine.cardbase import Card, Match
from engine.crosscheck import check_claim
from engine.oracle.compile import compile_face
from extractor.facts import Claim, Provenance
from kb.cards_ja import compile_quoted, quoted_of_claim


class Table:
    """The card lookup the cross-check uses, over a few cards built here."""

    def __init__(self, *cards):
        self.cards = {c.name: c for c in cards}

    def resolve(self, name, fuzzy=True):
        c = self.cards.get(name)
        return Match(c, 100.0, "exact_en") if c else None

    def get(self, name):
        return self.cards.get(name)

    def __iter__(self):
        return iter(self.cards.values())

    def __contains__(self, name):
        return name in self.cards

    def __len__(self):
        return len(self.cards)


def card(name, en, types, name_ja=None):
    c = compile_face({"name": name, "text": en, "types": list(types), "supertypes": [], "subtypes": [],
                      "colors": []})
    assert c.supported, c.reason
    return Card(name=name, name_ja=name_ja, types=list(types), has_text=True, text=en, behaviour=c.behaviour,
                power="2" if "Creature" in types else None, toughness="2" if "Creature" in types else None)


def claim(name, quoted):
    return Claim(id="claim:q", kind="card_text", text=f"《{name}》は「{quoted}」という能力を持つ。",
                 prov=Provenance("test", line=1), subject=name, situation={"card": name, "quoted": quoted},
                 outcome={"matches": True})


def judge(table, c):
    return check_claim(c, table, None, quoted_of_claim(c, table))


CASES = [  # (English construction of the card, the quoted Japanese, its false twin — one word or number changed)
    ("Zz Bolt", "Zz Bolt deals 3 damage to any target.", ("Instant",),
     "クリーチャー1体かプレイヤー1人を対象とする。ズズ・ボルトはそれに3点のダメージを与える。",
     "クリーチャー1体かプレイヤー1人を対象とする。ズズ・ボルトはそれに4点のダメージを与える。"),
    ("Zz Growth", "Target creature gets +2/+2 until end of turn.", ("Instant",),
     "クリーチャー1体を対象とする。ターン終了時まで、それは+2/+2の修整を受ける。",
     "クリーチャー1体を対象とする。ターン終了時まで、それは+2/+1の修整を受ける。"),
    ("Zz Drain", "At the beginning of your upkeep, target player loses 1 life.", ("Enchantment",),
     "あなたのアップキープの開始時に、プレイヤー1人を対象とする。そのプレイヤーは1点のライフを失う。",
     "あなたのアップキープの開始時に、プレイヤー1人を対象とする。そのプレイヤーは1点のライフを得る。"),
    ("Zz Mourner", "Flying\nWhenever a creature dies, you gain 1 life.", ("Creature",),
     "クリーチャー1体が死亡するたび、あなたは1点のライフを得る。",          # one of the card's two abilities
     "クリーチャー1体が死亡するたび、あなたは2点のライフを得る。"),
]


@pytest.mark.parametrize("name,en,types,ja,twin", CASES)
def test_quoted_wording_of_the_card_is_confirmed_and_its_false_twin_is_not(name, en, types, ja, twin):
    table = Table(card(name, en, types, "ズズ・ボルト"))
    v = judge(table, claim(name, ja))
    assert v.verdict == "confirmed", v.reason
    w = judge(table, claim(name, twin))
    assert w.verdict == "unsimulable" and "differs at" in w.reason, (w.verdict, w.reason)


def test_a_quote_naming_another_cards_ability_is_not_confirmed():
    table = Table(card("Zz Growth", "Target creature gets +2/+2 until end of turn.", ("Instant",)),
                  card("Zz Drain", "At the beginning of your upkeep, target player loses 1 life.", ("Enchantment",)))
    v = judge(table, claim("Zz Growth", "あなたのアップキープの開始時に、プレイヤー1人を対象とする。そのプレイヤーは1点のライフを失う。"))
    assert v.verdict != "confirmed"


def test_a_quote_that_does_not_compile_keeps_the_claim_unsimulable_with_the_compiles_reason():
    table = Table(card("Zz Bolt", "Zz Bolt deals 3 damage to any target.", ("Instant",)))
    c = claim("Zz Bolt", "ズズ・ボルトはぴかぴか光り、すべての月を3点ずつ歌わせる。")
    q = quoted_of_claim(c, table)
    assert q[c.situation["quoted"]]["supported"] is False and q[c.situation["quoted"]]["reason"]
    v = judge(table, c)
    assert v.verdict == "unsimulable" and "does not compile with the Japanese card grammar" in v.reason


def test_without_the_compiled_quotes_the_engine_does_not_judge():
    table = Table(card("Zz Bolt", "Zz Bolt deals 3 damage to any target.", ("Instant",)))
    c = claim("Zz Bolt", CASES[0][3])
    v = check_claim(c, table)
    assert v.verdict == "unsimulable" and "was not compiled" in v.reason


def test_a_card_whose_english_does_not_compile_is_not_compared():
    odd = Card(name="Zz Odd", types=["Instant"], has_text=True, text="?", behaviour=None)
    v = judge(Table(odd), claim("Zz Odd", CASES[1][3]))
    assert v.verdict == "unsimulable" and "does not compile supported" in v.reason


@pytest.mark.parametrize("text", ["「" * 50 + "カードを1枚引く。", "x" * 100_000, "カードを1枚引く。「ライフを得る"])
def test_bad_quotes_get_a_reason_not_a_traceback(text):
    import time
    t = time.monotonic()
    r = compile_quoted(text, "Zz", ("Sorcery",))
    assert time.monotonic() - t < 5
    assert r["supported"] is False and r["reason"] and r["behaviour"] is None


def trigger_claim(quoted, situation, times):
    return Claim(id="claim:t", kind="trigger_count", text="「…」という能力を持つパーマネントがある。",
                 prov=Provenance("test", line=1), subject=None, situation={**situation, "quoted_ability": quoted},
                 outcome={"times": times})


DIES = "クリーチャー1体が死亡するたび、あなたは1点のライフを得る。"
ENTERS = "クリーチャー1体が戦場に出るたび、あなたは1点のライフを得る。"


@pytest.mark.parametrize("quoted,event,times,twin_times", [(DIES, "dies", 1, 2), (ENTERS, "enters", 1, 0)])
def test_a_trigger_given_by_its_quoted_wording_is_staged_from_its_compile(quoted, event, times, twin_times):
    sit = {"event": event, "objects": ["Grizzly Bears"]}
    c = trigger_claim(quoted, sit, times)
    v = check_claim(c, None, None, quoted_of_claim(c, None))
    assert v.verdict == "confirmed", v.reason
    assert "described object artifact" in v.reason and "as 2/2" in v.reason   # its open type and P/T are readings
    twin = trigger_claim(quoted, sit, twin_times)
    assert check_claim(twin, None, None, quoted_of_claim(twin, None)).verdict != "confirmed"


def test_a_quoted_trigger_with_another_event_is_not_confirmed():
    c = trigger_claim(ENTERS, {"event": "dies", "objects": ["Grizzly Bears"]}, 1)
    assert check_claim(c, None, None, quoted_of_claim(c, None)).verdict != "confirmed"


def test_a_quoted_trigger_that_does_not_compile_gives_the_compiles_reason():
    c = trigger_claim("クリーチャー1体がきらきら踊るたび、あなたは1点のライフを得る。", {"event": "dies",
                                                                   "objects": ["Grizzly Bears"]}, 1)
    v = check_claim(c, None, None, quoted_of_claim(c, None))
    assert v.verdict == "unsimulable" and "does not compile with the Japanese card grammar" in v.reason
    assert check_claim(c, None).verdict == "unsimulable"          # no compiled quotes: not staged at all


UPKEEP_WIN = "あなたのアップキープの開始時に、あなたのライフが40点以上である場合、あなたはこのゲームに勝利する。"


@pytest.mark.parametrize("kind,life,times", [("trigger_count", {"at_least": 40}, 1), ("no_trigger", {"at_most": 39}, 0)])
def test_an_upkeep_trigger_with_an_intervening_if_is_staged_at_the_stated_life(kind, life, times):
    """603.4: the life total the sentence states decides whether the quoted upkeep ability triggers; the
    opposite life total is contradicted, and a life total never stated for another event is not staged."""
    def mk(k, lf, t):
        return Claim(id="claim:u", kind=k, text="…", prov=Provenance("test", line=1), subject=None,
                     situation={"event": "upkeep", "events": ["upkeep"], "life": lf, "quoted_ability": UPKEEP_WIN},
                     outcome={"times": t})
    c = mk(kind, life, times)
    v = check_claim(c, None, None, quoted_of_claim(c, None))
    assert v.verdict == "confirmed", v.reason
    other = {"at_least": 40} if "at_most" in life else {"at_most": 39}
    twin = mk(kind, other, times)
    assert check_claim(twin, None, None, quoted_of_claim(twin, None)).verdict == "contradicted"
    moved = Claim(**{**c.__dict__, "situation": {**c.situation, "event": "dies", "events": ["dies"]}})
    assert check_claim(moved, None, None, quoted_of_claim(moved, None)).verdict == "unsimulable"


LAND_TO_GY = "土地が1つ戦場から墓地に置かれるたび／Whenever a land is put into a graveyard from the battlefield"


def test_a_trigger_condition_quoted_alone_and_a_spell_described_by_its_effect_are_staged():
    """603.2c: the quoted condition (both languages, which must agree) is a stand-in's ability; the spell the
    sentence describes by its effect is cast; it triggers once per land destroyed, never another count."""
    def mk(times, spell="すべての土地を破壊する。", quote=LAND_TO_GY, objects=({"type": "Land"},)):
        return Claim(id="claim:c", kind="trigger_count", text="…", prov=Provenance("test", line=1), subject=None,
                     situation={"event": "cast", "objects": list(objects), "events": ["destroyed", "cast"],
                                "quoted_ability": quote, "cause_spell": spell}, outcome={"times": times})
    c = mk("per_object")
    v = check_claim(c, None, None, quoted_of_claim(c, None))
    assert v.verdict == "confirmed", v.reason
    assert check_claim(mk(1), None, None, quoted_of_claim(mk(1), None)).verdict != "confirmed"
    # the effect does not compile: its reason; the objects not stated: not staged; the halves disagree: not staged
    bad = mk("per_object", spell="すべての土地を眺める。")
    assert "does not compile" in check_claim(bad, None, None, quoted_of_claim(bad, None)).reason
    bare = mk(2, objects=())
    assert check_claim(bare, None, None, quoted_of_claim(bare, None)).verdict == "unsimulable"
    odd = mk("per_object", quote="土地が1つ戦場から墓地に置かれるたび／Whenever a creature dies")
    r = check_claim(odd, None, None, quoted_of_claim(odd, None))
    assert r.verdict == "unsimulable" and "English half" in r.reason


def test_a_state_trigger_triggers_once_when_the_last_card_of_the_hand_is_played():
    """603.8: 「あなたの手札にカードが1枚もないたび、…」 triggers once when the last card is cast or played, and not
    again while it waits; a claim of twice is contradicted."""
    def mk(times):
        return Claim(id="claim:s", kind="trigger_count", text="…", prov=Provenance("test", line=1), subject=None,
                     situation={"event": "cast", "events": ["cast"], "last_card": "play",
                                "quoted_ability": "あなたの手札にカードが1枚もないたび、カード1枚を引く。"},
                     outcome={"times": times})
    v = check_claim(mk(1), None, None, quoted_of_claim(mk(1), None))
    assert v.verdict == "confirmed", v.reason
    assert "Forest" in v.reason and "Grizzly Bears" in v.reason        # played and cast: both readings
    assert check_claim(mk(2), None, None, quoted_of_claim(mk(2), None)).verdict == "contradicted"


def test_the_object_with_the_quoted_ability_has_the_stated_card_type():
    """603.10a: an artifact whose quoted ability counts creatures dying sees both creatures destroyed with it
    (leaves-the-battlefield abilities look back); a creature with it would also see itself die — so the type
    the sentence gives decides, and a claim of three triggers for the artifact is contradicted."""
    def mk(times, holder="Artifact"):
        return Claim(id="claim:a", kind="trigger_count", text="…", prov=Provenance("test", line=1), subject=None,
                     situation={"event": "dies", "events": ["dies", "destroyed", "cast"], "quoted_holder": holder,
                                "objects": [{"type": "Creature", "n": 2}], "quoted_ability": DIES,
                                "cause_spell": "すべてのアーティファクト、クリーチャー、エンチャントを破壊する。"},
                     outcome={"times": times})
    assert check_claim(mk(2), None, None, quoted_of_claim(mk(2), None)).verdict == "confirmed"
    assert check_claim(mk(3), None, None, quoted_of_claim(mk(3), None)).verdict == "contradicted"
    assert check_claim(mk(3, "Creature"), None, None, quoted_of_claim(mk(3, "Creature"), None)).verdict != "contradicted"


def test_a_card_whose_whole_text_does_not_compile_is_compared_paragraph_by_paragraph():
    """113.2: each paragraph of a card's text is an ability.  A card whose whole Oracle text does not compile still
    has the paragraphs that compile alone: a quote of one of them (Japanese card grammar) is confirmed; its false
    twin (a number, a keyword changed) and a quote of the paragraph that does not compile are not."""
    text = "Flying\nZz Odd Bird gets +1/+1 as long as the moon sings.\n{1}: Zz Odd Bird gets +2/+0 until end of turn."
    assert not compile_face({"name": "Zz Odd Bird", "text": text, "types": ["Creature"]}).supported
    odd = Card(name="Zz Odd Bird", name_ja="ズズ・ヘンドリ", types=["Creature"], has_text=True, text=text,
               behaviour=None, power="1", toughness="1")
    table = Table(odd)
    for quoted in ("飛行", "{1}：ターン終了時まで、ズズ・ヘンドリは+2/+0の修整を受ける。"):
        v = judge(table, claim("Zz Odd Bird", quoted))
        assert v.verdict == "confirmed" and "paragraphs compiled one by one" in v.reason, (quoted, v.reason)
    for twin in ("警戒", "{1}：ターン終了時まで、ズズ・ヘンドリは+3/+0の修整を受ける。",
                 "{2}：ターン終了時まで、ズズ・ヘンドリは+2/+0の修整を受ける。"):
        assert judge(table, claim("Zz Odd Bird", twin)).verdict == "unsimulable", twin
    none = Card(name="Zz Mute", types=["Creature"], has_text=True, text="Zz Mute sings to the moon.", behaviour=None)
    v = judge(Table(none), claim("Zz Mute", "飛行"))
    assert v.verdict == "unsimulable" and "nor does any paragraph" in v.reason
