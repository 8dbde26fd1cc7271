"""A verdict's expectations and observations in words, and game-log lines with their CR numbers found.

Expectation kinds are those of the scenario format (``../shared/docs/scenario-format.md``, "Expectations");
a kind without a phrase here is shown as its fields.
"""
from __future__ import annotations

import json
import re
from typing import Any

_RULE = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


def _v(x: Any) -> str:
    if isinstance(x, (list, tuple)):
        return ", ".join(_v(y) for y in x) or "nothing"
    if isinstance(x, dict):
        return ", ".join(f"{k} {_v(v)}" for k, v in x.items())
    if isinstance(x, bool):
        return "yes" if x else "no"
    return str(x)


def _times(n: Any) -> str:
    return f"{n} time" + ("" if n == 1 else "s")


def expectation_words(e: dict[str, Any]) -> str:
    """``{"triggered": {"source": "Soul Warden", "times": 2}}`` → "Soul Warden's abilities trigger 2 times"."""
    if not isinstance(e, dict) or len(e) != 1:
        return json.dumps(e, ensure_ascii=False)
    (kind, a), = e.items()
    a = a if isinstance(a, dict) else {"value": a}
    can = "can" if a.get("value", True) else "cannot"
    phrases = {
        "triggered": lambda: f"{a.get('source')}'s abilities trigger {_times(a.get('times'))}",
        "life": lambda: "life totals: " + ", ".join(f"{p} {n}" for p, n in a.items()),
        "zone": lambda: f"{a.get('card')} is in the {a.get('zone')}",
        "count": lambda: f"{a.get('n')} " + ("token" if a.get("token") else (a.get("card") or "object"))
        + (f"(s) of {a['player']}" if a.get("player") else "(s)") + f" on the {a.get('zone', 'battlefield')}",
        "types": lambda: f"{a.get('card')} has {_v(a.get('has') or [])}"
        + (f" and is not {_v(a['lacks'])}" if a.get("lacks") else ""),
        "pt": lambda: f"{a.get('card')} is {a.get('power')}/{a.get('toughness')}",
        "damage": lambda: f"{a.get('card')} has {a.get('n')} damage marked",
        "counters": lambda: f"{a.get('card')} has {a.get('n')} {a.get('kind')} counter(s)",
        "devotion": lambda: ("your" if a.get("player", "you") == "you" else f"{a.get('player')}'s") + f" devotion to {_v(a.get('color'))} is {a.get('n')}",
        "can_target": lambda: f"{a.get('spell')} {can} target {a.get('target')}",
        "can_cast": lambda: f"{a.get('player', 'you')} {can} cast {a.get('card')}",
        "has_ability": lambda: f"{a.get('card')} " + ("has" if a.get("value", True) else "lacks")
        + f" {a.get('ability')}",
        "stack": lambda: f"the stack holds {a.get('n')} object(s)" if "n" in a else f"the stack is {_v(a)}",
        "targets": lambda: f"{a.get('source')}'s ability targets "
        + (f"{a.get('controller')}'s " if a.get("controller") else "") + _v(a.get("card") or a.get("type")),
        "effects": lambda: f"{a.get('source')}'s effects happen in the order {_v(a.get('sequence'))}",
        "illegal": lambda: f"the action {_v(a.get('action'))} is refused",
        "tapped": lambda: f"{a.get('card')} is " + ("tapped" if a.get("value", True) else "untapped"),
        "monstrous": lambda: f"{a.get('card')} is " + ("" if a.get("value", True) else "not ") + "monstrous",
        "player_counters": lambda: f"{a.get('player')} has {a.get('n')} {a.get('kind')} counter(s)",
    }
    make = phrases.get(kind)
    return make() if make else f"{kind}: {_v(a)}"


def observed_words(e: dict[str, Any], observed: Any) -> str:
    """What the engine saw for expectation ``e``."""
    if observed is None:
        return "not observed (the run stopped before the check)"
    kind = next(iter(e), "") if isinstance(e, dict) else ""
    if kind == "triggered":
        return f"triggered {_times(observed)}"
    if kind in ("can_target", "can_cast"):
        return "could" if observed else "could not"
    if kind == "zone":
        return f"in the {observed}"
    if kind == "types":
        return f"has {_v(observed)}"
    return _v(observed)


def log_parts(line: str) -> list[tuple[str, str | None]]:
    """A game-log line as (text, CR number or None) pieces, so each rule number can link to its page."""
    out: list[tuple[str, str | None]] = []
    pos = 0
    for m in _RULE.finditer(line):
        if m.start() > pos:
            out.append((line[pos:m.start()], None))
        out.append((m.group(1), m.group(1)))
        pos = m.end()
    if pos < len(line):
        out.append((line[pos:], None))
    return out


_SYMBOL = re.compile(r"\{([^{}\s]{1,6})\}")
_SYMBOL_CLASS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c", "T": "tap", "Q": "untap", "S": "snow",
                 "E": "energy", "X": "x"}


def mana_html(text: str | None):
    """Card text with its mana and tap symbols ({W}, {2}, {T}, {W/U}) drawn as symbols (CR 107.4); the rest
    escaped. Japanese text writes them the same way (（Ｔ）-style spellings stay text)."""
    from markupsafe import Markup, escape

    if not text:
        return Markup("")
    out, last = [], 0
    for m in _SYMBOL.finditer(text):
        out.append(str(escape(text[last:m.start()])))
        sym = m.group(1).upper()
        colours = [_SYMBOL_CLASS.get(p, "n" if p.isdigit() else "o") for p in sym.split("/")]
        label = {"T": "tap", "Q": "untap"}.get(sym, sym)
        out.append(f'<abbr class="ms {" ".join("ms-" + c for c in colours)}" title="{{{escape(sym)}}}">'
                   f'{escape(sym)}<span class="ms-text">{{{escape(label)}}}</span></abbr>')
        last = m.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out).replace("\n", "<br>"))
