"""The board of Basra drawn as SVG from its JSON (the admin's preview).

The same layout as the live page (basra/static/basra/basra_board.js): the main
route runs clockwise round a square, 13 steps a side, from Start in the top
left corner; a branch's spaces sit one cell inside the spaces they skip.
"""
from django.utils.html import format_html, format_html_join
from django.utils.translation import pgettext_lazy

CELL = 40
SIDE = 13
FILLS = {"start": "#f3d36b", "empty": "#f4ead2", "gang": "#d98c6a", "special": "#9fb7d9", "chance": "#a8d5a2"}
# a gang's letter is the first of its name in the reader's language (as on the live page, basra_strings.js)
GANG_MARKS = {
    "swindlers": pgettext_lazy("Basra board: the Swindlers' letter", "S"),
    "thieves": pgettext_lazy("Basra board: the Thieves' letter", "T"),
    "defrauders": pgettext_lazy("Basra board: the Defrauders' letter", "D"),
    "robbers": pgettext_lazy("Basra board: the Robbers' letter", "R"),
}
CHANCE_MARKS = {"x50": "×50", "200": "200", "black_die": "■", "white_die": "□", "two_out": "+2", "two_in": "−2",
                "bazaar": "⇄", "hand": "→A", "numbered": "#", "x10": "×10"}
SPECIAL_MARKS = {"choose": "?", "die": "⚀", "all": "★"}


def ring_cell(position):
    """(column, row) of the main route's position (0 = Start) round a 14x14 square, clockwise."""
    side, offset = divmod(position % (4 * SIDE), SIDE)
    return [(offset, 0), (SIDE, offset), (SIDE - offset, SIDE), (0, SIDE - offset)][side]


def inward(cell):
    col, row = cell
    return (col + (col < SIDE / 2) - (col > SIDE / 2) if col in (0, SIDE) else col,
            row + (row < SIDE / 2) - (row > SIDE / 2) if row in (0, SIDE) else row)


def layout(board):
    """space id -> (column, row)."""
    where = {board["start"]: ring_cell(0)}
    main_at = {sid: i + 1 for i, sid in enumerate(board["route"][:-1])}
    for sid, i in main_at.items():
        where[sid] = ring_cell(i)
    for branch in board.get("branches", []):
        base = main_at.get(branch["from"], 0)
        for j, sid in enumerate(branch["spaces"]):
            where[sid] = inward(ring_cell(base + 1 + j))
    return where


def mark(space):
    kind = space.get("type")
    if kind == "gang":
        return "".join(str(GANG_MARKS.get(g, "?")) for g in space.get("gangs", []))
    if kind == "chance":
        return CHANCE_MARKS.get(space.get("kind"), "!")
    if kind == "special":
        return SPECIAL_MARKS.get(space.get("kind"), "?")
    return "⌂" if kind == "start" else ""


def board_svg(board):
    """The board as an SVG string, or "" when the data cannot be drawn."""
    try:
        where = layout(board)
        spaces = {s["id"]: s for s in board["spaces"]}
        junctions = {b["from"] for b in board.get("branches", [])}
    except (KeyError, TypeError, AttributeError):
        return ""
    size = (SIDE + 1) * CELL + 8
    cells = []
    for sid, (col, row) in where.items():
        space = spaces.get(sid, {})
        stroke = "#7a1f1f" if sid in junctions else "#5a3d1c"
        cells.append((col * CELL + 4, row * CELL + 4, CELL - 2, CELL - 2, FILLS.get(space.get("type"), "#ddd"), stroke,
                      3 if sid in junctions else 1, f"{sid} · q{space.get('quarter')} · {space.get('type')}",
                      col * CELL + 4 + CELL / 2, row * CELL + 4 + CELL / 2 + 4, mark(space)))
    walls = []
    for position in (0, SIDE, 2 * SIDE, 3 * SIDE):
        col, row = ring_cell(position)
        walls.append((col * CELL + 4, row * CELL + 4, CELL - 2, CELL - 2))
    body = format_html_join(
        "",
        '<g><title>{7}</title><rect x="{0}" y="{1}" width="{2}" height="{3}" rx="4" fill="{4}" stroke="{5}" stroke-width="{6}"/>'
        '<text x="{8}" y="{9}" font-size="12" text-anchor="middle">{10}</text></g>',
        cells,
    )
    corners = format_html_join("", '<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#3b2a14" stroke-width="4"/>', walls)
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{0}" viewBox="0 0 {0} {0}" data-testid="board-preview">{1}{2}</svg>',
        size, body, corners,
    )
