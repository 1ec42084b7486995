"""Legal actions whose parameters are domains instead of every concrete value.

A legal action is a dict; each value is either concrete (the action must
carry exactly it) or a *domain*:
- ``{"min": a, "max": b}``: a whole number a <= n <= b;
- ``{"one_of": [v, ...]}``: one of the listed values;
- ``{"subset_of": [v, ...], "max_size": k}`` (``"min_size"`` optional, 0 by
  default): a list of distinct listed values.
A dict is a domain only when its keys are exactly those of one of these forms;
engines never put other dicts in actions.
"""
import random

_NUMBER_KEYS = {"min", "max"}
_ONE_OF_KEYS = {"one_of"}
_SUBSET_KEYS = ({"subset_of"}, {"subset_of", "max_size"}, {"subset_of", "min_size"}, {"subset_of", "min_size", "max_size"})


def is_domain(value) -> bool:
    if not isinstance(value, dict):
        return False
    keys = set(value)
    return keys == _NUMBER_KEYS or keys == _ONE_OF_KEYS or keys in _SUBSET_KEYS


def is_concrete(legal_action: dict) -> bool:
    return not any(is_domain(v) for v in legal_action.values())


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def value_in_domain(value, domain) -> bool:
    if "one_of" in domain:
        return any(_same(value, option) for option in domain["one_of"])
    if "subset_of" in domain:
        if not isinstance(value, list):
            return False
        pool = list(domain["subset_of"])
        for item in value:
            for i, option in enumerate(pool):
                if _same(item, option):
                    del pool[i]
                    break
            else:
                return False
        size = len(value)
        return domain.get("min_size", 0) <= size <= domain.get("max_size", len(domain["subset_of"]))
    return _is_int(value) and domain["min"] <= value <= domain["max"]


def _same(a, b) -> bool:
    # True == 1 in Python; a JSON boolean is never a number here.
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def matches(action: dict, legal_action: dict) -> bool:
    """Whether ``action`` is one instance of ``legal_action`` (same keys, every value allowed)."""
    if not isinstance(action, dict) or set(action) != set(legal_action):
        return False
    for key, allowed in legal_action.items():
        value = action[key]
        if is_domain(allowed):
            if not value_in_domain(value, allowed):
                return False
        elif not _same(value, allowed):
            return False
    return True


def find_legal(action, legal: list[dict]):
    """The legal action ``action`` is an instance of, or None."""
    for candidate in legal:
        if matches(action, candidate):
            return candidate
    return None


def canonical(action: dict, legal_action: dict) -> dict:
    """The action as it is logged: only the keys the legal action names (no padding)."""
    return {key: action[key] for key in legal_action}


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
            return "This move needs %s." % ", ".join(f'"{k}"' for k in missing)
        if extra:
            return "This move does not take %s." % ", ".join(f'"{k}"' for k in extra)
        for key, allowed in candidate.items():
            if is_domain(allowed) and not value_in_domain(action[key], allowed):
                return f'"{key}": {describe_domain(allowed)}'
    return None


def describe_domain(domain) -> str:
    if "one_of" in domain:
        return "one of " + ", ".join(str(v) for v in domain["one_of"]) + "."
    if "subset_of" in domain:
        high = domain.get("max_size", len(domain["subset_of"]))
        return f"a list of {domain.get('min_size', 0)} to {high} different values from " + ", ".join(str(v) for v in domain["subset_of"]) + "."
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
