"""Each game's own Discord parts, a package per game (``cogs.games.<game>``): what the game adds
beyond the shared cogs, as one ``cogs.plugin.DiscordGame`` listed in ``cogs.registry``."""
