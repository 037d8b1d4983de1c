"""Application commands, global and per guild: list, overwrite in bulk (what ``tree.sync()``
does, counted in ``fake.sync_count``), create, read, edit and delete one, with the checks
Discord makes on a command's name, description and options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from ..api_errors import ApiError, invalid_form
from .common import API, json_response, no_content, read_body

if TYPE_CHECKING:
    from ..host import RestHost


class Commands:
    def __init__(self, fake: RestHost) -> None:
        self.fake = fake
        self.world = fake.world

    def routes(self) -> list[web.RouteDef]:
        out: list[web.RouteDef] = []
        for base in (
            f"{API}/applications/{{app}}/commands",
            f"{API}/applications/{{app}}/guilds/{{gid}}/commands",
        ):
            out += [
                web.get(base, self.list_commands),
                web.put(base, self.put_commands),
                web.post(base, self.post_command),
                web.get(base + "/{cmd}", self.get_command),
                web.patch(base + "/{cmd}", self.patch_command),
                web.delete(base + "/{cmd}", self.delete_command),
            ]
        return out

    def _command_list(self, request: web.Request) -> list[dict[str, Any]]:
        if request.match_info["app"] != str(self.world.application_id):
            raise ApiError(404, 10002, "Unknown Application")
        gid = request.match_info.get("gid")
        if gid is None:
            return self.world.global_commands
        if not gid.isdigit() or int(gid) not in self.world.guild_names:
            raise ApiError(403, 50001, "Missing Access")
        return self.world.guild_commands.setdefault(int(gid), [])

    def _stored_command(
        self, request: web.Request, data: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        errors: dict[str, str] = {}
        name = data.get("name") or ""
        if not 1 <= len(name) <= 32 or name != name.lower():
            errors["name"] = "Command names are 1-32 lower-case characters."
        if data.get("type", 1) == 1 and not 1 <= len(data.get("description") or "") <= 100:
            errors["description"] = "Must be between 1 and 100 in length."
        if len(data.get("options") or []) > 25:
            errors["options"] = "Must be 25 or fewer in length."
        if errors:
            raise invalid_form(errors)
        cmd = dict(data)
        cmd.setdefault("type", 1)
        cmd.setdefault("options", [])
        cmd.setdefault("description", "")
        cmd.setdefault("default_member_permissions", None)
        cmd["id"] = old["id"] if old else str(self.world.snowflake())
        cmd["application_id"] = str(self.world.application_id)
        cmd["version"] = str(self.world.snowflake())
        gid = request.match_info.get("gid")
        if gid is not None:
            cmd["guild_id"] = gid
        return cmd

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self._command_list(request))

    async def put_commands(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        body, _ = await read_body(request)
        if not isinstance(body, list):
            raise invalid_form({"_": "Expected a list of commands"})
        by_name = {(c["name"], c.get("type", 1)): c for c in current}
        stored = [
            self._stored_command(request, d, by_name.get((d.get("name"), d.get("type", 1))))
            for d in body
        ]
        current[:] = stored
        self.fake.sync_count += 1
        return json_response(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        body, _ = await read_body(request)
        old = next((c for c in current if c["name"] == body.get("name")), None)
        cmd = self._stored_command(request, body, old)
        if old is not None:
            current[current.index(old)] = cmd
        else:
            current.append(cmd)
        return json_response(cmd, 201 if old is None else 200)

    def _find_command(self, request: web.Request) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        current = self._command_list(request)
        cmd = next((c for c in current if c["id"] == request.match_info["cmd"]), None)
        if cmd is None:
            raise ApiError(404, 10063, "Unknown application command")
        return current, cmd

    async def get_command(self, request: web.Request) -> web.Response:
        return json_response(self._find_command(request)[1])

    async def patch_command(self, request: web.Request) -> web.Response:
        current, cmd = self._find_command(request)
        body, _ = await read_body(request)
        new = self._stored_command(request, {**cmd, **body}, cmd)
        current[current.index(cmd)] = new
        return json_response(new)

    async def delete_command(self, request: web.Request) -> web.Response:
        current, cmd = self._find_command(request)
        current.remove(cmd)
        return no_content()
