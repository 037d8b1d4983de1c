"""Each game's own web page parts, a package per game (``web.games.<game>``): what the game adds
beyond the shared page, as one ``web.plugin.WebGame`` listed in ``web.registry``."""
