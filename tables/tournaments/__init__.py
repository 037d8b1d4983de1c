"""Tournaments, one part of the table service (``part.Tournaments``): Swiss events and arenas.
The event as stored and told to the front-ends (``event``), its rules of pairing and scoring
(``rules``), who sits where (``seating``), what may be asked of it (``checks``), taking it up
again after a restart (``recovery``) and its frozen view (``view``)."""
