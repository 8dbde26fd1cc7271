"""Whose card it is, said right before a named card (CR 108.4 controller, 110.2): 「あなたの《X》」「自分の《X》」
「あなたがコントロールする《X》」「対戦相手の《X》」「対戦相手がコントロールする《X》」.  The readers record it as
``situation.controllers`` ({role: "you" | "opponent" | "self"}); a checker stages the card on that side or
refuses the claim (a key it does not declare in ``stages`` leaves the claim unsimulable)."""
from __future__ import annotations

import re
from typing import Any

# the phrase, ending right before the card mark
SIDE = re.compile(r"(?:(?P<you>あなた|自分)|(?P<opp>対戦相手|相手))(?:の|が(?:コントロールする|コントロールしている))\s*$")


def side_of(phrase: str) -> str | None:
    """"you" / "opponent" when ``phrase`` is exactly a controller phrase, else None."""
    m = SIDE.fullmatch(phrase.strip())
    return None if m is None else ("opponent" if m.group("opp") else "you")


def read_side(sit: dict[str, Any], role: str) -> None:
    """The words a reader kept unrepresented before the named card of ``role`` (its lead, e.g. removal's
    ``_lead``) read as its controller when they are exactly one controller phrase: ``controllers[role]`` set and
    the words taken off the unrepresented ones.  Anything more (「タップ状態のあなたの」) stays unread."""
    if not isinstance(sit.get(role), str):
        return
    words = sit.get("unrepresented") or []
    found = [(w, side_of(w)) for w in words if side_of(w)]
    if len(found) != 1:
        return
    sit.setdefault("controllers", {})[role] = found[0][1]
    left = [w for w in words if w != found[0][0]]
    if left:
        sit["unrepresented"] = left
    else:
        sit.pop("unrepresented", None)
