"""What X counts in a mana value, by zone (``x_mana_value``, 202.3e): on the stack X is the value announced for
it (601.2b); in any other zone X is 0.

Constructions read (the whole sentence, else no claim):
- the zone: 「スタック(上)では／にある間は」 (stack), 「スタック以外(の領域)では」 (off the stack), 「手札／墓地／ライブラリー／
  戦場では(にある間は)」 (that zone);
- the object, before or after the zone, optional: 「(マナ・コストに)Xを含む(呪文|カード|パーマネント)の(マナ総量|点数で見た
  マナ・コスト)(は|では|を計算する際は)」;
- the predicate: 「Xは0として扱う／数える／計算する(ない)」 (X is 0), 「Xは(選ばれた|宣言された|決めた)値として扱われる」 or
  「Xの値を含む(含まない)」 (the announced X).
"""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_MV = r"(?:点数で見たマナ・?コスト|マナ総量|マナ・?バリュー)"
_OBJ = r"(?:(?:マナ・?コストに)?X(?:を含む|を持つ|が含まれる)(?:呪文|カード|パーマネント|オブジェクト)?の)?" + _MV + \
       r"(?:は|では|を(?:計算|算出)する(?:際|とき|場合)(?:は|には)?)?、?"
_ZONE = r"(?P<zone>スタック以外(?:の(?:領域|場所))?|スタック上|スタック|手札|墓地|ライブラリー|戦場)" \
        r"(?:にある間|にあるとき|にある場合|に置かれている間)?(?:の(?:呪文|カード|パーマネント|オブジェクト))?(?:では|で|は|には)、?"
_ZERO = r"(?:" + _MV + r"の)?X(?:は|を)(?:0|ゼロ)(?:として|と)(?:扱|数え|計算|み)(?P<zneg>[^。]*?(?:ない|ません))?"
_VALUE = r"(?:(?:X(?:は|を))?(?:選ばれた|宣言された|決めた|決められた|選んだ|指定した|宣言した)(?:値|数)(?:として|と)(?:扱|数え|計算|み)" \
         r"|Xの値(?:を|が|も|は)(?:含|加え|入|数え))(?P<vneg>[^。]*?(?:ない|ません))?"
_TAIL = r"[ぁ-ん]*(?:のだ|のです)?[。．\s]*$"

PATTERNS = compile_patterns({
    "rule": r"^[\s*・\-－]*(?:" + _OBJ + r")?" + _ZONE + r"(?:" + _OBJ + r")?(?:(?P<zero>" + _ZERO + r")|(?P<value>"
            + _VALUE + r"))" + _TAIL,
})
P = PATTERNS
_ZONES = {"スタック以外": "off_stack", "スタック上": "stack", "スタック": "stack", "手札": "hand", "墓地": "graveyard",
          "ライブラリー": "library", "戦場": "battlefield"}


@register("x_mana_value", priority=90, claims=True, needs=("X",))
def find_x_mana_value(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["rule"].match(s.norm)
    if not m:
        return []
    zone = m.group("zone")
    zone = "off_stack" if zone.startswith("スタック以外") else _ZONES[zone]
    zero = bool(m.group("zero"))
    if m.group("zneg") or m.group("vneg"):
        zero = not zero                           # X is either 0 or the announced value (202.3e)
    sit: dict[str, Any] = {"zone": zone}
    return [Found("x_mana_value", sit, {"x_is": "zero" if zero else "announced"}, None, m.span())]
