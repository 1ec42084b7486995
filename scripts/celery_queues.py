"""Print the Celery queues of the given lanes, comma-separated, for a worker's -Q (scripts/run.sh).

    python scripts/celery_queues.py deadlines        ->  <SITE_NAME>:celery:deadlines
    python scripts/celery_queues.py jobs default     ->  <SITE_NAME>:celery:jobs,<SITE_NAME>:celery
    python scripts/celery_queues.py                  ->  every lane's queue

The names come from config/settings.py (WORKER_LANES) in this environment, so they carry the
site's name as every other Redis name of the site does; only the settings module is read.
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(lanes):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    known = settings.WORKER_LANES
    unknown = [lane for lane in lanes if lane not in known]
    if unknown:
        print(f"unknown lane(s) {', '.join(unknown)}; the lanes are {', '.join(known)}", file=sys.stderr)
        return 2
    print(",".join(known[lane] for lane in (lanes or known)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
