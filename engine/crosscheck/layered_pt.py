"""``pt_after`` with effects stated in words, in order (``situation.in_order``, extractor/claims/pt_layers.py): each
effect is staged as a stand-in source with exactly that effect, in the order the sentence gives, so the timestamps
are the sentence's (CR 613.7b: a resolved spell's effect when it resolves; 613.7d: a permanent's when it enters) and
the engine's layers decide the result (613.4a CDA, 613.4b set, 613.4c modify and counters, 613.4d switch).

- ``{"pump": [P, T]}``, ``{"switch": true}``, ``{"set_pt": [P, T]}``, ``{"colors": C}``: a described instant that does
  exactly that to its target until end of turn (engine ``pump`` / ``pump switch`` / ``animate``), cast on the creature;
  a ``pump`` that the sentence later ends is instead an enchantment whose static gives it (its source leaving ends
  it, 611.3a);
- ``{"quoted": TEXT, "source": "spell" | "enchantment", "behaviour": B}``: the quoted wording compiled by the Japanese
  card grammar (:func:`engine.crosscheck.quoted_text.quoted_effects`): an instant cast on the creature, or an
  enchantment put onto the battlefield;
- ``{"card": NAME}``: the named card, on the battlefield from the start (a spell-only card is cast on the creature);
- ``{"counters": {KIND: N}}``: counters on the creature (122.1a; 613.4c adds them whatever their timestamp);
- ``{"ends": I}``: effect I's source leaves the battlefield.

``outcome.before_switch``: the value before the switch effects (613.4d) — a second reading without them.
"""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip

_WORDS = ("pump", "switch", "set_pt", "colors", "quoted")


def in_order(claim: Claim) -> bool:
    return bool((claim.situation or {}).get("in_order"))


def _instant(effect: dict, label: str) -> dict:
    return {"desc": {"types": ["Instant"], "targets": "creature", "effects": [effect], "label": label}}


def effect_sources(claim: Claim) -> Claim:
    """Before stand-ins: each effect stated in words becomes a described source doing exactly that (a description,
    so the stand-in maker builds it: standins.py); a quoted effect must carry its compiled ``behaviour``."""
    if not in_order(claim):
        return claim
    sit = dict(claim.situation or {})
    effects = [e for e in sit.get("effects") or [] if isinstance(e, dict)]
    ended = {e["ends"] for e in effects if isinstance(e.get("ends"), int)}
    out: list[dict] = []
    for i, e in enumerate(effects):
        label = f"effect {i + 1}"
        if "pump" in e and i in ended:
            static = {"layer": "7c", "affected": {"types": ["Creature"]}, "pt": [int(x) for x in e["pump"]]}
            out.append({"permanent": {"desc": {"types": ["Enchantment"], "behaviour": {"statics": [static]},
                                               "label": label}}, "says": e})
        elif "pump" in e:
            out.append({"cast": _instant({"pump": {"affected": "target", "pt": [int(x) for x in e["pump"]]}}, label),
                        "says": e})
        elif e.get("switch") is True:
            out.append({"cast": _instant({"pump": {"affected": "target", "switch": True}}, label), "says": e})
        elif "set_pt" in e:
            out.append({"cast": _instant({"animate": {"what": "target", "pt": [int(x) for x in e["set_pt"]],
                                                      "until": "end_of_turn"}}, label), "says": e})
        elif "colors" in e:
            out.append({"cast": _instant({"animate": {"what": "target", "colors": str(e["colors"]),
                                                      "until": "end_of_turn"}}, label), "says": e})
        elif "quoted" in e:
            beh = e.get("behaviour")
            if not isinstance(beh, dict):
                raise Skip(f"the quoted effect 「{str(e['quoted'])[:40]}」 was not compiled")
            if e.get("source") == "spell":
                if not isinstance(beh.get("spell"), dict):
                    raise Skip(f"the quoted effect 「{str(e['quoted'])[:40]}」 compiles to no spell")
                out.append({"cast": {"desc": {"types": ["Instant"], "behaviour": beh, "label": label}}, "says": e})
            else:
                if beh.get("spell"):
                    raise Skip(f"the quoted enchantment 「{str(e['quoted'])[:40]}」 compiles to a spell")
                out.append({"permanent": {"desc": {"types": ["Enchantment"], "behaviour": beh, "label": label}},
                            "says": e})
        else:
            out.append(e)
    sit["effects"] = out
    return Claim(**{**claim.__dict__, "situation": sit})


def _says(e: dict) -> str:
    s = e.get("says") or e
    if "quoted" in s:
        return f"「{str(s['quoted'])[:30]}…」 ({s.get('source')})"
    return compact(s)


