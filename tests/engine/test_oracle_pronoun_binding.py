"""608.2c: a pronoun names the object the text named before it — "tap enchanted creature. It deals damage to you
equal to its power" is the enchanted creature dealing damage equal to ITS power (120.3: the creature is the
source), "that creature's power" in an Aura's upkeep trigger is the enchanted creature's (303.4), and "you may
sacrifice … . If you do, …" depends on the sacrifice having happened, not on the yes (608.2c).  Made-up cards,
compiled by the Oracle compiler and run by the engine, each with a wrong twin that must fail."""
from __future__ import annotations

from engine.oracle.compile import compile_face
from test_breadth import _forget, both, card  # noqa: F401  (_forget: the autouse fixture)


def _compiled(name, text, types, **kw):
    c = compile_face({"name": name, "text": text, "types": list(types), "subtypes": list(kw.get("subtypes", ()))})
    assert c.supported, (c.reason, c.behaviour)
    return c, card(name, tuple(types), c.behaviour, **kw)


def _aura(text):
    return _compiled("PB Shackle", "Enchant creature\n" + text, ("Enchantment",), subtypes=("Aura",))


def _giant(keywords=()):
    return card("PB Giant", spec={"keywords": list(keywords)} if keywords else None, pt=(3, 3))


def test_it_after_enchanted_creature_is_the_creature_its_power_and_its_damage():
    """608.2c / 120.3: the enchanted (lifelink, opponent's) creature deals the damage — its controller gains
    the life — and the amount is its power 3, not the Aura's."""
    c, aura = _aura("At the beginning of your upkeep, tap enchanted creature. It deals damage to you equal to "
                    "its power.")
    dmg = c.behaviour["triggers"][0]["effects"][1]["damage"]
    assert dmg == {"by": "enchanted", "n": "power:enchanted", "to": "you"}
    z = {"you": {"battlefield": [{"card": "PB Shackle", "attached_to": "PB Giant"}]},
         "opponent": {"battlefield": ["PB Giant"]}}
    acts = [{"advance": {"turn": 3, "step": "draw"}}]
    both([aura, _giant(["lifelink"])], z, acts, [{"life": {"you": 17, "opponent": 23}}],
         [{"life": {"you": 20}}])
    both([aura, _giant(["lifelink"])], z, acts, [{"life": {"you": 17, "opponent": 23}}],
         [{"life": {"opponent": 20}}])        # the Aura as the source: no lifelink


def test_that_creatures_power_in_the_upkeep_of_enchanted_creatures_controller():
    """303.4 / 608.2c: "that creature's power" is the enchanted creature's (3), never the Aura's own."""
    c, aura = _aura("At the beginning of the upkeep of enchanted creature's controller, PB Shackle deals damage "
                    "equal to that creature's power to that player.")
    assert c.behaviour["triggers"][0]["effects"][0]["damage"]["n"] == "power:enchanted"
    z = {"you": {"battlefield": [{"card": "PB Shackle", "attached_to": "PB Giant"}]},
         "opponent": {"battlefield": ["PB Giant"]}}
    both([aura, _giant()], z, [{"advance": {"turn": 2, "step": "draw"}}], [{"life": {"opponent": 17}}],
         [{"life": {"opponent": 20}}])


