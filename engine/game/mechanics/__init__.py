"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import (activation_costs, activation_limits, afflict, alt_costs, alternative_cost, animate, bestow,  # noqa: F401
               cast_limits, cast_prohibition, characteristic_pt, chosen_type, combat_events, control,
               control_auras, cost_changes, cost_helpers, cost_keywords, cumulative_upkeep, cycling, delayed,
               doubling, enrage, enter_counters, enters_tapped, equipment, evasion, evolve, exile_instead,
               exile_until, flashback, foretell, gods, graveyard_instead, impulse, keyword_triggers, madness,
               monstrosity, morph, outlast, party, persist_undying, prevention, protection, protection_choice,
               prowess, rebound, regenerate, suspend, tapping, targeted, trigger_events, trigger_mods,
               turn_conditions, turn_history,
               ward)  # (registration)
from . import reanimate_aura  # noqa: F401,E402  (group ex, issue 21)
from . import day_night, enters_as_copy, exert, hand_size, prevention_statics, restrictions, soulbond, static_conditions  # noqa: F401,E402  (group S, issue 21)
from . import changeling, combat_keywords, counter_keywords, permanent_keywords, phasing, player_keywords  # noqa: F401,E402  (group ek1, issue 21: keywords of permanents and combat)
from . import cast_keywords, graveyard_keywords, sacrificed, spell_copies, split_cards  # noqa: F401,E402  (group ek2, issue 21: casting, copying and graveyard keywords)
from . import as_long_as, damage_modifiers, domain, untap_locks  # noqa: F401,E402  (group ES, issue 21)
from . import player_effects  # noqa: F401,E402  (group el, issue 21)
from . import damage_counters, hand_el, manifest, prevention_el  # noqa: F401,E402  (group el, issue 21: hand, graveyard, manifest, prevention, damage to counters)
from . import card_names, dice_rolls, dungeons, learn, opening_hand, planes, schemes, votes  # noqa: F401,E402  (group eu, issue 21: supplementary products)
from . import counter_costs, counter_replacements, enters_choices  # noqa: F401,E402  (group ea, issue 21: counters: replacements, distribution, costs)
from . import cast_history, flash_self, kicker, mana_restriction, mana_spent  # noqa: F401,E402  (group ec, issue 21)
from . import combat_triggers  # noqa: F401,E402  (group ek, issue 21: combat trigger events and filters)
from . import recover_miracle  # noqa: F401,E402  (group ek, issue 21: recover 702.59, miracle 702.94)
from . import exert_cost  # noqa: F401,E402  (group ek, issue 21: exert as a cost 701.39a)
from . import block_requirements  # noqa: F401,E402  (group ek, issue 21: blocks … this turn if able 509.1c)
from . import dies_exile  # noqa: F401,E402  (group ek, issue 21: if it would die this turn, exile it instead 614.1a)
from . import combat_removal  # noqa: F401,E402  (group ek, issue 21: removed from combat 506.4, can't be regenerated this turn 701.15c)
from . import combat_damage  # noqa: F401,E402  (group ek, issue 21: damage by toughness 510.1a, as though unblocked 510.1c)
from . import ability_x, counted_values, durations, ev_conditions  # noqa: F401,E402  (group EV, issue 21: values and counts)
from . import cast_locks  # noqa: F401,E402  (family xm, issue 21: can't cast spells this turn 601.3)
from . import emblems  # noqa: F401,E402  (family xm, issue 21: emblems 114)
from . import activation_locks  # noqa: F401,E402  (family xm, issue 21: activated abilities can't be activated 602.5)
from . import attack_tax  # noqa: F401,E402  (family xm, issue 21: costs to attack 508.1g)
from . import self_conditions  # noqa: F401,E402  (family xm, issue 21: conditions about the source itself)
