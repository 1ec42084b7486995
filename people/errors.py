"""The people app's refusal: a message a person can read, and a code for tests and pages. Nothing changed."""


class PeopleError(Exception):
    def __init__(self, message, code="refused"):
        super().__init__(message)
        self.message = str(message)
        self.code = code
