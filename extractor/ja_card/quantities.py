"""Quantities (107): digits of any width (folded by NFKC before tokenizing), X, kanji numerals; "that much"
(その点数, 107.1), per-object counts (…1体につき: the English grammar's "for each", ``{count: FILTER}``) and the
references an amount is equal to (~のパワーに等しい点数の: "equal to ~'s power") as the English grammar's values
(engine/oracle/quantities.py: REFS, FOR_EACH, times)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, T, TV, choice
from .objects import OBJECT, zoned_filter
from .vocab import COLORS

THAT_MUCH = T("その点数", "それに等しい点数").set_parse_action(lambda: ["event:amount"])
AMOUNT = NUM | THAT_MUCH


def count_of(obj: dict) -> dict:
    """An object phrase → the English grammar's counted filter (its zone kept; a spell is on the stack)."""
    return {"count": zoned_filter(obj)}


# "for each creature you control": あなたがコントロールするクリーチャー1体につき(、)
FOR_EACH = (OBJECT + T("1体につき", "1つにつき", "1枚につき", "1個につき") + pp.Opt(T("、"))).set_parse_action(
    lambda t: [count_of(t[0])])


def times(n, per: dict):
    """"N … for each X" → {count: X, times: N} (the English grammar's shape)."""
    return per if n == 1 else dict(per, times=n)


# what an amount is "equal to" (107.3): the English REFS values
_REF = choice({**{f"{s}のパワー": "power:self" for s in ("~", "これ", "このクリーチャー")},
               **{f"{s}のタフネス": "toughness:self" for s in ("~", "これ", "このクリーチャー")},
               **{f"{s}のパワー": "power:it" for s in ("それ", "そのクリーチャー")},
               **{f"{s}のタフネス": "toughness:it" for s in ("それ", "そのクリーチャー")},
               **{f"{s}{v}": "mana_value:it" for s in ("それの", "そのカードの")
                  for v in ("マナ総量", "点数で見たマナ・コスト")},
               **{f"{s}クリーチャーのパワー": "power:sacrificed"
                  for s in ("生け贄に捧げたクリーチャーのパワー", "生け贄に捧げられた", "その生け贄に捧げられた")},
               **{f"{s}クリーチャーのタフネス": "toughness:sacrificed"
                  for s in ("生け贄に捧げた", "生け贄に捧げられた", "その生け贄に捧げられた")},
               **{f"あなたの{c}への信心": f"devotion:{l}" for c, l in COLORS.items()},       # 700.5
               "あなたのライフの総量": "life:you",
               **{f"あなたの手札{p}カードの枚数": {"count": {"zone": "hand", "owner": "you"}} for p in ("の", "にある")},
               **{f"あなたの墓地{p}カードの枚数": {"count": {"zone": "graveyard", "owner": "you"}}
                  for p in ("の", "にある")}})
# "the number of <objects>": あなたがコントロールするクリーチャーの数 / …の総数
_NUMBER_OF = (OBJECT + T("の数", "の総数")).set_parse_action(lambda t: [count_of(t[0])])
EQUAL_REF = _REF | _NUMBER_OF
# "equal to …" before what it counts: …に等しい点数の (life, damage), …に等しい枚数の (cards)
EQUAL_POINTS = (EQUAL_REF + T("に等しい点数の", "に等しい点数")).set_parse_action(lambda t: [t[0]])
# "…, where X is …" stated as a sentence of its own after the clause (Xは~のパワーに等しい。)
X_IS = (TV(None, "X") .suppress() + T("は") + pp.Opt(T("、")) + EQUAL_REF + T("に等しい")).set_parse_action(
    lambda t: [{"_where_x": t[0]}])
