"""Management commands for the browser tests' site, run in one process that starts Django once.

Each `manage.py` process spends some 1.7 s of CPU importing Django and the project before its command
runs; the browser tests ran about forty of them a pass (the site's set-up on each worker, the matches
they simulate, the rows they seed). This process is started once per environment by
`tests.e2e.conftest.manage`, reads a command a line (JSON: its arguments and the environment variables
that differ from its own, which a command reads when it runs, e.g. DJANGO_SUPERUSER_PASSWORD) and answers
a line (JSON: what it printed, and the traceback if it failed). Its database connections are closed after
each command, as a process's would be when it exits.
"""
import contextlib
import io
import json
import os
import sys
import traceback


def serve(commands, answers) -> None:
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    for line in commands:
        request = json.loads(line)
        saved = {name: os.environ.get(name) for name in request["env"]}
        os.environ.update(request["env"])
        printed = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(printed):
                call_command(*request["args"], stdout=printed)
        except BaseException:  # SystemExit (CommandError) too: the caller raises it, as a failed exit status would
            error = traceback.format_exc()
        finally:
            connections.close_all()
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        answers.write(json.dumps({"stdout": printed.getvalue(), "error": error}) + "\n")
        answers.flush()


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # what a command prints goes to the answer; the protocol keeps this process's own stdout, on a descriptor
    # of its own: descriptor 1 goes to stderr, so that nothing written there directly (a child process) mixes in
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin, protocol)
