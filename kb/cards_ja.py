"""Compile a face's Japanese printed text: the extractor's Japanese card grammar (extractor.ja_card) parses it into
the Oracle grammar's line values, and the Oracle compiler's own binder and support check
(engine.oracle.compile.assemble) lower them — one behaviour format and one swallow rule whichever language the
text came from (docs/design.md "Japanese card text").

``compile_face_ja(face) -> Compiled`` (supported only when every clause parsed and nothing is unhandled)."""
from __future__ import annotations

import json
import re

from engine.oracle.compile import Compiled, assemble
from engine.oracle.effects import token_name
from extractor.ja_card import parse_face, parse_trigger_condition
from extractor.ja_card.effects import set_granted_compiler


def _lower_tokens(v):
    if isinstance(v, (list, tuple)):
        return type(v)(_lower_tokens(x) for x in v)
    if not isinstance(v, dict):
        return v
    out = {k: _lower_tokens(x) for k, x in v.items()}
    if "create_token" in out and isinstance(out["create_token"], dict) and "token" in out["create_token"]:
        out["create_token"] = dict(out["create_token"], token=token_name(out["create_token"]["token"]))
    return out


def _compile_granted(kind: str, val) -> dict | None:
    """A quoted granted ability's parsed line → its behaviour, as the English compile of 'has "…"' lowers it (a
    line of a creature's own text, 113.1a); None when it does not assemble."""
    c = assemble("~", {"Creature"}, [(kind, _lower_tokens(val), "")])
    return c.behaviour if c.parsed else None


set_granted_compiler(_compile_granted)


def compile_face_ja(face: dict) -> Compiled:
    p = parse_face(face)
    if p.failure:
        return Compiled(p.name, False, p.failure, None, [(k, line) for k, _v, line in p.parsed] + [("fail", p.failed_line)])
    if not p.parsed:
        return Compiled(p.name, False, "no Japanese text", None, [])
    return assemble(p.name, set(face.get("types") or []), [(k, _lower_tokens(v), line) for k, v, line in p.parsed])


def face_ja_of(card) -> dict:
    """A stored card's face with its Japanese printed text as MTGJSON foreignData (the English text left out:
    the Japanese compile reads nothing else of the card's rules text)."""
    from kb.cards_compiled import face_of
    face = dict(face_of(card), text="")
    face["foreignData"] = [{"language": "Japanese", "name": card.full_name_ja or card.name_ja or "",
                            "faceName": card.name_ja if card.full_name else None, "text": card.text_ja or ""}]
    return face


def compile_group_ja(group: list) -> list[tuple]:
    """(name, supported, reason, behaviour) per face of one card, from its Japanese text."""
    out = []
    for card in group:
        if not (card.text_ja or "").strip():
            out.append((card.name, False, "no Japanese text", None))
            continue
        c = compile_face_ja(face_ja_of(card))
        out.append((card.name, c.supported, c.reason, c.behaviour))
    return out


def _compile_many_ja(groups: list) -> list:
    return [compile_group_ja(g) for g in groups]


def compile_groups_ja(groups: list, workers: int | None = None) -> list[list[tuple]]:
    """:func:`compile_group_ja` over many cards (two worker processes when there are many)."""
    from kb.cards_compiled import compile_groups
    return compile_groups(groups, workers, many=_compile_many_ja)


