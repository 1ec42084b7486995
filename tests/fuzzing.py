"""What the fuzzing tests draw from (issue 20, item 2): text from all of Unicode.

`any_text` includes lone surrogates (category Cs, which Hypothesis's default
text leaves out), NULs and other controls, unassigned and private-use code
points, and strings far over every limit. A form cannot carry a lone surrogate
as UTF-8, so `form_body` encodes it as a browser or a script could send it: the
surrogate's bytes as they are (invalid UTF-8), percent-encoded.
"""
from urllib.parse import quote_from_bytes

from hypothesis import strategies as st

any_char = st.characters(exclude_categories=())  # every category, surrogates included
EDGE_TEXT = [
    "\ud800", "a\udfffb", "\udbff\udc00", "\x00", "a\x00b", "\u202e", "\ufeff", "\ufffe", "\uffff",
    "\U0010ffff", "\U0001f600", "\u0301" * 50, "\r\n", "\t", "' OR 1=1 --", "<script>alert(1)</script>",
    "{{ 7|add:7 }}", "%s%n", "../../etc/passwd", "1e308", "-0", "NaN", "Infinity", " " * 300,
]


def any_text(max_size=60, long_size=20_000):
    return st.one_of(
        st.text(alphabet=any_char, max_size=max_size),
        st.sampled_from(EDGE_TEXT),
        st.integers(1000, long_size).map(lambda size: "x" * size),
        st.text(alphabet=any_char, min_size=1, max_size=4).map(lambda chunk: chunk * 2000),
    )


def encode_field(text: str) -> str:
    return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")


def form_body(fields: dict) -> bytes:
    """An application/x-www-form-urlencoded body carrying any text, lone surrogates included."""
    return "&".join(f"{encode_field(key)}={encode_field(value)}" for key, value in fields.items()).encode("ascii")


def post_form(client, path, fields, **extra):
    return client.post(path, data=form_body(fields), content_type="application/x-www-form-urlencoded", **extra)
