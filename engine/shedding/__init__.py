"""The shedding core several games share (follow suit or rank, draw, go out): the game class
(``game.SheddingGame``), what its parts may see of it (``state.SheddingState``), its saved form
(``saving``) and its determinization for the expert's search (``sampler``). Names no game."""
