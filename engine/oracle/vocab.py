"""Closed word lists of the game (CR 205: card types, supertypes, subtypes; 105: colours; 702: keywords)."""
from __future__ import annotations

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery",
              "tribal", "kindred")
SUPERTYPES = ("basic", "legendary", "snow", "world")
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
MANA_LETTERS = "WUBRGC"

# Subtypes (205.3): creature, land, artifact, enchantment, spell, planeswalker and battle types (words only: the
# fragments of joke type lines — 'The', 'of', 'and/or', 'Biggest,' — are not subtypes a filter can name).
SUBTYPES = (
    'Abian', 'Adventure', 'Advisor', 'Aetherborn', 'Ajani', 'Alara', 'Alicorn', 'Alien', 'Ally', 'Aminatou',
    'Angel', 'Angrath', 'Antelope', 'Ape', 'Arcane', 'Archer', 'Archon', 'Arkhos', 'Arlinn', 'Art', 'Artificer',
    'Ashiok', 'Assassin', 'Assembly-Worker', 'Atog', 'Aura', 'Aurochs', 'Autobot', 'Avatar', 'Azgol', 'Azra',
    'B.O.B.', 'Background', 'Badger', 'Bahamut', 'Barbarian', 'Bard', 'Basilisk', 'Basri', 'Bat',
    'Bear', 'Beast', 'Beaver', 'Beeble', 'Beholder', 'Belenon', 'Berserker', 'Bird', 'Boar',
    'Bolas', 'Bolas’s Meditation Realm', 'Brainiac', 'Bringer', 'Brushwagg', 'Bureaucrat', 'Calix', 'Camel',
    'Carrier', 'Cartouche', 'Cat', 'Centaur', 'Cephalid', 'Chameleon', 'Chandra', 'Chicken', 'Child', 'Chimera',
    'Citizen', 'Clamfolk', 'Class', 'Cleric', 'Cloud', 'Clue', 'Cockatrice', 'Construct', 'Contraption', 'Cow',
    'Coward', 'Crab', 'Crocodile', 'Curse', 'Cyborg', 'Cyclops', 'Dack', 'Dakkon', 'Daretti', 'Dauthi',
    'Davriel', 'Deer', 'Demigod', 'Demon', 'Desert', 'Designer', 'Devil', 'Dihada', 'Dinosaur', 'Djinn', 'Dog',
    'Dominaria', 'Domri', 'Donkey', 'Dovin', 'Dragon', 'Drake', 'Dreadnought', 'Drone', 'Druid', 'Dryad',
    'Duck', 'Dungeon', 'Dwarf', 'Efreet', 'Egg', 'Elder', 'Eldrazi', 'Elemental', 'Elephant',
    'Elf', 'Elk', 'Ellywick', 'Elspeth', 'Elves', 'Equilor', 'Equipment', 'Ergamon', 'Estrid',
    'Eye', 'Fabacin', 'Faerie', 'Ferret', 'Fire', 'Fish', 'Flagbearer', 'Food', 'Forest', 'Fortification',
    'Fox', 'Fractal', 'Freyalise', 'Frog', 'Fungus', 'Gamer', 'Gargoyle', 'Garruk', 'Gate', 'Giant', 'Gideon',
    'Gnoll', 'Gnome', 'Goat', 'Goblin', 'God', 'Golem', 'Gorgon', 'Grandchild', 'Gremlin', 'Griffin', 'Grist',
    'Gus', 'Hag', 'Halfling', 'Harpy', 'Hatificer', 'Head', 'Hellion', 'Hero', 'Hippo', 'Hippogriff', 'Homarid',
    'Homunculus', 'Horror', 'Horse', 'Huatli', 'Human', 'Hydra', 'Hyena', 'Igpay', 'Illusion', 'Imp',
    'Incarnation', 'Innistrad', 'Insect', 'Inzerva', 'Iquatana', 'Ir', 'Island', 'Jace', 'Jackal', 'Jaya',
    'Jellyfish', 'Juggernaut', 'Kaito', 'Kaldheim', 'Kamigawa', 'Kangaroo', 'Karn', 'Karsus', 'Kasmina', 'Kavu',
    'Kaya', 'Kephalai', 'Key', 'Killbot', 'Kinshala', 'Kiora', 'Kirin', 'Kithkin', 'Knight', 'Kobold',
    'Kolbahan', 'Kor', 'Koth', 'Kraken', 'Kyneth', 'Lair', 'Lamia', 'Lammasu', 'Leech', 'Legend',
    'Lesson', 'Leviathan', 'Lhurgoyf', 'Licid', 'Liliana', 'Lizard', 'Lobster', 'Locus', 'Lolth', 'Lorwyn',
    'Lukka', 'Luvion', 'Mammoth', 'Manticore', 'Master', 'Masticore', 'Mercadia', 'Mercenary', 'Merfolk',
    'Metathran', 'Mime', 'Mine', 'Minion', 'Minotaur', 'Mirrodin', 'Moag', 'Mole', 'Monger', 'Mongoose',
    'Mongseng', 'Monk', 'Monkey', 'Moonfolk', 'Mordenkainen', 'Mountain', 'Mouse', 'Mummy', 'Muraganda',
    'Mutant', 'Myr', 'Mystic', 'Naga', 'Nahiri', 'Narset', 'Nautilus', 'Nephilim', 'New Phyrexia',
    'Nightmare', 'Nightstalker', 'Niko', 'Ninja', 'Nissa', 'Nixilis', 'Noble', 'Noggle', 'Nomad', 'Nymph',
    'Octopus', 'Ogre', 'Oko', 'Ooze', 'Orc', 'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin',
    'Paratrooper', 'Peasant', 'Pegasus', 'Penguin', 'Pest', 'Phelddagrif', 'Phoenix', 'Phyrexia', 'Phyrexian',
    'Pilot', 'Pirate', 'Plains', 'Plant', 'Power-Plant', 'Praetor', 'Processor', 'Pyrulea', 'Rabbit',
    'Rabiah', 'Raccoon', 'Ral', 'Ranger', 'Rat', 'Rath', 'Ravnica', 'Rebel', 'Reflection', 'Regatha', 'Rhino',
    'Rigger', 'Rogue', 'Rowan', 'Rune', 'Sable', 'Saga', 'Saheeli', 'Salamander', 'Samurai', 'Samut', 'Sarkhan',
    'Satyr', 'Scarecrow', 'Scientist', 'Scorpion', 'Scout', 'Segovia', 'Serpent', 'Serra', 'Serra’s Realm',
    'Shade', 'Shadowmoor', 'Shaman', 'Shandalar', 'Shapeshifter', 'Shark', 'Sheep', 'Ship', 'Shrine', 'Siren',
    'Skeleton', 'Slith', 'Sliver', 'Slug', 'Snake', 'Soldier', 'Soltari', 'Sorin', 'Spawn', 'Specter',
    'Spellshaper', 'Sphinx', 'Spider', 'Spike', 'Spirit', 'Sponge', 'Spy', 'Squid', 'Squirrel', 'Starfish',
    'Surrakar', 'Swamp', 'Tamiyo', 'Teferi', 'Teyo', 'Tezzeret', 'Thalakos', 'Thopter', 'Thrull',
    'Tibalt', 'Tiefling', 'Time Lord', 'Tower', 'Townsfolk', 'Trap', 'Treasure', 'Treefolk', 'Trilobite',
    'Troll', 'Turtle', 'Tyvar', 'Ugin', 'Ulgrotha', 'Unicorn', 'Urza', 'Urza’s', 'Valla', 'Vampire', 'Vampyre',
    'Vedalken', 'Vehicle', 'Venser', 'Viashino', 'Villain', 'Vivien', 'Volver', 'Vraska', 'Vryn', 'Waiter',
    'Wall', 'Warlock', 'Warrior', 'Weird', 'Werewolf', 'Whale', 'Wildfire', 'Will', 'Windgrace', 'Wizard',
    'Wolf', 'Wolverine', 'Wombat', 'Worm', 'Wraith', 'Wrenn', 'Wrestler', 'Wurm', 'Xenagos', 'Xerex', 'Yanggu',
    'Yanling', 'Yeti', 'Zariel', 'Zendikar', 'Zombie', 'Zubera'
)
# Subtypes only tokens and a few recent cards have (205.3g/205.3m), missing from the card-derived list above.
SUBTYPES += ('Saproling', 'Servo', 'Germ', 'Scion', 'Camarid', 'Caribou', 'Survivor', 'Blood', 'Gold', 'Map',
             'Powerstone', 'Incubator', 'Junk', 'Shard', 'Tentacle', 'Hound', 'Army', 'Tyranid', 'Serf', 'Stoat',
             'Inkling', 'Orb', 'Pentavite', 'Prism', 'Sand', 'Splinter', 'Tetravite', 'Triskelavite', 'Cyberman',
             'Dalek', 'Robot', 'Detective', 'Role', 'Case', 'Room', 'Attraction', 'Bobblehead')

