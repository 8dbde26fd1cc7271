""""Protection from the color of your choice" (702.16, 700.2-style choice made as the effect happens, 608.2d):
granted until end of turn by a spell or ability (Mother of Runes, Gods Willing).  As the effect resolves its
controller chooses a color; the object then has the keyword ``protection_from_<c>`` (``protection_from_r``) (layer 6), which the
protection rules (mechanics/protection.py) read like a printed "protection from <color>"."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import COLORS

V.keyword("protection_chosen_color", "702.16")
for _c in COLORS:
    V.keyword(f"protection_from_{_c.lower()}", "702.16")


# "protection from artifacts or from the color of your choice": the quality the player may choose instead of a color
OR_CHOSEN_COLOR = {"protection_artifacts_or_chosen_color": ("artifacts", "protection_artifacts"),
                   "protection_colorless_or_chosen_color": ("colorless", "protection_colorless")}
for _k in OR_CHOSEN_COLOR:
    V.keyword(_k, "702.16")


def resolve_choices(g, grant, ctx):
    """608.2d: a granted "protection from the color of your choice" becomes protection from the chosen color; "from
    artifacts (colorless) or from the color of your choice" asks a `mode` first (`artifacts` / `colorless`, or
    `color`, then the color)."""
    if not grant or not any(k == "protection_chosen_color" or k in OR_CHOSEN_COLOR for k in grant):
        return grant
    out = []
    for k in grant:
        if k in OR_CHOSEN_COLOR:
            quality, kw = OR_CHOSEN_COLOR[k]
            pick = g.answer(ctx.controller, "mode", f"{ctx.source.name}: protection from {quality} or a color", "color")
            if pick not in (quality, "color"):
                from ...errors import IllegalAction
                raise IllegalAction(f"{ctx.source.name}: protection from {quality!r} or 'color', not {pick!r}")
            if pick == quality:
                g.log("702.16", f"{ctx.controller} chooses protection from {quality}")
                out.append(kw)
                continue
            k = "protection_chosen_color"
        if k == "protection_chosen_color":
            color = g.choose_color(ctx.controller, f"{ctx.source.name}: protection from which color")
            g.log("702.16", f"{ctx.controller} chooses {color} for protection")
            k = f"protection_from_{color.lower()}"
        out.append(k)
    return out


# 702.16a: granted protection keywords with a quality other than one color ("protection from creatures")
KEYWORD_QUALITIES = {"protection_creatures": {"types": ["Creature"]}, "protection_artifacts": {"types": ["Artifact"]},
                     "protection_colorless": {"colorless": True},
                     "protection_all_colors": {"colors": "WUBRG"}, "protection_everything": {"everything": True}}
for _k in KEYWORD_QUALITIES:
    V.keyword(_k, "702.16")


def color_qualities(chars) -> list:
    """The protection qualities the object's keywords give: ``{colors: C}`` for each protection_from_C, and those
    of KEYWORD_QUALITIES."""
    return [{"colors": k[len("protection_from_"):].upper()} for k in chars.keywords
            if isinstance(k, str) and k.startswith("protection_from_")] + \
        [KEYWORD_QUALITIES[k] for k in chars.keywords if k in KEYWORD_QUALITIES]
