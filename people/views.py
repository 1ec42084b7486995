"""The people pages: find players, friends, invitations; and the buttons that follow, block, invite,
challenge and answer. Thin: parse, call the service, say what happened (docs/people.md)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.selectors import game_name
from config.back_redirect import back_to_next
from people import blocking, friends as friends_circle, invitations, relations
from people.errors import PeopleError


def _back(request, default="people:friends", **kwargs):
    """To the page the form came from (``next``, this site's only), else ``default``."""
    return back_to_next(request, default, **kwargs)


@login_required
def players(request):
    query = request.GET.get("q", "")
    return render(request, "people/players.html", {
        "query": query[:relations.NAME_MAX_LENGTH],
        "results": relations.search(request.user, query),
        "too_short": 0 < len(query.strip()) < relations.SEARCH_MIN_LENGTH,
        "min_length": relations.SEARCH_MIN_LENGTH,
    })


@login_required
def friends(request):
    return render(request, "people/friends.html", friends_circle.circle(request.user))


def _relation(request, call, done):
    try:
        other = call(request.user, request.POST.get("name", ""))
    except PeopleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done % {"name": other.username})
    return _back(request)


@login_required
@require_POST
def follow(request):
    return _relation(request, relations.follow, _("You follow %(name)s."))


@login_required
@require_POST
def unfollow(request):
    return _relation(request, relations.unfollow, _("You no longer follow %(name)s."))


@login_required
@require_POST
def block(request):
    return _relation(request, blocking.block, _("You blocked %(name)s."))


@login_required
@require_POST
def unblock(request):
    return _relation(request, blocking.unblock, _("You unblocked %(name)s."))


@login_required
@require_POST
def invite(request, table_id):
    try:
        invitation = invitations.invite(request.user, table_id, request.POST.get("name", ""))
    except PeopleError as exc:
        messages.error(request, exc.message)
        if exc.code == "no_table":  # no page of that table to go back to
            return redirect("lobby:home")
    else:
        messages.success(request, _("You invited %(name)s.") % {"name": invitation.invitee.username})
    return redirect("lobby:table", table_id=table_id)


@login_required
@require_POST
def challenge(request):
    try:
        invitation = invitations.challenge(request.user, request.POST.get("name", ""), request.POST.get("game", ""),
                                           request.POST.get("seats"))
    except PeopleError as exc:
        messages.error(request, exc.message)
        return _back(request)
    messages.success(request, _("You challenged %(name)s.") % {"name": invitation.invitee.username})
    return redirect("lobby:table", table_id=invitation.table_id)


@login_required
def invitations_page(request):
    waiting = list(invitations.waiting_for(request.user))
    for invitation in waiting:
        invitation.game_name = game_name(invitation.table.game)
    return render(request, "people/invitations.html", {"waiting": waiting, "sent": invitations.sent_by(request.user)})


@login_required
@require_POST
def accept(request, invitation_id):
    try:
        table = invitations.accept(request.user, invitation_id)
    except PeopleError as exc:
        messages.error(request, exc.message)
        return redirect("people:invitations")
    if table.match_id:
        return redirect("matches:match", match_id=table.match_id)
    return redirect("lobby:table", table_id=table.pk)


@login_required
@require_POST
def decline(request, invitation_id):
    try:
        invitation = invitations.decline(request.user, invitation_id)
    except PeopleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You declined the invitation of %(name)s.") % {"name": invitation.host.username})
    return redirect("people:invitations")


@login_required
@require_POST
def withdraw(request, invitation_id):
    try:
        invitations.withdraw(request.user, invitation_id)
    except PeopleError as exc:
        messages.error(request, exc.message)
    return _back(request, "people:invitations")
