"""How Discord's dark theme draws a message, for the README's pictures (``docs/pictures.py``):
the author and avatar, Discord's markdown (bold, inline code, mentions), embeds with their
fields and attached pictures, and rows of buttons, with suit symbols drawn as shapes in the
project's own font (``pictures.faces``). It reads a ``Shown`` message, never the bot or the
fake Discord: what a message holds is ``docs/pictures.py``'s concern.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import RED_SUITS, SUIT_SYMBOLS
from pictures.faces import RED, draw_suit, drawable, font, font_lock, raise_by

WIDTH = 720
LEFT = 72  # where a message's body starts, right of the avatar
PAD = 16

# Discord's dark theme
BACKGROUND = (49, 51, 56)
EMBED = (43, 45, 49)
TEXT = (219, 222, 225)
WHITE = (242, 243, 245)
MUTED = (148, 155, 164)
CODE = (30, 31, 34)
MENTION = (60, 66, 112)
MENTION_TEXT = (201, 205, 251)
BUTTONS = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60)}
APP = (88, 101, 242)
AVATARS = [(88, 101, 242), (235, 69, 158), (87, 242, 135), (254, 231, 92), (237, 66, 69)]

SIZE = 15  # body text
LINE = 22


# --- what Discord shows: a message as drawn ------------------------------------------------
@dataclass
class Shown:
    """One message as a reader sees it: who wrote it and what it holds."""

    author: str
    bot: bool
    content: str
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)


_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def segments(text: str) -> list[tuple[str, str]]:
    """A label split into ("text", ...) and ("suit", "H") pieces."""
    pieces: list[tuple[str, str]] = []
    buffer = ""
    for char in text:
        if char in _SYMBOL_SUITS:
            if buffer:
                pieces.append(("text", buffer))
                buffer = ""
            pieces.append(("suit", _SYMBOL_SUITS[char]))
        else:
            buffer += char
    if buffer:
        pieces.append(("text", buffer))
    return [(k, drawable(v) if k == "text" else v) for k, v in pieces]


def text_width(text: str, size: int) -> float:
    """How wide ``draw_label`` draws ``text`` at ``size``."""
    total = 0.0
    with font_lock():
        for kind, value in segments(text):
            total += size * 0.8 if kind == "suit" else font(size).getlength(value)
    return total


def draw_label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    suit_fill: tuple[int, int, int] | None = None,
) -> None:
    """Text at ``xy`` (top-left), its suit symbols drawn as shapes (as Discord's emoji show
    them); red suits in red unless ``suit_fill`` says otherwise."""
    x, y = xy
    with font_lock():
        for kind, value in segments(text):
            if kind == "text":
                draw.text((x, y - raise_by(size)), value, font=font(size), fill=fill)
                x += font(size).getlength(value)
            else:
                colour = suit_fill or (RED if value in RED_SUITS else fill)
                pad = size * 0.1
                top = y + size * 0.18
                draw_suit(
                    draw, value, (x + pad, top, x + size * 0.8 - pad, top + size * 0.68), colour
                )
                x += size * 0.8


# --- drawing ---------------------------------------------------------------------------------
Run = tuple[str, str]  # (style, text): "plain", "bold", "code", "mention"


def runs(line: str) -> list[Run]:
    """A line of Discord markdown as styled runs (bold, inline code, mentions)."""
    out: list[Run] = []
    for piece in re.split(r"(\*\*.+?\*\*|`[^`]+`|\x01[^\x02]*\x02)", line):
        if not piece:
            continue
        if piece.startswith("**"):
            out.append(("bold", piece[2:-2]))
        elif piece.startswith("`"):
            out.append(("code", piece[1:-1]))
        elif piece.startswith("\x01"):
            out.append(("mention", piece[1:-1]))
        else:
            out.append(("plain", piece.replace("*", "")))
    return out


def words(line: str) -> list[Run]:
    """Runs split into words (each keeps its trailing space), for wrapping."""
    out: list[Run] = []
    for style, text in runs(line):
        if style in ("code", "mention"):
            out.append((style, text))
            continue
        out.extend((style, w) for w in re.findall(r"\S+\s*|\s+", text))
    return out


def width_of(style: str, text: str, size: int) -> float:
    extra = 8 if style in ("code", "mention") else 0
    return text_width(drawable_keep(text), size) + extra


def drawable_keep(text: str) -> str:
    """What the font can draw, suit symbols kept (``draw_label`` draws them as shapes)."""
    return "".join(c if c in "♠♥♦♣" else drawable(c) for c in text)


class Page:
    """A tall canvas written top to bottom, cropped to what was written."""

    def __init__(self, height: int = 4000) -> None:
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.pen = ImageDraw.Draw(self.image)
        self.y = PAD

    def text(
        self,
        x: float,
        right: float,
        line: str,
        size: int = SIZE,
        colour: tuple[int, int, int] = TEXT,
    ) -> None:
        """One markdown line from ``x``, wrapped at ``right``; moves ``y`` below it."""
        height = round(size * 1.45)
        cx = x
        for style, word in words(line):
            if word.strip() and not drawable_keep(word.strip()):
                continue  # an emoji the font lacks, and its space
            w = width_of(style, word, size)
            if cx + w > right and cx > x:
                cx, self.y = x, self.y + height
                word = word.lstrip()
                w = width_of(style, word, size)
            self.run(cx, style, word, size, colour)
            cx += w
        self.y += height

    def run(self, x: float, style: str, text: str, size: int, colour: tuple[int, int, int]) -> None:
        shown = drawable_keep(text)
        top = self.y + 2
        if style in ("code", "mention"):
            fill = CODE if style == "code" else MENTION
            w = text_width(shown, size) + 8
            self.pen.rounded_rectangle((x, top - 1, x + w, top + size * 1.3), 3, fill=fill)
            ink = MENTION_TEXT if style == "mention" else TEXT
            draw_label(self.pen, (x + 4, top), shown, size, ink, suit_fill=None)
            return
        ink = WHITE if style == "bold" else colour
        draw_label(self.pen, (x, top), shown, size, ink)
        if style == "bold":  # Noto Sans Regular only: a second pass a pixel over
            draw_label(self.pen, (x + 0.7, top), shown, size, ink)

    def paste(self, picture: Image.Image, x: int, most: int) -> None:
        if picture.width > most:
            ratio = most / picture.width
            picture = picture.resize(
                (most, round(picture.height * ratio)), Image.Resampling.LANCZOS
            )
        self.image.paste(picture.convert("RGB"), (x, self.y))
        self.y += picture.height + 6

    def crop(self) -> Image.Image:
        return self.image.crop((0, 0, WIDTH, self.y + PAD))


def picture(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def draw_message(page: Page, message: Shown) -> None:
    """A message as Discord's client draws it: avatar, name, text, embeds, files, buttons."""
    top = page.y
    colour = AVATARS[sum(map(ord, message.author)) % len(AVATARS)]
    page.pen.ellipse((PAD, top, PAD + 40, top + 40), fill=colour)
    initial = drawable(message.author[:1].upper())
    draw_label(page.pen, (PAD + 20 - text_width(initial, 18) / 2, top + 8), initial, 18, WHITE)
    x: float = LEFT
    draw_label(page.pen, (x, top), message.author, 16, WHITE)
    draw_label(page.pen, (x + 0.7, top), message.author, 16, WHITE)
    x += text_width(message.author, 16) + 6
    if message.bot:
        page.pen.rounded_rectangle((x, top + 3, x + 30, top + 19), 3, fill=APP)
        draw_label(page.pen, (x + 4, top + 3), "APP", 11, WHITE)
        x += 36
    draw_label(page.pen, (x + 2, top + 3), "Today at 21:04", 12, MUTED)
    page.y = top + 24
    for line in message.content.split("\n"):
        page.text(LEFT, WIDTH - PAD, line)
    in_embeds = set()
    for embed in message.embeds:
        in_embeds |= draw_embed(page, embed, message.files)
    for name, data in message.files.items():
        if name not in in_embeds:
            page.y += 4
            page.paste(picture(data), LEFT, 440)
    draw_components(page, message.components)
    page.y = max(page.y, top + 44) + 14


