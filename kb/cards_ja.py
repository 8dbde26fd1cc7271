"""Compile a face's Japanese printed text: the extractor's Japanese card grammar (extractor.ja_card) parses it into
the Oracle grammar's line values, and the Oracle compiler's own binder and support check
(engine.oracle.compile.assemble) lower them — one behaviour format and one swallow rule whichever language the
text came from (docs/design.md "Japanese card text").

``compile_face_ja(face) -> Compiled`` (supported only when every clause parsed and nothing is unhandled)."""
from __future__ import annotations

from engine.oracle.compile import Compiled, assemble
from engine.oracle.effects import token_name
from extractor.ja_card import parse_face


def _lower_tokens(v):
    if isinstance(v, (list, tuple)):
        return type(v)(_lower_tokens(x) for x in v)
    if not isinstance(v, dict):
        return v
    out = {k: _lower_tokens(x) for k, x in v.items()}
    if "create_token" in out and isinstance(out["create_token"], dict) and "token" in out["create_token"]:
        out["create_token"] = dict(out["create_token"], token=token_name(out["create_token"]["token"]))
    return out


def compile_face_ja(face: dict) -> Compiled:
    p = parse_face(face)
    if p.failure:
        return Compiled(p.name, False, p.failure, None, [(k, line) for k, _v, line in p.parsed] + [("fail", p.failed_line)])
    if not p.parsed:
        return Compiled(p.name, False, "no Japanese text", None, [])
    return assemble(p.name, set(face.get("types") or []), [(k, _lower_tokens(v), line) for k, v, line in p.parsed])
