"""Staff see the reports in the admin, with the message, its author and its match, and close them."""
import pytest

from chat import services
from chat.models import ChatReport
from tests.chat.helpers import make_match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="moderator", is_staff=True, is_superuser=True))
    return client


def test_staff_see_a_report_with_its_message_author_and_match(staff_client):
    match, users = make_match()
    message = services.chat_post(match.pk, users[1], "<b>you are all bad</b>")
    services.chat_report(users[0], message.pk, "insults")
    page = staff_client.get("/admin/chat/chatreport/")
    assert page.status_code == 200
    html = page.content.decode()
    # The message is shown escaped, as text.
    assert "&lt;b&gt;you are all bad&lt;/b&gt;" in html and "<b>you are all bad</b>" not in html
    assert users[1].username in html and users[0].username in html and "insults" in html
    assert f"/admin/matches/match/{match.pk}/change/" in html


def test_the_handled_action_closes_reports(staff_client):
    match, users = make_match()
    message = services.chat_post(match.pk, users[1], "spam")
    report = services.chat_report(users[0], message.pk, "")
    response = staff_client.post(
        "/admin/chat/chatreport/", {"action": "mark_handled", "_selected_action": [report.pk]}, follow=True
    )
    assert response.status_code == 200
    assert ChatReport.objects.get().handled is True
    assert staff_client.get("/admin/chat/chatreport/?handled__exact=0").content.decode().count("spam") == 0


def test_messages_are_searchable_and_read_only(staff_client):
    match, users = make_match()
    message = services.chat_post(match.pk, users[0], "a needle in the chat")
    services.chat_post(match.pk, users[1], "hay")
    html = staff_client.get("/admin/chat/chatmessage/?q=needle").content.decode()
    assert "a needle in the chat" in html and ">hay<" not in html
    assert staff_client.get(f"/admin/chat/chatmessage/{message.pk}/change/").status_code == 200
    assert staff_client.post(f"/admin/chat/chatmessage/{message.pk}/change/", {"text": "changed"}).status_code == 403
    assert staff_client.get("/admin/chat/chatmessage/add/").status_code == 403


def test_people_who_are_not_staff_do_not_see_reports(client):
    client.force_login(UserFactory())
    assert client.get("/admin/chat/chatreport/").status_code == 302
