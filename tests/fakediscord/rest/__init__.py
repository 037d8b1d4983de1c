"""Discord's REST API in the fake, one class per resource group, each owning its handlers and
the routes it serves (``routes()``): the application and login (``application``), users and
DMs (``users``), application commands (``commands``), guilds and channels (``guilds``),
messages and reactions (``messages``), threads and their members (``threads``), the
interaction callback (``callback``) and the webhook follow-ups (``webhooks``).
``tests.fakediscord.server.RestApi`` composes them; the helpers they share (the path lookups,
the JSON answers, the request bodies) are in ``common``, and the per-channel message limit in
``ratelimits``.
"""
