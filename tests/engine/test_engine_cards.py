"""Card behaviours beyond the seed examples: each scenario checks one card's rules working as data."""
from __future__ import annotations

import pytest
import yaml

import engine

SCENARIOS = list(yaml.safe_load_all(r"""
name: gauntlet
zones:
  you: {battlefield: [Mountain, Grizzly Bears, Murderous Redcap], hand: [Gauntlet of Power]}
  opponent: {battlefield: [Mountain]}
actions:
  - choose: {color: R}
  - cast: Gauntlet of Power
  - resolve: all
  - activate: Mountain
  - activate: Mountain
    by: opponent
expect:
  - mana_pool: {player: you, mana: RR}
  - mana_pool: {player: opponent, mana: RR}
  - pt: {card: Murderous Redcap, power: 3, toughness: 3}
  - pt: {card: Grizzly Bears, power: 2, toughness: 2}
---
name: warhound must attack
zones:
  you: {battlefield: [Mogis's Warhound, Grizzly Bears]}
actions:
  - advance: {turn: 1, step: main2}
expect:
  - life: {opponent: 18}
  - tapped: {card: Grizzly Bears, value: false}
---
name: resonator
zones:
  you: {battlefield: [Strionic Resonator, Soul Warden], hand: [Grizzly Bears]}
actions:
  - cast: Grizzly Bears
  - resolve: 1
  - activate: Strionic Resonator
  - resolve: all
expect:
  - life: {you: 22}
  - triggered: {source: Soul Warden, times: 1}
---
name: nighthowler
zones:
  you: {battlefield: [Nighthowler], graveyard: [Grizzly Bears, Soul Warden, Mountain]}
  opponent: {graveyard: [Kitchen Finks]}
expect:
  - pt: {card: Nighthowler, power: 3, toughness: 3}
---
name: heliod sun crowned
zones:
  you: {battlefield: ["Heliod, Sun-Crowned", Soul Warden], hand: [Grizzly Bears]}
actions:
  - cast: Grizzly Bears
  - resolve: 1
  - choose: {targets: [Grizzly Bears]}
  - resolve: 1
  - resolve: all
expect:
  - counters: {card: Grizzly Bears, kind: +1/+1, n: 1}
---
name: brown ouphe
zones:
  you: {battlefield: [Keepsake Gorgon]}
  opponent: {battlefield: [Brown Ouphe]}
actions:
  - activate: Keepsake Gorgon
  - activate: Brown Ouphe
    by: opponent
  - resolve: all
expect:
  - monstrous: {card: Keepsake Gorgon, value: false}
  - tapped: {card: Brown Ouphe}
---
name: reckoner
zones:
  you: {battlefield: [Boros Reckoner, Evangel of Heliod]}
actions:
  - choose: {targets: [opponent]}
  - damage: {to: Boros Reckoner, n: 2}
  - resolve: all
  - activate: Boros Reckoner
  - resolve: all
expect:
  - life: {opponent: 18}
  - devotion: {player: you, color: W, n: 5}
  - devotion: {player: you, color: R, n: 3}
  - has_ability: {card: Boros Reckoner, ability: first strike}
  - damage: {card: Boros Reckoner, n: 2}
---
name: athreos returns unless opponent pays
zones:
  you: {battlefield: ["Athreos, God of Passage", Grizzly Bears, Kitchen Finks]}
actions:
  - destroy: Grizzly Bears
  - choose: {pay: no}
    by: opponent
  - resolve: all
  - choose: {order: ["Athreos, God of Passage", "Kitchen Finks: persist"]}
  - destroy: Kitchen Finks
  - resolve: 1
  - choose: {pay: yes}
    by: opponent
  - resolve: all
expect:
  - zone: {card: Grizzly Bears, zone: hand}
  - life: {opponent: 17, you: 22}
  - zone: {card: Kitchen Finks, zone: battlefield}
---
name: mogis on the opponent's upkeep
zones:
  you: {battlefield: ["Mogis, God of Slaughter"]}
  opponent: {battlefield: [Grizzly Bears]}
actions:
  - advance: {turn: 2, step: upkeep, priority: true}
  - choose: {pay: no}
    by: opponent
  - resolve: all
  - advance: {turn: 4, step: upkeep, priority: true}
  - choose: {pay: yes}
    by: opponent
  - resolve: all
expect:
  - life: {opponent: 18}
  - zone: {card: Grizzly Bears, zone: graveyard}
---
name: xenagos doubles power at beginning of combat
zones:
  you: {battlefield: ["Xenagos, God of Revels", Kitchen Finks]}
actions:
  - advance: {turn: 1, step: begin_combat, priority: true}
  - resolve: all
expect:
  - pt: {card: Kitchen Finks, power: 6, toughness: 5}
  - has_ability: {card: Kitchen Finks, ability: haste}
---
name: iroas prevents damage to attackers and gives menace
zones:
  you: {battlefield: ["Iroas, God of Victory", Grizzly Bears]}
  opponent: {battlefield: [Yoked Ox, Kitchen Finks]}
actions:
  - attack: [Grizzly Bears]
  - expect:
      - illegal: {action: {block: {Yoked Ox: Grizzly Bears}}, message: menace}
  - block: {Yoked Ox: Grizzly Bears, Kitchen Finks: Grizzly Bears}
  - advance: {turn: 1, step: main2}
expect:
  - zone: {card: Grizzly Bears, zone: battlefield}
  - damage: {card: Grizzly Bears, n: 0}
  - damage: {card: Yoked Ox, n: 2}
  - damage: {card: Kitchen Finks, n: 0}
---
name: ephara draws if a creature entered last turn
at: {turn: 1, step: main2}
zones:
  you: {battlefield: ["Ephara, God of the Polis"], hand: [Grizzly Bears]}
actions:
  - cast: Grizzly Bears
  - resolve: all
  - advance: {turn: 2, step: draw}
expect:
  - count: {player: you, zone: hand, n: 1}
  - triggered: {source: "Ephara, God of the Polis", times: 1}
---
name: karametra fetches on creature cast
zones:
  you: {battlefield: ["Karametra, God of Harvests"], hand: [Grizzly Bears], library: [Forest, Island]}
actions:
  - cast: Grizzly Bears
  - choose: {may: yes}
  - resolve: 1
expect:
  - count: {zone: battlefield, card: Forest, tapped: true, n: 1}
  - stack: [Grizzly Bears]
---
name: erebos bleak-hearted
zones:
  you: {battlefield: ["Erebos, Bleak-Hearted", Grizzly Bears, Kitchen Finks]}
  opponent: {battlefield: [Soul Warden]}
actions:
  - choose: {card: Grizzly Bears}
  - activate: "Erebos, Bleak-Hearted"
    ability: shrink
    targets: [Soul Warden]
  - choose: {pay: yes}
  - resolve: all
expect:
  - zone: {card: Grizzly Bears, zone: graveyard}
  - zone: {card: Soul Warden, zone: graveyard}
  - count: {player: you, zone: hand, n: 1}
  - life: {you: 18}
---
name: thassa deep-dwelling blinks at end step
zones:
  you: {battlefield: ["Thassa, Deep-Dwelling", Kitchen Finks]}
actions:
  - advance: {turn: 1, step: end, priority: true}
  - resolve: all
expect:
  - life: {you: 22}
  - triggered: {source: Kitchen Finks, times: 1}
---
name: keranos reveals the first draw on your turn
at: {turn: 2, step: cleanup}
active: opponent
zones:
  you: {battlefield: ["Keranos, God of Storms"], library: [Forest, Grizzly Bears, Island]}
actions:
  - advance: {turn: 3, step: draw, priority: true}
  - resolve: all
expect:
  - count: {player: you, zone: hand, n: 2}
  - triggered: {source: "Keranos, God of Storms", times: 1}
---
name: kruphix keeps mana as colorless
zones:
  you: {battlefield: ["Kruphix, God of Horizons", Forest]}
actions:
  - activate: Forest
  - advance: {turn: 1, step: begin_combat}
expect:
  - mana_pool: {player: you, mana: C}
---
name: pharika exiles a creature card and its owner gets a snake
zones:
  you: {battlefield: ["Pharika, God of Affliction"]}
  opponent: {graveyard: [Grizzly Bears]}
actions:
  - activate: "Pharika, God of Affliction"
  - resolve: all
expect:
  - zone: {card: Grizzly Bears, zone: exile}
  - count: {player: opponent, zone: battlefield, card: Snake Token, n: 1}
  - has_ability: {card: Snake Token, ability: deathtouch}
---
name: phenax gives creatures a mill ability
zones:
  you: {battlefield: ["Phenax, God of Deception", Yoked Ox]}
actions:
  - activate: Yoked Ox
    targets: [opponent]
  - resolve: all
expect:
  - count: {player: opponent, zone: graveyard, n: 4}
  - tapped: {card: Yoked Ox}
---
name: strict proctor taxes enters triggers
zones:
  you: {battlefield: [Soul Warden], hand: [Grizzly Bears]}
  opponent: {battlefield: [Strict Proctor]}
actions:
  - cast: Grizzly Bears
  - resolve: 1
  - expect:
      - stack: ["Strict Proctor", "Soul Warden"]
  - choose: {pay: no}
  - resolve: all
expect:
  - life: {you: 20}
  - triggered: {source: Strict Proctor, times: 1}
"""))


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_card_behaviour(sc):
    """Gauntlet of Power (614.12 chosen color, 605.4a), must-attack (508.1d), Strionic Resonator (707.10),
    Nighthowler (604.3 CDA), Heliod, Sun-Crowned (life-gain trigger), Brown Ouphe (counter an ability),
    Boros Reckoner (damage trigger "that much", hybrid devotion 700.5); Theros two-color gods: Athreos
    ("unless" decided by the opponent on resolution), Mogis, Xenagos (X fixed on resolution), Iroas
    (damage prevention 615, menace 702.111b), Ephara (what happened last turn), Karametra (cast trigger);
    Erebos, Bleak-Hearted (sacrifice-another cost, life paid on resolution), Thassa, Deep-Dwelling (blink),
    Keranos (first draw of your turn), Kruphix (unspent mana becomes colorless), Pharika (graveyard target,
    token for its owner), Phenax (an activated ability granted in layer 6, mill 701.13a), Strict Proctor
    (a trigger on another ability triggering; "unless pays" decided by that ability's controller)."""
    r = engine.simulate(sc)
    assert r.error is None, r.error
    assert r.passed, [c for c in r.checks if not c["ok"]]
    assert r.checks


