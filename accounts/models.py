"""What the site keeps about a person beside django.contrib.auth's User: e-mail, language, and how
their match pages take a move ("Confirm moves").

The verified address is unique (ignoring case) across accounts, in the database;
an address waiting for its link (`pending_email`) reserves nothing, so nobody can
block someone else's address by typing it first. User.email mirrors the verified
address (what the admin and Django's password reset read).
"""
from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class ConfirmMoves(models.TextChoices):
    """When a click (or Enter) on a decision only picks it, and a second one (or Confirm) sends it
    (docs/protocol.md, "Confirming moves"). By default at turn-based tables only, where a move waits for
    days and a misclick costs the most; never where the clock is the game (Sidi Baba's Adventurers' steps)."""

    NEVER = "never", _("Never: a click sends the move")
    TURN_BASED = "turn_based", _("At turn-based tables (days per decision)")
    ALWAYS = "always", _("At every table")


class Audience(models.TextChoices):
    """Who may find a person by name, or invite and challenge them (docs/people.md, "Privacy").
    Friends: people who follow each other."""

    EVERYONE = "everyone", _("Everyone")
    FRIENDS = "friends", _("My friends only")
    NOBODY = "nobody", _("Nobody")


def confirms_moves(setting: str, turn_based: bool) -> bool:
    """Whether a match page confirms moves, for a person with this setting at a table of this kind."""
    return setting == ConfirmMoves.ALWAYS or (setting == ConfirmMoves.TURN_BASED and turn_based)


class AccountProfile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_profile")
    # The language of every e-mail the site sends this person.
    language = models.CharField(_("language of e-mails"), max_length=10, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE)
    verified_email = models.EmailField(_("verified e-mail address"), blank=True)
    pending_email = models.EmailField(_("address waiting for confirmation"), blank=True)
    # E-mail preferences: each kind of notice can be turned off here or by the one-click
    # signed link in every such message (accounts.mail.unsubscribe_link).
    email_turns = models.BooleanField(_("e-mail me when it is my turn"), default=True)
    # Invitations to a table (people/): an e-mail too, beside the notice on the site.
    email_invitations = models.BooleanField(_("e-mail me when someone invites me to a table"), default=True)
    findable_by = models.CharField(_("who may find me by name"), max_length=10, choices=Audience.choices, default=Audience.EVERYONE)
    invitable_by = models.CharField(_("who may invite or challenge me"), max_length=10, choices=Audience.choices,
                                    default=Audience.EVERYONE)
    confirm_moves = models.CharField(
        _("confirm moves"), max_length=20, choices=ConfirmMoves.choices, default=ConfirmMoves.TURN_BASED,
        help_text=_("A first click (or Enter) only picks a move; a second click on it, or Confirm, sends it; Escape cancels."),
    )
    # The screen-reader mode (docs/accessibility.md): the switch in every page's header sets it.
    screen_reader = models.BooleanField(
        _("screen-reader mode"), default=False,
        help_text=_("Match pages tell each board in words, announce your turn, each event and the clock's last minute, "
                    "and read out what you ask for."),
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("verified_email"), condition=~models.Q(verified_email=""), name="unique_verified_email"),
        ]
        verbose_name = _("account profile")
        verbose_name_plural = _("account profiles")

    def __str__(self):
        return f"profile of user #{self.user_id}"


def profile_of(user) -> AccountProfile:
    """The person's profile, made on first use (accounts older than e-mail, the demo accounts)."""
    profile, _created = AccountProfile.objects.get_or_create(user=user)
    return profile


def confirms_moves_at(user, turn_based: bool) -> bool:
    """Whether this person's match page confirms moves at a table of this kind, read without making a
    profile (a person without one has the default)."""
    setting = AccountProfile.objects.filter(user=user).values_list("confirm_moves", flat=True).first()
    return confirms_moves(setting or ConfirmMoves.TURN_BASED, turn_based)


SCREEN_READER_SESSION_KEY = "screen_reader"


def screen_reader_on(request) -> bool:
    """Whether the screen-reader mode is on for whoever makes this request: a logged-in person's profile says
    (read without making one), a visitor's session (the header's switch, accounts.views.screen_reader_switch)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return bool(AccountProfile.objects.filter(user=user).values_list("screen_reader", flat=True).first())
    session = getattr(request, "session", None)
    return bool(session is not None and session.get(SCREEN_READER_SESSION_KEY))
