"""Damage results of keyword rules (the ``damage_result`` family: one claim kind a rule, declared in
extractor/data/claim_kinds.yaml): combat damage of a blocked attacker whose blockers are gone (CR 509.1h a
blocked creature stays blocked, 510.1c it assigns no combat damage; trample 702.19e all of it to the player),
life gained through lifelink from fight and other noncombat damage (CR 702.15b, 701.14a), and redundant
instances of lifelink (CR 702.15f).

Sentences read (subject + event + outcome, each a construction, not a sentence):
- 「<攻撃クリーチャー> が (<ブロッカー> に) ブロックされ … ブロック・クリーチャーがいなく(なっ)ても/いなければ …
  ダメージはすべてプレイヤーに割り振られる / 空振りになる / プレイヤーにダメージは通らない」
- 「格闘でも絆魂によってライフを回復できる」, 「絆魂を持つ<クリーチャー>が格闘すると、N点のライフを得る」,
  「対戦相手が《X》を唱えて…絆魂を持つ…が格闘した場合でも…ライフを回復できる」
- 「絆魂は重複しない」 / 「複数の絆魂は重複する」
- 「トランプルは攻撃の場合にのみ意味をもつ」, 「<キーワード>(、<キーワード>)は(攻撃時だけでなく)ブロック時にも有効」
- 「攻撃クリーチャーが指定された後にタップしても、攻撃は止められない」 (506.4)
The objects are cards or described objects (:mod:`.described`); what a clause says that no key holds goes to
``situation.unrepresented`` (the cross-check then never judges the claim).
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC_PATTERNS, UNSTATED, describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.lexicon import lexicon

LEX = lexicon()

_BLOCKER = r"(?:ブロック(?:・)?クリーチャー|ブロッカー|ブロックした(?:・)?クリーチャー)"
_GONE = r"(?:いなく(?:なっ|な)|いな(?:ければ|い|かっ)|存在しな|存在せ|戦場を離れ|戦場から離れ|除去され|破壊され|手札に戻)"
_REMOVE_VERB = r"(?:除去|破壊|追放|バウンス|手札に戻|生け贄に捧げ)"
_PLAYER = r"(?:防御(?:側)?プレイヤー|攻撃(?:した|している)先のプレイヤー|対戦相手|プレイヤー)"

PATTERNS = compile_patterns({
    # 'A が (B に) ブロックされ': the attacker (and its blocker)
    "blocked": r"(?P<att>[^、。]{2,40}?)(?:が|は)、?(?:一旦|一度|いったん)?、?(?:(?P<blk>[^、。]{2,40}?)(?:に|によって))?"
               r"ブロックされ",
    # 「ブロックされた(攻撃)クリーチャーは、」: the attacker described as blocked, the sentence's topic
    "blocked_subject": r"^(?:(?:1度|一度|一旦|いったん)、?)?ブロックされた(?:状態(?:に)?なった)?(?P<att>(?:攻撃・?)?クリーチャー)(?:は|が)、?(?P<blk>)",
    # the blockers are gone before combat damage
    "gone": _BLOCKER + r"(?:が|は)(?:すべて|全て|1体も)?" + _GONE
            + r"|" + _BLOCKER + r"(?:を|が)[^、。]{0,20}?" + _REMOVE_VERB,
    # outcome: all of its damage goes to the player / none does
    "all_to_player": r"(?:ダメージ|それ)(?:は|が)?(?:すべて|全て|全部)[^。]{0,30}?" + _PLAYER +
                     r"[^。]{0,20}?に(?P<verb>割り振られ(?:る|ます|ない|ません)|与えられ(?:る|ます|ない|ません)|"
                     r"与え(?:る|ます|ない|ません)|通(?:る|ります|らない|りません))",
    "none_to_player": r"空振り(?:に)?(?:なる|となる|する|です|になります)|(?:" + _PLAYER + r"に)?(?:ダメージ|攻撃)(?:は|が)?"
                      r"(?:" + _PLAYER + r"に)?(?:通らない|通りません|行かない|行きません|与えられない|与えられません)"
                      r"|" + _PLAYER + r"にダメージが行く(?:という)?ことはない",
    # 509.1h, 506.4: the attacker stays blocked — 「ブロックされたまま(である)」「ブロックされた状態のまま」; its denial
    # 「ブロックされていない状態になる」 (a trailing 「ことはない」 denies that in turn)
    "stays_blocked": r"ブロックされた(?:状態の)?まま(?:である|だ|です|となる|になる|の状態)?"
                     r"|(?P<unb>ブロックされていない状態に(?:なる|戻る|なったり(?:する|は?しない)))(?P<never>ことはない|ことはありません)?",
    # consistent with what is staged: the blockers are gone when combat damage is assigned (510.1)
    "timing": r"(?:しかし|でも|その後|この後|後で)?、?(?:戦闘ダメージ(?:を割り振る|の割り振り|が割り振られる)?(?:段階|時点|とき|時|ステップ)"
              r"(?:で|に|には|では)?)|一旦|一度|いったん|(?:その|この)?戦闘ダメージは?",
    # lifelink with fight / noncombat damage
    "lifelink": r"絆魂",
    "fight": r"格闘",
    # noncombat damage (120.2b: any damage but combat damage): 「戦闘以外の方法で」「戦闘ダメージ以外のダメージを」
    # 「戦闘ダメージでないダメージ」「非戦闘ダメージ」
    "noncombat": r"戦闘(?:ダメージ)?以外(?:の方法)?(?:で|の)(?:の)?(?:ダメージ)?|戦闘ダメージ(?:で(?:は)?な(?:い|く)|じゃない)(?:ダメージ)?"
                 r"|非戦闘ダメージ",
    # (the longer forms first: 「回復することができません」 is never read as its first 「回復する」)
    "gain": r"(?:(?P<n>\d+)\s*点の?)?ライフを(?P<verb>回復(?:することが(?:でき(?:る|ます|ない|ません))|する(?!こと)|します"
            r"|させる|でき(?:る|ます|ない|ません)|しない|しません|させない)"
            r"|得ることが(?:でき(?:る|ます|ない|ません))|得(?:る(?!こと)|ます|られる|られます|られない|られません|ない|ません))",
    "cast_by_opponent": r"対戦相手が[^、。]{0,30}?〔(\d+)〕を(?:唱え|使っ|プレイし)",
    "cast_by_you": r"(?:あなた|自分)が[^、。]{0,30}?〔(\d+)〕を(?:唱え|使っ|プレイし)",
    # 「絆魂は戦闘ダメージにのみ機能する」「…にしか機能しない」「絆魂は戦闘ダメージ以外(のダメージ)にも機能する」: which
    # damage lifelink applies to — all damage its source deals (702.15b), so noncombat damage too
    "lifelink_scope": r"絆魂(?:能力)?(?:は|も|の効果は)、?(?:(?:その)?(?:発生源|クリーチャー)が与える)?(?P<what>戦闘ダメージ(?P<other>以外(?:のダメージ)?)?)"
                      r"(?:に(?:対して)?|で)(?P<q>のみ|しか|だけ|も|でも|は)?、?"
                      r"(?P<verb>機能(?:する|します|しない|しません)|有効(?:である|です|ではない|でない|ではありません)"
                      r"|働(?:く|きます|かない|きません)|適用され(?:る|ます|ない|ません))",
    "lifelinker": r"(?:(?:自分|あなた)の)?絆魂を持(?:つ|った|っている)(?P<what>[^、。]{0,20}?)(?:が|は|で|と|も)",
    "opponents_lifelinker": r"(?:対戦相手|相手)の(?:コントロールする)?絆魂",
    # 「対戦相手が…」「対戦相手のライフを」: the opponent's life, not the lifelinker's controller's (702.15b)
    "opponent_gains": r"(?:対戦相手|相手)(?:が|は)[^、。]{0,10}$|(?:対戦相手|相手)の$",
    "redundant": r"絆魂(?:は|が|を)(?:(?:複数|2つ|二つ|2回|何個|いくつ)[^、。]{0,12}?)?重複(?P<verb>しない|しません|せず|する|します|しています)",
    "negative_form": r"(?:ない|ません|ず)$",
})
P = PATTERNS
_CREATURE = {"desc": {"types": ["Creature"]}}
_ROLE_WORDS = ("攻撃", "ブロック")


def _object(s: Sentence, phrase: str) -> tuple[Any, str]:
    """A card or described object a phrase ends with, and what of the phrase it leaves unread."""
    phrase = phrase.strip()
    mk = list(MARK.finditer(phrase))
    if mk and not phrase[mk[-1].end():].strip(" 、"):
        return s.card(mk[-1]), phrase[:mk[-1].start()]
    heads = [m for m in DESC_PATTERNS["head"].finditer(phrase) if not phrase[m.end():].strip()]
    if not heads:
        return None, phrase
    d = describe(phrase, heads[-1])
    if d is None:
        return None, phrase
    rest = d.pop(UNSTATED, "")
    for w in _ROLE_WORDS:                       # '攻撃クリーチャー' / 'ブロック・クリーチャー': the role is staged
        rest = rest.replace(w, "")
    rest = rest.strip(" ・、")
    return d, rest


def _conditioned(s: Sentence, found: list[Found]) -> list[Found]:
    """Each reading with the conditions the sentence states before it (not staged: the claim is unsimulable)."""
    for f in found:
        if f.span is not None:
            merge(f.situation, conditions(s.norm, f.span[0]))
    return found


def _unread(text: str, spans: list[tuple[int, int]], fillers: str) -> str:
    """``text`` without the spans read and the filler words: what the sentence says that no key holds."""
    keep = list(text)
    for a, b in spans:
        for i in range(max(0, a), min(len(keep), b)):
            keep[i] = " "
    rest = re.sub(fillers, " ", "".join(keep))
    rest = re.sub(r"[\s、。,・()（）と]+", " ", rest).strip()
    if len(rest.replace(" ", "")) < 2:
        return ""
    return re.sub(r"\s+", "…", "".join(keep).strip(" 、,")).strip("…、")     # the sentence's own words


_FILLERS = (r"(?:(?:その|この)?攻撃・?クリーチャー|され|たあと|た後で|た後|たら|その|この|戦闘|つまり|なので|だから|したがって|ただし|その場合|場合|には|では|でも|ても|ければ|と|なら|れば|それは|"
            r"だけ|ことになる|ことになります|のです|です|ます|である|。|、|ので|から|ため|に|は|が|も|を|の|て|た|ば|、)")


@register("removed_blocker_damage", priority=60, claims=True, needs=("ブロックされ",))
def find_blocker_gone(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A blocked attacker whose blockers are gone: all of a trampler's damage to the player (702.19e), none of
    another's (509.1h, 510.1c)."""
    norm = s.norm
    blocked = P["blocked"].search(norm) or P["blocked_subject"].match(norm)
    gone = P["gone"].search(norm, blocked.end() if blocked else 0)
    if not blocked or not gone:
        return []
    out_all = P["all_to_player"].search(norm, gone.end())
    out_none = P["none_to_player"].search(norm, gone.end())
    stays = P["stays_blocked"].search(norm, gone.end())
    found = [x for x in (out_all, out_none, stays) if x]
    if not found:
        return []
    m = min(found, key=lambda x: x.start())
    attacker, rest_a = _object(s, blocked.group("att"))
    if attacker is None:
        return []
    sit: dict[str, Any] = {"attacker": attacker, "blocker_removed": True}
    merge(sit, conditions(norm, blocked.start()))       # what the sentence states before the block
    unread = [rest_a] if rest_a else []
    if blocked.group("blk"):
        blocker, rest_b = _object(s, blocked.group("blk"))
        if blocker is None:
            return []
        sit["blocker"] = blocker
        if rest_b:
            unread.append(rest_b)
    outcome: dict[str, Any]
    if m is stays:
        # 「ブロックされたままである」: stays blocked; 「ブロックされていない状態になる」: not, unless 「ことはない」
        outcome = {"stays_blocked": not m.group("unb") or bool(m.group("never"))}
    elif m is out_all:
        outcome = {"to_player": {"all": not NEG.search(m.group("verb")) and not P["negative_form"].search(m.group("verb"))}}
    else:
        outcome = {"to_player": {"n": 0}}
    # the clauses between the subject and the outcome: only the removal and its timing are read
    read = [gone.span(), *(x.span() for x in P["timing"].finditer(norm, blocked.end(), m.start()))]
    base = blocked.end()
    between = _unread(norm[base:m.start()], [(a - base, b - base) for a, b in read], _FILLERS)
    if between:
        unread.append(between)
    if unread:
        sit["unrepresented"] = unread
    return [Found("removed_blocker_damage", sit, outcome, attacker if isinstance(attacker, str) else None,
                  (blocked.start(), m.end()))]


