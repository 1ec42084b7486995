"""tests/flush_restore.py: a flush between transactional tests leaves what Django's own flush leaves."""

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.sql import emit_post_migrate_signal
from django.db.models.signals import post_migrate

from tests import flush_restore

pytestmark = pytest.mark.django_db(transaction=True)


def _natural_rows():
    content_types = sorted(ContentType.objects.values_list("app_label", "model"))
    permissions = sorted(Permission.objects.values_list("content_type__app_label", "content_type__model",
                                                        "codename", "name"))
    return content_types, permissions


def test_a_flush_puts_back_the_content_types_and_permissions_post_migrate_makes():
    call_command("flush", verbosity=0, interactive=False)  # a database's first flush may have been this one
    call_command("flush", verbosity=0, interactive=False)
    put_back = _natural_rows()
    call_command("flush", verbosity=0, interactive=False, inhibit_post_migrate=True)
    assert _natural_rows() == ([], [])
    emit_post_migrate_signal(0, False, "default")
    made = _natural_rows()
    assert put_back == made
    assert len(made[0]) > 20 and len(made[1]) > 80  # every app's models, four permissions each


def test_a_post_migrate_receiver_of_the_project_is_still_called_on_every_flush():
    calls = []

    def record_the_flush(sender, **kwargs):
        calls.append(sender.label)

    post_migrate.connect(record_the_flush)
    try:
        assert not flush_restore._only_known_receivers()
        call_command("flush", verbosity=0, interactive=False)
        call_command("flush", verbosity=0, interactive=False)
    finally:
        post_migrate.disconnect(record_the_flush)
    assert calls.count("auth") == 2
    assert flush_restore._only_known_receivers()
