"""Sign-up: names that cannot pass for someone else's; the forms of the account page.

A new username is NFKC-normalised (as Django's forms do), then must be made of
ASCII letters, digits and `.`, `-`, `_` only, and must differ from every
existing name ignoring case (UserCreationForm checks that). That rules out look-alikes by construction
(Cyrillic `а` for Latin `a`, full-width letters, `ALICE` next to `alice`)
without a confusables table to keep up to date.
"""
import unicodedata

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from accounts import mail
from accounts.models import AccountProfile, profile_of
from accounts.throttle import DEVICE_COOKIE, device_of, normalize_username

ascii_username_validator = RegexValidator(
    r"^[A-Za-z0-9._-]+\Z",
    _("Use only letters a-z, digits and . - _ (no accents, spaces or other alphabets)."),
    code="invalid_username",
)


def plain_text(value: str) -> str:
    """Refuse text a form cannot hold: a lone surrogate, a control character, or U+FFFD (what
    Django reads in place of bytes that were not UTF-8, such as an encoded lone surrogate)."""
    if any(c == "\ufffd" or unicodedata.category(c) in {"Cs", "Cc"} for c in value):
        raise forms.ValidationError(_("This field holds a character that is not allowed."), code="bad_character")
    return value


class AddressField(forms.EmailField):
    """An e-mail address, checked for characters no address holds before Django's own checks."""

    def to_python(self, value):
        return super().to_python(plain_text(str(value)) if value not in self.empty_values else value)


def address_taken(address: str, user=None) -> bool:
    """Already the confirmed address of another account (ignoring case)."""
    taken = AccountProfile.objects.filter(verified_email__iexact=address)
    if user is not None:
        taken = taken.exclude(user=user)
    return taken.exists()


ADDRESS_TAKEN = _("This address is already used by another account.")


class SignupForm(UserCreationForm):
    email = AddressField(
        label=_("E-mail address (optional)"), required=False, max_length=254,
        help_text=_("To reset a forgotten password. We send it a link to confirm it."),
    )

    field_order = ["username", "email", "password1", "password2"]

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(ascii_username_validator)
        self.fields["username"].help_text = _("At most 150 characters: letters a-z, digits and . - _")

    def clean_email(self):
        address = self.cleaned_data.get("email") or ""
        if address and address_taken(address):
            raise forms.ValidationError(ADDRESS_TAKEN, code="address_taken")
        return address

    def save(self, commit=True):
        # The address is not the account's until its link is followed (accounts.mail): User.email stays empty.
        user = super().save(commit=False)
        user.email = ""
        if commit:
            user.save()
        return user


class PasswordConfirmedForm(forms.Form):
    """A form for `user` that asks for their password, and is valid only with the right one."""

    password = forms.CharField(
        label=_("Your password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data.get("password") or ""
        if not self.user.check_password(password):
            raise forms.ValidationError(_("Your password was entered incorrectly."), code="password_incorrect")
        return password


class EmailChangeForm(PasswordConfirmedForm):
    """A new address for the account. An address another account confirmed is not refused here:
    the page answers alike either way (accounts.mail.request_verification sends its owner a
    notice in place of the link), so that it cannot be used to find which addresses have accounts."""

    email = AddressField(label=_("New e-mail address"), max_length=254)
    field_order = ["email", "password"]

    def clean_email(self):
        address = self.cleaned_data["email"]
        if profile_of(self.user).verified_email.casefold() == address.casefold():
            raise forms.ValidationError(_("This is already the address of your account."), code="address_same")
        return address


class PreferencesForm(forms.ModelForm):
    """The e-mail preferences: their language, and which notices to get."""

    class Meta:
        model = AccountProfile
        fields = ("language", "email_turns", "email_invitations")


class PlayPreferencesForm(forms.ModelForm):
    """How the match pages take a move: "Confirm moves" (docs/protocol.md, "Confirming moves")."""

    class Meta:
        model = AccountProfile
        fields = ("confirm_moves", "screen_reader")
        widgets = {"confirm_moves": forms.RadioSelect}


class PrivacyForm(forms.ModelForm):
    """Who may find the person by name, and who may invite or challenge them (docs/people.md)."""

    class Meta:
        model = AccountProfile
        fields = ("findable_by", "invitable_by")


class DeleteAccountForm(PasswordConfirmedForm):
    """Deleting one's account: the password, and nothing else."""


class ResetForm(PasswordResetForm):
    """Django's form, for confirmed addresses only, and sent later (accounts.mail), never in the request."""

    email = AddressField(label=_("E-mail address"), max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"}))

    def get_users(self, email):
        profiles = AccountProfile.objects.filter(verified_email__iexact=email, user__is_active=True).select_related("user")
        return [p.user for p in profiles if p.user.has_usable_password()]

    def owner_asking(self, request):
        """The account whose confirmed address was given, when the request is proven to be its
        owner's: logged in as it, or from a browser its log-in marked (accounts.throttle.device_of).
        None for everyone else, whether an account has the address or not."""
        if not request.user.is_authenticated and DEVICE_COOKIE not in request.COOKIES:
            return None
        for user in self.get_users(self.cleaned_data["email"]):
            if request.user.pk == user.pk or device_of(request, normalize_username(user.get_username())):
                return user
        return None

    def save(self, url=None, owner=None, **kwargs):
        """Sent later (accounts.mail.send_reset); to a request not its owner's, only within the
        address's strangers' share, without saying so."""
        # The links start with SITE_URL, never with the request's Host header (Django's own save reads it).
        url = mail.site_url() if url is None else url
        for user in self.get_users(self.cleaned_data["email"]):
            mail.send_reset(user, url, by_owner=owner is not None and owner.pk == user.pk)

