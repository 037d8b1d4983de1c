"""A message edit that carries a picture, its multipart body written here in one piece.

For a request with a file, discord.py has aiohttp build a form at every try (``FormData``
and a ``MultipartWriter`` with a fresh random boundary, a read of the system's random source
each time). A table edit with its picture is the bot's most frequent request, so
``multipart`` writes the body itself: the JSON part and the files' bytes between a fixed
boundary that is checked not to occur in them (a random one when it does), handed to aiohttp
as one payload that a retry sends again as it is. The route, its rate-limit bucket and the
retries stay discord.py's own (``HTTPClient.request``); a message whose parts are not plain
(a file that is not in memory, a file name that would need quoting) goes the usual way.
"""

from __future__ import annotations

import io
import secrets
from typing import Any

from aiohttp import BytesPayload
from discord.http import HTTPClient, MultipartParameters, Route

#: the boundary between the parts; any text that does not occur in them would do
BOUNDARY = "chairman-part-7d2f4b91c06e"
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


def multipart(params: MultipartParameters) -> BytesPayload | None:
    """The whole ``multipart/form-data`` body of ``params`` (``handle_message_parameters``
    with files), as aiohttp's form would write it; None if a part is not plain."""
    parts: list[tuple[bytes, bytes]] = []
    for field in params.multipart or ():
        name, value = field["name"], field["value"]
        if name == "payload_json" and isinstance(value, str):
            head = f'Content-Disposition: form-data; name="{name}"\r\n'
            parts.append((head.encode() + b"Content-Type: application/json", value.encode()))
            continue
        filename = field.get("filename") or ""
        if not isinstance(value, io.BytesIO) or not filename or not set(filename) <= _PLAIN:
            return None
        head = f'Content-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
        parts.append((head.encode() + b"Content-Type: application/octet-stream", value.getvalue()))
    boundary = BOUNDARY
    while any(boundary.encode() in data for _, data in parts):
        boundary = secrets.token_hex(16)
    dash = b"--" + boundary.encode()
    chunks: list[bytes] = []
    for headers, data in parts:
        chunks += (dash, b"\r\n", headers, b"\r\n\r\n", data, b"\r\n")
    chunks += (dash, b"--\r\n")
    kind = f"multipart/form-data; boundary={boundary}"
    return BytesPayload(b"".join(chunks), content_type=kind)


async def edit_message(
    http: HTTPClient, channel_id: int, message_id: int, params: MultipartParameters
) -> Any:
    """PATCH a message as ``HTTPClient.edit_message`` does, its files in one written body."""
    route = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel_id,
        message_id=message_id,
    )
    if not params.files:
        return await http.request(route, json=params.payload)
    body = multipart(params)
    if body is None:
        return await http.request(route, files=params.files, form=params.multipart)
    return await http.request(route, data=body)
