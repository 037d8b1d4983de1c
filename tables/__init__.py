"""The table service (``tables.service.TableService``): lobbies, seats, turns, bots, clocks
and timers, one lock per table, the action log and recovery after a restart, built from one
part per concern. Every front-end talks to the game through it; a game's own parts plug in
through ``tables.plugin.TableGame`` (``tables.registry``)."""
