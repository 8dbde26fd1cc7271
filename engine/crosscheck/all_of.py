"""``all_of``: one statement of several facts, each a claim of its own kind (「タップ状態のクリーチャーは攻撃したり
ブロックしたりできない」: can't attack, and can't block) — judged by checking each part with its kind's checker.
The statement holds only when every part does: confirmed when each part is confirmed, contradicted when a part is
contradicted and every part was decided, else unsimulable (a part not judged is a fact not staged)."""
from __future__ import annotations

import dataclasses
from typing import Callable

from extractor.facts import Claim

from .builder import compact


def parts(claim: Claim) -> list[Claim]:
    """The claim of each part (``situation.parts``: [{kind, situation, outcome, subject}]), with the statement's
    words and place; [] when the parts are not of that shape."""
    raw = (claim.situation or {}).get("parts")
    if not isinstance(raw, list) or len(raw) < 2 or not all(
            isinstance(p, dict) and isinstance(p.get("kind"), str) and p["kind"] != "all_of" for p in raw):
        return []
    # what the statement as a whole states (its descriptions' unread words lifted to ``unrepresented``, the
    # example's context) is a fact of every part: never dropped by judging the parts alone
    whole = {k: v for k, v in (claim.situation or {}).items() if k != "parts"}
    return [dataclasses.replace(claim, id=f"{claim.id}:{i}", kind=p["kind"], subject=p.get("subject"),
                                situation=_with_whole(dict(p.get("situation") or {}), whole),
                                outcome=dict(p.get("outcome") or {}))
            for i, p in enumerate(raw)]


def _with_whole(sit: dict, whole: dict) -> dict:
    """A part's situation with the whole statement's facts: a key it lacks taken, a list joined."""
    for k, v in whole.items():
        if k not in sit:
            sit[k] = v
        elif isinstance(sit[k], list) and isinstance(v, list):
            sit[k] = sit[k] + [x for x in v if x not in sit[k]]
    return sit


def judge(claim: Claim, check: Callable[[Claim], object]) -> tuple[str, str]:
    """(verdict, reason) of the statement from its parts' verdicts (``check``: the cross-check of one claim)."""
    subs = parts(claim)
    if not subs:
        return "unsimulable", f"the statement's parts are not claims the check can judge ({compact((claim.situation or {}).get('parts'))})"
    got = [(c, check(c)) for c in subs]
    said = "; ".join(f"{c.kind} {v.verdict}: {v.reason}" for c, v in got)
    verdicts = [v.verdict for _, v in got]
    if all(x == "confirmed" for x in verdicts):
        return "confirmed", f"every part holds — {said}"
    if "contradicted" in verdicts and "unsimulable" not in verdicts:
        return "contradicted", f"a part fails — {said}"
    return "unsimulable", f"not every part is judged — {said}"
