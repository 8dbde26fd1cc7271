"""Looking at and revealing the top of a library (the Oracle grammar's ``dig``, engine/oracle/library.py):
あなたのライブラリーの一番上からカードをN枚見る (公開する), what is done with them (そのうち1枚をあなたの手札に加え /
あなたはその中から白のカード1枚を公開してあなたの手札に加えてもよい / 「…」を選んでもよい / その中から土地・カード最大2枚を
タップ状態で戦場に出す) and with the rest (残りをあなたのライブラリーの一番下に望む順番で置く / 無作為の順番で /
あなたの墓地に置く) → ``{dig: {n, reveal?, parts: [{take, up_to?, may?, filter?, to, tapped?}], rest}}``.
Each part is a table of printed variants; a look with nothing said about the others fails (as in English)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, T, TV, choice
from .objects import OBJECT

_LIB = T("あなたのライブラリーの一番上から", "あなたのライブラリーの一番上にある")
_COUNT = (T("カードを") + NUM + T("枚")) | (T("カード") + NUM + T("枚を")) | (NUM + T("枚のカードを"))
_VERB = choice({"見る": {}, "公開する": {"reveal": True}, "見て": {}, "公開し": {"reveal": True}})
HEAD = (_LIB + _COUNT + _VERB).set_parse_action(lambda t: [dict(t[1], n=t[0])])

# ---------------------------------------------------------------- which cards, where
_AMONG = T("その中から", "そのうち", "その中の", "そのうちの", "それらのうちの", "それらのうち", "それらのカードのうち",
           "それらの中から") + pp.Opt(T("、"))
_CARD = (OBJECT + pp.Opt(T("を")) + pp.Opt(TV({"up_to": True}, "最大"), default={}) + NUM + T("枚") +
         pp.Opt(T("まで"))).set_parse_action(
    lambda t: [dict({"filter": t[0]["filter"]} if t[0]["filter"] else {}, take=t[2], **t[1])])
_ANY_OF = (T("望む枚数の") + OBJECT).set_parse_action(
    lambda t: [dict({"filter": t[0]["filter"]} if t[0]["filter"] else {}, take="any")])
_N = (NUM + T("枚")).set_parse_action(lambda t: [{"take": t[0]}]) | TV({"take": "any"}, "望む枚数")
_WHICH = _ANY_OF | _CARD | _N
# "put all Elf cards revealed this way into your hand"
_ALL = (T("これにより公開された") + pp.Opt(T("、")) + T("すべての") + OBJECT).set_parse_action(
    lambda t: [dict({"filter": t[0]["filter"]} if t[0]["filter"] else {}, take="all")])
_TO = choice({"あなたの手札に加える": {"to": "hand"}, "あなたの手札に加え": {"to": "hand"},
              "手札に加える": {"to": "hand"}, "手札に加え": {"to": "hand"},
              "戦場に出す": {"to": "battlefield"}, "戦場に出し": {"to": "battlefield"},
              "タップ状態で戦場に出す": {"to": "battlefield", "tapped": True},
              "タップ状態で戦場に出し": {"to": "battlefield", "tapped": True},
              "あなたの墓地に置く": {"to": "graveyard"}, "あなたの墓地に置き": {"to": "graveyard"},
              # the verb shared with the rest: そのうち1枚をあなたの手札に、残りをあなたの墓地に置く
              "あなたの手札に": {"to": "hand", "_gapped": True}, "あなたの墓地に": {"to": "graveyard", "_gapped": True}})
_REVEAL = pp.Opt(T("を")) + T("公開して", "公開し、", "公開し")
_YOU = pp.Opt(T("あなたは")) + pp.Opt(T("、"))
_MAY = TV({"may": True}, "てもよい")
# "you may reveal a creature card from among them and put it into your hand"
_REVEAL_PUT = (_YOU + _AMONG + _WHICH + _REVEAL + _TO + _MAY).set_parse_action(lambda t: [dict(t[0], **t[1], **t[2])])
# older printings quote the choice: あなたは「その中から…を公開し、あなたの手札に加える。」を選んでもよい
_QUOTED = (_YOU + T("「") + _AMONG + _WHICH + _REVEAL + _TO + pp.Opt(T("。")) + T("」を選んでもよい")).set_parse_action(
    lambda t: [dict(t[0], **t[1], may=True)])
# "put one of them into your hand", "put up to two land cards from among them onto the battlefield tapped"
_PUT = (((_YOU + _AMONG + _WHICH) | _ALL) + pp.Opt(T("を")) + _TO + pp.Opt(_MAY)).set_parse_action(
    lambda t: [{k: v for d in t for k, v in d.items()}])
PART = _QUOTED | _REVEAL_PUT | _PUT

_REST = choice({"あなたのライブラリーの一番下に望む順番で置く": "bottom", "あなたのライブラリーの一番下に好きな順番で置く": "bottom",
                "あなたのライブラリーの一番下に無作為の順番で置く": "bottom_random",
                "あなたのライブラリーの一番下に無作為に置く": "bottom_random",
                "あなたの墓地に置く": "graveyard", "あなたの手札に加える": "hand",
                "あなたのライブラリーの一番下に置く": "bottom",
                "あなたのライブラリーの一番上に望む順番で置く": "top", "望む順番で戻す": "top"})
REST = (pp.Opt(T("その後、", "その後")) + ((T("残りを", "残りのカードを", "もう1枚を", "他の1枚を") + _REST) |
                                           TV("top", "それらを望む順番で戻す"))).set_parse_action(lambda t: [{"rest": t[0]}])

_SEP = pp.Opt(T("。", "、"))


def _dig(t):
    head, items = t[0], list(t[1:])
    rest = [x["rest"] for x in items if "rest" in x]
    parts = [x for x in items if "rest" not in x]
    if len(rest) != 1 or "rest" in items[0] and parts:
        raise pp.ParseException("", 0, "the rest once, after the parts")
    if any(p.pop("_gapped", False) for p in parts) and rest[0] not in ("graveyard", "bottom", "bottom_random", "top"):
        raise pp.ParseException("", 0, "a gapped part needs the rest's 置く")
    return [{"dig": dict(head, parts=parts, rest=rest[0])}]


DIG = (HEAD + T("。", "、") + pp.ZeroOrMore(PART + _SEP) + REST).set_parse_action(_dig)

# ---------------------------------------------------------------- searching a library (701.23)
# あなたのライブラリーから基本土地・カード1枚を探し、公開し、あなたの手札に加える。その後、ライブラリーを切り直す。
_HAND = {"to": "hand"}
_REVEAL_HAND = {"to": "hand", "reveal": True}
_SEARCH_TO = choice({
    "あなたの手札に加える": _HAND, "あなたの手札に加え": _HAND, "それをあなたの手札に加える": _HAND,
    "公開し、あなたの手札に加える": _REVEAL_HAND, "公開し、あなたの手札に加え": _REVEAL_HAND,
    "公開してあなたの手札に加える": _REVEAL_HAND, "公開してあなたの手札に加え": _REVEAL_HAND,
    "それを公開してあなたの手札に加える": _REVEAL_HAND, "それを公開してあなたの手札に加え": _REVEAL_HAND,
    "戦場に出す": {"to": "battlefield"}, "戦場に出し": {"to": "battlefield"},
    "タップ状態で戦場に出す": {"to": "battlefield", "tapped": True},
    "タップ状態で戦場に出し": {"to": "battlefield", "tapped": True},
    "それをタップ状態で戦場に出す": {"to": "battlefield", "tapped": True},
    "あなたの墓地に置く": {"to": "graveyard"}, "あなたの墓地に置き": {"to": "graveyard"},
    # printed before 2010: 場に出す ("put onto the battlefield")
    "場に出す": {"to": "battlefield"}, "場に出し": {"to": "battlefield"},
    "タップ状態で場に出す": {"to": "battlefield", "tapped": True},
    "タップ状態で場に出し": {"to": "battlefield", "tapped": True}})
# the found card named again before where it goes (…を探し、そのカードを/それを/それらを…)
_FOUND = pp.Opt(T("それを", "そのカードを", "それらを", "それらのカードを"))
_SHUFFLE = pp.Opt(T("。", "、")) + pp.Opt(T("その後")) + pp.Opt(T("、")) + \
    T("あなたのライブラリーを切り直す", "ライブラリーを切り直す")
_ON_TOP = TV({"to": "library_top", "reveal": True}, "公開する。その後、ライブラリーを切り直し、そのカードを一番上に置く",
             "公開する。その後、あなたのライブラリーを切り直し、そのカードを一番上に置く")
SEARCH = (T("あなたのライブラリーから") + _CARD + T("を探し", "探し", "を探して", "探して") + pp.Opt(T("、")) +
          (_ON_TOP | (_FOUND + _SEARCH_TO + _SHUFFLE))).set_parse_action(
    lambda t: [{"search": dict({k: v for k, v in t[1].items()}, filter=t[0].get("filter", {}),
                               **({"n": t[0]["take"]} if t[0]["take"] != 1 else {}),
                               **({"up_to": True} if t[0].get("up_to") else {}))}])
