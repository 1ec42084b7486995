"""The one list of maintenance jobs (matches/job_registry.py): apps register into it, and Celery
beat's schedule and the default mode's in-process loop both run exactly what it lists."""
import pytest
from celery.beat import Scheduler as BeatScheduler

from config.celery import app as celery_app
from matches import job_registry, ratings, services
from matches.scheduler_thread import PeriodicJobs
from matches.tasks import run_job, run_jobs

# What the apps register as Django starts (matches/jobs.py, lobby/jobs.py, tournaments/jobs.py, people/jobs.py).
EXPECTED = {
    "sweep-overdue-matches", "wake-idle-bots", "record-unrecorded-ratings", "stand-in-for-absent-seats",
    "end-deserted-matches", "send-turn-digests", "sweep-quick-match-queue", "sweep-overdue-tournaments",
    "send-tournament-reminders", "create-scheduled-tournaments", "expire-invitations", "wake-waiting-reviews",
}


def beat_entries() -> dict:
    """The entries beat's scheduler builds at start-up, as `celery -A config beat` does."""
    scheduler = BeatScheduler(app=celery_app, lazy=False)
    return {name: entry for name, entry in scheduler.schedule.items() if not name.startswith("celery.")}


def test_every_app_registers_its_jobs_as_django_starts():
    assert {job.name for job in job_registry.all_jobs()} == EXPECTED
    # the lobby's job is the lobby's own function: the platform never imports the lobby
    assert job_registry.get("sweep-quick-match-queue").run.__module__ == "lobby.quick_match"


def test_beat_and_the_in_process_loop_run_the_same_jobs_at_the_same_periods(settings):
    settings.TURN_MAIL_INTERVAL = 45.0
    entries = beat_entries()
    assert all(entry.task == job_registry.RUN_JOBS_TASK for entry in entries.values())
    beat_periods = {name: entry.schedule.run_every.total_seconds() for entry in entries.values() for name in entry.args[0]}
    assert set(beat_periods) == EXPECTED
    # the in-process loop's first pass runs every job once
    first_pass = PeriodicJobs().due(now=1000.0)
    assert {job.name: job.every() for job in first_pass} == beat_periods
    assert job_registry.get("send-turn-digests").every() == 45.0  # read from settings at each run


def test_beat_sends_one_task_per_period_not_one_per_job(settings):
    settings.TURN_MAIL_INTERVAL = 1.0
    entries = beat_entries()
    assert sorted(entries) == ["every-10s", "every-1s", "every-30s", "every-60s"]
    assert set(entries["every-1s"].args[0]) == EXPECTED - {"sweep-quick-match-queue", "send-tournament-reminders",
                                                           "create-scheduled-tournaments", "sweep-overdue-tournaments",
                                                           "expire-invitations", "wake-waiting-reviews"}
    assert set(entries["every-10s"].args[0]) == {"sweep-overdue-tournaments", "sweep-quick-match-queue", "wake-waiting-reviews"}
    assert entries["every-30s"].args[0] == ("expire-invitations", "send-tournament-reminders")
    assert entries["every-60s"].args[0] == ("create-scheduled-tournaments",)


@pytest.mark.django_db
def test_a_failing_job_is_logged_and_the_others_of_its_period_still_run(caplog):
    def broken():
        raise RuntimeError("broken on purpose")

    job_registry.register("test-broken-job", broken, period=1.0)
    try:
        results = run_jobs.apply(args=(("test-broken-job", "sweep-quick-match-queue"),)).get()
    finally:
        job_registry._jobs.pop("test-broken-job")
    assert results == {"test-broken-job": None, "sweep-quick-match-queue": 0}
    assert "maintenance job test-broken-job failed" in caplog.text


def test_the_in_process_loop_runs_a_job_again_only_after_its_period():
    periodic = PeriodicJobs()
    assert {job.name for job in periodic.due(1000.0)} == EXPECTED
    assert periodic.due(1000.5) == []
    again = {job.name for job in periodic.due(1001.0)}
    assert "sweep-overdue-matches" in again and "sweep-quick-match-queue" not in again  # every 1 s, every 10 s
    assert "sweep-quick-match-queue" in {job.name for job in periodic.due(1010.0)}


@pytest.mark.django_db
def test_the_worker_task_runs_a_registered_job_by_name():
    assert run_job.apply(args=("sweep-quick-match-queue",)).get() == 0  # nobody waits: nothing started
    with pytest.raises(LookupError, match="no maintenance job named 'nothing'"):
        run_job.apply(args=("nothing",)).get()


@pytest.mark.parametrize("name, run, period, message", [
    ("", print, 1.0, "needs a name"),
    ("x", "not callable", 1.0, "needs a name and a callable"),
    ("x", print, 0, "positive"),
    ("x", print, lambda: -1.0, "positive"),
    ("sweep-overdue-matches", print, 1.0, "registered twice"),
])
def test_a_bad_registration_is_refused_and_changes_nothing(name, run, period, message):
    before = job_registry.all_jobs()
    with pytest.raises(ValueError, match=message):
        job_registry.register(name, run, period=period)
    assert job_registry.all_jobs() == before


def test_registering_the_same_job_again_is_harmless():
    job = job_registry.get("wake-idle-bots")
    assert job_registry.register(job.name, job.run, period=job.period) == job
    assert job_registry.all_jobs().count(job) == 1


def test_timer_work_is_registered_by_its_app_and_unknown_kinds_are_refused():
    assert job_registry.timer("deadline") is services.match_apply_deadline
    assert job_registry.timer("bot") is services.match_bot_act
    assert job_registry.timer("rating") is ratings.record_match_ratings
    with pytest.raises(ValueError):
        job_registry.register_timer("later", print)
    with pytest.raises(LookupError):
        job_registry.timer("later")
