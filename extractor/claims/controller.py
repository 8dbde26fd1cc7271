"""Who controls a spell or the permanent it becomes: ``controller`` claims.

- CR 601.2a / 108.4: the player who casts a spell controls it, even a card they do not own
  (「自分がオーナーではないカードを唱えた場合でも、その呪文は唱えたプレイヤーがコントロールする」);
- CR 608.3a: a permanent spell that resolves enters under its spell's controller's control
  (「パーマネント呪文が解決されてパーマネントになったものは、呪文だった時のコントローラーがコントロールする」);
- CR 608.3a with a control change of the spell (「パーマネント呪文のコントロールを得た場合、そのプレイヤーはその呪文がなる
  パーマネントをコントロールする」);
- CR 707.10: a copy of a spell is controlled by the player who put it on the stack
  (「呪文のコピーは…コピーをスタックに置く…プレイヤーがコントロールする」).

situation ``object``: "spell" / "permanent_from_spell" / "permanent_from_gained_spell" / "spell_copy";
``not_owned``: true when the sentence says the card is not the caster's own; outcome ``player``: "caster",
"spell_controller", "gainer", "copier", "owner", "original_controller"; ``not``: true for 「…ではない」.
Words between the subject and the predicate that no pattern reads are ``situation.unrepresented``.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

# the subjects, each with the object it names (a sentence is read at the first that matches)
SUBJECTS = compile_patterns({
    "spell_copy": r"呪文のコピー(?:は|を|も|など、?)",
    "permanent_from_gained_spell": r"(?:他の|ほかの|別の|対戦相手の|他人の)?(?:プレイヤーの)?パーマネント呪文の"
                                   r"コントロールを(?:得|奪っ|獲得し)た(?:場合|とき|なら|ら)、?",
    "permanent_from_spell": r"パーマネント呪文が解決されて(?:パーマネントになった|戦場に出た|戦場に出て|パーマネントとなった)"
                            r"(?:もの|パーマネント)?(?:は|も)、?",
    "spell": r"(?:その|あなたが(?:唱えた|プレイした))?呪文(?:は|も|を)、?(?!コピー)",
})
# the definitional form 「呪文のコントローラーは、その呪文を唱えたプレイヤーである」 (subject, then <player> + copula)
DEFINITIONS = compile_patterns({
    "spell_copy": r"(?:呪文の)?コピーのコントローラー(?:は|も)、?",
    "permanent_from_spell": r"パーマネント呪文が解決されて(?:なった|戦場に出た)パーマネントのコントローラー(?:は|も)、?",
    "spell": r"(?<!パーマネント)(?<!能力の)呪文のコントローラー(?:は|も)、?",
})
# the player the predicate names
_WHO = (r"(?P<who>(?:(?:元の|その)?呪文を|それを)?(?:唱えた|プレイした)(?:プレイヤー|人)|"
        r"(?:コピーを)?スタックに置(?:く|いた)(?:と言う|という)?(?:手順を実行した)?プレイヤー|コピーしたプレイヤー|"
        r"コピーを作った(?:プレイヤー)?|"
        r"(?:その)?呪文(?:だった|であった)(?:時|とき)のコントローラー|(?:その)?呪文のコントローラー|"
        r"(?:コピー)?元の呪文の(?:コントローラー|オーナー)|(?:その|この)?(?:カードの|元の)?(?:オーナー|持ち主)|"
        r"あなた|対戦相手|(?P<gainer>その|この|同じ)プレイヤー)")
# a triggered ability's controller (603.3a): 「(誘発型能力のコントローラーは、)その能力が誘発した時点での、能力の持ち主である
# パーマネントのコントローラーである」 — the phrase names the ability's controller even without the heading's subject
_SOURCE = r"(?:その)?(?:能力の(?:持ち主|発生源)である|能力を持つ|その能力の発生源の|発生源(?:である|の))?(?:パーマネント|オブジェクト)"
TRIGGERED = compile_patterns({
    "source_controller": r"(?:誘発型能力のコントローラー(?:は|も)、?)?(?:その|この|誘発型)?能力が誘発した(?:時点|とき|時)"
                         r"(?:での|の)、?" + _SOURCE + r"のコントローラー",
    "source_controller_on_resolution": r"(?:誘発型能力のコントローラー(?:は|も)、?)?(?:その|この|誘発型)?能力が解決される"
                                       r"(?:時点|とき|時)(?:での|の)、?" + _SOURCE + r"のコントローラー",
    "event_player": r"誘発型能力のコントローラー(?:は|も)、?(?:その)?(?:誘発条件を満たした|誘発イベントを(?:起こした|行った))"
                    r"プレイヤー",
})
_OBJ = r"(?:(?:その呪文がなる|その|その呪文が解決された|それがなる)?パーマネントを)?"
PATTERNS = compile_patterns({
    # 「自分がオーナーではないカードを唱えた場合でも」「自分以外のプレイヤーがオーナーであるカードをプレイする事もあり得るが」
    "not_owned": r"(?:自分|あなた)が(?:オーナー|持ち主)で(?:は)?ない(?:カード)?を(?:唱え|プレイし)|"
                 r"(?:自分以外の|他の|ほかの)プレイヤーが(?:オーナー|持ち主)である(?:カード)?を(?:唱え|プレイす|プレイし)|"
                 r"(?:対戦相手|他人)の(?:カード)?を(?:唱え|プレイし)|オーナーが誰であろうと(?:も)?",
    # <player>が(引き続き)コントロールする; the definitional form: <player>である
    "who": _WHO + r"(?:が|は)(?:引き続き|そのまま|常に)?",
    "who_is": _WHO,
    # the predicate ends the clause (not 「…コントロールするクリーチャー」, a relative clause)
    "controls": _OBJ + r"(?P<verb>コントロール(?:する|し続ける|を得る))(?=[。、]|が|$)",
    "neg": _OBJ + r"コントロール(?:しない|しません|することはない)(?=[。、]|$)",
    "is": r"(?:である|です|だ|となる|になる)(?=[。、]|$)",
    "is_not": r"(?:ではない|ではありません|じゃない)(?=[。、]|$)",
    # words that only lead into the statement: bullets, 「何らかの効果によって」「〔A〕や〔B〕などの効果によってプレイヤーが」
    # (an effect such as these: the stand-in is one such effect), 「プレイ以外の方法でスタックに乗ることがあるが」
    "filler": r"^[-*・\s]+|[、\s]|(?:何らかの|ある|その他の)効果(?:によって|で)(?:プレイヤーが)?|"
              r"(?:〔\d+〕(?:や|、|と)?)+など(?:の(?:カードの)?効果)?(?:によって|で)(?:プレイヤーが)?|^プレイヤーが|"
              r"(?:その呪文がなる|その)パーマネントは|"
              r"(?:プレイ|唱える)以外の方法で|(?:呪文が)?スタックに(?:乗る|置かれる|置かれた)(?:ことがある(?:が)?)?|"
              r"(?:る|す)?(?:事|こと)もあり得るが|こともあるが|場合(?:でも|も|に)?|(?:とき|際)(?:でも|も|に)?|"
              r"^た|^でも",
})
S, P = SUBJECTS, PATTERNS

_ROLE = [
    (re.compile(r"(?:コピー)?元の呪文(?:のコントローラー|を唱えた|をプレイした)"), "original_controller"),
    (re.compile(r"元の呪文のオーナー"), "original_owner"),
    (re.compile(r"スタックに置|コピーした|コピーを作"), "copier"),
    (re.compile(r"唱えた|プレイした"), "caster"),
    (re.compile(r"呪文(?:だった|であった)(?:時|とき)のコントローラー|呪文のコントローラー"), "spell_controller"),
    (re.compile(r"オーナー|持ち主"), "owner"),
    (re.compile(r"^あなた"), "you"),
    (re.compile(r"^対戦相手"), "opponent"),
]


def _role(who: str, gainer: bool) -> str | None:
    if gainer:
        return "gainer"
    for rx, role in _ROLE:
        if rx.search(who):
            return role
    return None


@register("controller", priority=57, needs=("コントロール", "コントローラー"))
def find_controller(s: Sentence, si: int, ctx: Context) -> list[Found]:
    text = s.norm
    for player, rx in TRIGGERED.items():
        m = rx.search(text)
        if m is None:
            continue
        tail = text[m.end():]
        pos, neg = P["is"].match(tail), P["is_not"].match(tail)
        if not (pos or neg):
            continue
        sit: dict[str, Any] = {"object": "triggered_ability"}
        left = P["filler"].sub("", text[:m.start()])
        if len(left) >= 2:
            sit["unrepresented"] = [left]
        outcome: dict[str, Any] = {"player": player, **({"not": True} if neg else {})}
        return [Found("controller", sit, outcome, None, (m.start(), m.end() + (pos or neg).end()))]
    for (obj, rx), definition in [*((x, True) for x in DEFINITIONS.items()), *((x, False) for x in S.items())]:
        m = rx.search(text)
        if m is None:
            continue
        before = text[:m.start()]
        rest = text[m.end():]
        stop = re.search(r"[。]", rest)
        clause = rest[:stop.start()] if stop else rest
        found = None
        for w in (P["who_is"] if definition else P["who"]).finditer(clause):
            tail = clause[w.end():]
            n = P["is_not" if definition else "neg"].match(tail)
            c = P["is" if definition else "controls"].match(tail)
            if c or n:
                found = (w, n or c, bool(n))
                break
        if found is None:
            return []
        w, pred, neg = found
        player = _role(w.group("who"), bool(w.group("gainer")))
        if player is None or (player == "gainer" and obj != "permanent_from_gained_spell"):
            return []
        sit: dict[str, Any] = {"object": obj}
        words = before + clause[:w.start()]
        if P["not_owned"].search(words):
            sit["not_owned"] = True
            words = P["not_owned"].sub("", words)
        left = P["filler"].sub("", words)
        if len(left) >= 2:
            sit["unrepresented"] = [left]
        outcome: dict[str, Any] = {"player": player}
        if neg:
            outcome["not"] = True
        nm = P["not_owned"].search(before)
        start = nm.start() if nm else m.start()
        end = m.end() + w.start() + len(w.group(0)) + len(pred.group(0))
        return [Found("controller", sit, outcome, None, (start, end))]
    return []