# Keywords without a parameter (702.*), as written (lower case) -> behaviour name.
SIMPLE_KEYWORDS = {k: k.replace(" ", "_").replace("-", "_") for k in (
    "flying", "first strike", "double strike", "deathtouch", "lifelink", "vigilance", "haste", "indestructible",
    "trample", "reach", "flash", "menace", "intimidate", "defender", "hexproof", "shroud", "fear", "infect",
    "wither", "devoid", "persist", "undying", "prowess", "changeling", "convoke", "delve", "improvise", "storm",
    "cascade", "exalted", "flanking", "shadow", "horsemanship", "skulk", "split second", "rebound", "fuse",
    "aftermath", "daybound", "nightbound", "partner", "soulbond", "exploit", "ascend", "banding", "phasing",
    "riot", "evolve", "extort", "melee", "mentor", "myriad", "provoke", "undaunted", "unleash", "assist",
    "battle cry", "cipher", "conspire", "dethrone", "epic", "gravestorm", "haunt", "living weapon", "training",
    "totem armor", "sunburst", "retrace", "jump-start", "ingest", "demonstrate", "decayed", "compleated",
    "ravenous", "read ahead", "enlist", "double team", "hideaway", "forestwalk", "islandwalk", "swampwalk",
    "mountainwalk", "plainswalk", "desertwalk", "legendary landwalk", "nonbasic landwalk", "for mirrodin!",
    "friends forever", "choose a background", "exert", "lieutenant", "forecast", "split second",
)}

