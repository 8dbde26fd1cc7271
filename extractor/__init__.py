"""Text in, typed facts out.  ``extract(raw)`` dispatches on ``raw.form``.

Importing this package is cheap: the readers are imported when first used (spaCy never here).
"""
from __future__ import annotations

from extractor.facts import ExtractedDocument, RawDocument

__all__ = ["extract"]


def extract(raw: RawDocument) -> ExtractedDocument:
    """wikitext → :func:`extractor.wikitext.extract_wikitext`; rules → :func:`extractor.rules.extract_rules`;
    prose → :func:`extractor.prose.extract_prose`."""
    if raw.form == "wikitext":
        from extractor.wikitext import extract_wikitext
        return extract_wikitext(raw)
    if raw.form == "rules":
        from extractor.rules import extract_rules
        return extract_rules(raw)
    if raw.form == "prose":
        from extractor.prose import extract_prose
        return extract_prose(raw)
    raise ValueError(f"{raw.path}: unknown document form {raw.form!r}")
