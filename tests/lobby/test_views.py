"""The lobby pages and forms, as a browser without JavaScript would use them."""
import re

import pytest
from django.utils import translation

from lobby.models import Table
from tests.factories import UserFactory
from tests.page_strings import page_strings

pytestmark = pytest.mark.django_db


def test_lobby_page_lists_games_and_the_create_form(client):
    client.force_login(UserFactory())
    page = client.get("/")
    assert page.status_code == 200
    assert b'data-testid="create-table-form"' in page.content and b"countdown" in page.content


def test_create_table_form_redirects_to_the_table(client):
    client.force_login(UserFactory())
    response = client.post("/tables/new/", {"game": "countdown", "seats": "2", "clock": "30", "rounds": "2"})
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/tables/{table.pk}/"
    assert table.options == {"clock": 30, "rounds": 2}


def test_the_table_page_reads_its_clock_as_seconds_per_decision(client):
    client.force_login(UserFactory())
    client.post("/tables/new/", {"game": "countdown", "seats": "2", "clock": "60", "rounds": "2"})
    page = client.get(f"/tables/{Table.objects.get().pk}/").content.decode()
    assert '<span data-testid="table-option">60 s per decision</span>' in page
    assert '<span data-testid="table-option">Rounds: 2</span>' in page and "Seconds per decision" not in page


def test_bad_table_form_shows_an_error_and_creates_nothing(client):
    client.force_login(UserFactory())
    response = client.post("/tables/new/", {"game": "countdown", "seats": "9"}, follow=True)
    assert Table.objects.count() == 0
    assert b"2 to 4 players" in response.content


def test_a_refused_table_form_comes_back_with_the_choices_made(client):
    client.force_login(UserFactory())
    posted = {"game": "countdown", "seats": "9", "clock": "45", "rounds": "3", "private": "1", "rated": ["0"], "abandon_grace": "90"}
    page = client.post("/tables/new/", posted, follow=True)
    values = page.context["table_form_values"]
    assert values["seats"] == ["9"] and values["clock"] == ["45"] and values["rounds"] == ["3"]
    assert values["private"] == ["1"] and values["rated"] == ["0"] and values["abandon_grace"] == ["90"]
    assert 'id="table-form-values"' in page.content.decode()
    assert client.get("/").context["table_form_values"] is None  # once only


def test_an_options_help_text_reaches_the_form_translated(client):
    client.force_login(UserFactory())
    with translation.override("fr"):
        games = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").context["games_json"]
    layout = next(o for g in games if g["key"] == "alibaba_tiles" for o in g["options"] if o["name"] == "layout")
    assert layout["help"].startswith("La variante de la petite caverne")


def test_the_quick_match_field_is_bounded_by_the_first_game_and_the_server_refuses_out_of_range(client):
    from matches.registry import all_games

    first = all_games()[0]
    client.force_login(UserFactory())
    page = client.get("/").content.decode()
    assert f'name="players" value="{first.min_players}" min="{first.min_players}" max="{first.max_players}"' in page
    response = client.post("/quick-match/", {"game": "countdown", "players": "7"}, follow=True)
    assert b"2 to 4 players" in response.content


def test_private_table_needs_its_invite_link(client):
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": "countdown", "seats": "2", "clock": "0", "rounds": "1", "private": "1"})
    table = Table.objects.get()
    client.force_login(UserFactory())
    assert client.get(f"/tables/{table.pk}/").status_code == 404
    assert client.get(f"/tables/{table.pk}/?invite={table.invite_token}").status_code == 200
    assert client.post(f"/tables/{table.pk}/join/", {"invite": "wrong"}).status_code == 404
    client.post(f"/tables/{table.pk}/join/", {"invite": table.invite_token})
    assert table.seats.filter(seat=1).first().user_id is not None


def test_anonymous_cannot_create_tables(client):
    response = client.post("/tables/new/", {"game": "countdown", "seats": "2"})
    assert response.status_code == 302 and "/accounts/login/" in response.url


BAD_SEATS = ["abc", "1.5", "", "-1", "3", "99999999999999999999", "9" * 5000, "١"]


def open_table(client, seats=3):
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": "countdown", "seats": str(seats), "clock": "0", "rounds": "1"})
    return host, Table.objects.get()


def seats_of(table):
    return [(s.seat, s.user_id, s.bot) for s in table.seats.order_by("seat")]


@pytest.mark.parametrize("seat", BAD_SEATS)
@pytest.mark.parametrize("form, extra", [("bot", {"bot": "first"}), ("clear", {})])
def test_a_bad_seat_in_a_host_form_is_a_message_not_a_500(client, form, extra, seat):
    host, table = open_table(client)
    before = seats_of(table)
    response = client.post(f"/tables/{table.pk}/{form}/", {"seat": seat, **extra}, follow=True)
    assert response.status_code == 200
    assert b"No such seat" in response.content or b"Choose a seat" in response.content
    assert seats_of(table) == before


