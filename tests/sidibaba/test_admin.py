"""The maze editor in the admin: staff only, and its check endpoint answers with the engine's own reasons
and first-person view."""
import copy
import json

import pytest

from sidibaba import engine
from sidibaba.gamedata import load_default_data
from sidibaba.models import Maze
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CHECK = "/admin/sidibaba/maze/check/"


@pytest.fixture(autouse=True)
def shipped_mazes():
    """The seeded mazes (a transactional test elsewhere may have emptied the tables since the migration)."""
    load_default_data()


@pytest.fixture
def staff(client):
    client.force_login(UserFactory(username="maze-keeper", is_staff=True, is_superuser=True))
    return client


def _check(client, body, **headers):
    return client.post(CHECK, json.dumps(body), content_type="application/json", **headers)


def test_the_editor_page_draws_the_saved_maze_for_staff(staff):
    grotto = Maze.objects.get(key="grotto")
    page = staff.get(f"/admin/sidibaba/maze/{grotto.pk}/change/").content.decode()
    assert 'class="maze-editor"' in page and f'data-check-url="{CHECK}"' in page
    assert "sidibaba_admin/maze_editor.js" in page and '<svg class="maze-grid"' in page
    assert "&quot;openings&quot;" in page  # the JSON textarea stays, for experts


def test_a_new_maze_starts_from_a_copy_of_the_first_shipped_maze(staff):
    page = staff.get("/admin/sidibaba/maze/add/").content.decode()
    first = engine.default_mazes()[0]
    assert json.dumps(first["cells"][0]) in page.replace("&quot;", '"')


def test_the_editor_page_is_in_french(staff):
    staff.cookies["django_language"] = "fr"
    page = staff.get("/admin/sidibaba/maze/add/").content.decode()
    assert "Le labyrinthe est jouable." in page and "Colonnes" in page


def test_the_check_answers_a_playable_maze_with_the_view_from_a_square(staff):
    grotto = engine.default_mazes()[0]
    answer = _check(staff, {"maze": grotto, "cell": 3, "facing": 2}).json()
    assert answer == {"errors": [], "sight": engine.sight_in(grotto, 3, 2)}


def test_the_check_answers_a_broken_maze_with_the_engines_reasons_in_the_readers_language(staff):
    maze = copy.deepcopy(engine.default_mazes()[0])
    maze["cells"][0] = "S ES EW ESW SW E EW W"  # 0,7 loses its south side; 1,7 still opens north
    assert _check(staff, {"maze": maze, "cell": 3, "facing": 2}).json() == {
        "errors": ["The wall between 1,7 and 0,7 is open on one side only."], "sight": None}
    staff.cookies["django_language"] = "fr"
    assert _check(staff, {"maze": maze}).json()["errors"] == [
        "Le mur entre 1,7 et 0,7 n'est ouvert que d'un côté."]


def test_the_check_refuses_a_square_outside_the_maze(staff):
    answer = _check(staff, {"maze": engine.default_mazes()[0], "cell": 99, "facing": 0}).json()
    assert answer["sight"] is None and answer["sight_error"]


def test_the_check_refuses_what_is_not_json_and_a_get(staff):
    assert staff.post(CHECK, "not json", content_type="application/json").status_code == 400
    assert _check(staff, ["a", "list"]).status_code == 400
    assert staff.get(CHECK).status_code == 405


def test_the_check_and_the_editor_are_refused_to_non_staff(client):
    client.force_login(UserFactory(username="just-a-player"))
    for response in (_check(client, {"maze": engine.default_mazes()[0]}), client.get("/admin/sidibaba/maze/add/")):
        assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_without_the_maze_permissions_may_not_use_the_check(client):
    client.force_login(UserFactory(username="other-staff", is_staff=True))
    assert _check(client, {"maze": engine.default_mazes()[0]}).status_code == 403


def test_saving_through_the_admin_keeps_the_edit_and_a_broken_one_changes_nothing(staff):
    grotto = Maze.objects.get(key="grotto")
    body = copy.deepcopy(grotto.data)
    body["openings"].append([3, 0, "W"])
    url = f"/admin/sidibaba/maze/{grotto.pk}/change/"
    response = staff.post(url, {"key": "grotto", "name": grotto.name, "data": json.dumps(body)})
    assert response.status_code == 302
    grotto.refresh_from_db()
    assert [3, 0, "W"] in grotto.data["openings"]

    body["openings"] = body["openings"][:1]
    page = staff.post(url, {"key": "grotto", "name": grotto.name, "data": json.dumps(body)}).content.decode()
    assert "A maze has 2 to 4 openings." in page
    grotto.refresh_from_db()
    assert len(grotto.data["openings"]) == 3