def draw_embed(page: Page, embed: dict[str, Any], files: dict[str, bytes]) -> set[str]:
    """An embed: colour bar, title, description, fields, image, footer; -> the files it
    showed."""
    top = page.y + 4
    x0, x1 = LEFT, min(WIDTH - PAD, LEFT + 540)
    inner, right = x0 + 16, x1 - 12
    # drawn on a page of its own, then laid on its background
    sheet = Page()
    sheet.image = Image.new("RGB", (WIDTH, 3000), EMBED)
    sheet.pen = ImageDraw.Draw(sheet.image)
    sheet.y = 10
    if embed.get("title"):
        sheet.text(inner, right, "**" + embed["title"] + "**", 16, WHITE)
        sheet.y += 2
    for line in (embed.get("description") or "").split("\n"):
        if line:
            sheet.text(inner, right, line, 14)
        else:
            sheet.y += 8
    for f in embed.get("fields") or []:
        sheet.y += 6
        sheet.text(inner, right, "**" + f["name"] + "**", 14, WHITE)
        for line in f["value"].split("\n"):
            sheet.text(inner, right, line, 14)
    used = set()
    url = (embed.get("image") or {}).get("url", "")
    name = url.removeprefix("attachment://")
    if name in files:
        sheet.y += 8
        sheet.paste(picture(files[name]), inner, right - inner)
        used.add(name)
    if embed.get("footer"):
        sheet.y += 4
        sheet.text(inner, right, embed["footer"]["text"], 12, MUTED)
    height = sheet.y + 8
    body = sheet.image.crop((x0, 0, x1, height))
    mask = Image.new("L", body.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, body.width - 1, height - 1), 4, fill=255)
    page.image.paste(body, (x0, top), mask)
    bar = embed.get("color") or 0x202225
    rgb = ((bar >> 16) & 255, (bar >> 8) & 255, bar & 255)
    page.pen.rounded_rectangle((x0, top, x0 + 4, top + height - 1), 2, fill=rgb)
    page.y = top + height + 4
    return used


