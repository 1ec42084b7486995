"""Django's SQLite backend whose transactions take turns within the process (write_turns.py).

Every transaction here starts with BEGIN IMMEDIATE (config/settings.py), so it holds SQLite's write
lock from its start to its end: the turn is taken just before the BEGIN and given back after the
COMMIT or ROLLBACK, or when the connection closes inside the transaction (SQLite then rolls back).
A turn not come within the connection's ``timeout`` fails as SQLite's own wait would: "database is
locked".
"""
import os

from django.db import OperationalError
from django.db.backends.sqlite3 import base

from .write_turns import TurnTimeout, turns_for


class DatabaseWrapper(base.DatabaseWrapper):
    _turn = None

    def _turns(self):
        return turns_for(os.path.abspath(str(self.settings_dict["NAME"])))

    def _start_transaction_under_autocommit(self):
        timeout = float(self.settings_dict["OPTIONS"].get("timeout", 5))
        try:
            self._turn = self._turns().acquire(timeout)
        except TurnTimeout as error:
            raise OperationalError(f"database is locked ({error})") from error
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._give_turn_back()
            raise

    def _give_turn_back(self):
        turn, self._turn = self._turn, None
        if turn is not None:
            self._turns().release(turn)

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._give_turn_back()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._give_turn_back()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._give_turn_back()
