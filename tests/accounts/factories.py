import factory
from django.contrib.auth import get_user_model

from matches.models import Match, MatchSeat, Rating

PASSWORD = "a-long-test-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    """A user with a usable password (PASSWORD unless `password=` is given)."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"acct-user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    game = "countdown"
    seed = factory.Sequence(int)
    players = 2
    state = factory.LazyFunction(dict)
    status = Match.Status.FINISHED


class MatchSeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MatchSeat

    match = factory.SubFactory(MatchFactory)
    seat = 0
    user = factory.SubFactory(UserFactory)


class RatingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Rating

    user = factory.SubFactory(UserFactory)
    game = "countdown"
    rating = 1500.0
