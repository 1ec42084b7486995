"""The chaos run's checks themselves (tests/chaos/accounting.py): a regression that made one of them unable
to fail fails here, in the normal suite (no site, no Redis: `make chaos` is the run, this is its arithmetic)."""
from tests.chaos import accounting as acc

TAKE = {"type": "take", "pos": "3:0:1"}
LAMP = {"type": "lamp"}
NOW = 1000.0


def move(version, action=TAKE, answer=acc.ACKNOWLEDGED, sent_at=NOW - 5, match=1, seat=0):
    """A move sent on ``version``; answered applied, its event was seen at the next version."""
    reached = version + 1 if answer in (acc.ACKNOWLEDGED, acc.RESYNCED) else None
    return acc.SentMove("c", match, seat, version, action, sent_at, answer, sent_at + 0.1 if answer else None, reached)


def row(seq, action=TAKE, seat=0, match=1, row_id=None, server_time=None):
    return acc.LogRow(row_id if row_id is not None else 100 * match + seq, match, seq, seat, action,
                      server_time if server_time is not None else 10.0 * seq)


# -- answers from frames


def view(version, events=(), after="change", match=1):
    frame = {"type": "view", "match": match, "version": version, "events": list(events)}
    if after == "change":
        frame["after"] = version - 1
    return frame


def test_the_next_change_with_our_event_acknowledges_it():
    sent = move(4, answer=None)
    assert acc.answer_from_frame(sent, view(5, [{"code": "tile_taken", "seat": 0, "version": 5}]), 0) == (acc.ACKNOWLEDGED, 5)


def test_a_full_frame_with_our_event_among_the_recent_ones_is_a_resync():
    sent = move(4, answer=None)
    events = [{"code": "tile_taken", "seat": 0, "version": 5}, {"code": "tile_taken", "seat": 1, "version": 6}]
    assert acc.answer_from_frame(sent, view(6, events, after=None), 0) == (acc.RESYNCED, 5)


def test_a_change_without_our_event_or_made_by_time_says_not_applied():
    sent = move(4, answer=None)
    assert acc.answer_from_frame(sent, view(5, [{"code": "tile_taken", "seat": 1, "version": 5}]), 0) == (acc.NOT_APPLIED, None)
    timed_out = [{"code": "timed_out", "seat": 0, "version": 5}, {"code": "tile_taken", "seat": 0, "version": 5}]
    assert acc.answer_from_frame(sent, view(5, timed_out), 0) == (acc.NOT_APPLIED, None)


def test_a_frame_sent_again_with_nothing_in_it_says_nothing_yet():
    # the ratings recorded: the same frame again, no "after", no events
    assert acc.answer_from_frame(move(4, answer=None), view(5, after=None), 0) is None


def test_an_event_of_ours_played_on_a_default_after_time_acted_is_no_answer():
    sent = move(4, answer=None)
    events = [{"code": "timed_out", "seat": 0, "version": 5}, {"code": "effect_skipped", "seat": 0, "version": 6}]
    assert acc.answer_from_frame(sent, view(6, events, after=None), 0) == (acc.NOT_APPLIED, None)


def test_a_full_frame_still_at_its_version_on_a_new_connection_says_nothing_was_applied():
    sent = move(4, answer=None)
    assert acc.answer_from_frame(sent, view(4, after=None), 0, reconnected=True) == (acc.NOT_APPLIED, None)


def test_a_frame_at_its_version_on_the_same_connection_says_nothing_yet():
    # the answer to our own hello may be made before the server reads the move
    sent = move(4, answer=None)
    assert acc.answer_from_frame(sent, view(4, after=None), 0) is None
    assert acc.answer_from_frame(sent, view(4), 0) is None
    assert acc.answer_from_frame(sent, view(3, after=None), 0, reconnected=True) is None


# -- moves sent against the log


def test_every_move_answered_and_logged_once_holds():
    moves = [move(0), move(2, LAMP), move(4, answer=acc.RESYNCED), move(6, answer=acc.NOT_APPLIED)]
    result = acc.account_moves(moves, [row(0), row(2, LAMP), row(4)], NOW)
    assert result.failed() == []
    assert (len(result.acknowledged), len(result.resynced), len(result.refused)) == (2, 1, 1)


def test_a_move_applied_twice_anywhere_in_the_log_fails():
    result = acc.account_moves([move(0), move(2, LAMP)], [row(0), row(2, LAMP), row(9)], NOW)
    assert result.failed() == [acc.DOUBLED]
    assert [r.seq for r in result.doubled] == [9]


def test_a_row_of_a_clients_seat_that_it_never_sent_fails():
    result = acc.account_moves([move(0)], [row(0), row(3, LAMP)], NOW)
    assert result.failed() == [acc.UNSENT]


def test_an_acknowledged_move_missing_from_the_log_fails():
    result = acc.account_moves([move(0), move(2, LAMP)], [row(0)], NOW)
    assert result.failed() == [acc.LOST]


