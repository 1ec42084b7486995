"""The default mode's sender (no broker): one daemon thread that sends the queued e-mails.

What the Celery worker does with a broker (accounts/tasks.py). A thread of its own,
not the timer loop of matches/scheduler_thread.py: a slow SMTP server must hold up no
timer, and management commands (no web server, no timer loop) send mail too.
Messages still queued when the process exits are lost (the console backend
of the default mode prints them as they are sent).
"""
import logging
import queue
import threading

from django.db import close_old_connections

logger = logging.getLogger(__name__)

_queue: queue.Queue = queue.Queue()
_lock = threading.Lock()
_thread: threading.Thread | None = None


def put(send, *args) -> None:
    """Call ``send(*args)`` on the sender thread (accounts/mail.py gives its ``deliver``)."""
    global _thread
    _queue.put((send, args))
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
    while True:
        send, args = _queue.get()
        close_old_connections()
        try:
            send(*args)
        except Exception as error:  # noqa: BLE001  a mail server that is down must not end the thread
            # args: (kind, user id, ...) as accounts/mail.py hands them over
            logger.error("e-mail %s to user #%s not sent: %s", *args[:2], error)
        finally:
            close_old_connections()
            _queue.task_done()
