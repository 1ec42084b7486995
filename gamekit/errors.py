"""The refusal every engine raises, with a message a player can read."""


class IllegalAction(Exception):
    """An action the rules do not allow now.

    ``message`` is an English sentence with ``%(name)s`` placeholders; the
    platform translates the sentence first and fills ``params`` in after, so a
    message with numbers in it can still be in the catalogue.
    """

    def __init__(self, message="That is not allowed.", **params):
        super().__init__(message % params if params else message)
        self.template = message
        self.params = params

    @property
    def message(self):
        return str(self)


class CannotSample(Exception):
    """``sample_state`` does not build a state for this view (a game may sample only the situations its
    search bots search in); the search bot then plays its fallback bot instead (gamekit/ismcts.py)."""