def _gain(m: re.Match) -> dict[str, Any]:
    verb = m.group("verb")
    gains = not (P["negative_form"].search(verb) or verb.endswith("しない") or verb.endswith("させない"))
    out: dict[str, Any] = {"player": "you", "gains": gains}
    if m.group("n") and gains:
        out["n"] = int(m.group("n"))
    return out


def _lifelink_scope(norm: str, m: re.Match) -> list[Found]:
    """「絆魂は戦闘ダメージにのみ機能する」: lifelink said to apply to combat damage only — noncombat damage its source
    deals then gains no life (false: 702.15b, any damage); 「…戦闘ダメージ以外にも機能する」: it does.  A statement
    that lifelink works with combat damage says nothing of noncombat damage: no claim."""
    neg = bool(re.search(r"ない|ません|でない", m.group("verb")))
    q = m.group("q") or ""
    if m.group("other"):
        gains = not neg                           # 「以外にも機能する」 / 「以外には機能しない」
    elif (q in ("のみ", "だけ") and not neg) or (q == "しか" and neg):
        gains = False                             # 「戦闘ダメージにのみ機能する」: not with noncombat damage
    else:
        return []
    sit: dict[str, Any] = {"fight": {"a": {"desc": {"types": ["Creature"], "keywords": ["lifelink"],
                                                       "controller": "you"}}, "by": "you", "as": "noncombat damage"}}
    merge(sit, conditions(norm, m.start()))           # what the sentence states before it
    after = norm[m.end():].strip("。、 ")
    if after:
        sit.setdefault("unrepresented", []).append(after)
    return [Found("fight_lifelink", sit, {"life_gain": {"player": "you", "gains": gains}}, None, m.span())]


