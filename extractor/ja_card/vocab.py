"""The closed word lists of the Japanese card grammar: card types and colours (extractor/data/lexicon.yaml), subtypes
(extractor/data/ja_card_vocab.json, derived from the card file's type lines by build_vocab.py), and the printed
Japanese names of keyword abilities (702) and counter kinds (122) — a lexicon of words, not of lines.  Values are the
English words the behaviour format uses (engine/oracle/vocab.py)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from extractor.lexicon import lexicon

_DATA = Path(__file__).resolve().parents[1] / "data" / "ja_card_vocab.json"

COLORS = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G"}


def card_types() -> dict:
    out = {}
    for row in lexicon().card_types:
        if row.en not in ("Permanent", "Aura"):
            out[row.ja] = row.en
    out["部族"] = "Tribal"
    return out


SUPERTYPES = {"伝説": "Legendary", "基本": "Basic", "氷雪": "Snow", "ワールド": "World"}


@lru_cache(maxsize=1)
def subtypes() -> dict:
    try:
        d = json.loads(_DATA.read_text(encoding="utf-8"))["subtypes"]
    except (OSError, ValueError, KeyError):
        return {}
    out = {ja: en for ja, en in d.items() if not ja.isascii()}
    for ja, en in TOKEN_SUBTYPES.items():
        out.setdefault(ja, en)
    return out


# Subtypes only tokens have (205.3g), so no card's type line names them (as engine/oracle/vocab.py adds them too)
TOKEN_SUBTYPES = {"苗木": "Saproling", "霊気装置": "Servo", "細菌": "Germ", "末裔": "Scion", "落とし子": "Spawn",
                  "軍団": "Army", "邪魔者": "Serf"}


# keyword abilities without a parameter (702), printed name → behaviour name
SIMPLE_KEYWORDS = {
    "飛行": "flying", "先制攻撃": "first_strike", "二段攻撃": "double_strike", "接死": "deathtouch",
    "絆魂": "lifelink", "警戒": "vigilance", "速攻": "haste", "破壊不能": "indestructible", "トランプル": "trample",
    "到達": "reach", "瞬速": "flash", "威迫": "menace", "威嚇": "intimidate", "防衛": "defender", "呪禁": "hexproof",
    "被覆": "shroud", "畏怖": "fear", "感染": "infect", "萎縮": "wither", "欠色": "devoid", "頑強": "persist",
    "不死": "undying", "果敢": "prowess", "多相": "changeling", "召集": "convoke", "探査": "delve",
    "即席": "improvise", "ストーム": "storm", "続唱": "cascade", "賛美": "exalted", "側面攻撃": "flanking",
    "シャドー": "shadow", "影": "shadow", "馬術": "horsemanship", "潜伏": "skulk", "刹那": "split_second", "反復": "rebound",
    "融合": "fuse", "余波": "aftermath", "沼渡り": "swampwalk", "森渡り": "forestwalk", "島渡り": "islandwalk",
    "山渡り": "mountainwalk", "平地渡り": "plainswalk", "砂漠渡り": "desertwalk",
    "伝説の土地渡り": "legendary_landwalk", "基本でない土地渡り": "nonbasic_landwalk", "暴動": "riot",
    "進化": "evolve", "強請": "extort", "教導": "mentor", "無尽": "myriad", "挑発": "provoke", "暗号": "cipher",
    "訓練": "training", "トーテム鎧": "totem_armor", "族霊鎧": "totem_armor", "烈日": "sunburst", "回顧": "retrace", "再活": "jump_start",
    "嚥下": "ingest", "実演": "demonstrate", "腐敗": "decayed", "腐乱": "decayed", "完成化": "compleated", "先読": "read_ahead",
    "徴募": "enlist", "秘匿": "hideaway", "昇殿": "ascend", "バンド": "banding", "位相": "phasing",
    "濫用": "exploit", "結魂": "soulbond", "憑依": "haunt", "生体武器": "living_weapon", "共謀": "conspire",
    "王位簒奪": "dethrone", "廃位": "dethrone", "会戦": "melee", "不抜": "undaunted", "解鎖": "unleash",
    "喊声": "battle_cry", "共闘": "partner", "歴伝": "epic", "日暮": "daybound", "夜明": "nightbound",
    "ミラディンのために!": "for_mirrodin!", "助力": "assist", "墓地ストーム": "gravestorm", "サイクリング": None,
}
SIMPLE_KEYWORDS = {k: v for k, v in SIMPLE_KEYWORDS.items() if v}

# keyword abilities with a mana cost (702): printed name → behaviour key
COST_KEYWORDS = {
    "装備": "equip", "護法": "ward", "授与": "bestow", "キッカー": "kicker", "サイクリング": "cycling",
    "フラッシュバック": "flashback", "バイバック": "buyback", "変異": "morph", "大変異": "megamorph",
    "忍術": "ninjutsu", "想起": "evoke", "疾駆": "dash", "マッドネス": "madness", "蘇生": "unearth",
    "不朽": "embalm", "永遠": "eternalize", "エコー": "echo", "累加アップキープ": "cumulative_upkeep",
    "多重キッカー": "multikicker", "複製": "replicate", "双呪": "entwine", "徘徊": "prowl", "現出": "emerge",
    "怒濤": "surge", "絢爛": "spectacle", "予顕": "foretell", "降霊": "disturb", "超過": "overload",
    "変成": "transmute", "補強": "reinforce", "レベルアップ": "level_up", "Lvアップ": "level_up", "鍛錬": "outlast", "長久": "outlast", "活用": "scavenge",
    "再演": "encore", "奇跡": "miracle", "換装": "reconfigure", "変装": "disguise", "変容": "mutate",
    "覚醒": "awaken", "城砦化": "fortify", "土地サイクリング": "landcycling",
    "基本土地サイクリング": "basic_landcycling", "平地サイクリング": "plainscycling",
    "島サイクリング": "islandcycling", "沼サイクリング": "swampcycling", "山サイクリング": "mountaincycling",
    "森サイクリング": "forestcycling",
    "ウィザード・サイクリング": "wizardcycling", "スリヴァー・サイクリング": "slivercycling", "上忍術": "commander_ninjutsu",
    "復活": "recover", "変形": "transfigure", "オーラ交換": "aura_swap", "切除": "cleave", "督励": "blitz", "計画": "plot",
    "連繋(秘儀)": "splice_onto_arcane",
}
NUMBER_KEYWORDS = {
    "武士道": "bushido", "暴れ回る": "rampage", "ランページ": "rampage", "搭乗": "crew", "滅殺": "annihilator", "苦悩": "afflict", "加虐": "afflict",
    "毒性": "toxic", "賛助": "backup", "製造": "fabricate", "接合": "modular", "高名": "renown", "死後": "afterlife",
    "消散": "fading", "消失": "vanishing", "狂喜": "bloodthirst", "貪食": "devour", "吸収": "absorb",
    "増幅": "amplify", "移植": "graft", "激情": "frenzy", "転生": "soulshift", "発掘": "dredge", "貢納": "tribute",
    "波及": "ripple", "分隊": "squad", "犠牲": "casualty", "有毒": "poisonous", "動員": "mobilize",
}

# counter kinds (122) other than +N/+N: printed name → English word
COUNTER_KINDS = {
    "蓄積": "charge", "時間": "time", "忠誠": "loyalty", "毒": "poison", "氷": "ice", "魔力": "mana",
    "経験": "experience", "レベル": "level", "伝承": "lore", "エネルギー": "energy", "油": "oil", "盾": "shield",
    "詠唱": "verse", "成長": "growth", "命運": "doom", "孵化": "hatchling", "知識": "knowledge", "貯蔵": "storage",
    "胞子": "spore", "刻印": "brick", "麻痺": "paralyzation", "石化": "petrification", "しるし": "mark",
    "探索": "quest", "経年": "age", "神性": "divinity", "気": "ki", "血液": "blood", "猛火": "blaze", "詩句": "verse",
    "魂魄": "soul", "運命": "fate", "黄金": "gold", "投槍": "javelin", "執心": "devotion", "腐敗": "corruption",
}
