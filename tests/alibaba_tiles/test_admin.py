"""The pyramid editor in the admin: staff only, a new layout starts from a playable pyramid, broken
JSON gets one clear error, and the check endpoint answers with the engine's own reasons and a preview."""
import copy
import json

import pytest

from alibaba_tiles import engine
from alibaba_tiles.gamedata import load_default_data
from alibaba_tiles.models import PyramidLayout
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CHECK = "/admin/alibaba_tiles/pyramidlayout/check/"
ADD = "/admin/alibaba_tiles/pyramidlayout/add/"


@pytest.fixture(autouse=True)
def shipped_layouts():
    """The seeded layouts (a transactional test elsewhere may have emptied the tables since the migration)."""
    load_default_data()


@pytest.fixture
def staff(client):
    client.force_login(UserFactory(username="pyramid-keeper", is_staff=True, is_superuser=True))
    return client


def _body(key="standard"):
    layout = copy.deepcopy(next(L for L in engine.default_layouts() if L["key"] == key))
    return {k: v for k, v in layout.items() if k not in ("key", "name")}


def _check(client, body, **headers):
    return client.post(CHECK, json.dumps(body), content_type="application/json", **headers)


def test_the_editor_page_draws_the_saved_layout_for_staff(staff):
    small = PyramidLayout.objects.get(key="small")
    page = staff.get(f"/admin/alibaba_tiles/pyramidlayout/{small.pk}/change/").content.decode()
    assert 'class="pyramid-editor"' in page and f'data-check-url="{CHECK}"' in page
    assert "alibaba_tiles_admin/pyramid_editor.js" in page and 'class="pyramid-layers"' in page
    assert '<details class="pyramid-json-box">' in page and "&quot;covers&quot;" in page  # the JSON, for experts


def test_a_new_layout_starts_as_the_standard_pyramid_not_null(staff):
    page = staff.get(ADD).content.decode()
    textarea = page.split('name="data"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert json.loads(textarea.replace("&quot;", '"')) == _body("standard")


def test_the_editor_page_is_in_french(staff):
    staff.cookies["django_language"] = "fr"
    page = staff.get(ADD).content.decode()
    assert "La disposition peut être jouée." in page and "Ajouter un étage au-dessus" in page


def test_the_check_answers_a_playable_layout_with_its_preview_and_what_it_holds(staff):
    answer = _check(staff, {"layout": _body("small")}).json()
    assert answer["errors"] == []
    assert answer["preview"].startswith("<svg") and answer["preview"].count("<rect") == 36
    assert (answer["tiles"], answer["face_up"], answer["playable"]) == (36, 2, True)
    assert answer["summary"] == ("36 tiles, 2 face up at the start. Playable in: Standard, Aladdin's lamp, "
                                 "Equal treasures, Smaller cave (2 players).")


def test_the_check_says_which_variants_a_large_layout_is_too_big_for(staff):
    answer = _check(staff, {"layout": _body("standard")}).json()
    assert answer["errors"] == [] and answer["tiles"] == 54
    assert answer["summary"].endswith("Playable in: Standard, Aladdin's lamp, Equal treasures.")


def test_the_check_answers_a_broken_covering_with_the_engines_reasons_in_the_readers_language(staff):
    body = _body("small")
    del body["covers"]["1:0:0"]
    answer = _check(staff, {"layout": body}).json()
    assert answer["errors"] == engine.validate_layout(dict(body, key="k", name="n"))
    assert answer["errors"] == ["0:0:0 is below the top layer but nothing covers it.",
                                "1:0:0 is above the bottom layer but covers nothing."]
    assert "summary" not in answer and answer["preview"].count("<rect") == 36  # the preview still draws it
    staff.cookies["django_language"] = "fr"
    assert _check(staff, {"layout": body}).json()["errors"] == [
        "0:0:0 est sous l'étage du haut mais rien ne la recouvre.",
        "1:0:0 est au-dessus de l'étage du bas mais ne recouvre rien."]


def test_the_check_counts_the_tiles_a_layout_needs_against_the_tile_set(staff):
    body = {"layers": [{"rows": 8, "cols": 8}], "covers": {}}
    assert _check(staff, {"layout": body}).json()["errors"] == [
        "The layout needs 64 tiles but the tile set has only 60."]


def test_the_check_answers_layers_it_cannot_draw(staff):
    answer = _check(staff, {"layout": {"layers": [{"rows": "five", "cols": 5}], "covers": {}}}).json()
    assert answer["errors"] == ["Layer 0 needs positive whole numbers of rows and cols."]
    assert _check(staff, {"layout": None}).json() == {"errors": ["The layout must be a JSON object."], "preview": ""}


def test_the_check_refuses_what_is_not_json_and_a_get(staff):
    assert staff.post(CHECK, "not json", content_type="application/json").status_code == 400
    assert _check(staff, ["a", "list"]).status_code == 400
    assert _check(staff, {"no": "layout"}).status_code == 400
    assert staff.get(CHECK).status_code == 405


def test_the_check_and_the_editor_are_refused_to_non_staff(client):
    client.force_login(UserFactory(username="just-a-player"))
    for response in (_check(client, {"layout": _body()}), client.get(ADD)):
        assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_without_the_layout_permissions_may_not_use_the_check(client):
    client.force_login(UserFactory(username="other-staff", is_staff=True))
    assert _check(client, {"layout": _body()}).status_code == 403


def test_broken_json_gets_one_clear_error_and_nothing_else(staff):
    page = staff.post(ADD, {"key": "broken", "name": "Broken", "data": '{"layers": ['}).content.decode()
    assert page.count('class="errorlist') == 1 and "Enter a valid JSON." in page
    assert "covers nothing" not in page and "at least one layer" not in page
    assert '{"layers": [' in page.replace("&quot;", '"')  # what was typed stays, to be fixed
    assert not PyramidLayout.objects.filter(key="broken").exists()


def test_saving_through_the_admin_keeps_the_edit_and_a_broken_one_changes_nothing(staff):
    small = PyramidLayout.objects.get(key="small")
    body = copy.deepcopy(small.data)
    body["layers"].pop()  # without its top layer
    body["covers"] = {p: below for p, below in body["covers"].items() if not p.startswith("3:")}
    url = f"/admin/alibaba_tiles/pyramidlayout/{small.pk}/change/"
    assert staff.post(url, {"key": "small", "name": small.name, "data": json.dumps(body)}).status_code == 302
    small.refresh_from_db()
    assert len(small.data["layers"]) == 3

    body["covers"]["2:0:0"] = []
    page = staff.post(url, {"key": "small", "name": small.name, "data": json.dumps(body)}).content.decode()
    assert "2:0:0 is above the bottom layer but covers nothing." in page
    small.refresh_from_db()
    assert small.data["covers"]["2:0:0"]


def test_a_missing_key_is_reported_by_the_key_field_alone(staff):
    page = staff.post(ADD, {"key": "", "name": "No key", "data": json.dumps(_body())}).content.decode()
    assert "This field is required." in page and "The layout needs a key" not in page
