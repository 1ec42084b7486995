"""The Content-Security-Policy (issue 20, finding 8): scripts only from the site's own files.

The browser tests enforce it for real (tests/e2e/conftest.py: a violation is a
console error and fails the test); these check the header and that no template
or script brings back an inline script or handler, which the policy would block.
"""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT_DIRS = ["templates", "accounts", "alibaba_tiles", "basra", "chat", "lobby", "matches", "sidibaba", "static"]


def project_files(suffix):
    for directory in PROJECT_DIRS:
        yield from (ROOT / directory).rglob(f"*{suffix}")


@pytest.mark.django_db
def test_every_page_carries_a_policy_without_inline_scripts(client):
    response = client.get("/")
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";") if part.strip())
    assert policy["script-src"] == "'self'"
    assert "unsafe-inline" not in policy["script-src"] and "unsafe-eval" not in policy["default-src"]
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*(\bsrc=|type=\"application/json\"))[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)


def test_no_template_has_an_inline_script_or_handler():
    found = []
    for path in project_files(".html"):
        text = path.read_text()
        # json_script writes <script id=... type="application/json">: data, never run
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in INLINE_SCRIPT.finditer(text)]
        found += [f"{path.relative_to(ROOT)}: {m.group(0)[:80]}" for m in INLINE_HANDLER.finditer(text)]
    assert not found, "inline scripts or handlers the policy blocks:\n" + "\n".join(found)


def test_no_script_writes_an_inline_handler_into_the_page():
    found = []
    for path in project_files(".js"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"""["'`][^"'`]*<[a-z][^>]*\son[a-z]+=""", line) or "eval(" in line or "new Function" in line:
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "handlers or eval the policy blocks:\n" + "\n".join(found)


@pytest.mark.django_db
def test_browsers_asking_for_favicon_ico_get_the_site_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
