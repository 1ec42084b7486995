"""Sockets closed with their session (log-out), with the account's password (a change, a reset:
issue 35, finding 1) or with the account (deletion, on every device)."""
import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from config.asgi import application
from tests.factories import PASSWORD, UserFactory
from tests.matches.test_consumers import make_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def device(user):
    client = Client()
    client.force_login(user)
    return client


async def lobby_socket(client):
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    )
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "lobby"
    return communicator


async def test_deleting_the_account_closes_its_sockets_on_every_other_device():
    ali, bob = await sync_to_async(UserFactory)(username="ali"), await sync_to_async(UserFactory)(username="bob")
    phone, laptop, bobs = await device(ali), await device(ali), await device(bob)
    on_phone, on_bobs = await lobby_socket(phone), await lobby_socket(bobs)

    answer = await sync_to_async(laptop.post)("/accounts/account/delete/", {"password": PASSWORD})
    assert answer.status_code == 302
    assert not await sync_to_async(get_user_model().objects.filter(username="ali").exists)()

    closed = await on_phone.receive_output(timeout=5)
    while closed["type"] != "websocket.close":  # a lobby snapshot may come first
        closed = await on_phone.receive_output(timeout=5)
    assert closed["code"] == 4401
    # someone else's socket stays open: whatever it gets within a second, it is not closed
    outputs = []
    while not await on_bobs.receive_nothing(timeout=1):
        outputs.append(await on_bobs.receive_output(timeout=1))
    assert all(output["type"] != "websocket.close" for output in outputs)
    await on_bobs.disconnect()


NEW_PASSWORD = "Another-secret-77"


async def match_socket(client, match_id):
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    communicator = WebsocketCommunicator(
        application, f"/ws/match/{match_id}/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    )
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "view"
    return communicator


async def closed_with(communicator) -> int:
    """The close code of the next output, skipping frames sent before it."""
    while True:
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return output.get("code")


async def still_open(communicator) -> bool:
    """A ping gets its pong (frames sent meanwhile are skipped)."""
    await communicator.send_json_to({"type": "ping"})
    while True:
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return False
        if '"pong"' in output.get("text", ""):
            return True


async def test_a_password_change_closes_the_accounts_sockets_of_its_other_sessions_and_keeps_its_own():
    match, (ali, bob) = await make_match()
    phone, laptop, bobs = await device(ali), await device(ali), await device(bob)
    on_phone, on_laptop = await match_socket(phone, match.pk), await match_socket(laptop, match.pk)
    on_bobs = await match_socket(bobs, match.pk)
    lobby_on_phone = await lobby_socket(phone)

    answer = await sync_to_async(laptop.post)(
        "/accounts/password/", {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert answer.status_code == 302

    # the phone's session is logged out by the new password: its sockets close, it can no longer play
    assert await closed_with(on_phone) == 4401
    assert await closed_with(lobby_on_phone) == 4401
    # the laptop changed it and stays logged in (update_session_auth_hash): so does its socket
    assert await still_open(on_laptop)
    assert await still_open(on_bobs)
    # ... under the session's new key: logging out there closes it (a person logs out later than at
    # once: the socket's move to the new key, a message of its own, may still travel through Redis)
    await asyncio.sleep(0.3)
    assert (await sync_to_async(laptop.post)("/accounts/logout/")).status_code == 302
    assert await closed_with(on_laptop) == 4401
    assert await still_open(on_bobs)
    await on_bobs.disconnect()


async def test_a_password_reset_closes_every_socket_of_the_account():
    match, (ali, _bob) = await make_match()
    phone = await device(ali)
    on_phone, in_lobby = await match_socket(phone, match.pk), await lobby_socket(phone)

    uid = urlsafe_base64_encode(force_bytes(ali.pk))
    token = await sync_to_async(default_token_generator.make_token)(ali)
    browser = Client()
    form_page = await sync_to_async(browser.get)(f"/accounts/password/reset/{uid}/{token}/", follow=True)
    answer = await sync_to_async(browser.post)(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password/reset/complete/"

    assert await closed_with(on_phone) == 4401
    assert await closed_with(in_lobby) == 4401


async def test_a_password_set_anywhere_else_closes_every_socket_of_the_account_and_other_saves_close_none():
    """The admin's password change, `manage.py changepassword`, a shell: whatever saves a new password."""
    match, (ali, _bob) = await make_match()
    phone = await device(ali)
    on_phone = await match_socket(phone, match.pk)

    @sync_to_async
    def rename():
        user = get_user_model().objects.get(pk=ali.pk)
        user.first_name = "Ali"
        user.save()  # the whole row, the password as it was

    await rename()
    assert await still_open(on_phone)

    @sync_to_async
    def new_password():
        user = get_user_model().objects.get(pk=ali.pk)
        user.set_password(NEW_PASSWORD)
        user.save()

    await new_password()
    assert await closed_with(on_phone) == 4401


async def test_the_admins_password_change_closes_every_socket_of_that_account():
    match, (ali, _bob) = await make_match()
    on_phone = await match_socket(await device(ali), match.pk)
    admin = await device(await sync_to_async(UserFactory)(username="staff", is_staff=True, is_superuser=True))
    answer = await sync_to_async(admin.post)(
        f"/admin/auth/user/{ali.pk}/password/", {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"}
    )
    assert answer.status_code == 302
    assert await closed_with(on_phone) == 4401
