"""The interaction callback, ``POST /interactions/{id}/{token}/callback``: the first answer to
an interaction, by its token (no bot header). Every attempt is recorded in ``i.answers`` with
its status; an answer past the deadline, a second answer, or a callback type the interaction
does not allow is refused as Discord refuses it. A message answer is posted through
``posting``; a modal is kept open for the user until submitted.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .. import limits, posting
from ..api_errors import ApiError, invalid_form, unknown_message
from ..interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    COMPONENT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    LAUNCH_ACTIVITY,
    MESSAGE,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    FakeInteraction,
    record_response,
)
from ..state import EPHEMERAL, LOADING
from .common import API, CHANNEL, json_response, no_content, read_body

if TYPE_CHECKING:
    from ..host import RestHost


class Callback:
    def __init__(self, fake: RestHost) -> None:
        self.fake = fake
        self.world = fake.world

    def routes(self) -> list[web.RouteDef]:
        return [web.post(f"{API}/interactions/{{iid}}/{{token}}/callback", self.callback)]

    async def callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        try:
            i = fake.interactions_by_id.get(int(request.match_info["iid"]))
        except ValueError:
            i = None
        if i is None or i.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        request[CHANNEL] = i.channel_id
        body, files = await read_body(request)
        kind = body.get("type")
        data = body.get("data") or {}
        age = fake.loop_time() - i.created
        attempt = {"type": kind, "data": data, "status": 0, "at": age}
        i.answers.append(attempt)
        if fake.callback_latency:  # the answer's trip takes a while (timed from its arrival)
            await asyncio.sleep(fake.callback_latency)
        try:
            resource = self._answer(i, kind, data, files, age)
        except ApiError as exc:
            attempt["status"] = exc.status
            attempt["code"] = exc.code
            raise
        attempt["status"] = 200
        if "with_response" not in request.query:
            return no_content()
        original = i.original
        return json_response(
            {
                "interaction": {
                    "id": str(i.id),
                    "type": i.type,
                    "response_message_id": str(original.id)
                    if original and kind in (4, 5, 7)
                    else None,
                    "response_message_loading": kind == DEFERRED_MESSAGE,
                    "response_message_ephemeral": bool(
                        original and original.ephemeral and kind in (4, 5)
                    ),
                },
                "resource": resource,
            }
        )

    def _answer(
        self,
        i: FakeInteraction,
        kind: int | None,
        data: dict[str, Any],
        files: dict[int, tuple[str, bytes]],
        age: float,
    ) -> dict[str, Any]:
        fake, world = self.fake, self.world
        if age > fake.interaction_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        if i.response is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        launch = {LAUNCH_ACTIVITY} if fake.activity else set()
        allowed = {
            APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL} | launch,
            COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL} | launch,
            MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if i.message_id else set()),
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
        }[i.type]
        if kind not in allowed:
            raise invalid_form(
                {"type": f"Callback type {kind} is not valid for interaction type {i.type}"}
            )
        channel = world.channels[i.channel_id]
        resource: dict[str, Any] = {"type": kind}
        attachments: list[Any] = []
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            message = posting.post_message(
                fake,
                channel,
                world.bot_user,
                data if kind == MESSAGE else {"flags": data.get("flags") or 0},
                files,
                ephemeral_to=i.user.id if ephemeral else None,
                interaction_id=i.id,
                interaction_meta=fake.interaction_meta(i),
                mtype=20 if i.type == APPLICATION_COMMAND else 0,
                extra_flags=LOADING if kind == DEFERRED_MESSAGE else 0,
            )
            i.original_id = message.id
            attachments = message.attachments
            resource["message"] = world.message_payload(message)
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            shown = i.message
            if shown is None or shown.deleted:
                raise unknown_message()
            if kind == UPDATE_MESSAGE:
                posting.edit_message(fake, shown, data, files)
                attachments = shown.attachments
                resource["message"] = world.message_payload(shown)
            i.original_id = shown.id
        elif kind == AUTOCOMPLETE_RESULT:
            errors = limits.check_choices(data)
            if errors:
                raise invalid_form(errors)
            i.choices = list(data.get("choices") or [])
        elif kind == LAUNCH_ACTIVITY:
            i.activity_channel_id = i.channel_id
            resource["activity_instance"] = {"id": f"i-{i.id}"}
        elif kind == MODAL:
            errors = limits.check_modal(data)
            if errors:
                raise invalid_form(errors)
            i.modal = data
            fake.open_modals[(i.user.id, data["custom_id"])] = i
        i.response = record_response(kind, data, attachments)
        if kind == MODAL:
            i.response["modal"] = data
        i._answered.set()
        return resource