def _differences(a, b, path="") -> list[str]:
    """Where two behaviours differ (paths of the first differing keys or list items)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            out += _differences(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in _differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [path or "(whole)"]


def japanese_info(card: dict) -> dict:
    """For ``show card`` (its info dict): the Japanese printed text compiled, beside the English compile, with
    where the two differ.  ``{"text_ja", "supported", "reason", "spec", "same_as_english", "differences"}``."""
    text = card.get("text_ja") or ""
    face = {"name": card.get("full_name") or card.get("name_en") or "?", "types": card.get("types") or [],
            "subtypes": card.get("subtypes") or [],
            "foreignData": [{"language": "Japanese", "name": card.get("full_name_ja") or card.get("name_ja") or "",
                             "faceName": card.get("name_ja") if card.get("full_name") else None, "text": text}]}
    out = {"text_ja": text, "supported": False, "reason": "no Japanese text", "spec": None,
           "same_as_english": None, "differences": []}
    if not text.strip():
        return out
    c = compile_face_ja(face)
    out.update(supported=c.supported, reason=c.reason, spec=c.behaviour)
    en = card.get("behaviour") or {}              # kb.cards.display.behaviour: the English compile when compiled
    if c.supported and en.get("status") == "compiled" and en.get("spec") is not None:
        out["differences"] = _differences(c.behaviour, en["spec"])
        out["same_as_english"] = not out["differences"]
    return out


def japanese_lines(info: dict) -> list[str]:
    """The text form of :func:`japanese_info`."""
    if not info or not info.get("text_ja"):
        return ["Japanese compile: no Japanese text"]
    out = ["Japanese compile: " + ("supported" if info["supported"] else f"not supported — {info['reason']}")]
    if info.get("spec") is not None and info["supported"]:
        out.append("  " + json.dumps(info["spec"], ensure_ascii=False))
    if info.get("same_as_english") is True:
        out.append("  same behaviour as the English compile")
    elif info.get("same_as_english") is False:
        out.append("  DIFFERS from the English compile at: " + ", ".join(info["differences"][:10]))
    return out


def compile_quoted(text: str, name: str = "Quoted", types=(), name_ja: str = "") -> dict:
    """One quoted wording of a ruling (「…」という能力を持つ) compiled as the Japanese text of a face named
    ``name`` (Japanese name ``name_ja``, how the wording refers to the card itself) with card types ``types``: ``{"supported", "reason", "behaviour"}`` — what
    :func:`engine.crosscheck.check_claim` takes as ``quoted`` (docs/design.md "Quoted wording")."""
    ja, en = split_bilingual(str(text))
    face = {"name": name, "types": list(types or []),
            "foreignData": [{"language": "Japanese", "name": name_ja or "", "text": ja}]}
    try:
        c = compile_face_ja(face)
        if not c.supported:
            # a trigger condition quoted alone (603.1: a ruling names an ability by its condition): the ability
            # of a stand-in that has just that trigger, its effect unstated (no effect)
            head = parse_trigger_condition(ja)
            if head is not None:
                c = assemble(name, set(types or []), [("trigger", (head, []), ja)])
    except RecursionError:
        return {"supported": False, "reason": "the quoted wording nests too deeply to be read", "behaviour": None}
    if c.supported and en and not _same_in_english(c.behaviour, en):
        return {"supported": False, "behaviour": None,
                "reason": f"the quote's English half ({en[:40]}) does not compile to the same behaviour as its Japanese"}
    return {"supported": bool(c.supported), "reason": c.reason, "behaviour": c.behaviour if c.supported else None}


_BILINGUAL = re.compile(r"^([^/／]*[^\x00-\x7f][^/／]*)[/／]\s*([\x00-\x7f]+)$")


def split_bilingual(text: str) -> tuple[str, str | None]:
    """A quote printed in both languages (「土地が…たび／Whenever a land …」, as the CR prints a trigger condition)
    → (the Japanese half, the English half); a Japanese-only quote → (text, None)."""
    m = _BILINGUAL.match(text.strip())
    return (m.group(1).strip(), m.group(2).strip()) if m else (text, None)


def _same_in_english(behaviour: dict, en: str) -> bool:
    """The English half read by the Oracle grammar gives the same behaviour (a whole ability), or the same
    trigger head (a trigger condition alone).  English the Oracle grammar cannot read is not a disagreement."""
    from engine.oracle.base import parse_all
    from engine.oracle.compile import compile_face
    from engine.oracle.triggers import TRIGGER_HEAD
    text = en.strip().rstrip(",")
    c = compile_face({"name": "Quoted", "types": [], "text": text})
    if c.supported:
        return c.behaviour == behaviour
    head = parse_all(TRIGGER_HEAD, text.lower())
    if head is None:
        return True
    trig = (behaviour.get("triggers") or [{}])[0]
    return {k: v for k, v in trig.items() if k not in ("targets", "effects")} == head


def quoted_of_claim(claim, table) -> dict:
    """Every quoted wording a claim carries (``situation.quoted`` of a ``card_text`` claim, with the named card's
    name and types; ``situation.quoted_ability``; the quoted effects of a story in order, as an instant's or an
    enchantment's text), compiled: ``{text: compile_quoted(...)}``."""
    sit = getattr(claim, "situation", None) or {}
    out: dict = {}
    text = sit.get("quoted")
    if isinstance(text, str) and text.strip():
        name, types, name_ja = "Quoted", (), ""
        m = table.resolve(str(sit.get("card") or claim.subject or "")) if table is not None and \
            (sit.get("card") or claim.subject) else None
        if m is not None:
            name, types, name_ja = m.card.name, m.card.types, m.card.name_ja or ""
        out[text] = compile_quoted(text, name, types, name_ja)
    token = sit.get("token_ability")           # a predefined token's quoted ability (111.10): an artifact's text
    if isinstance(token, str) and token.strip() and token not in out:
        out[token] = compile_quoted(token, types=("Artifact",))
    ability = sit.get("quoted_ability")
    if isinstance(ability, str) and ability.strip() and ability not in out:
        out[ability] = compile_quoted(ability)
    for e in sit.get("effects") or [] if sit.get("in_order") else []:
        # an effect a story quotes (pt_layers): a spell's wording, or an enchantment's
        text = e.get("quoted") if isinstance(e, dict) else None
        if isinstance(text, str) and text.strip() and text not in out:
            out[text] = compile_quoted(text, types=["Instant"] if e.get("source") == "spell" else ["Enchantment"])
    spell = sit.get("cause_spell")            # a spell described by its effect: compiled as a sorcery's text
    if isinstance(spell, str) and spell.strip() and spell not in out:
        out[spell] = compile_quoted(spell, "Quoted", ("Sorcery",))
    return out