# Keywords with one parameter: a mana cost, a number, or a quality ("protection from red", "enchant land").
COST_KEYWORDS = ("equip", "ward", "bestow", "kicker", "cycling", "flashback", "buyback", "morph", "megamorph",
                 "ninjutsu", "commander ninjutsu", "evoke", "dash", "madness", "unearth", "embalm", "eternalize",
                 "echo", "cumulative upkeep", "multikicker", "replicate", "entwine", "prowl", "emerge", "surge",
                 "spectacle", "foretell", "disturb", "escape", "overload", "transmute", "recover", "fortify",
                 "reinforce", "level up", "outlast", "scavenge", "encore", "blitz", "miracle", "bloodrush",
                 "reconfigure", "aura swap", "channel", "plot", "disguise", "prototype", "mutate", "cleave",
                 "awaken", "landcycling", "basic landcycling", "plainscycling", "islandcycling", "swampcycling",
                 "mountaincycling", "forestcycling", "wizardcycling", "slivercycling", "spell mastery", "impending",
                 "craft", "splice onto arcane", "transfigure", "suspend")
NUMBER_KEYWORDS = ("bushido", "rampage", "crew", "annihilator", "afflict", "toxic", "backup", "fabricate",
                   "modular", "renown", "afterlife", "fading", "vanishing", "bloodthirst", "devour", "absorb",
                   "amplify", "graft", "frenzy", "soulshift", "dredge", "tribute", "poisonous", "ripple",
                   "squad", "casualty", "hexproof from", "mobilize")

# Counter kinds (122.1) other than +N/+N ones, as written before "counter(s)".
COUNTER_KINDS = frozenset("""
acorn age aim arrow arrowhead awakening blaze blood bloodline book bounty bribery brick burn cage carrion
charge chip coin collection component contested control corpse corruption credit croak crystal cube currency
death deathtouch delay depletion despair devotion divinity doom double dream echo egg elixir ember energy
enlightened eon experience eyeball eyestalk fade fate feather fetch filibuster finality first flame flood
flying foreshadow fungus funk fury fuse gem ghostform globe glyph gold growth harmony hatching hatchling
healing hexproof hit hone hoofprint hour hourglass hunger ice incarnation indestructible infection
intervention invitation isolation javelin judgment ki kick knowledge landmark level lifelink lore loyalty luck
magnet manabond manifestation mannequin matrix menace mine mining mire music muster net night oil omen ore
page pain paralyzation petal petrification phylactery pin plague plot point poison polyp pressure prey pupa
quest rad reach ritual rust scream scroll shell shield shoe shred silver sleep sleight slime slumber soot soul
spark spite spore stash storage strife strike study stun suspect task theft tide time tower training trample
trap treasure unity valor velocity verse vigilance vitality void vortex vow voyage wage winch wind wish
""".split()) | {"first strike", "double strike"}

# Ability words (207.2c): italic words that tie cards together and have no rules meaning.
ABILITY_WORDS = frozenset((
    "landfall", "threshold", "delirium", "metalcraft", "heroic", "constellation", "magecraft", "domain", "raid",
    "hellbent", "morbid", "imprint", "inspired", "coven", "enrage", "ferocious", "revolt", "spell mastery",
    "adamant", "battalion", "formidable", "undergrowth", "kinship", "radiance", "rally", "strive", "chroma",
    "cohort", "join forces", "parley", "grandeur", "eminence", "addendum", "alliance", "converge",
    "council's dilemma", "will of the council", "fateful hour", "tempting offer", "lieutenant", "pack tactics",
    "sweep", "secret council", "underdog", "celebration", "descend 4", "descend 8", "fathomless descent",
    "survival", "valiant", "corrupted", "bloodrush", "boast", "gift", "flurry", "void", "start your engines!",
    "max speed", "channel", "paradox", "revelry", "exhaust", "teamwork", "legacy", "partner", "companion", "hero's reward"))
