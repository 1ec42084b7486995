"""Sockets closed with their session (log-out) or with the account (deletion, on every device)."""
import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client

from config.asgi import application
from tests.factories import PASSWORD, UserFactory

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
