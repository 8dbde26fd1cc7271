"""Player-effect clauses of group el (issue 21) as tables: poison counters given by an effect ("target player gets
two poison counters", 122.1f), skipping a turn ("you skip your next turn", 614.10), exiling graveyards ("exile all
graveyards", "exile target player's graveyard", 406.3) and looking at a player's hand ("look at target opponent's
hand", 400.2) → [EFFECT] (engine/game/mechanics/player_effects.py runs them)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, W, choice
from .filters import PLAYER_TARGET, PLAYER_WORD
from .library_el import CLAUSES_LIB_EL, DEFAULTS_LIB_EL
from .mana_el import CLAUSES_MANA_EL

_GET = W("gets", "get")
_POISON = NUM + W("poison counters", "poison counter")
POISON = (PLAYER_WORD + _GET + _POISON).set_parse_action(lambda t: [{"poison": dict(t[0], n=t[1])}])

# 614.10: "you skip your next turn" / "target player skips their next turn"; "skip your next two turns"
_NEXT = choice({"next turn": 1, "next two turns": 2, "next three turns": 3})
SKIP_TURN = (PLAYER_WORD + W("skip your", "skips their", "skips his or her") + _NEXT).set_parse_action(
    lambda t: [{"skip_turn": dict(t[0], n=t[1])}])

# 406.3: whole graveyards into exile
_GY_OWNER = choice({"all graveyards": {"player": "each_player"}, "each opponent's graveyard": {"player": "each_opponent"},
                    "your graveyard": {"player": "you"}, "that player's graveyard": {"player": "that_player"},
                    "target player's graveyard": {"player": "target", "target": PLAYER_TARGET["target player"]},
                    "target opponent's graveyard": {"player": "target", "target": PLAYER_TARGET["target opponent"]}})
EXILE_GRAVEYARDS = (W("exile") + _GY_OWNER).set_parse_action(lambda t: [{"exile_graveyards": t[0]}])

# 400.2: "look at target player's hand" (hidden information seen by the ability's controller)
_HAND_OF = choice({"target player's": {"player": "target", "target": PLAYER_TARGET["target player"]},
                   "target opponent's": {"player": "target", "target": PLAYER_TARGET["target opponent"]},
                   "that player's": {"player": "that_player"}, "each opponent's": {"player": "each_opponent"},
                   "defending player's": {"player": "defending_player"}, "its controller's": {"player": "its_controller"}})
LOOK_AT_HAND = (W("look at") + _HAND_OF + W("hand")).set_parse_action(lambda t: [{"look_at_hand": t[0]}])

CLAUSES_EL = {"exile": [EXILE_GRAVEYARDS], "look": [LOOK_AT_HAND], **CLAUSES_LIB_EL, **CLAUSES_MANA_EL}
DEFAULTS_EL = [POISON, SKIP_TURN, *DEFAULTS_LIB_EL]
