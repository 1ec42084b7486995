"""A newcomer's client: a person's browser reduced to HTTP requests and the match socket.

It knows the site only from the outside: the pages' forms (with their CSRF
token), the redirects, the cookies and the wire protocol (docs/protocol.md).
It never calls a service or reads the database.
"""
import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request

from websockets.sync.client import connect

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class NewcomerClient:
    def __init__(self, base_url: str):
        self.base_url = base_url.rstrip("/")
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    # HTTP -----------------------------------------------------------------
    def get(self, path: str) -> tuple[int, str, str]:
        """(status, final URL, body) of a GET, redirects followed."""
        try:
            with self.opener.open(self.base_url + path, timeout=30) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.url, error.read().decode()

    def get_json(self, path: str):
        status, _url, body = self.get(path)
        assert status == 200, f"GET {path}: {status} {body[:300]}"
        return json.loads(body)

    def post_form(self, page: str, action: str, fields: dict) -> tuple[int, str, str]:
        """Post a form as a browser does: the CSRF token is read from the page that shows the form."""
        status, _url, body = self.get(page)
        assert status == 200, f"GET {page}: {status}"
        token = CSRF_INPUT.search(body)
        assert token, f"no form with a CSRF token on {page}"
        data = urllib.parse.urlencode(dict(fields, csrfmiddlewaretoken=token.group(1)), doseq=True).encode()
        request = urllib.request.Request(self.base_url + action, data=data, headers={"Referer": self.base_url + page})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.url, error.read().decode()

    def log_in(self, username: str, password: str):
        status, url, body = self.post_form("/accounts/login/", "/accounts/login/", {"username": username, "password": password})
        assert status == 200 and "/accounts/login/" not in url, f"log-in refused: {status} {url}"
        assert any(cookie.name == "sessionid" for cookie in self.cookies)

    def cookie_header(self) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.cookies)

    # the match socket ---------------------------------------------------------
    def match_socket(self, match_id: int):
        ws_url = self.base_url.replace("http://", "ws://") + f"/ws/match/{match_id}/"
        return MatchSocket(connect(ws_url, additional_headers={"Cookie": self.cookie_header(), "Origin": self.base_url},
                                   open_timeout=30, max_size=2**22))


class MatchSocket:
    """The live match as its page sees it: the newest view frame, and actions sent on it."""

    PING_SECONDS = 25.0  # as the page does (matches/static/matches/live.js): a seat that never pings is gone

    def __init__(self, ws):
        self.ws = ws
        self.frame = None
        self.errors = []
        self.pinged_at = time.monotonic()

    def close(self):
        self.ws.close()

    def receive(self, timeout: float) -> dict | None:
        """The next frame (a view kept as the newest one), or None after ``timeout`` seconds of silence."""
        if time.monotonic() - self.pinged_at > self.PING_SECONDS:
            self.ws.send(json.dumps({"type": "ping"}))
            self.pinged_at = time.monotonic()
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        frame = json.loads(text)
        if frame["type"] == "view" and "kept" in frame:
            # a change's frame names the parts of the view that never change, kept from the frame before
            # (docs/protocol.md, "Kept parts of the view"); with none before it, a full frame is on its way
            if self.frame is None:
                return frame
            frame["view"] = {**frame["view"], **{key: self.frame["view"][key] for key in frame["kept"]}}
        if frame["type"] == "view" and (self.frame is None or frame["version"] >= self.frame["version"]):
            self.frame = frame
        elif frame["type"] == "error":
            self.errors.append(frame)
        return frame

    def wait_for(self, predicate, timeout: float) -> dict:
        """Read frames until the newest view satisfies ``predicate``."""
        end = time.monotonic() + timeout
        while not (self.frame is not None and predicate(self.frame)):
            left = end - time.monotonic()
            assert left > 0, f"gave up waiting; last view: {json.dumps(self.frame)[:2000]}"
            self.receive(min(left, 5.0))
        return self.frame

    def act(self, action: dict, version: int):
        self.ws.send(json.dumps({"type": "action", "version": version, "action": action}))

    def hello(self):
        self.ws.send(json.dumps({"type": "hello", "version": self.frame["version"] if self.frame else 0}))
