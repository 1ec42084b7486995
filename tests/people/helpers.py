"""People with privacy settings, and open tables to invite them to (the test game "countdown")."""
from accounts.models import profile_of
from lobby.tables import create_table
from people import relations
from tests.factories import UserFactory


def person(name, **privacy):
    user = UserFactory(username=name)
    if privacy:
        profile = profile_of(user)
        for field, value in privacy.items():
            setattr(profile, field, value)
        profile.save()
    return user


def befriend(a, b):
    relations.follow(a, b.username)
    relations.follow(b, a.username)


def open_table(host, seats=2, **kwargs):
    return create_table(host, "countdown", seats, {"clock": 0, "rounds": 1}, **kwargs)
