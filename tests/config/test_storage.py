"""The production static storage (config/storage.py): the page modules' imports name the hashed files.

With hashed names an unrewritten ``import "./x.js"`` would load the unhashed copy: stale after a deploy,
and a second instance of a shared module (ui.js's renderer registry) beside the hashed one.
"""
import re
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")
IMPORT = re.compile(r"""(?:\bimport\b[^;'"]*?\bfrom\s*|\bimport\s*|\bexport\b[^;'"]*?\bfrom\s*)["'](\.{1,2}/[^"']+)["']""")
MODULES = ["matches/match_page.js", "basra/basra_page.js", "sidibaba/sidi_page.js", "alibaba_tiles/tiles_page.js",
           "alibaba_tiles/tiles_rules.js", "lobby/lobby.js", "js/site.js"]


def test_collected_modules_import_each_other_by_their_hashed_names(tmp_path):
    storages = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                "staticfiles": {"BACKEND": "config.storage.ModuleManifestStaticFilesStorage"}}
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages, DEBUG=False):
        call_command("collectstatic", "--noinput", verbosity=0)
        from django.contrib.staticfiles.storage import staticfiles_storage

        hashed = {name: staticfiles_storage.stored_name(name) for name in MODULES}
    assert all(HASHED.search(name) for name in hashed.values()), hashed
    seen, todo, imports = set(), list(hashed.values()), 0
    # every module reachable from the page modules: each import resolves to a hashed file that was collected
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for target in IMPORT.findall((tmp_path / name).read_text()):
            imports += 1
            path = _normal(f"{Path(name).parent.as_posix()}/{target}")
            assert HASHED.search(path), f"{name} imports {target}, not a hashed name"
            assert (tmp_path / path).is_file(), f"{name} imports {target}, which was not collected"
            todo.append(path)
    assert imports > 30 and any(name.startswith("matches/ui.") for name in seen)


def _normal(path):
    """a/b/../c.js -> a/c.js (static paths, never above the root)."""
    parts = []
    for part in path.split("/"):
        if part == "..":
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)