def draw_components(page: Page, rows: list[dict[str, Any]]) -> None:
    """Action rows: buttons in their style's colour, selects as a box with a chevron."""
    for row in rows:
        page.y += 6
        x = LEFT
        for item in row.get("components") or []:
            if item.get("type") == 2:
                label = drawable_keep(item.get("label") or "")
                w = round(text_width(label, 14)) + 32
                fill = BUTTONS.get(item.get("style", 2), BUTTONS[2])
                if x + w > WIDTH - PAD:
                    break
                page.pen.rounded_rectangle((x, page.y, x + w, page.y + 32), 4, fill=fill)
                draw_label(page.pen, (x + 16, page.y + 7), label, 14, WHITE, suit_fill=WHITE)
                x += w + 8
            elif item.get("type") == 3:
                w = min(400, WIDTH - PAD - x)
                page.pen.rounded_rectangle(
                    (x, page.y, x + w, page.y + 38), 4, fill=CODE, outline=(20, 21, 23)
                )
                hint = drawable_keep(item.get("placeholder") or "Choose")
                draw_label(page.pen, (x + 12, page.y + 10), hint, 14, MUTED)
                cx, cy = x + w - 20, page.y + 19
                page.pen.line((cx - 5, cy - 3, cx, cy + 2, cx + 5, cy - 3), fill=TEXT, width=2)
        heights = [38 if i.get("type") == 3 else 32 for i in row.get("components") or []]
        page.y += max(heights or [0])


def render(messages: list[Shown], path: Path) -> None:
    """Draw ``messages`` one under the other and save a small PNG (an adaptive palette: the
    pictures have few colours)."""
    page = Page()
    for message in messages:
        draw_message(page, message)
    image = page.crop().quantize(
        colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    image.save(path, optimize=True)
    print(
        f"{path.parent.name}/{path.name}: {image.width}x{image.height}, {path.stat().st_size} bytes"
    )
