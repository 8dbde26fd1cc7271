"""YAML with line numbers: mappings and lists that remember the line of each key/item (1-based).

Used for scenarios (engine.scenario) and behaviour files (engine.behaviours) so that errors name file and line.

Bounded: a text over ``MAX_BYTES`` is refused before it is parsed, and the plain data of a file may hold at
most ``MAX_NODES`` values, counted as aliases expand (a "billion laughs" file of a few hundred bytes whose
anchors alias each other would otherwise expand to billions of values): both raise :class:`YamlLimitError`
at once."""
from __future__ import annotations

MAX_BYTES = 2_000_000          # a scenario or behaviour file is a few KB
MAX_NODES = 100_000            # values in the plain data of one file, aliases counted as expanded


class YamlLimitError(ValueError):
    """A YAML text over a limit (size, or values once its aliases are expanded); ``line`` is 1-based."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message, self.line = message, line


class _Budget:
    """How many more values the plain data may hold."""

    def __init__(self, nodes: int = MAX_NODES):
        self.left = nodes

    def take(self, node) -> None:
        self.left -= 1
        if self.left < 0:
            raise YamlLimitError(f"too many values once its aliases are expanded (over {MAX_NODES:,}): "
                                 "an alias bomb?", node.start_mark.line + 1)


class LDict(dict):
    """A mapping that remembers the line of each key (1-based)."""
    line: int | None = None
    lines: dict


class LList(list):
    line: int | None = None
    lines: list


def _plain(node, budget: _Budget | None = None):
    """The plain data of a composed node; ``budget`` (one per file) bounds the values built."""
    import yaml

    budget = budget or _Budget()
    budget.take(node)
    if isinstance(node, yaml.MappingNode):
        d = LDict()
        d.line = node.start_mark.line + 1
        d.lines = {}
        for k, v in node.value:
            key = _plain(k, budget)
            if isinstance(key, (list, dict)):
                key = str(key)
            d[key] = _plain(v, budget)
            d.lines[key] = k.start_mark.line + 1
        return d
    if isinstance(node, yaml.SequenceNode):
        lst = LList(_plain(v, budget) for v in node.value)
        lst.line = node.start_mark.line + 1
        lst.lines = [v.start_mark.line + 1 for v in node.value]
        return lst
    tag, v = node.tag, node.value
    if tag.endswith(":int"):
        try:
            return int(v.replace("_", ""), 0) if not v.lstrip("+-").startswith("0") or v.strip("+-") == "0" \
                else int(v)
        except ValueError:
            return v
    if tag.endswith(":bool"):
        return v.lower() in ("yes", "true", "on", "y")
    if tag.endswith(":null"):
        return None
    if tag.endswith(":float"):
        try:
            return float(v)
        except ValueError:
            return v
    return v


def _line(obj, key=None):
    if isinstance(obj, LDict):
        if key is not None and key in obj.lines:
            return obj.lines[key]
        return obj.line
    if isinstance(obj, LList):
        if isinstance(key, int) and 0 <= key < len(getattr(obj, "lines", [])):
            return obj.lines[key]
        return obj.line
    return None


def compose_nodes(text: str) -> list:
    """The composed nodes of every document of ``text`` (aliases shared, not expanded); raises
    ``yaml.YAMLError``, or :class:`YamlLimitError` for a text over ``MAX_BYTES``."""
    import yaml

    if len(text) > MAX_BYTES:
        raise YamlLimitError(f"too large for a YAML file here ({len(text):,} characters; at most {MAX_BYTES:,})")
    return list(yaml.compose_all(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


def compose(text: str):
    """Every document of ``text`` as plain data with line numbers (raises ``yaml.YAMLError`` or
    :class:`YamlLimitError`)."""
    budget = _Budget()
    return [_plain(n, budget) for n in compose_nodes(text)]


def plain(x):
    """The same data as built-in dicts and lists (no line numbers): faster to read in the engine's loops."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain(v) for v in x]
    return x