def test_a_pronoun_after_the_target_is_the_target_dealing_damage():
    """608.2c: "tap target creature. It deals damage equal to its power to another target creature" — the first
    target deals damage equal to its power (3) to the second; the spell itself deals none."""
    c, spell = _compiled("PB Shot", "Tap target creature. It deals damage equal to its power to another target "
                         "creature.", ("Instant",))
    z = {"you": {"hand": ["PB Shot"], "battlefield": ["PB Giant"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "PB Shot", "targets": ["PB Giant", "Grizzly Bears"]}, {"resolve": "all"}]
    both([spell, _giant()], z, acts, [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_tilde_deals_is_still_the_source_and_it_after_tilde_is_tilde():
    """120.3: "~ deals …" and "it deals …" after ~ was named stay the source (no `by`)."""
    c, _ = _compiled("PB Imp", "When PB Imp enters the battlefield, it deals 2 damage to any target.",
                     ("Creature",))
    assert c.behaviour["triggers"][0]["effects"] == [{"damage": {"n": 2, "to": "target"}}]
    c, _ = _compiled("PB Lizard", "Whenever you cast an instant spell, put a +1/+1 counter on PB Lizard. It gains "
                     "flying until end of turn.", ("Creature",))
    assert c.behaviour["triggers"][0]["effects"][1]["pump"]["affected"] == "self"


def test_it_of_another_object_is_never_the_source():
    """608.2c: "whenever a creature enters …, it deals damage equal to its power" — the entering creature is the
    dealer; a reading with the enchantment as the source would be false."""
    c, _ = _compiled("PB Surge", "Whenever a creature enters the battlefield under your control, it deals damage "
                     "equal to its power to any target.", ("Enchantment",))
    assert c.behaviour["triggers"][0]["effects"] == [{"damage": {"by": "event", "n": "power:event", "to": "target"}}]


def _extractor():
    return _compiled("PB Extractor", "When PB Extractor enters the battlefield, you may sacrifice another "
                     "permanent. If you do, create a 3/2 colorless Eldrazi Horror creature token.", ("Creature",))


def test_if_you_do_reads_the_sacrifice_not_the_yes():
    """608.2c: with nothing else to sacrifice, a yes does not make the token."""
    c, ex = _extractor()
    assert "if_you_do" in c.behaviour["triggers"][0]["effects"][1]
    z = {"you": {"hand": ["PB Extractor"]}}
    acts = [{"cast": "PB Extractor"}, {"choose": {"may": True}}, {"resolve": "all"}]
    both([ex], z, acts, [{"count": {"player": "you", "zone": "battlefield", "n": 1}}],
         [{"count": {"player": "you", "zone": "battlefield", "n": 2}}])


def test_if_you_do_after_a_real_sacrifice_makes_the_token():
    c, ex = _extractor()
    z = {"you": {"hand": ["PB Extractor"], "battlefield": ["Forest"]}}
    acts = [{"cast": "PB Extractor"}, {"choose": {"may": True}}, {"resolve": "all"}]
    both([ex], z, acts, [{"zone": {"card": "Forest", "zone": "graveyard"}},
                         {"count": {"player": "you", "zone": "battlefield", "n": 2}}],
         [{"count": {"player": "you", "zone": "battlefield", "n": 1}}])
    acts = [{"cast": "PB Extractor"}, {"choose": {"may": False}}, {"resolve": "all"}]
    both([ex], z, acts, [{"zone": {"card": "Forest", "zone": "battlefield"}},
                         {"count": {"player": "you", "zone": "battlefield", "n": 2}}],
         [{"count": {"player": "you", "zone": "battlefield", "n": 3}}])


def _looter():
    return _compiled("PB Looter", "When PB Looter enters the battlefield, you may discard a card. If you do, draw "
                     "a card.", ("Creature",))


def test_if_you_do_reads_the_discard_not_the_yes():
    """608.2c: with an empty hand, a yes discards nothing, so nothing is drawn; with a card, it is swapped."""
    c, lo = _looter()
    assert "if_you_do" in c.behaviour["triggers"][0]["effects"][1]
    acts = [{"cast": "PB Looter"}, {"choose": {"may": True}}, {"resolve": "all"}]
    z = {"you": {"hand": ["PB Looter"], "library": ["Forest"]}}
    both([lo], z, acts, [{"count": {"player": "you", "zone": "hand", "n": 0}}],
         [{"count": {"player": "you", "zone": "hand", "n": 1}}])
    z = {"you": {"hand": ["PB Looter", "Island"], "library": ["Forest"]}}
    both([lo], z, acts, [{"zone": {"card": "Island", "zone": "graveyard"}}, {"zone": {"card": "Forest", "zone": "hand"}}],
         [{"zone": {"card": "Forest", "zone": "library"}}])