@pytest.mark.parametrize("form, extra", [("bot", {"bot": "first"}), ("clear", {})])
def test_a_missing_seat_in_a_host_form_is_a_message_not_a_500(client, form, extra):
    host, table = open_table(client)
    before = seats_of(table)
    response = client.post(f"/tables/{table.pk}/{form}/", extra, follow=True)
    assert response.status_code == 200 and b"Choose a seat" in response.content
    assert seats_of(table) == before


@pytest.mark.parametrize("seat", [s for s in BAD_SEATS if s])
def test_a_bad_seat_in_the_join_form_is_a_message_not_a_500(client, seat):
    host, table = open_table(client)
    before = seats_of(table)
    client.force_login(UserFactory())
    response = client.post(f"/tables/{table.pk}/join/", {"seat": seat}, follow=True)
    assert response.status_code == 200
    assert b"No such seat" in response.content or b"Choose a seat" in response.content
    assert seats_of(table) == before


def test_a_bad_seat_in_the_move_form_is_a_message_not_a_500(client):
    host, table = open_table(client)
    before = seats_of(table)
    for data in (
        {"seat": "0", "to": "x"},
        {"seat": "x", "to": "1"},
        {"seat": "0", "to": "7"},
        {"seat": "0", "to": "9" * 5000},
        {"seat": "0"},
        {},
    ):
        response = client.post(f"/tables/{table.pk}/move/", data, follow=True)
        assert response.status_code == 200
        assert b"No such seat" in response.content or b"Choose a seat" in response.content
    assert seats_of(table) == before


def role_cells(page):
    return re.findall(r'data-testid="seat-role">([^<]*)<', page)


def test_table_page_shows_each_seats_role_only_for_games_with_roles(client):
    host, table = open_table(client)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert role_cells(page) == ["Dealer", "Player", "Player"]
    client.post("/tables/new/", {"game": "alibaba_tiles", "seats": "2", "clock": "0"})
    tiles = Table.objects.get(game="alibaba_tiles")
    page = client.get(f"/tables/{tiles.pk}/").content.decode()
    assert 'data-testid="seat-role"' not in page and "Role" not in page


def test_role_labels_are_translated(client):
    host, table = open_table(client)
    client.cookies["django_language"] = "fr"
    page = client.get(f"/tables/{table.pk}/").content.decode()
    # "Player" has its French in the catalogue; the test game's own "Dealer" has none.
    assert role_cells(page) == ["Dealer", "Joueur", "Joueur"]
    assert ">Rôle<" in page and "Déplacer" in page


def test_joining_through_the_form_takes_the_seat_picked(client):
    host, table = open_table(client)
    guest = UserFactory()
    client.force_login(guest)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert page.count('data-testid="join-seat"') == 2
    client.post(f"/tables/{table.pk}/join/", {"seat": "2"})
    assert table.seats.get(seat=2).user_id == guest.pk
    response = client.post(f"/tables/{table.pk}/join/", {"seat": "1"}, follow=True)
    assert b"You already sit at this table" in response.content
    client.force_login(UserFactory())
    response = client.post(f"/tables/{table.pk}/join/", {"seat": "2"}, follow=True)
    assert b"That seat is taken" in response.content


def test_host_moves_a_bot_and_swaps_a_person_through_the_forms(client):
    host, table = open_table(client)
    guest = UserFactory()
    table.seats.filter(seat=1).update(user=guest)
    client.post(f"/tables/{table.pk}/bot/", {"seat": "2", "bot": "first"})
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert page.count('data-testid="move-seat"') == 3  # host, guest, bot
    assert '<span title="Computer: First">First 3</span>' in page
    client.post(f"/tables/{table.pk}/move/", {"seat": "2", "to": "0"})  # the bot swaps with the host
    assert seats_of(table) == [(0, None, "first"), (1, guest.pk, ""), (2, host.pk, "")]
    client.post(f"/tables/{table.pk}/clear/", {"seat": "0"})
    client.post(f"/tables/{table.pk}/move/", {"seat": "1", "to": "0"})  # the guest to the free seat
    assert seats_of(table) == [(0, guest.pk, ""), (1, None, ""), (2, host.pk, "")]


def test_only_the_host_moves_and_only_before_the_start(client):
    host, table = open_table(client)
    guest = UserFactory()
    table.seats.filter(seat=1).update(user=guest)
    client.force_login(guest)
    assert 'data-testid="move-seat"' not in client.get(f"/tables/{table.pk}/").content.decode()
    response = client.post(f"/tables/{table.pk}/move/", {"seat": "1", "to": "2"}, follow=True)
    assert b"Only the host can do that" in response.content
    client.force_login(host)
    client.post(f"/tables/{table.pk}/bot/", {"seat": "2", "bot": "first"})
    client.post(f"/tables/{table.pk}/start/")
    before = seats_of(table)
    response = client.post(f"/tables/{table.pk}/move/", {"seat": "1", "to": "2"}, follow=True)
    assert b"already started or closed" in response.content
    assert seats_of(table) == before


