"""Typed claims (stub until the claims work lands)."""


def attach_claims(doc, nlp) -> None:
    return None
