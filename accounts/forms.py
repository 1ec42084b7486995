"""Sign-up: names that cannot pass for someone else's.

A new username is NFKC-normalised (as Django's forms do), then must be made of
ASCII letters, digits and `.`, `-`, `_` only, and must differ from every
existing name ignoring case (UserCreationForm checks that). That rules out look-alikes by construction
(Cyrillic `а` for Latin `a`, full-width letters, `ALICE` next to `alice`)
without a confusables table to keep up to date.
"""
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

ascii_username_validator = RegexValidator(
    r"^[A-Za-z0-9._-]+\Z",
    _("Use only letters a-z, digits and . - _ (no accents, spaces or other alphabets)."),
    code="invalid_username",
)


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(ascii_username_validator)
        self.fields["username"].help_text = _("At most 150 characters: letters a-z, digits and . - _")

