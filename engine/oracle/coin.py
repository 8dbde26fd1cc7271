"""Coin flips (705): "flip a coin. if you win the flip, …[. if you lose the flip, …]" → ``{flip_coin: {win,
lose}}`` (engine/game/effects/coin.py)."""
from __future__ import annotations

import pyparsing as pp

from .base import W


def coin_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    """The sentences of one coin flip, over the effect grammar's CLAUSES (handed in: no import cycle)."""
    win = W("if you win the flip,") + clauses
    lose = W("if you lose the flip,") + clauses
    both = (W("flip a coin.") + win + W(".") + lose).set_parse_action(
        lambda t: [[{"flip_coin": {"win": t[0], "lose": t[1]}}]])
    win_only = (W("flip a coin.") + win).set_parse_action(lambda t: [[{"flip_coin": {"win": t[0]}}]])
    lose_only = (W("flip a coin.") + lose).set_parse_action(lambda t: [[{"flip_coin": {"lose": t[0]}}]])
    return both | win_only | lose_only
