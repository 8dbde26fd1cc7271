"""Text in, typed facts out.  ``extract(raw)`` dispatches on ``raw.form``.

Importing this package is cheap: the readers are imported when first used (spaCy never here).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from extractor.facts import ExtractedDocument, RawDocument

__all__ = ["extract", "keywords", "KEYWORDS_FILE"]

KEYWORDS_FILE = Path(__file__).parent / "data" / "keywords.yaml"


@lru_cache(maxsize=1)
def keywords() -> tuple[dict[str, Any], ...]:
    """The keyword lexicon ``extractor/data/keywords.yaml``, read once: ``({ja, en, aliases}, ...)``
    (names only; ``en`` may be None, ``aliases`` is a tuple).  Shared: do not mutate the rows."""
    import yaml

    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)          # libyaml when built with it
        rows = yaml.load(KEYWORDS_FILE.read_text(encoding="utf-8"), Loader=loader) or []
        return tuple({"ja": r["ja"], "en": r.get("en"), "aliases": tuple(r.get("aliases") or ())} for r in rows)
    except (yaml.YAMLError, KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{KEYWORDS_FILE}: bad keyword lexicon: {e}") from e


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
