# The your-turn e-mails' sender for the reminders' tests: a real SMTP server and the in-process sender.
from tests.matches.test_turn_mail import thread_sender  # noqa: F401 - a fixture, used by name
