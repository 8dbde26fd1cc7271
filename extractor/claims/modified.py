"""Whether a P/T modification applies to an object: 「プロテクション(黒)のクリーチャーもマイナス修整を受けます」,
「…にも修整が効く」 (CR 702.16: protection stops damage, enchanting, blocking and targeting — not an untargeted
-X/-X effect; 613.4c).

``pt_after`` with outcome ``{"modified": bool}`` and situation ``card`` (the described or named object) and
``effects: [{card: X}]`` — one claim per card giving the modification: the cards the sentence names, else (the
sentence says これら / それら / この呪文) the example's cards.  The cross-check stages the card's own
modification and the engine says whether the object's P/T changed by it.
"""
from __future__ import annotations

from typing import Any

from extractor.claims.conditions import conditions
from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC, describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence

PATTERNS = compile_patterns({
    "modified": r"(?:(?:マイナス|プラス|[+-]\d+/[+-]\d+の?)修整|修整)(?P<v>を受け(?:る|ます|ない|ません|ず)|が(?:効く|効きます|効かない|効きません"
                r"|適用される|適用されます|適用されない|適用されません))",
    # 「《X》のマイナス修整はプロテクション(黒)のクリーチャーにも効く」
    "applies_to": r"〔(\d+)〕(?:/[^、。〔]*?)?の(?P<sign>マイナス|プラス)?修整(?:は|が)、?(?P<obj>[^、。〔]*?)(?:にも|には|に)"
                  r"(?P<v>効く|効きます|効かない|効きません|適用される|適用されます|適用されない|適用されません)",
    "these": r"これら|それら|これ(?:は|も)|それ(?:は|も)|この(?:呪文|カード|効果)|その(?:呪文|カード|効果)",
    "object_particle": r"\s*(?:は|も|にも|には|に)、?\s*(?P<cause>〔\d+〕(?:/[^、。〔]*?)?の)?\s*$",
    # 「(これらも)対象を取らず、ダメージを与えて破壊するものでもないので」: why — what the modifying card does not
    # do, which its staged behaviour shows; not a situation fact
    "reason": r"^(?:(?:これら|それら|この呪文|〔\d+〕)(?:も|は))?[、\s]*(?:(?:対象(?:を|は)?(?:取|と)ら(?:ず|ない)(?:が)?"
              r"|ダメージを与え[^、。]*?(?:もの|わけ|の)(?:で)?(?:も|は)?(?:ない|なく))[、\s]*)+(?:ので|ため|から)?$",
})
P = PATTERNS


def _drop_reasons(sit: dict[str, Any]) -> None:
    rest = [c for c in sit.get("unrepresented") or [] if not P["reason"].match(c.strip())]
    if "unrepresented" in sit:
        sit["unrepresented"] = rest
        if not rest:
            del sit["unrepresented"]


@register("pt_after", priority=96, needs=("修整",))
def find_modified(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["modified"].finditer(s.norm):
        before = s.norm[:m.start()]
        # the object: the described phrase just before, ending with a head word and a topic particle
        heads = [h for h in DESC["head"].finditer(before) if P["object_particle"].match(before[h.end():])]
        if not heads:
            continue
        target = describe(before, heads[-1])
        if target is None:
            continue
        after = P["object_particle"].match(before[heads[-1].end():])
        named = [s.card(x) for x in MARK.finditer(before[:heads[-1].start()] + (after.group("cause") or ""))]
        causes = [c for c in named if c] or (list(ctx.cards) if P["these"].search(before) else [])
        if not causes:
            continue
        v = m.group("v")
        modified = not NEG.search(v)
        for c in dict.fromkeys(causes):
            sit: dict[str, Any] = {"card": dict(target), "effects": [{"card": c}], "events": [],
                                   **conditions(s.norm, heads[-1].start())}
            _drop_reasons(sit)
            res: dict[str, Any] = {"modified": modified}
            if m.group(0).startswith(("マイナス", "プラス")):     # which of the card's changes
                res["sign"] = -1 if m.group(0).startswith("マイナス") else 1
            out.append(Found("pt_after", sit, res, None, m.span()))
    for m in P["applies_to"].finditer(s.norm):
        obj = m.group("obj")
        heads = [h for h in DESC["head"].finditer(obj) if not obj[h.end():].strip()]
        target = describe(obj, heads[-1]) if heads else None
        cause = s.card(m)
        if target is None or cause is None:
            continue
        sit = {"card": dict(target), "effects": [{"card": cause}], "events": [], **conditions(s.norm, m.start())}
        _drop_reasons(sit)
        res = {"modified": not NEG.search(m.group("v"))}
        if m.group("sign"):
            res["sign"] = -1 if m.group("sign") == "マイナス" else 1
        out.append(Found("pt_after", sit, res, None, m.span()))
    return out
