"""Your-turn e-mails of turn-based matches (matches/turn_mail.py, send_turn_digests), received by a
real SMTP server: one digest per person, at most one per match per waiting period, none while
the person is on the site, in their language, with the one-click unsubscribe link."""
import random
import time

import pytest
from django.test import Client

from accounts import outbox
from accounts.models import profile_of
from alibaba_tiles import engine as tiles
from config.celery import app as celery_app
from gamekit import domains
from lobby.options import engine_options
from matches import presence, scheduling, services, turn_mail
from matches.models import MatchSeat
from matches.services import SeatSpec
from tests.factories import UserFactory
from tests.mail_server import body_of, links_in

pytestmark = pytest.mark.django_db(transaction=True)
SITE = "http://testserver"
LATER = 600  # the job runs once the matches have waited past TURN_MAIL_DELAY_SECONDS


@pytest.fixture
def thread_sender(settings, mail_settings):
    settings.TIMER_BACKEND = "thread"
    settings.SITE_URL = SITE
    yield mail_settings
    outbox.flush()


def person(name, language="en", address=True):
    user = UserFactory(username=name)
    profile = profile_of(user)
    profile.verified_email = f"{name}@example.org" if address else ""
    profile.language = language
    profile.save()
    return user


def cave(users, seed=1, now=None):
    """A two-day turn-based cave; the deal of seed 1 starts with seat 1 (test_views.py's helper checks both)."""
    options = engine_options("alibaba_tiles", {"clock": 60, "variant": "standard", "layout": "standard"})
    with scheduling.suspended():
        return services.create_match("alibaba_tiles", [SeatSpec(user=u) for u in users], options, seed=seed, now=now, decision_days=2)


def waiting_for(user, count):
    """``count`` turn-based matches whose first decision is ``user``'s."""
    matches = []
    for seed in range(1, 40):
        if len(matches) == count:
            break
        match = cave([user, UserFactory()], seed)
        if tiles.to_act(match.state) == [0]:
            matches.append(match)
        else:
            match.delete()
    assert len(matches) == count
    return matches


def collect(now=None):
    sent = turn_mail.send_turn_digests(now=time.time() + LATER if now is None else now)
    assert outbox.flush()
    return sent


def test_three_waiting_matches_make_one_digest_with_their_links(thread_sender):
    ali = person("ali")
    matches = waiting_for(ali, 3)
    assert collect() == 1
    (received,) = thread_sender.wait_for("ali@example.org")
    message = received["message"]
    assert message["Subject"] == "Your turn in 3 matches"
    links = links_in(received)
    for match in matches:
        assert f"{SITE}/matches/{match.pk}/" in links
    unsubscribe = [link for link in links if "/accounts/email/unsubscribe/" in link]
    assert len(unsubscribe) == 1
    assert message["List-Unsubscribe"].strip() == f"<{unsubscribe[0]}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "1 day 23 h left" in body_of(received) or "1 day 22 h left" in body_of(received)
    # run again, and again: nothing more for these waiting periods
    assert collect() == 0 and collect(time.time() + 3 * LATER) == 0
    assert len(thread_sender.received("ali@example.org")) == 1


def test_a_new_waiting_period_of_the_same_match_is_mailed_again(thread_sender):
    ali, bob = person("ali"), person("bob")
    match = cave([ali, bob], seed=1)
    rng = random.Random(2)
    first = tiles.to_act(match.state)[0]
    assert collect() == 1
    mover = ali if first == 0 else bob
    thread_sender.wait_for(f"{mover.username}@example.org")
    # the mover plays until the match waits for the other person, then for the mover again
    now = time.time()
    with scheduling.suspended():
        for _step in range(40):
            match.refresh_from_db()
            seat = tiles.to_act(match.state)[0]
            if seat != first and MatchSeat.objects.get(match=match, seat=first).waiting_since is None:
                break
            now += 1
            services.match_apply_action(match.pk, seat, domains.sample(rng.choice(tiles.legal_actions(match.state, seat)), rng), now=now)
    other = bob if mover == ali else ali
    assert collect(now + LATER) == 1
    thread_sender.wait_for(f"{other.username}@example.org")
    assert len(thread_sender.received(f"{mover.username}@example.org")) == 1


