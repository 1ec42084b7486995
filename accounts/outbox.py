"""The default mode's sender (no broker): one daemon thread that sends the queued e-mails.

What the Celery worker does with a broker (accounts/tasks.py). A thread of its own,
not the timer loop of matches/scheduling.py: a slow SMTP server must hold up no
timer, and management commands (no web server, no timer loop) send mail too.
Messages still queued when the process exits are lost (the console backend
of the default mode prints them as they are sent).
"""
import logging
import queue
import threading

logger = logging.getLogger(__name__)

_queue: queue.Queue = queue.Queue()
_lock = threading.Lock()
_thread: threading.Thread | None = None


def put(kind, user_id, url, address, matches=None) -> None:
    global _thread
    _queue.put((kind, user_id, url, address, matches))
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="email-outbox", daemon=True)
            _thread.start()


def flush(timeout: float = 10.0) -> bool:
    """Wait until every queued e-mail was handled (tests, and a management command before it exits)."""
    done = threading.Event()

    def wait():
        _queue.join()
        done.set()

    threading.Thread(target=wait, daemon=True).start()
    return done.wait(timeout)


def _run():
    from django.db import close_old_connections

    from accounts.mail import deliver

    while True:
        kind, user_id, url, address, matches = _queue.get()
        close_old_connections()
        try:
            deliver(kind, user_id, url, address, matches)
        except Exception as error:  # noqa: BLE001  a mail server that is down must not end the thread
            logger.error("e-mail %s to user #%s not sent: %s", kind, user_id, error)
        finally:
            close_old_connections()
            _queue.task_done()
