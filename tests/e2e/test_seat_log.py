"""Issue 21, items 1 and 8: a seat's change (a resignation here; stood in for and back in test_seats_kept.py)
is a line of each game's own "what happened" log, in the reader's language, live, after a reload and in the
replay at the move where it happened. Two people sit at each table: one resigns, the other, who stays,
reads it (the game waits for them, so the line is still among the log's recent events)."""
import re

import pytest

from tests.e2e.test_end_screen import play_to_the_end
from tests.e2e.test_seats_kept import person, username
from tests.e2e.tour import create_table, fill_with_bots

pytestmark = pytest.mark.e2e

RESIGNED = {"en": "resigned: a computer player finishes the match in the seat.",
            "fr": "a abandonné : un joueur ordinateur"}
# each game's log, as its page draws it
LOG = {"alibaba_tiles": "[data-testid=recent]", "basra": "[data-testid=log]", "sidibaba": "[data-testid=event-log]"}
# the table's options, the computer players in the other seats, and the host's seat
TABLE = {
    "alibaba_tiles": (dict(seats=2, clock=0), "greedy", 0),
    "basra": (dict(seats=3, turn_seconds=0, window_seconds=10, bazaar_seconds=10), "merchant", 0),
    "sidibaba": (dict(seats=3, host_role="adventurer", segment_seconds=60), "explorer", 1),
}


def _table_of_two_people(base_url, host, guest, game):
    """The host opens the table, the guest takes the first free seat, computer players the rest; started."""
    options, bot, seat = TABLE[game]
    options = dict(options)
    create_table(host, base_url, game, options.pop("seats"), **options)
    guest.goto(host.url)
    guest.click("[data-testid=join-seat] >> nth=0")
    host.wait_for_selector(f"text={username(guest)}")
    fill_with_bots(host, bot)
    host.click("[data-testid=start]")
    for page in (host, guest):
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
    host.wait_for_function("(s) => window.__lastFrame && window.__lastFrame.seat === s", arg=seat)
    guest.wait_for_function("window.__lastFrame && window.__lastFrame.seat !== null")


def _resign(page):
    page.click("[data-testid=resign-open]")
    page.click("[data-testid=resign-confirm]")
    page.wait_for_selector("[data-testid=spectating]")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === null")


def _errors_of(page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


@pytest.mark.default_mode
@pytest.mark.parametrize("game", sorted(LOG))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_resignation_is_a_line_of_the_games_own_log(live_server_url, new_page, game, language):
    host = person(new_page, live_server_url, "stayer", language)
    guest = person(new_page, live_server_url, "quitter", language)
    errors = _errors_of(host)
    _table_of_two_people(live_server_url, host, guest, game)
    _resign(guest)
    line = host.locator(f"{LOG[game]} li[data-code=seat_resigned]")
    line.wait_for()
    assert RESIGNED[language] in line.inner_text() and username(guest) in line.inner_text()
    # the log's own line, not only the table's list: after a reload too
    host.reload()
    line.wait_for()
    assert username(guest) in line.inner_text()
    assert errors == []


@pytest.mark.default_mode
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_replay_shows_the_resignation_in_the_log_from_the_move_it_happened(live_server_url, new_page, language):
    host = person(new_page, live_server_url, "stayer", language)
    guest = person(new_page, live_server_url, "leaver", language)
    _table_of_two_people(live_server_url, host, guest, "alibaba_tiles")
    # a move first, so that the replay has a step before the resignation
    mover = host if host.evaluate("window.__lastFrame.to_act.includes(0)") else guest
    mover.evaluate("window.MatchLive.send(window.__lastFrame.legal[0])")
    host.wait_for_function("window.__lastFrame.version >= 1")
    _resign(guest)
    host.wait_for_function("window.__lastFrame.seat_notices.some(n => n.code === 'seat_resigned')")
    at = host.evaluate("window.__lastFrame.seat_notices.filter(n => n.code === 'seat_resigned')[0].version")
    assert at >= 1
    assert play_to_the_end([host]) == "finished"
    match_id = int(re.search(r"/matches/(\d+)/", host.url).group(1))
    errors = _errors_of(host)
    host.goto(f"{live_server_url}/matches/{match_id}/replay/?seat=0")
    host.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    line = host.locator("[data-testid=recent] li[data-code=seat_resigned]")
    for move, shown in ((at - 1, False), (at, True), (at + 1, True)):
        host.fill("[data-testid=replay-move]", str(move))
        host.click("[data-testid=replay-move-go]")
        host.wait_for_function("(v) => window.__lastFrame.version === v", arg=move)
        assert (line.count() == 1) is shown, move
    assert RESIGNED[language] in line.inner_text() and username(guest) in line.inner_text()
    assert errors == []
