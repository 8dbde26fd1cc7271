"""Sudachi tokens for the short-term search index (owned by the search work; stub until then)."""


def tokens_for(text: str) -> str:
    return ""
