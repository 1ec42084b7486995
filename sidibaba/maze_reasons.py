"""The engine's maze refusals in the reader's language.

The pure engine words its reasons in English with the numbers inside ("Row 3 needs 8 cells.");
each pattern below recognises one such sentence and gives the catalogue's sentence with the same
numbers, so the admin shows the engine's own reason, translated.
"""
import re

from django.utils.translation import gettext, gettext_noop

# (the engine's sentence with {placeholders}, the catalogue's sentence)
MAZE_ERRORS = [
    ("A maze needs rows, cols, cells and openings.", gettext_noop("A maze needs rows, cols, cells and openings.")),
    ("Rows and columns must be whole numbers.", gettext_noop("Rows and columns must be whole numbers.")),
    ("A maze is {min}x{min2} to {max}x{max2} squares.",
     gettext_noop("A maze is %(min)sx%(min2)s to %(max)sx%(max2)s squares.")),
    ("The maze needs {rows} rows of cells.", gettext_noop("The maze needs %(rows)s rows of cells.")),
    ("Row {r} needs {cols} cells.", gettext_noop("Row %(r)s needs %(cols)s cells.")),
    ("Cell {r},{c}: sides are written with N, E, S, W.", gettext_noop("Cell %(r)s,%(c)s: sides are written with N, E, S, W.")),
    ("Cell {r},{c} opens {d} through the outer wall: list it under openings.",
     gettext_noop("Cell %(r)s,%(c)s opens %(d)s through the outer wall: list it under openings.")),
    ("The wall between {r},{c} and {nr},{nc} is open on one side only.",
     gettext_noop("The wall between %(r)s,%(c)s and %(nr)s,%(nc)s is open on one side only.")),
    ("A maze has {min} to {max} openings.", gettext_noop("A maze has %(min)s to %(max)s openings.")),
    ("An opening is [row, column, side].", gettext_noop("An opening is [row, column, side].")),
    ("Opening {r},{c} lies outside the maze.", gettext_noop("Opening %(r)s,%(c)s lies outside the maze.")),
    ("Opening {r},{c},{d} is not in the outer wall.", gettext_noop("Opening %(r)s,%(c)s,%(d)s is not in the outer wall.")),
    ("Opening {r},{c},{d} is listed twice.", gettext_noop("Opening %(r)s,%(c)s,%(d)s is listed twice.")),
    ("{n} squares cannot be reached from the entrances.", gettext_noop("%(n)s squares cannot be reached from the entrances.")),
]


def _pattern(template):
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(f"^{regex}$")


_PATTERNS = [(_pattern(template), msgid) for template, msgid in MAZE_ERRORS]


def translate_maze_error(reason: str) -> str:
    """One of the engine's maze reasons in the active language (unchanged if it is not known)."""
    for pattern, msgid in _PATTERNS:
        found = pattern.match(reason)
        if found:
            return gettext(msgid) % found.groupdict()
    return reason
