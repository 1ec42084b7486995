"""A frame's text on the socket: JSON encoded once, where the frame is made.

Measured under load (docs/performance.md): encoding every frame with the
standard json module on the event loop, after msgpack had packed and unpacked
the whole frame through the channel layer, was a fifth of a web process's
CPU. A frame now crosses the channel layer as its finished text.
"""
import orjson

# Views may key a mapping by seat number: written as "0", "1", ... as json.dumps does.
_OPTIONS = orjson.OPT_NON_STR_KEYS


def frame_text(frame: dict) -> str:
    # orjson with OPT_NON_STR_KEYS takes twice as long (10 against 5 us for a treasure cave frame, five of them
    # a move), and no registered game's view has such a key: the option only for a frame that needs it (the text
    # is the same either way: a str key is written alike).
    try:
        return orjson.dumps(frame).decode()
    except TypeError:
        return orjson.dumps(frame, option=_OPTIONS).decode()
