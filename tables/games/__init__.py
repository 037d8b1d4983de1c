"""Each game's own parts of the table service, a package per game (``tables.games.<game>``):
what the game adds beyond the shared service, as one ``tables.plugin.TableGame`` listed in
``tables.registry``."""
