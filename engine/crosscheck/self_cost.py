"""``self_cost``: whether a permanent may be sacrificed to pay its own activated ability's cost (「《X》の最後の能力の
コストを支払うために、それ自身を生け贄に捧げてもよい」, extractor/claims/self_cost.py).

Judged from the ability's cost as the engine compiles it, not simulated (``origin: compared``): CR 602.2b / 601.2h
(an activated ability's costs are paid as it is activated), 701.17a (sacrifice: a permanent its controller controls,
moved to its owner's graveyard).  The ability is the card's Oracle paragraph the sentence names (最後の: the last,
最初の / Nつ目の: the Nth, 113.2 — one paragraph, one ability), compiled alone; none named: the card's one activated
ability with a sacrifice cost.  Its cost

* 「~を生け贄に捧げる」 (``sacrifice_self``): the permanent itself is the cost — it can;
* 「他の…を生け贄に捧げる」 (``sacrifice_other`` with ``other``): "another" — it cannot;
* 「<type>をN体生け贄に捧げる」: it can exactly when it has the card types and subtypes the cost names (its own
  characteristics, 109.3; a filter word the check does not know keeps the claim unsimulable).

An ability that does not compile (or is not an activated ability, or sacrifices nothing) is not judged: the reason
says so."""
from __future__ import annotations

from extractor.facts import Claim

from .registry import Skip

_KNOWN = {"types", "subtypes", "supertypes", "n", "other"}
RULES = "602.2b, 701.17a"


def _paragraphs(card) -> list[str]:
    return [p.strip() for p in (getattr(card, "text", None) or "").split("\n") if p.strip()]


def _activated(card, para: str) -> dict | None:
    from ..oracle.compile import compile_face
    c = compile_face({"name": card.name, "types": list(getattr(card, "types", None) or []), "text": para})
    if not c.supported or not isinstance(c.behaviour, dict):
        raise Skip(f"{card.name}'s ability 「{para[:60]}」 does not compile supported ({c.reason}): its cost is not "
                   "judged")
    acts = c.behaviour.get("activated") or []
    return acts[0] if len(acts) == 1 else None


def _ability(card, which) -> tuple[dict, str]:
    paras = _paragraphs(card)
    if not paras:
        raise Skip(f"{card.name} has no rules text: it has no activated ability")
    if which is not None:
        i = len(paras) - 1 if which == "last" else int(which) - 1
        if not 0 <= i < len(paras):
            raise Skip(f"{card.name} has {len(paras)} paragraph(s) of rules text: its ability {which} is not one")
        a = _activated(card, paras[i])
        if a is None:
            raise Skip(f"{card.name}'s ability 「{paras[i][:60]}」 is not one activated ability")
        return a, paras[i]
    found = []
    for p in paras:
        if "acrifice" not in p or ":" not in p:
            continue
        a = _activated(card, p)
        if a is not None and (a.get("sacrifice_self") or a.get("sacrifice_other")):
            found.append((a, p))
    if len(found) != 1:
        raise Skip(f"the sentence does not say which ability of {card.name} it means, and {card.name} has "
                   f"{len(found)} activated abilities with a sacrifice cost")
    return found[0]


def judge_self_cost(claim: Claim, cards) -> tuple[str, str]:
    """(verdict, reason) of a ``self_cost`` claim (:class:`Skip` when not judged)."""
    sit = claim.situation or {}
    name = sit.get("card") or claim.subject
    if not isinstance(name, str) or not name:
        raise Skip("the claim does not name the card whose cost it is about")
    card = cards.card(name)
    stated = bool((claim.outcome or {}).get("can", True))
    a, para = _ability(card, sit.get("ability"))
    if a.get("sacrifice_self"):
        can, why = True, f"its cost 「{para.split(':')[0]}」 is to sacrifice {card.name} itself"
    elif isinstance(a.get("sacrifice_other"), dict):
        f = a["sacrifice_other"]
        odd = sorted(set(f) - _KNOWN)
        if odd:
            raise Skip(f"the cost 「{para.split(':')[0]}」 names {odd}, which this check does not compare")
        if f.get("other"):
            can, why = False, f"its cost 「{para.split(':')[0]}」 sacrifices another permanent, never {card.name} itself"
        else:
            have = {"types": set(card.types or []), "subtypes": set(getattr(card, "subtypes", None) or []),
                    "supertypes": set(getattr(card, "supertypes", None) or [])}
            lack = [f"{k} {sorted(set(f[k]) - have[k])}" for k in ("types", "subtypes", "supertypes")
                    if f.get(k) and not set(f[k]) <= have[k]]
            can = not lack
            why = (f"its cost 「{para.split(':')[0]}」 is paid by any permanent of that kind {card.name}'s controller "
                   f"controls, itself included" if can else
                   f"its cost 「{para.split(':')[0]}」 sacrifices what {card.name} is not ({'; '.join(lack)})")
    else:
        raise Skip(f"{card.name}'s ability 「{para[:60]}」 sacrifices nothing as its cost")
    verdict = "confirmed" if can == stated else "contradicted"
    return verdict, f"{card.name}: {why} ({RULES}); so it {'can' if can else 'cannot'} be sacrificed to pay that cost"
