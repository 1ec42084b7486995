"""The engine's pyramid-layout refusals in the reader's language.

The pure engine words its reasons in English with the positions and numbers inside
("1:0:0 is above the bottom layer but covers nothing."); each pattern below recognises one
such sentence and gives the catalogue's sentence with the same values, so the admin shows
the engine's own reason, translated (the same way as sidibaba.maze_reasons).
"""
import re

from django.utils.translation import gettext, gettext_noop, ngettext

# (the engine's sentence with {placeholders}, the catalogue's sentence[, its plural, the counting placeholder])
LAYOUT_ERRORS = [
    ("A layout must be an object with key, name, layers and covers.",
     gettext_noop("A layout must be an object with key, name, layers and covers.")),
    ("The layout needs a key (a short name).", gettext_noop("The layout needs a key (a short name).")),
    ("The layout needs a name.", gettext_noop("The layout needs a name.")),
    ("The layout needs at least one layer.", gettext_noop("The layout needs at least one layer.")),
    ("Layer {layer} must be an object with rows and cols.",
     gettext_noop("Layer %(layer)s must be an object with rows and cols.")),
    ("Layer {layer} needs positive whole numbers of rows and cols.",
     gettext_noop("Layer %(layer)s needs positive whole numbers of rows and cols.")),
    ("Layer {layer}: cells must be a non-empty list of [row, col].",
     gettext_noop("Layer %(layer)s: cells must be a non-empty list of [row, col].")),
    ("Layer {layer}: cell {cell} is not inside the {rows}x{cols} grid.",
     gettext_noop("Layer %(layer)s: cell %(cell)s is not inside the %(rows)sx%(cols)s grid.")),
    ("Layer {layer}: cell {cell} is listed twice.", gettext_noop("Layer %(layer)s: cell %(cell)s is listed twice.")),
    ("covers must map each upper tile to the list of tiles it lies on.",
     gettext_noop("covers must map each upper tile to the list of tiles it lies on.")),
    ("covers names an unknown position {pos}.", gettext_noop("covers names an unknown position %(pos)s.")),
    ("{pos} is on the bottom layer and cannot cover anything.",
     gettext_noop("%(pos)s is on the bottom layer and cannot cover anything.")),
    ("covers[{pos}] must be a list of positions.", gettext_noop("covers[%(pos)s] must be a list of positions.")),
    ("{pos} covers an unknown position {below}.", gettext_noop("%(pos)s covers an unknown position %(below)s.")),
    ("{pos} covers {below} twice.", gettext_noop("%(pos)s covers %(below)s twice.")),
    ("{pos} covers {below}, but the top layer cannot be covered.",
     gettext_noop("%(pos)s covers %(below)s, but the top layer cannot be covered.")),
    ("{pos} covers {below}, which is not in the layer directly below.",
     gettext_noop("%(pos)s covers %(below)s, which is not in the layer directly below.")),
    ("{pos} is above the bottom layer but covers nothing.",
     gettext_noop("%(pos)s is above the bottom layer but covers nothing.")),
    ("{pos} is below the top layer but nothing covers it.",
     gettext_noop("%(pos)s is below the top layer but nothing covers it.")),
    ("The layout needs {n} tiles but the tile set has only {limit}.",
     gettext_noop("The layout needs %(n)s tile but the tile set has only %(limit)s."),
     gettext_noop("The layout needs %(n)s tiles but the tile set has only %(limit)s."), "n"),
    ("The layout needs {n} tiles but only {available} are in play in this variant.",
     gettext_noop("The layout needs %(n)s tile but only %(available)s are in play in this variant."),
     gettext_noop("The layout needs %(n)s tiles but only %(available)s are in play in this variant."), "n"),
]


def _pattern(template):
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(f"^{regex}$")


_PATTERNS = [(_pattern(entry[0]), entry[1:]) for entry in LAYOUT_ERRORS]


def translate_layout_error(reason: str) -> str:
    """One of the engine's layout reasons in the active language (unchanged if it is not known)."""
    for pattern, message in _PATTERNS:
        found = pattern.match(reason)
        if not found:
            continue
        values = found.groupdict()
        if len(message) == 1:
            return gettext(message[0]) % values
        singular, plural, counted = message
        try:
            count = int(values[counted])
        except ValueError:
            count = 2
        return ngettext(singular, plural, count) % values
    return reason
