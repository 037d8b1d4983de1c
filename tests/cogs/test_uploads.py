"""The table edit's multipart body written in one piece (``cogs.uploads``): it reads back
as the form discord.py would send, keeps its boundary out of the parts, and leaves a part
it cannot write plainly to discord.py."""

from __future__ import annotations

import io
import json
from email.parser import BytesParser
from email.policy import HTTP

import discord
from discord.http import handle_message_parameters

from cogs.uploads import BOUNDARY, multipart


def _read(body: bytes, content_type: str) -> dict[str, tuple[str | None, bytes]]:
    """The parts as a reader of its own (the standard library's MIME parser) finds them."""
    message = BytesParser(policy=HTTP).parsebytes(
        f"Content-Type: {content_type}\r\n\r\n".encode() + body
    )
    assert message.is_multipart() and not message.defects
    parts: dict[str, tuple[str | None, bytes]] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        parts[str(name)] = (part.get_filename(), data)
    return parts


def _params(data: bytes, filename: str = "table.png"):
    embed = discord.Embed(title="Macao #7").set_image(url=f"attachment://{filename}")
    picture = discord.File(io.BytesIO(data), filename=filename, description="the table")
    return handle_message_parameters(embed=embed, attachments=[picture])


def test_the_body_reads_back_as_the_json_and_the_picture():
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
    params = _params(png)
    body = multipart(params)
    assert body is not None
    assert body.content_type == f"multipart/form-data; boundary={BOUNDARY}"
    parts = _read(body._value, body.content_type)
    assert list(parts) == ["payload_json", "files[0]"]
    assert parts["files[0]"] == ("table.png", png)
    sent = json.loads(parts["payload_json"][1])
    assert sent["embeds"][0]["image"]["url"] == "attachment://table.png"
    assert sent["attachments"] == [{"id": 0, "filename": "table.png", "description": "the table"}]


def test_a_picture_that_holds_the_boundary_gets_another():
    png = b"\x89PNG" + b"--" + BOUNDARY.encode() + b"--\r\n" + bytes(64)
    body = multipart(_params(png))
    assert body is not None
    assert BOUNDARY not in body.content_type
    parts = _read(body._value, body.content_type)
    assert parts["files[0]"] == ("table.png", png)


def test_a_file_name_that_needs_quoting_goes_the_usual_way():
    assert multipart(_params(b"png", filename='a "quoted" name.png')) is None
