"""What the REST resource groups share: ``Lookup``, which turns a request's path ids into the
world's channel, message or guild (answering Discord's 404s, and noting the channel the call
concerns for the request counts), the JSON and empty answers discord.py accepts, and reading a
request's body, JSON or multipart with files.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from ..api_errors import ApiError, unknown_channel, unknown_message
from ..state import FakeChannel, FakeMessage

if TYPE_CHECKING:
    from ..host import RestHost

API = "/api/v10"
CHANNEL = web.RequestKey[int | None]("channel_id")  # the channel a REST call concerns, for counts


def json_response(
    obj: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly "application/json": discord.py treats "...; charset=utf-8" as text.
    return web.Response(
        body=json.dumps(obj).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, tuple[str, bytes]]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]`` parts."""
    try:
        return await _read_body(request)
    except ConnectionResetError:
        # the client died mid-upload (a restart test SIGKILLs the bot): nothing was done, as
        # on Discord; not a fault of the fake, so no handler error is logged for it
        raise ApiError(400, 0, "the request was cut off before its body was complete") from None


async def _read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, tuple[str, bytes]]]:
    files: dict[int, tuple[str, bytes]] = {}
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        reader = await request.multipart()
        async for part in reader:
            assert isinstance(part, BodyPartReader)  # the client sends no nested multipart
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
            elif name.startswith("files[") and name.endswith("]"):
                data = bytes(await part.read())
                files[int(name[6:-1])] = (part.filename or "file", data)
        return payload, files
    if not request.can_read_body:
        return {}, files
    text = await request.text()
    return (json.loads(text) if text else {}), files


class Lookup:
    """The world's objects a request's path names, or the error Discord answers for them."""

    def __init__(self, fake: RestHost) -> None:
        self.fake = fake
        self.world = fake.world

    def channel(self, request: web.Request) -> FakeChannel:
        try:
            cid = int(request.match_info["cid"])
        except ValueError:
            raise unknown_channel() from None
        channel = self.world.channel(cid)
        if channel is None:
            raise unknown_channel()
        request[CHANNEL] = channel.id
        return channel

    def message(self, request: web.Request, channel: FakeChannel) -> FakeMessage:
        try:
            message = self.world.message(int(request.match_info["mid"]))
        except ValueError:
            raise unknown_message() from None
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.ephemeral
        ):
            raise unknown_message()
        return message

    def guild(self, request: web.Request) -> int:
        gid = request.match_info["gid"]
        if not gid.isdigit() or int(gid) not in self.world.guild_names:
            raise ApiError(404, 10004, "Unknown Guild")
        return int(gid)