def story_readings(claim: Claim, cards: Cards, card: str) -> list[Reading]:
    """The readings of a story claim: the effects staged in order, the P/T checked; with ``before_switch`` also the
    same story without its switch effects (613.4d), checked against that value."""
    sit, out = claim.situation or {}, claim.outcome or {}
    _described_as(cards, card, sit.get("card_as"))
    pts = [("as stated", out.get("pt"), False)]
    if out.get("before_switch"):
        pts.append(("before the switch effects", out["before_switch"], True))
    readings = []
    for label, pt, no_switch in pts:
        try:
            power, toughness = (int(x) for x in str(pt).split("/"))
        except ValueError:
            raise Skip(f"the claim does not give a power/toughness ({compact(pt)})") from None
        readings.append(_build(claim, cards, card, sit.get("effects") or [], power, toughness, label, no_switch))
    return readings


def _described_as(cards: Cards, card: str, said) -> None:
    """A card the sentence also describes (「2/2の黒のクリーチャー《X》」): staged only when its printed characteristics are
    the stated ones (P/T, card types, colours); otherwise the sentence's creature is not that card as printed."""
    if not said:
        return
    c = cards.card(card)
    if not isinstance(said, dict):
        raise Skip(f"what the sentence says of {card} ({compact(said)}) cannot be compared with the card")
    got = {"pt": f"{c.power}/{c.toughness}", "types": list(c.types), "colors": c.colors or ""}
    for k, v in said.items():
        same = (sorted(v) == sorted(got["types"]) or set(v) <= set(got["types"])) if k == "types" else \
            (set(str(v)) == set(got["colors"])) if k == "colors" else (str(v) == got["pt"]) if k == "pt" else None
        if same is None:
            raise Skip(f"the sentence says {k} {compact(v)} of {card}, which cannot be compared with the card")
        if not same:
            raise Skip(f"the sentence describes {card} as {k} {compact(v)}, but the card has {compact(got[k])}")


def _build(claim, cards, card, effects, power, toughness, label, no_switch) -> Reading:
    counters: dict[str, int] = dict(cards.entry(card).get("counters") or {})
    board: list[str] = []
    acts: list[dict] = []
    placed: list[str | None] = []
    said: list[str] = []
    b = Builder(claim, label, cards)
    b.rules = ["613.4", "613.7", "122.1a"]
    for e in effects:
        said.append(_says(e))
        if no_switch and (e.get("says") or {}).get("switch"):
            placed.append(None)
            continue
        if isinstance(e.get("counters"), dict):
            for k, n in e["counters"].items():
                counters[str(k)] = counters.get(str(k), 0) + int(n)
            placed.append(None)
        elif isinstance(e.get("card"), str):
            name = cards.name(e["card"])
            if cards.behaviour(name) is None:
                raise Skip(f"no behaviour for {name}")
            if cards.is_spell_only(name):
                acts.append(("hand", name, [{"cast": name, "targets": [card]}, {"resolve": "all"}]))
            else:
                board.append(name)
            placed.append(name)
        elif isinstance(e.get("cast"), str):
            name = e["cast"]
            beh = cards.behaviour(name)
            targets = bool(beh is not None and beh.spell and beh.spell.get("targets"))
            acts.append(("hand", name, [{"cast": name, **({"targets": [card]} if targets else {})},
                                        {"resolve": "all"}]))
            placed.append(name)
        elif isinstance(e.get("permanent"), str):
            name = e["permanent"]
            acts.append(("hand", name, [{"put": {"cards": [name], "zone": "battlefield", "player": "you"}}]))
            placed.append(name)
        elif isinstance(e.get("ends"), int):
            i = e["ends"]
            src = placed[i] if 0 <= i < len(placed) else None
            if src is None or "permanent" not in effects[i]:
                raise Skip(f"effect {i + 1}, which the sentence ends, has no source that can leave")
            acts.append((None, None, [{"destroy": src}]))
            placed.append(None)
        else:
            raise Skip(f"the effect {compact(e)} cannot be staged")
    for name in board:
        b.add("you", "battlefield", name)
    b.add("you", "battlefield", card, opts={"counters": counters} if counters else None)
    for zone, name, actions in acts:
        if zone:
            b.add("you", zone, name)
        b.actions += actions
    b.actions.append({"resolve": "all"})
    b.expect.append({"pt": {"card": card, "power": power, "toughness": toughness}})
    b.label = f"{label}: {card} with, in order, " + "; ".join(said)
    return b.build()

