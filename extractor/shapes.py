"""Pure helpers of the behaviour shapes both card grammars build — the English Oracle grammar (engine/oracle) and the
Japanese card grammar (extractor/ja_card): plain values in, plain dicts out, no parsing library and no imports, so a
construction has one builder whichever language read it.  The engine may import this module (docs/design.md)."""
from __future__ import annotations


def target_spec(obj: dict, det: dict | None = None) -> dict:
    """An object phrase ``{"kind", "filter", "zone"?}`` and its determiner (``other``, ``n``, ``up_to``) → the target
    spec of a targeted object (115.1): a spell, a card in a zone, a creature, or a permanent."""
    det = det or {}
    f = dict(obj["filter"])
    if det.get("other"):
        f["other"] = True
    kind = obj["kind"]
    if kind == "spell":
        spec = {"kind": "spell", "filter": f}
    elif kind == "card":
        spec = {"kind": "graveyard_card" if obj.get("zone") == "graveyard" else f"{obj.get('zone')}_card",
                "filter": f}
    elif f.get("types") == ["Creature"]:
        f.pop("types")
        spec = {"kind": "creature", "filter": f}
    else:
        spec = {"kind": "permanent", "filter": f}
    if not spec["filter"]:
        spec.pop("filter")
    for k in ("n", "up_to"):
        if k in det:
            spec[k] = det[k]
    return spec


def merge_keyword_items(items) -> dict:
    """The items of one keyword line (``{"keywords": [...]}``, ``{"equip": cost}`` …) merged into one value; a
    keyword with a parameter stated twice raises ValueError (the line is not read)."""
    out: dict = {}
    for d in items:
        for k, v in d.items():
            if k == "keywords":
                out.setdefault("keywords", []).extend(v)
            elif k in out:
                raise ValueError(f"keyword {k} twice in one line")
            else:
                out[k] = v
    return out


def anthem_statics(who, body: dict) -> list[dict]:
    """"WHO get +N/+N and have KEYWORDS" → the layer 7c and layer 6 statics (613.4c, 613.1f)."""
    out = []
    if "pt" in body:
        out.append({"layer": "7c", "affected": who, "pt": body["pt"]})
    if "grant" in body:
        out.append({"layer": 6, "affected": who, "grant": body["grant"]})
    return out