def test_every_bundled_behaviour_loads_and_names_a_known_card():
    """Behaviours name cards of the bundled table, or (for rules-page example cards) of MTGJSON."""
    from conftest import shared_path
    from kb.cards import CardTable

    from engine import behaviours

    table = CardTable.bundled()
    names = behaviours.names()
    assert len(names) > 60
    others = [n for n in names if table.get(n) is None and not n.startswith("Loop Test")]
    if others:
        atomic = shared_path("cards", "AtomicCards.json").read_text(encoding="utf-8")
        unknown = [n for n in others if '"' + n.replace('"', '\\"') + '": [' not in atomic]
        assert not unknown, f"behaviours for cards nobody knows: {unknown}"


def _table_with(*cards):
    from kb.cards import Card, CardTable

    t = CardTable(list(CardTable.bundled()))
    for c in cards:
        t.add(c)
    return t


def test_example_cards_outside_the_bundled_table():
    """Cards from MTGJSON (given here as a small table): state trigger 603.8 (Covetous Dragon), devoid
    702.114a and a blink making a new object (Eldrazi Displacer), Duress's chosen discard, Flame Slash."""
    from kb.cards import Card

    table = _table_with(
        Card(name="Covetous Dragon", cost="{4}{R}", colors="R", types=["Creature"], power="6", toughness="5",
             has_text=True),
        Card(name="Eldrazi Displacer", cost="{2}{W}", colors="", types=["Creature"], power="3", toughness="3",
             has_text=True),
        Card(name="Duress", cost="{B}", colors="B", types=["Sorcery"], has_text=True),
        Card(name="Flame Slash", cost="{R}", colors="R", types=["Sorcery"], has_text=True))
    sc = {"zones": {"you": {"battlefield": ["Covetous Dragon", "Tormod's Crypt", "Eldrazi Displacer",
                                            "Kitchen Finks"],
                            "hand": ["Duress", "Flame Slash"]},
                    "opponent": {"hand": ["Negate", "Grizzly Bears"], "battlefield": ["Yoked Ox"]}},
          "actions": [{"activate": "Eldrazi Displacer", "targets": ["Kitchen Finks"]}, {"resolve": "all"},
                      {"expect": [{"tapped": {"card": "Kitchen Finks", "value": True}}, {"life": {"you": 22}}]},
                      {"cast": "Duress", "targets": ["opponent"]}, {"resolve": "all"},
                      {"cast": "Flame Slash", "targets": ["Yoked Ox"]}, {"resolve": "all"},
                      {"destroy": "Tormod's Crypt"},
                      {"expect": [{"stack": ["Covetous Dragon: state"]}]}, {"resolve": "all"}],
          "expect": [{"zone": {"card": "Negate", "zone": "graveyard"}},
                     {"zone": {"card": "Grizzly Bears", "zone": "hand"}},
                     {"zone": {"card": "Yoked Ox", "zone": "graveyard"}},
                     {"zone": {"card": "Covetous Dragon", "zone": "graveyard"}},
                     {"types": {"card": "Eldrazi Displacer", "has": ["Creature"]}}]}
    r = engine.simulate(sc, cards=table)
    assert r.error is None, r.error
    assert r.passed, [c for c in r.checks if not c["ok"]]


