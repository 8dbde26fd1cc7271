"""Known differences between printed Japanese wording and current Oracle wording: one reviewed list, each entry
with its reason (never a special case inside a grammar rule).  Each entry rewrites a parsed value into what the
current Oracle text of such a card says.

The grammar itself also reads these printed spellings as alternatives of the modern construction:
- クリーチャー1体かプレイヤー1人 ("target creature or player") is "any target" (Oracle update of 2018 with the
  planeswalker redirection rule's removal, 115.4);
- あなたのマナ・プールに…を加える is "add …" (the mana-pool wording was dropped from Oracle in 2015, 106.4);
- "add {1}" from before the colourless symbol is "add {C}" (2015, 106.1b);
- 場に出る / 場に出す / プレイする / ゲームから取り除く are 戦場に出る / 戦場に出す / 唱える / 追放する (2009, M10 wording);
- 場から（いずれかの）墓地に置かれたとき ("is put into a graveyard from play") is "dies" (2009);
- 破壊されない ("can't be destroyed") is "indestructible" (702.12);
- あなたは~を、あなたがインスタントをプレイできるときならいつでもプレイしてよい is "Flash" (702.8);
- トークンを戦場に出す is "create" a token (2016, 111.2).
Not rewritten, so left as differences a reader sees in `show card`: tokens that Oracle later gave the Phyrexian
subtype, bare creature-type nouns that Oracle turned into "<type> creatures", keyword and ability order.
"""
from __future__ import annotations


def _damage_player_or_planeswalker(e: dict, others: list) -> dict:
    """Damage to "target player"/"target opponent" became "target player or planeswalker"/"target opponent or
    planeswalker" in Oracle (2017, when the redirection rule 306.7 was removed) — where the damage is all the
    ability does to that player (a card that also makes "that player" discard kept "target opponent")."""
    if any(_names_player(o) for o in others):
        return e
    d = e.get("damage")
    if isinstance(d, dict) and isinstance(d.get("to"), dict) and d["to"].get("player") == "target":
        spec = d["to"].get("target")
        if isinstance(spec, dict) and spec.get("kind") == "player":
            return {"damage": dict(d, to=dict(d["to"], target=dict(spec, kind="player_or_planeswalker")))}
    if isinstance(d, dict) and isinstance(d.get("to"), dict) and set(d["to"]) == {"target"} and \
            isinstance(d["to"]["target"], dict) and d["to"]["target"].get("kind") == "player":
        # the same target player named by its place among several targets (その後者に2点のダメージ)
        return {"damage": dict(d, to={"target": dict(d["to"]["target"], kind="player_or_planeswalker")})}
    return e


def _names_player(v) -> bool:
    if isinstance(v, dict):
        return v.get("player") in ("that_player", "target") or any(_names_player(x) for x in v.values())
    if isinstance(v, list):
        return any(_names_player(x) for x in v)
    return False


ERRATA = [_damage_player_or_planeswalker]


def apply(effects: list, outer: list | None = None) -> list:
    """Each effect rewritten; an optional action ("you may …") is rewritten inside, the rest of the ability around it
    counting as its others."""
    out = []
    for i, e in enumerate(effects):
        others = effects[:i] + effects[i + 1:] + (outer or [])
        if isinstance(e, dict) and set(e) == {"may"} and isinstance(e["may"], list):
            out.append({"may": apply(e["may"], others)})
            continue
        for fix in ERRATA:
            e = fix(e, others) if isinstance(e, dict) else e
        out.append(e)
    return out
