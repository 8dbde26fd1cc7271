"""Playing cards from exile (601.2a/305.1 permissions, "impulse draw"): "Exile the top card of your library. You
may play that card this turn" → ``exile_top`` then ``play_exiled {what, until, cast_only?}`` (what: the exiled
card, bound by the compiler as ``found``).  The phrases are tables."""
from __future__ import annotations

from .base import W, choice

_VERB = choice({"play": {}, "cast": {"cast_only": True}})
_WHAT = W("that card", "those cards", "cards exiled this way", "the exiled cards", "the exiled card", "them")
_BEFORE = choice({"until end of turn, you may": "end_of_turn",
                  "until the end of your next turn, you may": "end_of_your_next_turn"})
_AFTER = choice({"this turn": "end_of_turn", "until the end of your next turn": "end_of_your_next_turn",
                 "until end of turn": "end_of_turn"})


def _perm(until, verb):
    return [{"play_exiled": dict({"what": {"ref": "it"}, "until": until}, **verb)}]


PLAY_EXILED = (_BEFORE + _VERB + _WHAT).set_parse_action(lambda t: _perm(t[0], t[1])) | \
    (W("you may") + _VERB + _WHAT + _AFTER).set_parse_action(lambda t: _perm(t[1], t[0]))
