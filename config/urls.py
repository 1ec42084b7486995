from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import JSONCatalog

from config import url_converters  # noqa: F401  (registers <name:...>)
from matches.rules_views import rules_page

urlpatterns = [
    # Browsers ask for /favicon.ico on pages that name no icon (the admin's): the site's own icon.
    path("favicon.ico", lambda request: HttpResponsePermanentRedirect(static("favicon.svg"))),
    path("i18n/", include("django.conf.urls.i18n")),
    # The page scripts' strings in the reader's language (static/js/i18n.js; locale/*/LC_MESSAGES/djangojs.po).
    path("jsi18n/", JSONCatalog.as_view(domain="djangojs"), name="jsi18n"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("matches/", include("matches.urls")),
    path("rules/<name:game>/", rules_page, name="rules"),
    path("leaderboards/", include("matches.leaderboard_urls")),
    path("tournaments/", include("tournaments.urls")),
    path("players/", include("people.urls")),
    path("", include("lobby.urls")),
]
