"""Stack claims: stack_order (who puts what first: APNAP, CR 603.3b; a controller orders their own
triggers freely), choice_on_resolution (a choice made when the ability resolves, CR 603.5 / 608.2)."""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context, subject_before
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_NAME_TAIL = r"(?:/[^、。〔]*?)?"

PATTERNS = compile_patterns({
    "free_order": r"どちらを先に[^。]*?(?:てもよい|ても良い|ても構わない|られる|できる)|好きな順(?:番)?で[^。]*スタックに",
    "first": r"〔(\d+)〕[^。〔]*?が先に(?:なる|置|解決|スタック)",
    "about_stack": r"スタック|置く順",
    "choice": r"(支払うか|生け贄に捧げるか|するか|選ぶか|唱えるか)(?:を|どうかを?)?(?:決める|選択する|選ぶ|選択)の?は[^。]*?解決時"
              r"|解決時に[^。]*?(?:か|かどうか)?を?(?:決める|選ぶ|選択する|決定する)",
    "active_controls": r"アクティブ・プレイヤーの(?:コントロールする)?([^。]*)",
    "attacks": r"〔(\d+)〕" + _NAME_TAIL + r"(?:が|は)攻撃",
    "blocked_by": r"〔(\d+)〕" + _NAME_TAIL + r"に(?:よって)?ブロックされ",
    "blocks": r"〔(\d+)〕" + _NAME_TAIL + r"(?:が|は)〔(\d+)〕" + _NAME_TAIL + r"をブロック",
})
P = PATTERNS


def _combat_sides(ctx: Context) -> tuple[list[str], list[str]]:
    """Cards the example says attack (their controller is the active player) and block (the defending,
    non-active player): 'Xが攻撃し、Yにブロックされ' / 'YがXをブロックし'."""
    active: list[str] = []
    nonactive: list[str] = []

    def add(lst: list[str], c: str | None) -> None:
        if c and c not in lst:
            lst.append(c)
    for s in ctx.sentences:
        for m in P["attacks"].finditer(s.norm):
            add(active, s.card(m))
        for m in P["blocked_by"].finditer(s.norm):
            add(nonactive, s.card(m))
        for m in P["blocks"].finditer(s.norm):
            add(nonactive, s.card(m.group(1)))
            add(active, s.card(m.group(2)))
    return active, [c for c in nonactive if c not in active]


@register("stack_order", priority=110, needs=("先に", "好きな順"))
def find_stack_order(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    sit: dict[str, Any] = {"triggers": list(ctx.cards)}
    if "board" in ctx.situation:
        sit["controllers"] = ctx.situation["board"]
    m = P["free_order"].search(s.norm)
    if m:
        out.append(Found("stack_order", dict(sit), {"free_order": True}, ctx.default_subject, m.span()))
    m = P["first"].search(s.norm)
    if m and P["about_stack"].search(s.norm):
        first = s.card(m)
        sit2 = dict(sit)
        active, nonactive = _combat_sides(ctx)
        if active and nonactive:
            # who controls what comes from the events (the attacker's controller is the active player, CR
            # 506.2), never from the clause that states the outcome — else the check could not fail
            sit2["controllers"] = {"active": active, "nonactive": nonactive}
            sit2["order_rule"] = "APNAP"
        elif any(f"〔{m.group(1)}〕" in a.group(1) for a in P["active_controls"].finditer(s.norm)):
            sit2["controllers"] = {"active": [first], "nonactive": [c for c in ctx.cards if c != first]}
            sit2["order_rule"] = "APNAP"
        out.append(Found("stack_order", sit2, {"first": first}, first, m.span()))
    return out


@register("choice_on_resolution", priority=120, needs=("解決時",))
def find_choice(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["choice"].search(s.norm)
    if not m:
        return []
    head = s.norm[:m.end()]
    choice = "pay" if "支払" in head else "sacrifice" if "生け贄" in head else "may"
    source = subject_before(s, m.start(), ctx)
    return [Found("choice_on_resolution", {"source": source, "choice": choice}, {"decided": "resolution"}, source,
                  m.span())]
