"""The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME with replay,
member chunk requests, and dispatch of events to every live session, gated on its intents.

Sharding as on Discord: an IDENTIFY may carry ``shard: [id, count]`` (a bad pair is closed
with 4010); that session's READY and GUILD_CREATEs hold only the guilds on its shard
(``(guild_id >> 22) % count``), it gets only those guilds' events, and events outside any
guild (DMs, DM button presses) go to shard 0 only. A session without ``shard`` gets all.

Frames are plain JSON text whatever compression the client asked for (discord.py accepts that).
Each session keeps a buffer of its recent events, so a client that reconnects with RESUME gets
what it missed, as on Discord; a session whose socket is gone keeps buffering for a while.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .state import PRIVILEGED, shard_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from .host import GatewayHost

HEARTBEAT_INTERVAL_MS = 41250
RESUMABLE_FOR = 60.0  # seconds a dropped session keeps buffering events
BUFFER_SIZE = 5000


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    seq: int = 0
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=BUFFER_SIZE))
    ws: web.WebSocketResponse | None = None
    sent_seq: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dropped_at: float | None = None
    shard: tuple[int, int] | None = None  # (shard id, shard count) from IDENTIFY

    def has(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def holds(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of ``guild_id`` (None: a DM, shard 0's)."""
        if self.shard is None:
            return True
        number, count = self.shard
        return number == (0 if guild_id is None else shard_of(guild_id, count))

    def push(self, event: str, data: Any) -> None:
        self.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self.seq, "d": data})
        self.buffer.append((self.seq, frame))
        self.wake.set()


class Gateway:
    def __init__(self, fake: GatewayHost) -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.identify_count = 0
        self.resume_count = 0
        self.sockets: set[web.WebSocketResponse] = set()
        # The latest dispatches, for debugging a test.
        self.events: deque[tuple[str, dict[str, Any]]] = deque(maxlen=2000)

    # -- who is listening ---------------------------------------------------------------------

    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.ws is not None and not s.ws.closed]

    def _receiving(self) -> list[Session]:
        now = asyncio.get_running_loop().time()
        return [
            s
            for s in self.sessions.values()
            if s.ws is not None or (s.dropped_at is not None and now - s.dropped_at < RESUMABLE_FOR)
        ]

    @property
    def connected(self) -> bool:
        return bool(self.live_sessions())

    def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int = 0,
        shape: Callable[[Session, dict[str, Any]], dict[str, Any] | None] | None = None,
        guild_id: int | None = None,
    ) -> None:
        """Queue ``event`` for every session that asked for ``intent`` (0 = always sent) and
        holds the event's guild (``guild_id``, else the body's ``guild_id``; none: shard 0);
        ``shape`` may tailor (or drop, with None) the body per session."""
        self.events.append((event, data))
        if guild_id is None and data.get("guild_id"):
            guild_id = int(data["guild_id"])
        for session in self._receiving():
            if intent and not session.has(intent):
                continue
            if not session.holds(guild_id):
                continue
            body = data if shape is None else shape(session, data)
            if body is not None:
                session.push(event, body)

    # -- the socket ---------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self.sockets.add(ws)
        session: Session | None = None
        writer: asyncio.Task[None] | None = None
        await self._send(ws, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                if op == 1:
                    await self._send(ws, {"op": 11})
                elif op == 2 and session is None:
                    session = await self._identify(ws, d)
                    if session is None:
                        break
                    writer = asyncio.create_task(self._writer(session, ws))
                elif op == 6 and session is None:
                    session = await self._resume(ws, d)
                    if session is None:
                        break
                    writer = asyncio.create_task(self._writer(session, ws))
                elif op == 8 and session is not None:
                    self._members_chunk(session, d)
                # op 3 (presence) and op 4 (voice) need no answer.
        finally:
            self.sockets.discard(ws)
            if writer is not None:
                writer.cancel()
            if session is not None and session.ws is ws:
                session.ws = None
                session.dropped_at = asyncio.get_running_loop().time()
        return ws

    async def _send(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        frame.setdefault("s", None)
        frame.setdefault("t", None)
        frame.setdefault("d", None)
        await ws.send_str(json.dumps(frame))

    async def _writer(self, session: Session, ws: web.WebSocketResponse) -> None:
        while not ws.closed:
            await session.wake.wait()
            session.wake.clear()
            pending: list[tuple[int, str]] = []
            for seq, frame in reversed(session.buffer):  # newest first; stop at what was sent
                if seq <= session.sent_seq:
                    break
                pending.append((seq, frame))
            pending.reverse()
            for seq, frame in pending:
                if ws.closed:
                    return
                await ws.send_str(frame)
                session.sent_seq = seq

    async def _identify(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> Session | None:
        fake = self.fake
        if d.get("token") != fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = d.get("intents")
        if not isinstance(intents, int):
            await ws.close(code=4013, message=b"Invalid intent(s).")
            return None
        for name, bit in PRIVILEGED.items():
            if intents & bit and name not in fake.privileged_intents:
                await ws.close(code=4014, message=b"Disallowed intent(s).")
                return None
        shard = d.get("shard")
        if shard is not None:
            valid = (
                isinstance(shard, list)
                and len(shard) == 2
                and all(isinstance(n, int) for n in shard)
                and 0 <= shard[0] < shard[1]
            )
            if not valid:
                await ws.close(code=4010, message=b"Invalid shard.")
                return None
        self.identify_count += 1
        session = Session(secrets.token_hex(16), intents)
        if shard is not None:
            session.shard = (shard[0], shard[1])
        self.sessions[session.id] = session
        session.ws = ws
        world = fake.world
        guilds = [g for g in world.guild_ids if session.holds(g)]
        ready = {
            "v": 10,
            "user": {
                **world.bot_user.payload(),
                "verified": True,
                "mfa_enabled": False,
                "flags": 0,
            },
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "private_channels": [],
            "relationships": [],
            "application": {"id": str(world.application_id), "flags": 0},
            "_trace": ["fakediscord"],
        }
        if "shard" in d:
            ready["shard"] = d["shard"]
        session.push("READY", ready)
        for gid in guilds:
            session.push(
                "GUILD_CREATE",
                world.guild_payload(with_members=session.has(PRIVILEGED["members"]), guild_id=gid),
            )
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> Session | None:
        session = self.sessions.get(d.get("session_id") or "")
        if session is None or d.get("token") != self.fake.token:
            await self._send(ws, {"op": 9, "d": False})
            await asyncio.sleep(0)
            return None
        self.resume_count += 1
        if session.ws is not None and not session.ws.closed:
            await session.ws.close(code=4000)
        session.ws = ws
        session.dropped_at = None
        session.sent_seq = int(d.get("seq") or 0)
        session.push("RESUMED", {"_trace": ["fakediscord"]})
        return session

    def _members_chunk(self, session: Session, d: dict[str, Any]) -> None:
        world = self.fake.world
        ids = [int(u) for u in d.get("user_ids") or []]
        query = (d.get("query") or "").lower()
        members = []
        for uid in world.member_ids:
            user = world.users[uid]
            if ids and uid not in ids:
                continue
            if not ids and query and not user.name.lower().startswith(query):
                continue
            members.append(world.member_payload(user))
        limit = d.get("limit") or 0
        if limit:
            members = members[:limit]
        body: dict[str, Any] = {
            "guild_id": str(world.guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            body["nonce"] = d["nonce"]
        session.push("GUILD_MEMBERS_CHUNK", body)

    async def close_all(self, code: int = 1001) -> None:
        for ws in list(self.sockets):
            await ws.close(code=code)
