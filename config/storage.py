"""The static files' storage in production: hashed names (cache forever), compressed by WhiteNoise.

The page scripts are ES modules that import each other by relative path (``import * as UI from
"../matches/ui.js"``); with hashed names those imports must name the hashed files too, or the browser
loads an unhashed copy (stale after a deploy, and a second instance of a shared module).
``support_js_module_import_aggregation`` makes the manifest rewrite them as it does CSS ``url()``s.
"""
from whitenoise.storage import CompressedManifestStaticFilesStorage


class ModuleManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
