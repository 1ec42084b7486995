from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db
User = get_user_model()


def run(**kwargs):
    out = StringIO()
    call_command("create_demo_accounts", stdout=out, **kwargs)
    return out.getvalue()


def test_creates_demo_accounts_and_admin(settings):
    settings.DEBUG = True
    output = run()
    for name in ("alice", "bob", "carol"):
        user = User.objects.get(username=name)
        assert user.check_password("demo-password-1")
        assert not user.is_staff and not user.is_superuser
        assert f"{name}: created" in output
    admin = User.objects.get(username="admin")
    assert admin.is_staff and admin.is_superuser
    assert admin.check_password("admin-password-1")


def test_idempotent(settings):
    settings.DEBUG = True
    run()
    User.objects.filter(username="bob").update(first_name="Bob")
    output = run()
    assert User.objects.count() == 4
    assert User.objects.get(username="bob").first_name == "Bob"
    assert output.count("already exists") == 4


def test_refuses_without_debug_and_has_no_way_round_it(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off"):
        run()
    with pytest.raises(TypeError):  # issue 20, finding 2: there is no --force any more
        run(force=True)
    assert not User.objects.exists()


def test_demo_user_can_log_in(client, settings):
    settings.DEBUG = True
    run()
    response = client.post("/accounts/login/", {"username": "alice", "password": "demo-password-1"})
    assert response.status_code == 302
