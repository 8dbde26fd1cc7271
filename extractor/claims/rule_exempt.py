"""Exemption from the summoning-sickness rule (CR 302.6, 702.10b): 「速攻を持つクリーチャーはこのルールを無視する」,
「速攻を持つクリーチャーには召喚酔いのルールが適用されない」.  The rule is named (召喚酔いのルール) or referred to
(このルール／その制限) — a zero-anaphora of a RULE, resolved to the rule the text before it names last: the
sentences before it in the example, the preceding item, else the page's title.  A rule the reader cannot
resolve to summoning sickness gives no reading.

What the rule forbids (302.6) is what the exemption allows: an object the rule is ignored for, staged as having
entered this turn (``summoning_sick``), can attack (508.1a) and activate an ability with {T} in its cost — one
reading each, ``can`` true (ignored / not applied) or false (applied).  「…にしか適用されない」 (the rule applies
ONLY to X: a statement about everything else) is not this construction and gives no reading.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import described_before, said_before
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence

PATTERNS = compile_patterns({
    # 「Xはこのルールを無視する」「Xには召喚酔いのルールが適用されない」「Xは召喚酔いのルールの適用を受けない」
    "exempt": r"(?P<np>[^、。]*?)(?:に対して|について)?(?:には|にも|は|も|では)[、\s]*(?P<rule>(?:召喚酔い|召喚酔いの)\s*(?:ルール|規則|制限)"
              r"|(?:この|その|上記の|前述の)(?:ルール|規則|制限))\s*(?:を|は|が|の適用を)\s*"
              r"(?P<verb>無視(?:する|できる|します|されます|される)|適用されない|適用されません|適用される|適用されます"
              r"|受けない|受けません)",
    # the last rule the text before names: summoning sickness (召喚酔い, 302.6) or another rule (レジェンド・ルール,
    # 状況起因処理, …: a ルール／規則 word after anything else)
    "rule_named": r"召喚酔い|302\.6|[^\s、。]{1,12}(?:ルール|規則)",
})
P = PATTERNS
_APPLIES = ("適用される", "適用されます")


def _refers_to_sickness(rule: str, before: str, title: str | None) -> bool:
    """Whether the rule words name summoning sickness: named, or the last rule the text before names is it
    (else the page's title, a rule's own page)."""
    if rule.startswith("召喚酔い"):
        return True
    last = None
    for m in P["rule_named"].finditer(before):
        last = m.group(0)
    if last is not None:
        return "召喚酔い" in last or last.startswith("302.6")
    return bool(title) and "召喚酔い" in title and "ルール" not in title.replace("召喚酔い", "")


@register("can_attack", "can_activate", priority=63, needs=("ルール", "規則", "制限"))
def find_rule_exempt(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["exempt"].finditer(s.norm):
        if "しか" in s.norm[m.start("verb") - 8:m.start("verb")] or "しか" in m.group("np")[-4:]:
            continue
        before = (getattr(ctx, "preceding", "") or "") + said_before(si, ctx) + s.norm[:m.start()]
        if not _refers_to_sickness(m.group("rule"), before, getattr(ctx, "page_title", None)):
            continue
        np = m.group("np")
        subject: Any = None
        marks = list(MARK.finditer(np))
        if marks and not np[marks[-1].end():].strip(" /"):
            subject = s.card(marks[-1])
        elif not marks:
            subject = described_before(np.strip())
        if subject is None:
            continue
        can = m.group("verb") not in _APPLIES
        base: dict[str, Any] = {"card": subject, "conditions": [{"kind": "summoning_sick"}]}
        merge(base, conditions(s.norm, m.start()))
        name = subject if isinstance(subject, str) else None
        if isinstance(subject, dict) and "Creature" in (subject["desc"].get("types") or []):
            # attacking is a creature's (508.1a): only a described creature — a named card may be no creature
            # (「《X》には召喚酔いのルールが適用されない」 of an artifact says nothing of attacking)
            out.append(Found("can_attack", dict(base), {"can": can}, name, m.span()))          # 302.6, 508.1a
        out.append(Found("can_activate", {**base, "ability": {"tap": True}}, {"can": can}, name, m.span()))  # 302.6
    return out
