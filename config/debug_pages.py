"""Django's debug pages (tracebacks, settings, URL patterns) only for a client on the loopback address.

DEBUG is on only for `make run` serving on a loopback address (scripts/run.sh);
this is the second lock: should a DEBUG site be reached from elsewhere anyway
(a port forward, a proxy on another machine, DEBUG=1 set by mistake), a client
whose address is not loopback gets the plain error page of the status instead.
Behind a proxy on the same machine every client has the loopback address:
there DEBUG must be off, as in any production setting.
"""
import ipaddress

from django.conf import settings
from django.views import defaults

# Every page Django's debug views draw (technical_500_response, technical_404_response) says so.
_DEBUG_PAGE_MARK = b"DEBUG = True"

_PLAIN_PAGES = {
    400: lambda request: defaults.bad_request(request, None),
    403: lambda request: defaults.permission_denied(request, None),
    404: lambda request: defaults.page_not_found(request, None),
}


def is_loopback(host) -> bool:
    """`localhost`, 127.0.0.0/8, ::1 and the IPv4-mapped ::ffff:127.x."""
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address((host or "").strip("[]"))
    except ValueError:
        return False
    if getattr(address, "ipv4_mapped", None):
        address = address.ipv4_mapped
    return address.is_loopback


class DebugPagesForLoopbackOnly:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            settings.DEBUG
            and response.status_code >= 400
            and not response.streaming
            and _DEBUG_PAGE_MARK in response.content
            and not is_loopback(request.META.get("REMOTE_ADDR"))
        ):
            plain = _PLAIN_PAGES.get(response.status_code, defaults.server_error)
            return plain(request)
        return response
