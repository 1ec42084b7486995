"""The site speaks French once the visitor picks it with Django's set_language view."""
import pytest
from django.utils import translation

from tests.accounts.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def choose_french(client, next_url="/"):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": next_url})
    assert response.status_code == 302
    assert response["Location"] == next_url
    return response


def test_english_by_default(client):
    content = client.get("/accounts/login/").content.decode()
    assert '<html lang="en" ' in content
    assert "Log in" in content


def test_login_page_in_french(client):
    choose_french(client, "/accounts/login/")
    content = client.get("/accounts/login/").content.decode()
    assert '<html lang="fr" ' in content
    assert "Se connecter" in content  # our own template
    assert "Nom d’utilisateur" in content  # Django's form label, from Django's catalog
    assert "Pas encore de compte ?" in content
    assert "Log in" not in content


def test_lobby_in_french(client):
    choose_french(client)
    content = client.get("/").content.decode()
    assert '<html lang="fr" ' in content
    assert "Salon" in content
    assert "Tables ouvertes" in content
    assert "Connectez-vous" in content
    assert "Open tables" not in content


def test_lobby_in_french_logged_in(client):
    client.force_login(UserFactory())
    choose_french(client)
    content = client.get("/").content.decode()
    assert "Créer une table" in content
    assert "Partie rapide" in content
    assert "Se déconnecter" in content


def test_throttle_message_in_french(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 1
    choose_french(client, "/accounts/login/")
    client.post("/accounts/login/", {"username": "nobody", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "nobody", "password": "wrong"})
    assert response.status_code == 429
    assert "Trop de tentatives de connexion échouées. Réessayez dans 5 minutes." in response.content.decode()


def test_signup_and_profile_in_french(client):
    choose_french(client, "/accounts/signup/")
    assert "Créer mon compte" in client.get("/accounts/signup/").content.decode()
    user = UserFactory(username="zoe")
    client.force_login(user)
    content = client.get("/accounts/u/zoe/").content.decode()
    assert "0 partie jouée" in content
    assert "Changer mon mot de passe" in content


def test_signup_limit_and_name_rule_in_french(client, settings):
    settings.SIGNUP_LIMIT = 1
    choose_french(client, "/accounts/signup/")
    response = client.post("/accounts/signup/", {"username": "\u0430lice", "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
    assert "Utilisez seulement les lettres a-z" in response.content.decode()
    response = client.post("/accounts/signup/", {"username": "alice", "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
    assert response.status_code == 429
    assert "Trop d&#x27;inscriptions depuis votre adresse. Réessayez dans 60 minutes." in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_rating_chart_draws_in_french_its_numbers_are_not_localised_in_the_svg(client, settings):
    """French writes 8,0 for 8.0; an SVG attribute written so is an error and the point vanishes."""
    import re

    from tests.matches.playing import play_countdown

    settings.TIMER_BACKEND = "thread"  # ratings recorded as each match ends
    alice, bob = UserFactory(username="alice-fr"), UserFactory(username="bob-fr")
    for scores in ([3, 1], [1, 3], [3, 2]):
        play_countdown([alice, bob], scores)
    choose_french(client)
    html = client.get("/accounts/u/alice-fr/").content.decode()
    svg = re.search(r'<svg class="rating-chart".*?</svg>', html, re.S).group(0)
    geometry = re.findall(r'\b(?:cx|cy|x|y|x1|x2|y1|y2|width|height|d|viewBox)="([^"]*)"', svg)
    assert len(re.findall("<circle", svg)) == 4
    assert geometry and not [value for value in geometry if "," in value]
    # the labels beside the chart are the shown ratings, whole numbers on the 1500 scale
    assert re.search(r"<text[^>]*>1\d{3}</text>", svg)