def test_basic_lands_need_no_behaviour_even_with_reminder_text():
    """305.6: a basic land's mana ability is intrinsic; reminder text alone needs no behaviour."""
    from kb.cards import Card

    from engine.behaviours import needs_behaviour

    plains = Card(name="Plains", types=["Land"], supertypes=["Basic"], subtypes=["Plains"], has_text=True,
                  text="({T}: Add {W}.)")
    assert not needs_behaviour(plains)
    assert not needs_behaviour(Card(name="X", types=["Creature"], has_text=True, text="(Reminder only.)"))
    assert needs_behaviour(Card(name="Y", types=["Creature"], has_text=True, text="Flying"))
    assert engine.has_behaviour("Plains")


def test_compiled_behaviour_cache_is_bounded_and_keeps_answers(monkeypatch):
    """engine.behaviours.resolve caches a compiled spec's Behaviour; the cache stays bounded when card tables are
    built again, and an evicted spec resolves to an equal Behaviour again."""
    from types import SimpleNamespace

    import engine.game  # noqa: F401  (the vocabulary's registrations)
    from engine import behaviours
    monkeypatch.setattr(behaviours, "COMPILED_CACHE_MAX", 8)
    monkeypatch.setattr(behaviours, "_compiled", type(behaviours._compiled)())
    cards = [SimpleNamespace(name=f"Cache Probe {i}", behaviour={"keywords": ["flying"]}) for i in range(20)]
    first = [behaviours.resolve(c) for c in cards]
    assert len(behaviours._compiled) == 8
    assert behaviours.resolve(cards[-1]) is first[-1]              # still cached: the same object
    again = behaviours.resolve(cards[0])                           # evicted: built again, same content
    assert again is not first[0] and again.name == "Cache Probe 0" and again.keywords == first[0].keywords == {"flying"}