def test_nobody_is_mailed_while_on_the_site(thread_sender):
    ali = person("ali")
    (match,) = waiting_for(ali, 1)
    now = time.time() + LATER
    presence.seat_connected(match.pk, 0, "ali-socket", now=now - 30)
    assert collect(now) == 0
    presence.seat_disconnected(match.pk, 0, "ali-socket", now=now)
    # gone for longer than TURN_MAIL_ONLINE_SECONDS, and the match still waits: the mail goes now
    assert collect(now + 301) == 1
    thread_sender.wait_for("ali@example.org")


def test_a_match_just_started_is_not_mailed_before_its_page_opens(thread_sender, settings):
    """The person who started the match is on the way to its page: no socket yet, never seen at
    the match, and still on the site until TURN_MAIL_ONLINE_SECONDS after the start."""
    settings.TURN_MAIL_DELAY_SECONDS = 0  # mailed as soon as the match waits, as in the browser test
    ali = person("ali")
    (match,) = waiting_for(ali, 1)
    started = match.started_at.timestamp()
    assert MatchSeat.objects.get(match=match, seat=0).last_seen_at is None
    assert turn_mail.send_turn_digests(now=started + 1, url=SITE) == 0
    assert collect(started + settings.TURN_MAIL_ONLINE_SECONDS + 1) == 1
    thread_sender.wait_for("ali@example.org")


def test_only_a_confirmed_address_with_turn_mails_on_is_mailed(thread_sender):
    nobody = person("nobody", address=False)
    waiting_for(nobody, 1)
    quiet = person("quiet")
    profile = profile_of(quiet)
    profile.email_turns = False
    profile.save()
    waiting_for(quiet, 1)
    assert collect() == 0
    assert thread_sender.received() == []


def test_the_digest_is_in_the_recipients_language(thread_sender):
    ali = person("ali", language="fr")
    waiting_for(ali, 2)
    collect()
    (received,) = thread_sender.wait_for("ali@example.org")
    assert received["message"]["Subject"] == "À vous de jouer dans 2 parties"
    assert "Bonjour ali" in body_of(received)


def test_the_unsubscribe_link_of_the_digest_turns_them_off_in_one_click(thread_sender):
    ali = person("ali")
    waiting_for(ali, 1)
    collect()
    (received,) = thread_sender.wait_for("ali@example.org")
    link = received["message"]["List-Unsubscribe"].strip().strip("<>")
    answer = Client().post(link.removeprefix(SITE), {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    assert profile_of(ali).email_turns is False
    waiting_for(ali, 1)
    assert collect() == 0


def test_a_match_played_before_the_mail_is_built_is_left_out(thread_sender):
    from accounts import mail

    ali = person("ali")
    (match,) = waiting_for(ali, 1)
    assert mail.build_message(mail.TURNS, ali, SITE, "ali@example.org", [match.pk]) is not None
    rng = random.Random(4)
    now = time.time()
    with scheduling.suspended():
        while 0 in tiles.to_act(match.state):
            now += 1
            match = services.match_apply_action(match.pk, 0, domains.sample(rng.choice(tiles.legal_actions(match.state, 0)), rng), now=now)
    # collected while it waited, played before the sender built the message: nothing to send
    assert mail.build_message(mail.TURNS, ali, SITE, "ali@example.org", [match.pk]) is None


def test_the_celery_task_sends_the_same_digest(settings, mail_settings):
    settings.TIMER_BACKEND = "celery"
    settings.SITE_URL = SITE
    ali = person("ali")
    waiting_for(ali, 2)
    celery_app.conf.task_always_eager = True
    try:
        assert turn_mail.send_turn_digests(now=time.time() + LATER) == 1
    finally:
        celery_app.conf.task_always_eager = False
    (received,) = mail_settings.wait_for("ali@example.org", timeout=5)
    assert received["message"]["Subject"] == "Your turn in 2 matches"
