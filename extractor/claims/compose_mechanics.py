"""General mechanics read by composition (issue 20, item 4): the verb phrases, events and outcomes that the
general rules' statements are built from, added to the composed reader's tables
(:mod:`extractor.claims.compose` extends its own with these; nothing here knows a sentence).

Each entry is one piece, read wherever a sentence is built from it:

- 120.3c: a planeswalker loses loyalty counters equal to the damage — 「その点数に等しい数の忠誠カウンター」 is the
  same outcome as 「その数だけ忠誠カウンター」 (``loses_loyalty``);
- 704.5i: a planeswalker whose loyalty is N — 「忠誠度が0になった」「忠誠カウンターが0個の」 — is an event stating
  its loyalty (``loyalty_is``, the number a fact the staging keeps);
- 702.16c-d (protection: can't be enchanted / equipped): 「…に(よって)装備されない」「…にはつけられない」 — the
  outcome ``attached`` between a host and an attachment (which is which is told by their types in the checker);
- 704.5n: an Equipment attached to a creature it can't equip (protection) becomes unattached — 「…についている
  装備品ははずれる」: the event ``is_attached``, the outcome ``unattached``;
- 510.4 (the first-strike combat damage step): 「AはBより先に戦闘ダメージを与える」 — the outcome ``deals_first``,
  B in the comparative case (より);
- 508.1f / 509.1 / 702.20b (attacking taps, blocking does not, vigilance): 「攻撃に参加し」 is the event
  ``attacks``; the intransitive 「タップする / タップしない」 and 「アンタップ状態のまま(である)」 are the outcome
  ``tapped`` (the latter denied) — a state predicate of the permanent after the events.

The checker is :mod:`engine.crosscheck.outcome_mechanics`.
"""
from __future__ import annotations

import re

# (pattern of the verb phrase, name, role of each case: s = は/が/も, d = に, g = の, o = を) — as
# extractor.claims.compose.PREDICATES; a pattern ends at the verb's stem (its polarity is read after it).
PREDICATES: list[tuple[str, str, dict[str, str]]] = [
    # 120.3c 「その点数に等しい数の忠誠カウンターが取り除かれる」「そのダメージに等しい数の忠誠カウンターを失う」
    (r"(?:その|同じ)?(?:点数|数|ダメージ|値)に等しい(?:数|個数)の忠誠(?:カウンター|度)(?:が|を|は)?(?:それから|そこから)?(?:取り除かれ|失)",
     "loses_loyalty", {"s": "recipient", "d": "recipient", "g": "recipient"}),
    # 704.5i 「忠誠度が0になった」「忠誠カウンターが0個になる」「忠誠度が0の(プレインズウォーカー)」
    (r"忠誠(?:度|カウンター)(?:が|は)(?P<n>\d+)(?:個)?(?:にな(?:っ)?|であ|の(?=プレインズウォーカー))",
     "loyalty_is", {"g": "patient", "s": "patient"}),
    # 702.16c-d 「プロテクション（アーティファクト）を持つクリーチャーは装備品によって装備されない」
    (r"(?:よって|より)?(?:装備|エンチャント)され", "attached", {"s": "host", "d": "attachment"}),
    # 「装備品はプロテクション（アーティファクト）を持つクリーチャーにつけられない」
    (r"(?:つけ|付け)ら(?=れ)", "attached", {"s": "attachment", "d": "host", "o": "attachment"}),
    # the active 「…に《X》をつけることはできない」, its を-object the attachment (the potential 「…に《X》をつけられ
    # ますか」 above takes it too); who attaches is not a role (「オーラはクリーチャーにつけることができる」: unread)
    (r"(?:つけ|付け)(?=ること(?:が|は|も)?(?:でき|出来))", "attached", {"d": "host", "o": "attachment"}),
    # 510.4 「先制攻撃を持つクリーチャーは、先制攻撃を持たないクリーチャーより先に戦闘ダメージを与える」 (より: the
    # comparative case, c)
    (r"先に(?:戦闘)?ダメージ(?:を)?与え", "deals_first", {"s": "source", "c": "other"}),
    # 704.5n 「プロテクション（アーティファクト）を持つクリーチャーについている装備品ははずれる」: attached (an event), then
    # unattached (the outcome)
    (r"(?:つい|付い)(?=てい)", "is_attached", {"s": "attachment", "d": "host"}),
    # 303.4 / 301.5: 「〔X〕がつけられた〔Y〕」 (an Aura or Equipment attached to Y, the head), 「〔X〕を装備した〔Y〕」 (Y
    # equipped with X, 702.6a)
    (r"(?:つけられ|付けられ)(?=た|てい)", "is_attached", {"s": "attachment", "d": "host"}),
    (r"装備(?=した|している)", "is_attached", {"o": "attachment", "s": "host"}),
    (r"(?:はずれ|外れ)", "unattached", {"s": "attachment", "f": "host"}),
    # 508.1f: 「攻撃に参加しても」 (an attack; 「攻撃に参加でき」 is the legality, a longer match of its own)
    (r"攻撃に参加(?=し|す)", "attacks", {"s": "attacker"}),
    # the intransitive 「タップする / しない」: the permanent becomes tapped (not 「タップしている」, a state of an
    # object, nor 「アンタップ」)
    (r"(?<!アン)タップ(?=し(?!てい)|する|せず)", "tapped", {"s": "patient"}),
    # 「アンタップ状態のまま(である)」: it stays untapped — the outcome ``tapped`` denied
    (r"アンタップ状態のまま(?:である|だ|です|となる|になる)?", "untapped", {"s": "patient"}),
    # 「アンタップ状態のまま戦場に残る」「タップ状態で戦場に残る」: on the battlefield in that state (its tapped state is
    # observed on the battlefield only); affirmative only — a denial would not say which of the two is denied
    (r"アンタップ状態のまま戦場に(?:残|とどま)(?=る|ります|り続け)", "untapped", {"s": "patient"}),
    (r"(?<!アン)タップ状態(?:のまま|で)戦場に(?:残|とどま)(?=る|ります|り続け)", "tapped", {"s": "patient"}),
    # 「(そのまま)戦闘に参加し続ける」「戦闘に残る」: still in combat — the outcome ``removed_from_combat`` denied (701.15a)
    (r"(?:そのまま)?戦闘に(?:参加し続け|残(?=る|ります|り続け)|とどま(?=る|ります|り続け))", "stays_in_combat", {"s": "patient"}),
]

