"""The page scripts' strings (the ``export const NAME = {...}`` tables of the ``*_strings.js`` modules) as a
page in ``language`` gets them: each gettext/ngettext/pgettext call answered from the JSON catalogue the site
serves at /jsi18n/ (the djangojs domain), as static/js/i18n.js does in the browser."""
import gettext as gettext_module
import json
import re
from pathlib import Path

from django.test import RequestFactory
from django.utils import translation
from django.views.i18n import JSONCatalog

ROOT = Path(__file__).resolve().parents[1]
CALL = re.compile(r'\b(gettext|ngettext|pgettext)\(("(?:[^"\\]|\\.)*")(?:, ("(?:[^"\\]|\\.)*"))?(?:, (\d+))?\)')


def catalogue(language):
    """The /jsi18n/ answer in this language: {"catalog": ..., "plural": ..., "formats": ...}."""
    with translation.override(language):
        response = JSONCatalog.as_view(domain="djangojs")(RequestFactory().get("/jsi18n/"))
    return json.loads(response.content)


def page_strings(module, name, language):
    """The table ``name`` of ``module`` (a path under the project, e.g. "sidibaba/static/sidibaba/sidi_strings.js")."""
    data = catalogue(language)
    found, plural = data["catalog"], gettext_module.c2py(data["plural"] or "n != 1")

    def answer(m):
        kind, first = m.group(1), json.loads(m.group(2))
        if kind == "gettext":
            value = found.get(first, first)
            return json.dumps(value if isinstance(value, str) else value[0], ensure_ascii=False)
        if kind == "pgettext":
            msgid = json.loads(m.group(3))
            return json.dumps(found.get(first + "\x04" + msgid, msgid), ensure_ascii=False)
        other, n = json.loads(m.group(3)), int(m.group(4))
        forms = found.get(first)
        return json.dumps(forms[plural(n)] if isinstance(forms, list) else (first if n == 1 else other), ensure_ascii=False)

    source = (ROOT / module).read_text()
    table = re.search(r"^export const " + re.escape(name) + r" = (\{.*?^\});$", source, re.S | re.M).group(1)
    table = re.sub(r"^\s*//.*$", "", table, flags=re.M)  # a comment on its own line
    table = CALL.sub(answer, table)
    table = re.sub(r"^(\s*)([A-Za-z_$][\w$]*):", r'\1"\2":', table, flags=re.M)  # keys as JSON
    table = re.sub(r'([{,]\s*)([A-Za-z_$][\w$]*):', r'\1"\2":', table)
    table = re.sub(r",(\s*[}\]])", r"\1", table)  # no trailing commas
    return json.loads(table)
