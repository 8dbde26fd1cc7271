"""Rulings prose reader (stub until the claims work lands)."""
from extractor.facts import ExtractedDocument, RawDocument


def extract_prose(raw: RawDocument) -> ExtractedDocument:
    return ExtractedDocument(raw=raw)
