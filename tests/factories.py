import factory
from django.contrib.auth import get_user_model

PASSWORD = "a-long-test-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    """A user with a usable password (PASSWORD unless `password=` is given)."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):
        if create:
            obj.save()
