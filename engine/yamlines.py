"""YAML with line numbers: mappings and lists that remember the line of each key/item (1-based).

Used for scenarios (engine.scenario) and behaviour files (engine.behaviours) so that errors name file and line."""
from __future__ import annotations


class LDict(dict):
    """A mapping that remembers the line of each key (1-based)."""
    line: int | None = None
    lines: dict


class LList(list):
    line: int | None = None
    lines: list


def _plain(node):
    import yaml

    if isinstance(node, yaml.MappingNode):
        d = LDict()
        d.line = node.start_mark.line + 1
        d.lines = {}
        for k, v in node.value:
            key = _plain(k)
            if isinstance(key, (list, dict)):
                key = str(key)
            d[key] = _plain(v)
            d.lines[key] = k.start_mark.line + 1
        return d
    if isinstance(node, yaml.SequenceNode):
        lst = LList(_plain(v) for v in node.value)
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


def compose(text: str):
    """Every document of ``text`` as plain data with line numbers (raises ``yaml.YAMLError``)."""
    import yaml

    return [_plain(n) for n in yaml.compose_all(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))]


def plain(x):
    """The same data as built-in dicts and lists (no line numbers): faster to read in the engine's loops."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain(v) for v in x]
    return x