@register("fight_lifelink", priority=61, claims=True, needs=("絆魂",))
def find_lifelink_fight(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Lifelink with fight (701.14a) or other noncombat damage: the lifelinker's controller gains that much
    life (702.15b)."""
    norm = s.norm
    scope = P["lifelink_scope"].search(norm)
    if scope:
        return _lifelink_scope(norm, scope)
    fight, non = P["fight"].search(norm), P["noncombat"].search(norm)
    gain = P["gain"].search(norm)
    if not P["lifelink"].search(norm) or not gain or not (fight or non):
        return []
    fighter: Any = {"desc": {"types": ["Creature"], "keywords": ["lifelink"], "controller": "you"}}
    unread: list[str] = []
    ll = P["lifelinker"].search(norm)
    if ll and ll.group("what").strip():
        obj, rest = _object(s, ll.group("what"))
        if obj is None:
            unread.append(ll.group("what"))
        elif isinstance(obj, str):
            fighter = obj
        else:
            d = obj["desc"]
            d["keywords"] = list(dict.fromkeys([*(d.get("keywords") or []), "lifelink"]))
            d.setdefault("controller", "you")
            fighter = obj
        if rest:
            unread.append(rest)
    lacking = re.search(r"絆魂(?:能力)?を持(?:たない|っていない|たず)", norm)
    if lacking:          # 「絆魂を持たないクリーチャーが…」: never staged as the lifelinker (702.15b)
        unread.append(lacking.group(0))
    opp = P["opponents_lifelinker"].search(norm)
    if opp:                                         # the lifelinker is the opponent's: not what is staged
        unread.append(opp.group(0))
    gained = _gain(gain)
    if P["opponent_gains"].search(norm[max(0, gain.start() - 16):gain.start()]):
        gained["player"] = "opponent"               # (the cross-check stages the lifelinker's controller only)
    sit: dict[str, Any] = {"fight": {"a": fighter, "by": "you"}}
    if not fight:
        sit["fight"]["as"] = "noncombat damage"       # fighting is one way of dealing noncombat damage
    by_opp, by_you = P["cast_by_opponent"].search(norm), P["cast_by_you"].search(norm)
    if by_opp or by_you:
        m = by_opp or by_you
        sit["fight"]["by"] = "opponent" if by_opp else "you"
        sit["fight"]["spell"] = s.card(m)
    if unread:
        sit["unrepresented"] = unread
    first = min(x.start() for x in (fight, non, P["lifelink"].search(norm), by_opp or by_you) if x is not None)
    merge(sit, conditions(norm, first))               # what the sentence states before the fight
    subject = fighter if isinstance(fighter, str) else None
    return [Found("fight_lifelink", sit, {"life_gain": gained}, subject, gain.span())]


@register("lifelink_redundant", priority=62, claims=True, needs=("重複",))
def find_lifelink_redundant(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'絆魂は重複しない': several instances of lifelink gain life once for the damage (702.15f)."""
    out: list[Found] = []
    for m in P["redundant"].finditer(s.norm):
        verb = m.group("verb")
        redundant = verb.startswith("しな") or verb in ("せず",)
        sit = {"lifelink_instances": 2}          # a creature with lifelink twice (the cross-check's own)
        out.append(Found("lifelink_redundant", sit, {"lifelink_redundant": redundant}, None, m.span()))
    return _conditioned(s, out)


_DEMONSTRATIVE = r"^(?:この能力を持(?:つ|った|っている)|その|この|それを持(?:つ|った))"
PATTERNS.update(compile_patterns({
    # '激昂は、この能力を持った恐竜にダメージが与えられるたびに誘発する' / '…致死ダメージが与えられた場合でも誘発する'
    "damage_trigger": r"(?P<kw>" + "|".join(LEX.words("keyword_abilities")) + r")(?:能力)?(?:は|が)、?(?P<obj>[^、。]{0,30}?)に"
                      r"(?P<lethal>致死)?(?:\d+\s*点の)?(?:戦闘)?ダメージが与えられ(?:る|た)(?:たび|とき|時|場合|際)(?:に|でも|にも|には)?、?"
                      r"(?:必ず)?誘発(?P<form>する|します|しない|しません|される)",
}))


@register("damage_trigger", priority=63, claims=True, needs=("誘発",))
def find_damage_trigger(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """An ability that triggers when its creature is dealt damage (enrage, 207.2c), lethal damage included."""
    out: list[Found] = []
    for m in P["damage_trigger"].finditer(s.norm):
        kw = LEX.value("keyword_abilities", m.group("kw"))
        if not kw:
            continue
        phrase = re.sub(_DEMONSTRATIVE, "", m.group("obj").strip())
        obj, rest = _object(s, phrase) if phrase else (None, "")
        if obj is None:
            obj = {"desc": {"types": ["Creature"]}}
            rest = phrase
        if isinstance(obj, str):
            continue                                    # a named card's own ability: the trigger readers' case
        d = obj["desc"]
        d["keywords"] = list(dict.fromkeys([*(d.get("keywords") or []), kw]))
        sit: dict[str, Any] = {"dealt_damage": {"to": obj, "lethal": bool(m.group("lethal"))}}
        if rest:
            sit["unrepresented"] = [rest]
        times = 0 if m.group("form") in ("しない", "しません") else 1
        out.append(Found("damage_trigger", sit, {"triggered": {"times": times}}, None, m.span()))
    return _conditioned(s, out)


PATTERNS.update(compile_patterns({
    # '賛美持ちが3つあると個別に誘発して+3/+3': N permanents with exalted, a lone attacker gets +N/+N (702.83b)
    "exalted": r"賛美(?:持ち|を持つ(?:パーマネント|クリーチャー)?)(?:が|を)(?P<n>\d+)\s*(?:つ|体|個|枚)[^。]{0,30}?"
               r"(?P<pt>\+\d+/\+\d+)(?P<form>[^。、]{0,12})",
}))


@register("exalted_bonus", priority=64, claims=True, needs=("賛美",))
def find_exalted(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Several permanents with exalted: each instance triggers when a creature attacks alone (702.83b)."""
    out: list[Found] = []
    for m in P["exalted"].finditer(s.norm):
        p, t = (int(x) for x in m.group("pt").replace("+", "").split("/"))
        sit = {"exalted_permanents": int(m.group("n")), "attacks_alone": True}
        form = m.group("form").strip()
        neg = bool(P["negative_form"].search(form)) and not form.startswith("しか")    # 'しか…ない': exactly
        out.append(Found("exalted_bonus", sit, {"attacker_bonus": {"pt": [p, t], "negated": neg}}, None, m.span()))
    return _conditioned(s, out)


PATTERNS.update(compile_patterns({
    # '絆魂を持つクリーチャー2体が同時に戦闘ダメージを与えた場合、《X》の能力は2回誘発する' (702.15e: one life-gain
    # event per source); the number of lifelinkers may be given earlier in the example
    "lifelink_events": r"絆魂を持つ(?:2/2の)?クリーチャー(?:(?P<k>\d+)\s*体)?(?:が|は)(?:同時に|一度に|1度に|一斉に)(?:戦闘)?ダメージを与え(?:た|る)"
                       r"(?:場合|とき|時|ら|と)(?:には|は)?、?〔(?P<src>\d+)〕(?:/[^、。〔]*?)?の(?:誘発型)?能力は(?P<n>\d+)\s*回(?:だけ)?"
                       r"誘発(?P<form>する|します|しない|しません)",
    "lifelinker_count": r"絆魂を持つクリーチャー(?:を)?(?P<k>\d+)\s*体",
}))


# (runs before the trigger-count readers: the count is of this construction, with its event)
@register("lifelink_triggers", priority=0, order=65, claims=True, needs=("同時", "1度に", "一斉に"))
def find_lifelink_events(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Several lifelink sources dealing damage at once: each gain is its own event (702.15e), so a
    'whenever you gain life' ability triggers once per source."""
    out: list[Found] = []
    for m in P["lifelink_events"].finditer(s.norm):
        k = m.group("k")
        if not k:
            counts = P["lifelinker_count"].findall(ctx.joined or s.norm)
            if len(set(counts)) != 1:
                continue                               # the example does not say how many lifelinkers
            k = counts[0]
        src = s.card(m.group("src"))
        if not src:
            continue
        times = int(m.group("n"))
        if m.group("form") in ("しない", "しません"):
            continue                                   # 'not N times' is not one count
        sit = {"lifelinkers": int(k), "trigger_source": src}
        out.append(Found("lifelink_triggers", sit, {"triggered": {"times": times}}, src, m.span()))
    return _conditioned(s, out)


PATTERNS.update(compile_patterns({
    # 'トランプルは攻撃の場合にのみ意味をもつ' / 'ブロック・クリーチャーがトランプルを持っていても、何の効果もない':
    # the keyword changes nothing for a creature that blocks
    "attack_only": r"(?P<kw>" + "|".join(LEX.words("keyword_abilities")) + r")(?:能力)?は、?(?:クリーチャーが)?攻撃(?:する|している|した|の)?"
                   r"(?:場合|とき|時|際)(?:に)?(?:のみ|だけ|しか)意味を(?:もち|持ち|もつ|持つ|なさ|なす|もた|持た)(?P<form>[^。、]{0,8})",
    "blocking_none": r"ブロック(?:・)?クリーチャーが(?P<kw>" + "|".join(LEX.words("keyword_abilities")) + r")を持っていても、?"
                     r"(?:何の|なんの|何も)?(?:効果|意味)(?:も|は)?(?P<form>ありません|ない|持たない|なさない|ある|あります)",
    # '先制攻撃、二段攻撃の能力は、攻撃時だけでなくブロック時にも有効' / 'ブロックする場合にも意味がある': the keywords
    # (a list) change what happens when their creature blocks
    "blocking_too": r"(?P<kws>(?:(?:" + "|".join(LEX.words("keyword_abilities")) + r")(?:、|や|と|および|及び)?)+)(?:の?能力)?"
                    r"(?:は|も)、?(?:攻撃(?:時|する時|するとき|する場合|の場合)(?:だけ|のみ)でなく、?)?"
                    r"ブロック(?:時|する時|するとき|する場合|の場合|した時|したとき|した場合|している時|しているとき)(?:に)?(?:も|でも)、?"
                    r"(?:有効|意味が?(?:ある|あります|を持つ|を持ちます))(?P<form>ではない|ではありません|でない|じゃない)?",
}))


@register("blocking_keyword", priority=66, claims=True, needs=("意味", "効果", "有効"))
def find_blocking_keyword(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A keyword that means nothing for a blocking creature: the block's outcome is the same without it."""
    out: list[Found] = []
    for name in ("attack_only", "blocking_none"):
        for m in P[name].finditer(s.norm):
            kw = LEX.value("keyword_abilities", m.group("kw"))
            if not kw:
                continue
            form = m.group("form")
            matters = form.startswith("あ") if name == "blocking_none" else bool(P["negative_form"].search(form))
            if name == "attack_only" and matters:
                continue                 # 'only when attacking … not': not a sentence this reads
            sit: dict[str, Any] = {"blocker": {"desc": {"types": ["Creature"], "keywords": [kw]}},
                                   "blocking_keyword": kw}
            if name == "attack_only":
                sit["only_attacking"] = True
            out.append(Found("blocking_keyword", sit, {"keyword_matters": matters}, None, m.span()))
    for m in P["blocking_too"].finditer(s.norm):
        if m.group("form"):
            continue                     # 'not effective when blocking too' says nothing of blocking alone
        seen: set[str] = set()
        for w in re.finditer("|".join(map(re.escape, sorted(LEX.words("keyword_abilities"), key=len, reverse=True))),
                             m.group("kws")):
            kw = LEX.value("keyword_abilities", w.group(0))
            if not kw or kw in seen:
                continue
            seen.add(kw)                 # one reading per keyword of the list, each at its own word
            sit = {"blocker": {"desc": {"types": ["Creature"], "keywords": [kw]}}, "blocking_keyword": kw}
            at = m.start("kws") + w.start()
            out.append(Found("blocking_keyword", sit, {"keyword_matters": True}, None, (at, at + len(w.group(0)))))
    return _conditioned(s, out)


PATTERNS.update(compile_patterns({
    # '接死を持つクリーチャーから0点でない戦闘ダメージが…割り振られた場合、…致死ダメージであるとみなす' (702.2c)
    "deathtouch_lethal": r"接死を持つ(?:クリーチャー|発生源)(?:から|が|の)(?:の)?(?:0点でない|1点以上の|1点でも|\d+\s*点の)?(?:戦闘)?ダメージ[^。]{0,64}?"
                         r"致死ダメージ(?:である|だ)?(?:と|として)(?:は)?(?P<form>みなす|みなされる|みなします|みなされます|扱う|扱われる|"
                         r"みなさない|みなされない|みなされません|扱われない)",
}))


@register("deathtouch_assignment", priority=67, claims=True, needs=("接死",))
def find_deathtouch_lethal(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Any nonzero damage from a deathtouch source counts as lethal when combat damage is assigned (702.2c)."""
    out: list[Found] = []
    for m in P["deathtouch_lethal"].finditer(s.norm):
        lethal = not m.group("form").endswith(("ない", "ません"))
        sit = {"attacker": {"desc": {"types": ["Creature"], "pt": "2/2", "keywords": ["deathtouch"]}},
               "blockers": 2}
        out.append(Found("deathtouch_assignment", sit, {"assignment_lethal": lethal}, None, m.span()))
    return _conditioned(s, out)


PATTERNS.update(compile_patterns({
    # '攻撃した状態で「防衛を得る」を付与されても、そのターンは引き続き攻撃状態となる' (506.4: it stays attacking)
    "gains_while_attacking": r"攻撃(?:した|している)状態で、?「?(?P<kw>" + "|".join(LEX.words("keyword_abilities")) +
                             r")(?:を得る|を得た)?」?(?:を|が)?(?:付与され|得|獲得し|与えられ)[^。、]{0,4}?(?:ても|たら|ると|れば|た場合でも|た場合)、?"
                             r"(?:その(?:ターン|戦闘)(?:は|の間は)?、?)?(?:引き続き|そのまま)?攻撃(?:状態|している状態|クリーチャー)?"
                             r"(?P<form>のままである|のままです|のまま|となる|となります|になる|である|です|であり続ける|から外れない|"
                             r"から外れません|から外れる|から外れます|ではなくなる|ではなくなります|でなくなる|ではない)",
}))


PATTERNS.update(compile_patterns({
    # '攻撃クリーチャーが指定されたのを見た後、それを呪文や能力でタップすることで、攻撃を阻止できる' (not: 506.4) /
    # '攻撃クリーチャーをタップしても、攻撃は止められない'
    "tapped_while_attacking": r"攻撃(?:・)?クリーチャー(?:が|を|として)?[^。]{0,16}?(?:(?:指定|宣言)され[^。]{0,12}?(?:後|あと)"
                              r"[^。]{0,24}?)?タップ(?:する|させる|して)?(?:こと)?(?:で|しても|ても|によって|すれば|したら|すると|れば|たら)、?"
                              r"(?:その)?攻撃(?:を|は|が)(?:阻止|止め|やめさせ|中止させ|取りやめさせ)"
                              r"(?P<form>(?:する|る)?(?:こと)?(?:は|が|も)?でき(?:る|ます|ない|ません)|られ(?:る|ます|ない|ません))",
}))


@register("tapped_while_attacking", priority=68, claims=True, needs=("タップ",))
def find_tapped_while_attacking(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """An attacking creature tapped after attackers are declared is still attacking (506.4): tapping it does
    not stop its attack ('can the attack be stopped?' — 'no': still attacking)."""
    out: list[Found] = []
    for m in P["tapped_while_attacking"].finditer(s.norm):
        if re.search(r"前|まで|開始", s.norm[:m.end()]):
            continue                     # tapped before attackers are declared: it cannot attack (508.1a), another claim
        stopped = not m.group("form").endswith(("ない", "ません"))
        sit = {"attacker": {"desc": {"types": ["Creature"]}}, "tapped_while_attacking": True}
        out.append(Found("tapped_while_attacking", sit, {"still_attacking": not stopped}, None, m.span()))
    return _conditioned(s, out)


@register("gains_while_attacking", priority=68, claims=True, needs=("攻撃した状態", "攻撃している状態"))
def find_gains_while_attacking(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """An attacking creature that gains a keyword (defender) stays attacking (506.4, 702.3b)."""
    out: list[Found] = []
    for m in P["gains_while_attacking"].finditer(s.norm):
        kw = LEX.value("keyword_abilities", m.group("kw"))
        if not kw:
            continue
        form = m.group("form")
        stays = form not in ("から外れる", "から外れます", "ではなくなる", "ではなくなります", "でなくなる", "ではない")
        sit = {"attacker": {"desc": {"types": ["Creature"]}}, "gains_while_attacking": kw}
        out.append(Found("gains_while_attacking", sit, {"still_attacking": stays}, None, m.span()))
    return _conditioned(s, out)
