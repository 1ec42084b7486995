import factory

from matches.models import Match, MatchSeat, Rating
from tests.factories import PASSWORD, UserFactory

__all__ = ["PASSWORD", "UserFactory", "MatchFactory", "MatchSeatFactory", "RatingFactory"]


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    game = "countdown"
    seed = factory.Sequence(int)
    rules_version = 1  # every game's RULES_VERSION today; a match always says its own
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
    mu = 25.0
    sigma = 25.0 / 3
    rating = factory.LazyAttribute(lambda r: r.mu - 3 * r.sigma)
