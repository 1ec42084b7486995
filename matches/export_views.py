"""Downloading a finished match as JSON (matches/exports.py)."""
import json

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404

from matches.exports import export_match
from matches.models import Match


def match_export(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    # The seed is hidden information while the match runs; a private match is for those who sat.
    if match.status != Match.Status.FINISHED:
        raise Http404("A match is exported once it is over.")
    if match.is_private and not (request.user.is_authenticated and match.seats.filter(user=request.user).exists()):
        raise Http404("This match is private.")
    response = HttpResponse(json.dumps(export_match(match), indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response
