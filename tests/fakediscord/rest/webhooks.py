"""The webhook follow-ups of an interaction, under ``/webhooks/{application_id}/{token}``
(authenticated by the token, for ``token_lifetime`` after the interaction, once it has been
acknowledged): a follow-up message (the first after a "thinking" defer replaces it), and
``@original`` or a follow-up read, edited and deleted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from .. import posting
from ..api_errors import ApiError, unknown_message
from ..interactions import DEFERRED_MESSAGE, FakeInteraction
from ..state import EPHEMERAL, FakeMessage
from .common import API, CHANNEL, json_response, no_content, read_body

if TYPE_CHECKING:
    from ..host import RestHost


class Webhooks:
    def __init__(self, fake: RestHost) -> None:
        self.fake = fake
        self.world = fake.world

    def routes(self) -> list[web.RouteDef]:
        w = f"{API}/webhooks/{{app}}/{{token}}"
        return [
            web.post(w, self.followup),
            web.get(w + "/messages/{mid}", self.webhook_get),
            web.patch(w + "/messages/{mid}", self.webhook_patch),
            web.delete(w + "/messages/{mid}", self.webhook_delete),
        ]

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        fake = self.fake
        i = fake.interactions_by_token.get(request.match_info["token"])
        if request.match_info["app"] != str(self.world.application_id) or i is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if fake.loop_time() - i.created > fake.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if i.response is None:
            # Follow-ups and @original exist only once the interaction has been acknowledged.
            raise ApiError(404, 10015, "Unknown Webhook")
        request[CHANNEL] = i.channel_id
        return i

    def _webhook_message(self, request: web.Request, i: FakeInteraction) -> FakeMessage:
        mid = request.match_info["mid"]
        if mid == "@original":
            message = i.original
        else:
            try:
                wanted = int(mid)
            except ValueError:
                raise unknown_message() from None
            ids = {i.original_id, *(m.id for m in i.followups)}
            message = self.world.message(wanted) if wanted in ids else None
        if message is None or message.deleted:
            raise unknown_message()
        return message

    async def followup(self, request: web.Request) -> web.Response:
        fake, world = self.fake, self.world
        i = self._webhook_interaction(request)
        body, files = await read_body(request)
        original = i.original
        if (
            i.response
            and i.response["type"] == DEFERRED_MESSAGE
            and original is not None
            and original.loading
        ):
            # The first follow-up after a "thinking" defer replaces the thinking message, and
            # keeps the defer's ephemeral choice.
            body = {k: v for k, v in body.items() if k != "flags"}
            message = posting.edit_message(fake, original, body, files)
        else:
            ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
            message = posting.post_message(
                fake,
                world.channels[i.channel_id],
                world.bot_user,
                body,
                files,
                ephemeral_to=i.user.id if ephemeral else None,
                interaction_id=i.id,
                interaction_meta=fake.interaction_meta(i),
                webhook_id=world.application_id,
            )
        i.followups.append(message)
        i.outcome = i.outcome or message
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(world.message_payload(message))
        return no_content()

    async def webhook_get(self, request: web.Request) -> web.Response:
        i = self._webhook_interaction(request)
        return json_response(self.world.message_payload(self._webhook_message(request, i)))

    async def webhook_patch(self, request: web.Request) -> web.Response:
        i = self._webhook_interaction(request)
        message = self._webhook_message(request, i)
        channel = self.world.channels.get(message.channel_id)
        if channel is not None and channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")  # as the bot's own edit is
        body, files = await read_body(request)
        posting.edit_message(self.fake, message, body, files)
        i.outcome = i.outcome or message
        return json_response(self.world.message_payload(message))

    async def webhook_delete(self, request: web.Request) -> web.Response:
        i = self._webhook_interaction(request)
        posting.delete_message(self.fake, self._webhook_message(request, i))
        return no_content()
