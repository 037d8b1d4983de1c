"""The shedding core several games share (follow suit or rank, draw, go out): the game class
(``game.SheddingGame``), what its parts may see of it (``state.SheddingState``) and its saved
form (``saving``). Names no game."""
