"""Planeswalker loyalty rules (``loyalty_ability``): loyalty abilities once each turn per permanent and only at
sorcery speed (CR 606.3), a loyalty cost adds or removes that many loyalty counters (606.4), damage dealt to a
planeswalker removes that much loyalty (120.3c).

Constructions read (the planeswalker is a card the sentence names, else any planeswalker):
- 「忠誠度能力は(各プレインズウォーカーごとに)1ターンに1度しか起動できない」 / 「…1ターンにN回起動できる」 /
  「そのターンにそのパーマネントの忠誠度能力をまだ…起動していない場合に限る」
- 「忠誠度能力を起動できるのは…スタックが空で自分のメイン・フェイズの間…に限る」 / 「…インスタント・タイミングで起動できる」
- 「忠誠度はダメージを受けることで減る」 / 「プレインズウォーカーがN点のダメージを受けると忠誠度がN減る」 /
  「プレインズウォーカーにN点のダメージが与えられると、その上から忠誠カウンターがN個取り除かれる」
- 「マイナスの忠誠度能力は、その数だけ(忠誠度を)減らさなければならない」
"""
from __future__ import annotations

from typing import Any

from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence

_ACT = r"(?:起動|使用|使|プレイ)"
_NEG_TAIL = r"(?:ない|ません|ず)"
_DECREASE = r"(?P<verb>減(?:る|ります|ってしまう|ってしまいます|らない|りません|らず)|取り除かれ(?:る|ます|ない|ません)|" \
            r"減ら(?:す|します|さなければならない|さなければなりません|さない|しません))"

PATTERNS = compile_patterns({
    "once": r"忠誠度能力[^。]{0,40}?(?:1|一)\s*ターン(?:の間)?に(?:つき)?\s*(?:各プレインズウォーカーごとに)?\s*(?P<n>\d+)\s*(?:度|回|つ)"
            r"(?:以上)?(?P<only>しか|だけ|まで|のみ)?[^。、]{0,12}?" + _ACT + r"(?P<form>[^。、]{0,16})",
    "once_pw_first": r"(?:1|一)\s*ターン(?:の間)?に(?:つき)?[^。]{0,20}?(?P<n>\d+)\s*(?:度|回|つ)(?P<only>しか|だけ|まで|のみ)?"
                     r"(?:しか)?[^。、]{0,6}?忠誠度能力を" + _ACT + r"(?P<form>[^。、]{0,16})",
    "once_count_after": r"(?:1|一)\s*ターン(?:の間)?に(?:つき)?、?忠誠度能力を\s*(?P<n>\d+)\s*(?:度|回|つ)(?P<only>しか|だけ|まで|のみ)?"
                        r"[^。、]{0,6}?" + _ACT + r"(?P<form>[^。、]{0,16})",
    "not_yet": r"そのターンに[^。]{0,30}?忠誠度能力を(?:まだ)?[^。]{0,16}?起動していない(?:場合|とき)に限(?:る|られる|ります)",
    "sorcery": r"(?P<key>忠誠度能力を" + _ACT + r"できるのは[^。]{0,60}?(?:スタックが空|メイン・?フェイズ))[^。]{0,80}?"
               r"(?:に限(?:る|られる|ります)|のみ|だけ)"
               r"|(?P<key2>忠誠度能力(?:は|を)[^。]{0,20}?(?:ソーサリー(?:・?タイミング|・?スピード|と同じタイミング)|自分のメイン・?フェイズ)"
               r"(?:で|に)?(?P<only2>のみ|しか|だけ)[^。、]{0,10}?" + _ACT + r")(?P<form2>[^。、]{0,16})",
    "instant": r"忠誠度能力(?:は|を)[^。]{0,20}?(?:インスタント(?:・?タイミング|・?スピード)?|対戦相手のターン|いつでも)(?:に|で)?(?:も|は)?"
               + _ACT + r"(?P<form>[^。、]{0,12})",
    "damage": r"(?:忠誠度|忠誠カウンター)(?:は|が)[^。]{0,10}?ダメージを受け(?:る|た)?(?:ことで|と|たら|れば|た場合|ると|ても)、?[^。]{0,10}?"
              + _DECREASE
              # the planeswalker the subject (が…ダメージを受ける) or the recipient (に…ダメージが与えられる); the
              # counters removed from it (その上から / そのプレインズウォーカーから)
              + r"|プレインズウォーカー(?:(?:が|は)(?:(?P<n>\d+)\s*点の?)?ダメージを受け(?:る|た)?"
                r"|に(?:(?P<n2>\d+)\s*点の?)?ダメージが与えられ(?:る|た)?)(?:と|たら|れば|場合|ると|ことで|ても)?、?"
                r"(?:その(?:上|プレインズウォーカー)から)?"
                r"(?:その(?:点数|数|分)だけ)?(?:その)?(?:忠誠度|忠誠カウンター)(?:が|を|は)?(?:(?P<m>\d+)\s*(?:個|つ|点)?)?(?:だけ)?"
              + _DECREASE.replace("?P<verb>", "?P<verb2>"),
    "minus": r"マイナス(?:の)?忠誠度能力[^。]{0,20}?(?:その数|その分|同じ数|その値|その点数)だけ(?:忠誠度|忠誠カウンター)?を?"
             + _DECREASE
             + r"|マイナス(?:の)?忠誠度能力を起動(?:して|すると|しても)、?(?:忠誠度|忠誠カウンター)(?:は|が)"
             + _DECREASE.replace("?P<verb>", "?P<verb3>"),
    "neg": _NEG_TAIL + r"$",
    # 606.3's own wording denied (「起動できないのは…に限る」), or saying what it does not: another zone empty, the
    # opponent's permanent or main phase — words the activation readings do not stage, never dropped
    "denied_when": _ACT + r"(?:でき|出来)(?:ない|ません)(?:のは|場合)",
    "unstaged_when": r"(?:墓地|手札|追放領域|ライブラリー|戦場)が空|対戦相手(?:の|が)(?:コントロール|メイン|ターン)[^、。で]{0,10}",
})
P = PATTERNS


