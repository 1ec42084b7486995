"""Back to the page a form came from: its ``next`` field, when it names a page of this site."""
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme


def back_to_next(request, default, **kwargs):
    """A redirect to the POSTed ``next`` if it is this site's (never another host, scheme or a ``javascript:``
    link), else to ``default`` (a URL name, with ``kwargs``)."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(target)
    return redirect(default, **kwargs)
