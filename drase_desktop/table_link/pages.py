"""The phone page over plain HTTP: a seat's page for a live code, the page's static files by
bare name from this package's `web` folder, and plain-text answers, each with headers that keep
it from being cached, sniffed or framed."""

from __future__ import annotations

import logging
import re
from http import HTTPStatus
from importlib import resources

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Response

from drase_desktop.table_link.seats import SeatCodes

log = logging.getLogger("drase_desktop.table_link")

# The page's files, by name only: a name with a slash, dots or anything else is not looked up.
FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}\.(html|css|js|svg|png|ico)$")
MEDIA_TYPES = {
    "html": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "ico": "image/x-icon",
}


def page_response(codes: SeatCodes, connection: ServerConnection, path: str) -> Response | None:
    """The answer to a plain HTTP request for `path` (not a WebSocket's)."""
    if path.startswith("/s/"):
        if codes.seat_of(path[len("/s/") :]) is None:
            log.warning("refused a page for an unknown or revoked code from %s", peer(connection))
            return plain_response(
                HTTPStatus.FORBIDDEN,
                "This code no longer opens a seat: scan the code on the TV again.",
            )
        return web_file("index.html")
    if path == "/":
        return plain_response(HTTPStatus.OK, "Drase Desktop Table Link: scan your code on the TV.")
    if path.startswith("/static/"):
        name = path[len("/static/") :]
        if FILE_NAME.match(name):
            found = web_file(name)
            if found is not None:
                return found
        log.warning("refused the file %r for %s", path[:200], peer(connection))
    return plain_response(HTTPStatus.NOT_FOUND, "Not found")


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def peer(connection: ServerConnection) -> str:
    try:
        return str(connection.remote_address[0])
    except (TypeError, IndexError, OSError):
        return "?"


def plain_response(status: HTTPStatus, text: str) -> Response:
    body = text.encode()
    headers = Headers(
        [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


def web_file(name: str) -> Response | None:
    """A file of the package's `web` folder by its bare name (nothing outside it is reachable:
    the name was matched against `FILE_NAME`, which has no slash and no leading dot)."""
    folder = resources.files("drase_desktop.table_link") / "web"
    entry = folder / name
    if not entry.is_file():
        return None
    body = entry.read_bytes()
    headers = Headers(
        [
            ("Content-Type", MEDIA_TYPES[name.rsplit(".", 1)[1]]),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            (
                "Content-Security-Policy",
                "default-src 'self'; connect-src 'self'; img-src 'self' data:;"
                " frame-ancestors 'none'",
            ),
        ]
    )
    return Response(HTTPStatus.OK.value, "OK", headers, body)
