"""Which language a socket speaks: the one its page was rendered in."""
from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header


def language_of(scope) -> str:
    """The language the page was rendered in: the language cookie, else Accept-Language, else the default."""
    wanted = [scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")]
    headers = dict(scope.get("headers", []))
    wanted += [code for code, _q in parse_accept_lang_header(headers.get(b"accept-language", b"").decode("latin-1"))]
    for code in wanted:
        if not code or code == "*":
            continue
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE
