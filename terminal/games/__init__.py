"""Each game's own terminal parts, a package per game (``terminal.games.<game>``): what the game
adds beyond the shared terminal, as one ``terminal.plugin.TerminalGame`` listed in
``terminal.registry``."""