def test_move_needs_a_post_and_a_login(client):
    host, table = open_table(client)
    assert client.get(f"/tables/{table.pk}/move/").status_code == 405
    client.logout()
    response = client.post(f"/tables/{table.pk}/move/", {"seat": "0", "to": "1"})
    assert response.status_code == 302 and "/accounts/login/" in response.url


@pytest.mark.parametrize("number", ["abc", "", "-1", "1.5", "99999999999999999999", "9" * 5000])
def test_bad_numbers_in_the_create_and_quick_match_forms_are_messages(client, number):
    client.force_login(UserFactory())
    response = client.post("/tables/new/", {"game": "countdown", "seats": number}, follow=True)
    assert response.status_code == 200 and (b"whole number" in response.content or b"2 to 4 players" in response.content)
    response = client.post("/quick-match/", {"game": "countdown", "players": number}, follow=True)
    assert response.status_code == 200 and (b"Unknown game or player count" in response.content or b"2 to 4 players" in response.content)
    assert Table.objects.count() == 0


def test_the_lobby_scripts_words_come_from_the_catalogue_in_the_readers_language(client):
    # The page inlines no table of strings any more (issue 24: translations out of the templates).
    assert 'id="lobby-i18n"' not in client.get("/").content.decode()
    english = page_strings("lobby/static/lobby/lobby_strings.js", "LOBBY", "en")
    french = page_strings("lobby/static/lobby/lobby_strings.js", "LOBBY", "fr")
    assert english["no_tables"] == "No open table. Create one!"
    assert french["no_tables"] == "Aucune table ouverte. Créez-en une !"
    assert french["resume"] == "Retour à votre partie" and french["computer"] != "computer"


@pytest.mark.parametrize("game", ["alibaba_tiles", "basra", "sidibaba"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_computer_player_level_reads_as_its_name_then_what_it_does(client, game, language):
    """The table page's choice of computer player: "Expert — searches several moves ahead ...", never a name
    followed by a bracket of asides cut by semicolons ("Expert (searches ahead, ...; about as strong as Greedy)")."""
    from lobby.views import _bot_labels
    from matches.registry import get_game
    from matches.seat_names import bot_short_label

    spec = get_game(game)
    with translation.override(language):
        labels = _bot_labels(spec)
        for bot, label in labels.items():
            short = bot_short_label(game, bot)
            assert label == short or label.startswith(short + " — "), label
            assert not set("();") & set(label), label
            assert label == short or label != spec.bot_labels[bot] or language == "en", f"untranslated: {label}"
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": game, "seats": str(spec.min_players), **({"host_role": "leader"} if game == "sidibaba" else {})},
                HTTP_ACCEPT_LANGUAGE=language)
    page = client.get(f"/tables/{Table.objects.get().pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for label in labels.values():
        assert f">{label}</option>" in page.replace("&#x27;", "'")


def test_the_table_form_offers_each_game_exactly_the_paces_the_lobby_accepts(client):
    """Sidi Baba is real time only: its form offers no turn-based pace, which the lobby would refuse."""
    from gamekit import contract
    from lobby.tables import ABANDON_GRACE_RANGE
    from matches.registry import get_game

    client.force_login(UserFactory())
    home = client.get("/")
    games = {g["key"]: g for g in home.context["games_json"]}
    low, high = ABANDON_GRACE_RANGE
    assert f'min="{low}" max="{high}" data-testid="abandon-grace"' in home.content.decode()
    assert games["sidibaba"]["paces"] == [0]
    assert games["alibaba_tiles"]["paces"] == games["basra"]["paces"] == [0, *contract.DECISION_DAYS]
    for key in ("alibaba_tiles", "basra", "sidibaba"):
        spec = get_game(key)
        seats = str(spec.min_players)
        for days in range(0, 16):
            before = Table.objects.count()
            client.post("/tables/new/", {"game": key, "seats": seats, "decision_days": str(days),
                                         **({"host_role": "leader"} if key == "sidibaba" else {})})
            accepted = Table.objects.count() > before
            assert accepted == (days in games[key]["paces"]), (key, days)
            Table.objects.all().delete()


def test_the_table_page_shows_each_seated_persons_and_computer_players_rating_before_the_start(client):
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": "countdown", "seats": "3", "clock": "0", "rounds": "1"})
    table = Table.objects.get()
    client.post(f"/tables/{table.pk}/bot/", {"seat": "1", "bot": "first"})
    page = client.get(f"/tables/{table.pk}/").content.decode()
    # Nobody rated yet: a newcomer's 1500, the bot kind's too; the empty seat shows none.
    assert re.search(r'data-testid="player-rating-0"[^>]*>\(1500\)<', page)
    assert re.search(r'data-testid="player-rating-1"[^>]*>\(1500\)<', page)
    assert 'data-testid="player-rating-2"' not in page