EVENTS = frozenset({"loyalty_is", "is_attached"})
OUTCOMES = frozenset({"attached", "deals_first", "unattached", "untapped", "stays_in_combat"})
# the role an unstated argument takes from the sentence's first object (compose._anaphora)
SUBJECT_ROLES = {"loyalty_is": "patient", "attached": "host", "unattached": "attachment", "untapped": "patient",
                 "stays_in_combat": "patient"}
# words one of which a sentence must hold for the composed finder to look at it
NEEDS = ("忠誠", "装備され", "装備した", "装備している", "エンチャントされ", "つけら", "付けら", "つけること", "付けること", "先に", "はずれ", "外れ", "タップし", "タップする",
         "タップせず", "アンタップ状態のまま", "タップ状態で", "タップ状態のまま", "戦闘に参加し続", "戦闘に残", "戦闘にとどま")


# -- anaphora -------------------------------------------------------------------------------------------------
def that(obj):
    """「その」+ a described object: marked to be the object already read that the description fits."""
    return {**obj, "that": True} if isinstance(obj, dict) and "desc" in obj else obj


def antecedent(obj, actors: dict):
    """The actor a 「その…」 object stands for: the latest one whose description holds every quality it states
    (「白のクリーチャーが再生した場合、そのクリーチャーは…」); without one, None — 「そのクリーチャーはブロックできない」
    speaks of an object named before the sentence (often the page's card), and a generic object of that
    description must never be staged in its place (the reading is refused)."""
    if not (isinstance(obj, dict) and obj.get("that")):
        return obj
    plain = {k: v for k, v in obj.items() if k != "that"}
    for v in reversed(list(actors.values())):
        if isinstance(v, dict) and isinstance(v.get("desc"), dict) and _fits(plain["desc"], v["desc"]):
            return v
    return None


def _fits(said: dict, earlier: dict) -> bool:
    for k, v in said.items():
        w = earlier.get(k)
        if isinstance(v, list) and isinstance(w, list):
            if not set(v) <= set(w):
                return False
        elif v != w:
            return False
    return True


# -- relative clauses -----------------------------------------------------------------------------------------
def relative_head(rest: str, roles: dict[str, str], item: dict, read, particle) -> None:
    """A predicate directly followed by an object phrase modifies it (連体修飾: 「再生したクリーチャーは」「+1/+1カウンタ
    ーが置かれているクリーチャーに」): that object fills the predicate's gap — its subject's role when that is
    unfilled, else the one role it leaves unfilled; with two or more open and no subject gap, nothing (the
    reader's other pieces decide, never a guess).  ``rest``: the text after the predicate's ending, up to the
    next predicate; ``read``: the object reader."""
    if not rest or rest[0] in "、,てで。" or re.match(r"(?:場合|とき|時|ので|ため|ても|と[、,]|なら)", rest):
        return
    gaps = [r for r in dict.fromkeys(roles.values()) if r not in item["roles"]]
    subject = roles.get("s")
    role = subject if subject in gaps else (gaps[0] if len(gaps) == 1 else None)
    if role is None:
        return
    for m in particle.finditer(rest):
        if m.start() == 0:
            return
        obj = read(rest[:m.start()])
        if obj is not None:
            item["roles"][role] = obj
            return
