"""A real SMTP server for the e-mail tests: aiosmtpd on a free local port, in this process.

`smtp_server` (session) runs it; `mail_settings` points Django's SMTP backend at it
(settings override) and starts each test with an empty mailbox. A site started by
the browser tests gets the same server through its environment (EMAIL_URL,
tests/e2e/conftest.py). Messages are read back as the server received them.
"""
import email
import email.policy
import re
import socket
import threading
import time

import pytest
from aiosmtpd.controller import Controller

LINK = re.compile(r"https?://\S+")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MailServer:
    def __init__(self):
        self.messages = []
        self._lock = threading.Condition()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        with self._lock:
            self.messages.append({"from": envelope.mail_from, "to": list(envelope.rcpt_tos), "message": message})
            self._lock.notify_all()
        return "250 Message accepted for delivery"

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def clear(self):
        with self._lock:
            self.messages.clear()

    def received(self, to=None) -> list:
        with self._lock:
            return [m for m in self.messages if to is None or to in m["to"]]

    def wait_for(self, to, count=1, timeout=20.0) -> list:
        """The first `count` messages received for `to`, waiting for them up to `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                found = [m for m in self.messages if to in m["to"]]
                if len(found) >= count:
                    return found[:count]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"no e-mail ({count} expected) reached {to} within {timeout} s; received: {[m['to'] for m in self.messages]}"
                    )
                self._lock.wait(left)


def body_of(received) -> str:
    return received["message"].get_body(preferencelist=("plain",)).get_content()


def links_in(received) -> list[str]:
    return LINK.findall(body_of(received))


@pytest.fixture(scope="session")
def smtp_server():
    server = MailServer()
    server.controller.start()
    yield server
    server.controller.stop()


@pytest.fixture
def mail_settings(smtp_server, settings):
    """Django sends through the real SMTP server; each test starts with an empty mailbox."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = smtp_server.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    smtp_server.clear()
    yield smtp_server
