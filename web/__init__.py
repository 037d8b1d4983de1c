"""The table in a browser: a page per table drawn live over a WebSocket, private links for
seated players, spectator links, and the Discord Activity that opens the same page inside
Discord.

Like the cogs, this front-end is thin: it parses what a page sends, checks who sent it
(``links``, ``activity``), calls the table service (``service.act``, ``service.say``) and
draws what the service's tables and the game's observations say (``frames``). It never reads
storage, and a connection only ever receives what its seat may see: a spectator the public
observation (``observation(None)``), a player their own.
"""
