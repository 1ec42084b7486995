"""Path converters for names taken from the URL.

`name`: like Django's `str` (one path segment) but never holding a NUL. A
"%00" in the URL would otherwise reach the database, which refuses a NUL in a
query with an error (a 500); no username, game or other name holds one, so
such a URL matches no pattern and is a 404.
"""
from django.urls import register_converter
from django.urls.converters import StringConverter


class NameConverter(StringConverter):
    regex = "[^/\x00]+"


register_converter(NameConverter, "name")
