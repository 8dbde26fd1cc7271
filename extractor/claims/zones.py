"""Zone claims: enters_as (what a spell becomes on the battlefield, CR 702.103e: a bestow Aura whose
target is illegal enters as a creature), no_return (a return ability finds its card gone, CR 400.7),
finds (a search finds / does not find a card)."""
from __future__ import annotations

import re

from extractor.claims.context import Context, mode_for, subject_before
from extractor.claims.context import PATTERNS as CONTEXT_PATTERNS
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import lexicon

LEX = lexicon()

PATTERNS = compile_patterns({
    "enters_as": CONTEXT_PATTERNS["type_run"].pattern + r"(?:として|の状態で|で)戦場に(?:出る|出ます|出た)",
    "return": r"戻(?:す(?:事|こと)は?が?(?:でき|出来)(ない|ず|る)|せ(ない|ず|る)|ら(ない)|ってくる)",
    "finds": r"見つけ(?:てくる|て来る|る)?(?:事|こと)は?が?(?:でき|出来)(ない|ず|る)",
    "returned_card": r"〔(\d+)〕を",
    "ability_topic": r"(?:能力)?は",             # after a keyword name: 不死は… / 不死能力は…
})
P = PATTERNS


@register("enters_as", priority=70, needs=("戦場に",))
def find_enters_as(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["enters_as"].finditer(s.norm):
        types = [t for t in LEX.types_in(m.group(1)) if t != "Aura"]
        if not types:
            continue
        sit = {"spell": ctx.default_subject, "mode": mode_for(ctx, si),
               "target_illegal": bool(ctx.situation.get("target_illegal"))}
        out.append(Found("enters_as", sit, {"types": types, "zone": "battlefield"}, ctx.default_subject, m.span()))
    return out


@register("no_return", "finds", priority=130, needs=("戻", "見つけ"))
def find_return(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    m = P["return"].search(s.norm)
    if m and "戦場" in s.norm[:m.start()]:
        neg = next((g for g in m.groups() if g), "")
        returned = not (neg.startswith("な") or neg == "ず")
        mk = list(P["returned_card"].finditer(s.norm[:m.start()]))
        subject = s.card(mk[-1]) if mk else ctx.default_subject
        sit = {k: ctx.situation[k] for k in ("cause", "events") if k in ctx.situation}
        head = s.norm[:m.start()]
        kw = [k for k in s.keywords if re.search(re.escape(k) + P["ability_topic"].pattern, head)] or s.keywords
        if kw:
            sit["ability"] = LEX.topic(kw[0]) or kw[0]         # the returning keyword ability: undying, persist
        out.append(Found("no_return", sit, {"returned": returned}, subject, m.span()))
    m = P["finds"].search(s.norm)
    if m:
        sit = {k: ctx.situation[k] for k in ("cause", "events") if k in ctx.situation}
        out.append(Found("finds", sit, {"found": m.group(1) == "る"}, subject_before(s, m.start(), ctx), m.span()))
    return out