def test_an_applied_move_the_client_was_told_nothing_of_fails_once_its_answer_is_overdue():
    told_not_applied = move(2, LAMP, answer=acc.NOT_APPLIED)
    assert acc.account_moves([told_not_applied], [row(2, LAMP)], NOW).failed() == [acc.UNACKNOWLEDGED]
    unanswered = move(2, LAMP, answer=None, sent_at=NOW - acc.ANSWER_S - 1)
    assert acc.account_moves([unanswered], [row(2, LAMP)], NOW).failed() == [acc.UNACKNOWLEDGED]


def test_a_move_still_in_flight_is_not_judged_yet():
    result = acc.account_moves([move(2, LAMP, answer=None, sent_at=NOW - 1)], [row(2, LAMP)], NOW)
    assert result.failed() == [] and len(result.in_flight) == 1


def test_a_refused_move_repeated_later_is_matched_with_the_later_one_only():
    # the same action refused on version 2 (time acted), sent again on 3 and applied there
    moves = [move(2, answer=acc.NOT_APPLIED), move(3)]
    result = acc.account_moves(moves, [row(3)], NOW)
    assert result.failed() == [] and len(result.refused) == 1 and len(result.acknowledged) == 1


def test_the_defaults_a_timed_out_turn_played_in_a_seats_name_are_nobodys_move():
    timeout = row(3, {"type": "timeout"}, seat=None, server_time=30.0)
    defaults = [row(4, LAMP, seat=0, server_time=30.0), row(5, LAMP, seat=1, server_time=30.0)]
    later = row(6, LAMP, seat=0, server_time=31.0)   # a decision of its own, at its own time
    assert acc.played_by_seats([row(0), timeout, *defaults, later]) == [row(0), later]
    assert acc.account_moves([move(0), move(6, LAMP)], [row(0), timeout, *defaults, later], NOW).failed() == []


def test_rows_of_other_matches_and_seats_are_kept_apart():
    moves = [move(0, match=1), move(0, match=2), move(1, seat=1, match=1)]
    rows = [row(0, match=1), row(0, match=2, row_id=7), row(1, seat=1, match=1)]
    assert acc.account_moves(moves, rows, NOW).failed() == []
    assert acc.account_moves(moves[:2], rows, NOW).failed() == [acc.UNSENT]


# -- lateness and waits against their bounds


def test_lateness_counts_every_deadline_that_fell_applied_or_still_waiting():
    applied = [(10.0, 10.02), (11.0, 11.05), (5.0, 9.0)]   # the one at 5 waited 4 s, however old
    late = acc.fallen_lateness(applied, [12.0, 30.0], now=15.0)   # 12: waiting for 3 s so far; 30: not fallen yet
    assert [round(x, 2) for x in late] == [0.02, 0.05, 4.0, 3.0]


def test_lateness_within_its_bound_holds_and_one_deadline_past_the_max_fails():
    figures, failed = acc.lateness_verdict([0.02] * 200, acc.HEALTHY)
    assert failed == [] and figures["late_max_ms"] == 20
    _figures, failed = acc.lateness_verdict([0.02] * 200 + [acc.HEALTHY_LATENESS_MAX_S + 0.1], acc.HEALTHY)
    assert failed == [acc.LATE_DEADLINE]


def test_a_p99_over_its_bound_fails_though_every_one_is_under_the_max():
    lateness = [0.02] * 97 + [acc.HEALTHY_LATENESS_P99_S + 0.2] * 3
    assert acc.lateness_verdict(lateness, acc.HEALTHY)[1] == [acc.LATE_DEADLINE]


def test_with_too_few_deadlines_for_a_p99_only_the_max_is_judged():
    lateness = [0.02] * 50 + [acc.HEALTHY_LATENESS_P99_S + 0.2]
    assert acc.lateness_verdict(lateness, acc.HEALTHY)[1] == []


def test_a_fault_that_stops_the_timers_widens_the_bound_by_its_length_only():
    bound = acc.timers_down(4)
    assert acc.lateness_verdict([4 + acc.TIMER_RECOVERY_S - 0.5], bound)[1] == []
    assert acc.lateness_verdict([4 + acc.TIMER_RECOVERY_S + 0.5], bound)[1] == [acc.LATE_DEADLINE]


def test_a_wait_over_its_bound_or_never_ended_fails():
    assert acc.wait_verdict(1.7, acc.HTTP_WAIT_S, acc.SLOW_HTTP) == []
    assert acc.wait_verdict(29.0, acc.HTTP_WAIT_S, acc.SLOW_HTTP) == [acc.SLOW_HTTP]
    assert acc.wait_verdict(None, acc.SYNC_S, acc.NOT_SYNCED) == [acc.NOT_SYNCED]


def test_p99_is_the_nearest_rank():
    assert acc.p99(list(range(1, 101))) == 99
    assert acc.p99([3.0]) == 3.0
