"""Discord's size limits on messages, embeds, components, modals and autocomplete answers.

The real API answers 400 with code 50035 ("Invalid Form Body") when one is broken; discord.py
turns that into an HTTPException that the bot usually only logs. Checking them here makes a bot
that builds a 26-option select or a 101-character custom_id fail its tests instead of failing
in production. Each check returns ``{dotted.path: message}``; empty means valid.
"""

from __future__ import annotations

from typing import Any

Errors = dict[str, str]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
PLACEHOLDER_MAX = 150
OPTION_TEXT_MAX = 100
V2_COMPONENTS_MAX = 40
MODAL_TITLE_MAX = 45
MODAL_ROWS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
CHOICES_MAX = 25

_EMBED_LIMITS = {"title": 256, "description": 4096}


def _too_long(errors: Errors, path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        errors[path] = f"Must be {limit} or fewer in length (got {len(value)})."


def check_message(payload: dict[str, Any], *, files: int = 0, editing: bool = False) -> Errors:
    errors: Errors = {}
    content = payload.get("content")
    _too_long(errors, "content", content, CONTENT_MAX)
    embeds = payload.get("embeds") or []
    errors.update(check_embeds(embeds))
    components = payload.get("components") or []
    flags = payload.get("flags") or 0
    if flags & (1 << 15):
        if content or embeds:
            errors["components"] = "A components-v2 message cannot also have content or embeds."
        errors.update(check_components_v2(components))
    else:
        errors.update(check_components(components))
    if not editing:
        has_attachments = files > 0 or bool(payload.get("attachments"))
        has_sticker = bool(payload.get("sticker_ids"))
        if not (content or embeds or components or has_attachments or has_sticker):
            errors["content"] = "Cannot send an empty message"
    return errors


def check_embeds(embeds: list[dict[str, Any]]) -> Errors:
    errors: Errors = {}
    if len(embeds) > EMBEDS_MAX:
        errors["embeds"] = f"Must be {EMBEDS_MAX} or fewer in length."
    total = 0
    for i, embed in enumerate(embeds):
        base = f"embeds.{i}"
        for key, limit in _EMBED_LIMITS.items():
            _too_long(errors, f"{base}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        author = (embed.get("author") or {}).get("name")
        _too_long(errors, f"{base}.author.name", author, 256)
        footer = (embed.get("footer") or {}).get("text")
        _too_long(errors, f"{base}.footer.text", footer, 2048)
        total += len(author or "") + len(footer or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors[f"{base}.fields"] = "Must be 25 or fewer in length."
        for j, f in enumerate(fields):
            name, value = f.get("name"), f.get("value")
            if not name:
                errors[f"{base}.fields.{j}.name"] = "This field is required"
            if not value:
                errors[f"{base}.fields.{j}.value"] = "This field is required"
            _too_long(errors, f"{base}.fields.{j}.name", name, 256)
            _too_long(errors, f"{base}.fields.{j}.value", value, 1024)
            total += len(name or "") + len(value or "")
    if total > EMBED_TOTAL_MAX:
        errors["embeds"] = f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX} ({total})."
    return errors


def check_components(rows: list[dict[str, Any]]) -> Errors:
    """Classic components: up to 5 action rows, each 1-5 buttons or exactly one select."""
    errors: Errors = {}
    if len(rows) > ROWS_MAX:
        errors["components"] = f"Must be {ROWS_MAX} or fewer in length."
    seen: set[str] = set()
    for r, row in enumerate(rows):
        path = f"components.{r}"
        if row.get("type") != 1:
            errors[f"{path}.type"] = "Top-level components must be action rows (type 1)."
            continue
        children = row.get("components") or []
        if not children:
            errors[f"{path}.components"] = "An action row needs at least one component."
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(children) > 1:
            errors[f"{path}.components"] = "A select menu must be alone in its action row."
        if len(children) > ROW_BUTTONS_MAX:
            errors[f"{path}.components"] = f"Must be {ROW_BUTTONS_MAX} or fewer in length."
        for c, comp in enumerate(children):
            errors.update(_check_interactive(comp, f"{path}.components.{c}", seen))
    return errors


def check_components_v2(components: list[dict[str, Any]]) -> Errors:
    errors: Errors = {}
    seen: set[str] = set()
    count = 0

    def walk(items: list[dict[str, Any]], path: str) -> None:
        nonlocal count
        for i, comp in enumerate(items or []):
            count += 1
            p = f"{path}.{i}"
            if comp.get("type") in (2, 3, 5, 6, 7, 8):
                errors.update(_check_interactive(comp, p, seen))
            walk(comp.get("components") or [], f"{p}.components")
            if isinstance(comp.get("accessory"), dict):
                walk([comp["accessory"]], f"{p}.accessory")
            if comp.get("type") == 10:
                _too_long(errors, f"{p}.content", comp.get("content"), 4000)

    walk(components, "components")
    if count > V2_COMPONENTS_MAX:
        errors["components"] = f"Must be {V2_COMPONENTS_MAX} or fewer components in total."
    return errors


def _check_interactive(comp: dict[str, Any], path: str, seen: set[str]) -> Errors:
    errors: Errors = {}
    custom_id = comp.get("custom_id")
    ctype = comp.get("type")
    if custom_id is not None:
        _too_long(errors, f"{path}.custom_id", custom_id, CUSTOM_ID_MAX)
        if custom_id in seen:
            errors[f"{path}.custom_id"] = f"Component custom id {custom_id!r} is duplicated."
        seen.add(custom_id)
    if ctype == 2:
        style = comp.get("style")
        if style == 5:
            if not comp.get("url") or custom_id is not None:
                errors[f"{path}"] = "A link button needs a url and no custom_id."
        elif style != 6 and custom_id is None:
            errors[f"{path}.custom_id"] = "This field is required"
        if not comp.get("label") and not comp.get("emoji"):
            errors[f"{path}.label"] = "A button needs a label or an emoji."
        _too_long(errors, f"{path}.label", comp.get("label"), BUTTON_LABEL_MAX)
    elif ctype in (3, 5, 6, 7, 8):
        if custom_id is None:
            errors[f"{path}.custom_id"] = "This field is required"
        _too_long(errors, f"{path}.placeholder", comp.get("placeholder"), PLACEHOLDER_MAX)
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
            errors[f"{path}.max_values"] = "min_values/max_values out of range."
        if ctype == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
                errors[f"{path}.options"] = (
                    f"Must be between 1 and {SELECT_OPTIONS_MAX} in length (got {len(options)})."
                )
            if high > len(options):
                errors[f"{path}.max_values"] = "max_values exceeds the number of options."
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                errors[f"{path}.options"] = "Option values must be unique."
            for o, option in enumerate(options):
                for key in ("label", "value", "description"):
                    _too_long(errors, f"{path}.options.{o}.{key}", option.get(key), OPTION_TEXT_MAX)
                if not option.get("label") or not option.get("value"):
                    errors[f"{path}.options.{o}"] = "An option needs a label and a value."
    return errors


def check_modal(data: dict[str, Any]) -> Errors:
    errors: Errors = {}
    if not data.get("title"):
        errors["data.title"] = "This field is required"
    _too_long(errors, "data.title", data.get("title"), MODAL_TITLE_MAX)
    if not data.get("custom_id"):
        errors["data.custom_id"] = "This field is required"
    _too_long(errors, "data.custom_id", data.get("custom_id"), CUSTOM_ID_MAX)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= MODAL_ROWS_MAX:
        errors["data.components"] = f"Must be between 1 and {MODAL_ROWS_MAX} in length."
    seen: set[str | None] = set()
    for i, row in enumerate(rows):
        for comp in _modal_inputs(row):
            path = f"data.components.{i}"
            cid = comp.get("custom_id")
            if cid in seen:
                errors[f"{path}.custom_id"] = f"Component custom id {cid!r} is duplicated."
            seen.add(cid)
            if comp.get("type") == 4:
                _too_long(errors, f"{path}.label", comp.get("label"), TEXT_INPUT_LABEL_MAX)
                _too_long(errors, f"{path}.value", comp.get("value"), TEXT_INPUT_VALUE_MAX)
                _too_long(errors, f"{path}.placeholder", comp.get("placeholder"), OPTION_TEXT_MAX)
            elif comp.get("type") == 3:
                errors.update(_check_interactive(comp, path, set()))
    return errors


def _modal_inputs(row: dict[str, Any]) -> list[dict[str, Any]]:
    if row.get("type") == 1:
        return list(row.get("components") or [])
    if row.get("type") == 18 and isinstance(row.get("component"), dict):
        return [row["component"]]
    return []


def check_choices(data: dict[str, Any]) -> Errors:
    choices = data.get("choices") or []
    if len(choices) > CHOICES_MAX:
        return {"data.choices": f"Must be {CHOICES_MAX} or fewer in length (got {len(choices)})."}
    return {}


def nested(errors: Errors) -> dict[str, Any]:
    """Discord's error body shape, which discord.py flattens back into ``path: message``."""
    return {
        path: {"_errors": [{"code": "INVALID", "message": msg}]} for path, msg in errors.items()
    }
