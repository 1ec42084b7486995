"""A planted slowdown for bench/gate.py --plant (never on a real site's path): on the server's
PYTHONPATH, Python imports this module at start-up; with LOAD_PLANT=slow-views it makes every
send of the views after a move sleep 60 ms, the regression the gate must catch."""
import os
import sys

if os.environ.get("LOAD_PLANT") == "slow-views":
    import functools
    import importlib.abc
    import importlib.util
    import time

    class _SlowViews(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name != "matches.broadcast":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            load = spec.loader.exec_module

            def exec_module(module):
                load(module)
                send_views = module.send_views

                @functools.wraps(send_views)
                def slow_send_views(*args, **kwargs):
                    time.sleep(0.06)
                    return send_views(*args, **kwargs)

                module.send_views = slow_send_views

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, _SlowViews())
