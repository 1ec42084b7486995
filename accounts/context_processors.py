"""What every page's header and <body> show about the person's own settings."""
from accounts.models import screen_reader_on


def screen_reader(request):
    """``screen_reader``: the screen-reader mode is on (docs/accessibility.md): the header's switch shows its state,
    <body data-screen-reader="on"> tells the page scripts (matches/static/matches/speech.js)."""
    return {"screen_reader": screen_reader_on(request)}
