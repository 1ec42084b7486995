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
    return orjson.dumps(frame, option=_OPTIONS).decode()