def _pw(s: Sentence, upto: int) -> str | None:
    """The planeswalker card the sentence names before ``upto``, if any."""
    mk = [m for m in MARK.finditer(s.norm[:upto])]
    return s.card(mk[-1]) if mk else None


def _negative(form: str) -> bool:
    form = form.strip()
    return bool(P["neg"].search(form)) or "できな" in form or "できませ" in form


def _decreases(verb: str) -> bool:
    return not (verb.endswith("ない") or verb.endswith("ません") or verb.endswith("らず") or "さない" in verb
                or "しません" in verb) or "なければ" in verb


# (runs first: 'a loyalty ability once each turn' is an activation rule, not the trigger rule once_per_turn reads)
@register("loyalty_ability", priority=0, claims=True, order=58, needs=("忠誠",))
def find_loyalty(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Every reading carries the conditions stated before it (「《X》がいる場合、…」): not staged, so unsimulable."""
    out: list[Found] = []
    for f in _readings(s):
        merge(f.situation, conditions(s.norm, f.span[0]))
        out.append(f)
    return out


def _readings(s: Sentence) -> list[Found]:
    out: list[Found] = []
    norm = s.norm
    for name in ("once", "once_pw_first", "once_count_after"):
        for m in P[name].finditer(norm):
            n = int(m.group("n"))
            only = bool(m.group("only"))
            neg = _negative(m.group("form"))
            if only and not neg and m.group("only") == "しか":
                continue                                  # 'しか…できる' is not a sentence
            sit: dict[str, Any] = {"activation": {"times": n if not (only and neg) else n}}
            outcome = {"can": True, "only": True} if only else {"can": not neg}
            pw = _pw(s, m.start())
            if pw:
                sit["planeswalker"] = pw
            out.append(Found("loyalty_ability", sit, outcome, pw, m.span()))
    denied = P["denied_when"].search(norm)
    extra = [x.group(0) for x in P["unstaged_when"].finditer(norm)]
    for m in P["not_yet"].finditer(norm):
        if denied:
            continue                                  # 「起動できないのは…場合に限る」: not the rule (606.3)
        sit = {"activation": {"times": 1}, **({"unrepresented": list(extra)} if extra else {})}
        out.append(Found("loyalty_ability", sit, {"can": True, "only": True}, None, m.span()))
    for m in P["sorcery"].finditer(norm):         # (its span: the timing words, not the once-a-turn clause)
        key = "key" if m.group("key") else "key2"
        if key == "key2" and (m.group("only2") == "しか") != _negative(m.group("form2")):
            continue                                  # 'しか…できる' / 'のみ…できない' is not the rule's sentence
        sit = {"activation": {"timing": "sorcery"}, **({"unrepresented": list(extra)} if extra else {})}
        out.append(Found("loyalty_ability", sit, {"sorcery_speed": True}, None, m.span(key)))
    for m in P["instant"].finditer(norm):
        can = not _negative(m.group("form"))
        out.append(Found("loyalty_ability", {"activation": {"timing": "instant"}}, {"sorcery_speed": not can},
                         None, m.span()))
    for m in P["damage"].finditer(norm):
        verb = m.group("verb") or m.group("verb2")
        dealt = m.group("n") or m.group("n2")
        n = dealt or m.group("m")
        sit = {"damage": int(n) if n else 2}
        if dealt and m.group("m") and dealt != m.group("m"):
            sit["damage"] = int(dealt)
            out.append(Found("loyalty_ability", sit, {"loyalty_change": -int(m.group("m")) if _decreases(verb)
                                                      else 0}, None, m.span()))
            continue
        out.append(Found("loyalty_ability", sit, {"loyalty_change": -sit["damage"] if _decreases(verb) else 0},
                         None, m.span()))
    for m in P["minus"].finditer(norm):
        verb = m.group("verb") or m.group("verb3")
        out.append(Found("loyalty_ability", {"ability_cost": -2}, {"loyalty_change": -2 if _decreases(verb) else 0},
                         None, m.span()))
    return out
