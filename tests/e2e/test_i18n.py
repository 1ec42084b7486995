"""static/js/i18n.js in chromium: the page's strings from the site's JSON catalogue, with its plural rule read
without eval (the Content-Security-Policy forbids it)."""
import pytest

from tests.e2e.helpers import STATIC_ORIGIN, harness_page

pytestmark = pytest.mark.e2e

WORDS = """async () => {
  const m = await import("%s/js/i18n.js");
  return [m.gettext("Where to?"), [0, 1, 2].map(n => m.ngettext("{n} lamp", "{n} lamps", n)),
          m.pgettext("treasure", "necklace"), m.gettext("not in any catalogue"),
          m.interpolate("{name} takes {n}", {name: "Ann", n: 2})];
}""" % STATIC_ORIGIN


def test_a_french_page_reads_the_french_catalogue(browser):
    with harness_page(browser, "", language="fr") as page:
        assert page.evaluate(WORDS) == ["Par où ?", ["{n} lampe", "{n} lampe", "{n} lampes"], "collier",
                                        "not in any catalogue", "Ann takes 2"]


def test_a_page_without_a_catalogue_reads_the_english_source(browser):
    with harness_page(browser, "") as page:
        assert page.evaluate(WORDS) == ["Where to?", ["{n} lamps", "{n} lamp", "{n} lamps"], "necklace",
                                        "not in any catalogue", "Ann takes 2"]


def test_plural_rules_are_read_without_eval(browser):
    with harness_page(browser, "") as page:
        rule = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
        forms = page.evaluate("""async (rule) => {
          const m = await import("%s/js/i18n.js");
          return [[0, 1, 2, 5].map(m.pluralRule("(n > 1)")), [1, 2, 5, 11, 21, 22, 25].map(m.pluralRule(rule))];
        }""" % STATIC_ORIGIN, rule)
        assert forms == [[0, 0, 1, 1], [0, 1, 2, 2, 0, 1, 2]]
