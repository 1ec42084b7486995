# The e-mail tests' sender: a real SMTP server and the in-process sender (tests/matches/test_turn_mail.py).
from tests.matches.test_turn_mail import thread_sender  # noqa: F401 - a fixture, used by name
