"""Legal actions whose parameters are domains instead of every concrete value.

A legal action is a dict; each value is either concrete (the action must
carry exactly it) or a *domain*:
- ``{"min": a, "max": b}``: a whole number a <= n <= b;
- ``{"one_of": [v, ...]}``: one of the listed values;
- ``{"subset_of": [v, ...], "max_size": k}`` (``"min_size"`` optional, 0 by
  default): a list of distinct listed values.
A dict is a domain only when its keys are exactly those of one of these forms;
engines never put other dicts in actions.

Matching is by exact JSON type: a boolean is not a number, ``1.0`` is not ``1``,
``"1"`` is not ``1``, and a ``min``/``max`` domain takes only whole numbers. What
is applied and logged is built from the legal action's own values
(``canonical``), never the client's objects.
"""
import copy
import random

_NUMBER_KEYS = {"min", "max"}
_ONE_OF_KEYS = {"one_of"}
_SUBSET_KEYS = ({"subset_of"}, {"subset_of", "max_size"}, {"subset_of", "min_size"}, {"subset_of", "min_size", "max_size"})


def is_domain(value) -> bool:
    if not isinstance(value, dict):
        return False
    keys = set(value)
    return keys in (_NUMBER_KEYS, _ONE_OF_KEYS) or keys in _SUBSET_KEYS


def is_concrete(legal_action: dict) -> bool:
    return not any(is_domain(v) for v in legal_action.values())


def _is_int(value) -> bool:
    # exactly int: a bool (or any int subclass) is not a JSON whole number
    return type(value) is int


_NO_MATCH = object()


def _pick(value, domain):
    """The domain's own value that ``value`` stands for, or _NO_MATCH."""
    if "one_of" in domain:
        for option in domain["one_of"]:
            if _same(value, option):
                return copy.deepcopy(option)
        return _NO_MATCH
    if "subset_of" in domain:
        if type(value) is not list:
            return _NO_MATCH
        size = len(value)
        if not domain.get("min_size", 0) <= size <= domain.get("max_size", len(domain["subset_of"])):
            return _NO_MATCH
        pool = list(domain["subset_of"])
        picked = []
        for item in value:
            for i, option in enumerate(pool):
                if _same(item, option):
                    picked.append(copy.deepcopy(pool.pop(i)))
                    break
            else:
                return _NO_MATCH
        return picked
    if _is_int(value) and _is_int(domain["min"]) and _is_int(domain["max"]) and domain["min"] <= value <= domain["max"]:
        return int(value)
    return _NO_MATCH


def value_in_domain(value, domain) -> bool:
    return _pick(value, domain) is not _NO_MATCH


def _same(a, b) -> bool:
    """Equal as JSON values of the same types: True is not 1, 1.0 is not 1, "1" is not 1, at any depth."""
    if type(a) is not type(b):
        return False
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def _instance(action, legal_action):
    """``action`` rebuilt from ``legal_action``'s own values, or None when it is no instance of it."""
    if type(action) is not dict or action.keys() != legal_action.keys():
        return None
    built = {}
    for key, allowed in legal_action.items():
        value = action[key]
        if is_domain(allowed):
            picked = _pick(value, allowed)
            if picked is _NO_MATCH:
                return None
            built[key] = picked
        elif _same(value, allowed):
            built[key] = copy.deepcopy(allowed)
        else:
            return None
    return built


def matches(action: dict, legal_action: dict) -> bool:
    """Whether ``action`` is one instance of ``legal_action`` (same keys, every value allowed)."""
    return _instance(action, legal_action) is not None


def find_legal(action, legal: list[dict]):
    """The legal action ``action`` is an instance of, or None."""
    for candidate in legal:
        if matches(action, candidate):
            return candidate
    return None


def resolve(action, legal: list[dict]):
    """The canonical action ``action`` stands for among ``legal`` (see ``canonical``), or None.

    Engines apply this, never the client's object: its values are the legal action's own.
    """
    for candidate in legal:
        built = _instance(action, candidate)
        if built is not None:
            return built
    return None


def canonical(action: dict, legal_action: dict) -> dict:
    """The action as it is applied and logged: the legal action's keys (no padding) and its own values
    (the domain's options, never the client's objects). ``action`` must be an instance of it."""
    built = _instance(action, legal_action)
    if built is None:
        raise ValueError("the action is not an instance of this legal action")
    return built


def _quoted(keys) -> str:
    return ", ".join(f'"{k}"' for k in keys)


def explain_mismatch(action, legal: list[dict]) -> str | None:
    """A sentence (English, with %-params filled) for the commonest mistake, or None.

    It looks at the legal actions of the same ``type`` and says which
    parameter is missing, unexpected or outside its domain.
    """
    if not isinstance(action, dict):
        return None
    same_type = [c for c in legal if c.get("type") == action.get("type")]
    for candidate in same_type:
        missing = [k for k in candidate if k not in action]
        extra = [k for k in action if k not in candidate]
        if missing:
            return f"This move needs {_quoted(missing)}."
        if extra:
            return f"This move does not take {_quoted(extra)}."
        for key, allowed in candidate.items():
            if is_domain(allowed) and not value_in_domain(action[key], allowed):
                return f'"{key}": {describe_domain(allowed)}'
        for key, allowed in candidate.items():
            if not is_domain(allowed) and type(action[key]) is not type(allowed):
                return f'"{key}": {_describe_type(allowed)}'
    return None


_TYPE_WORDS = {bool: "true or false.", int: "a whole number.", str: "text.", list: "a list.", type(None): "null."}


def _describe_type(allowed) -> str:
    return _TYPE_WORDS.get(type(allowed), "a value of another type.")


def describe_domain(domain) -> str:
    if "one_of" in domain:
        return "one of " + ", ".join(str(v) for v in domain["one_of"]) + "."
    if "subset_of" in domain:
        high = domain.get("max_size", len(domain["subset_of"]))
        return (
            f"a list of {domain.get('min_size', 0)} to {high} different values from " + ", ".join(str(v) for v in domain["subset_of"]) + "."
        )
    return f"a whole number from {domain['min']} to {domain['max']}."


def sample_value(domain, rng: random.Random):
    if "one_of" in domain:
        return rng.choice(domain["one_of"])
    if "subset_of" in domain:
        pool = list(domain["subset_of"])
        low = domain.get("min_size", 0)
        high = min(domain.get("max_size", len(pool)), len(pool))
        return rng.sample(pool, rng.randint(low, high)) if high >= low else []
    return rng.randint(domain["min"], domain["max"])


def sample(legal_action: dict, rng: random.Random) -> dict:
    """A concrete action drawn from a legal action's domains (concrete values kept)."""
    return {k: sample_value(v, rng) if is_domain(v) else v for k, v in legal_action.items()}


def fill(action: dict, rng: random.Random) -> dict:
    """A bot may answer with a template that still holds domains: draw the rest."""
    return sample(action, rng) if not is_concrete(action) else action
