"""Reading what a message shows: its components walked depth-first, the text of its embeds and
components (what a user could read on it), and the users its content mentions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

_MENTION = re.compile(r"<@!?(\d+)>")


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Depth-first over rows, containers, sections and labels, yielding every component."""
    for c in components or []:
        yield c
        yield from walk_components(c.get("components") or [])
        if isinstance(c.get("accessory"), dict):
            yield from walk_components([c["accessory"]])
        if isinstance(c.get("component"), dict):
            yield from walk_components([c["component"]])


def components_text(components: list[dict[str, Any]]) -> list[str]:
    parts: list[str] = []
    for c in walk_components(components):
        for key in ("label", "placeholder", "content", "title", "description"):
            value = c.get(key)
            if isinstance(value, str):
                parts.append(value)
        for option in c.get("options") or []:
            parts.append(option.get("label", ""))
            parts.append(option.get("description") or "")
        for item in c.get("items") or []:
            if isinstance(item, dict) and item.get("description"):
                parts.append(item["description"])
    return parts


def embeds_text(embeds: list[dict[str, Any]]) -> list[str]:
    parts: list[str] = []
    for e in embeds or []:
        parts.append(e.get("title") or "")
        parts.append(e.get("description") or "")
        parts.append((e.get("author") or {}).get("name") or "")
        parts.append((e.get("footer") or {}).get("text") or "")
        for f in e.get("fields") or []:
            parts.append(f.get("name") or "")
            parts.append(f.get("value") or "")
    return parts


def version_text(v: dict[str, Any]) -> list[str]:
    """The text of one version of a message (a ``FakeMessage.snapshot()``)."""
    return [
        v.get("content") or "",
        *embeds_text(v.get("embeds") or []),
        *components_text(v.get("components") or []),
        *v.get("attachments", []),
    ]


def mentioned_ids(content: str) -> list[int]:
    seen: list[int] = []
    for match in _MENTION.finditer(content or ""):
        uid = int(match.group(1))
        if uid not in seen:
            seen.append(uid)
    return seen
