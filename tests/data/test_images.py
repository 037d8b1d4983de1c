"""Whether a table shows card pictures: on by default, a server may turn them off, and a
table's own choice (from /play) wins over its server's."""

from __future__ import annotations

from data import images
from data.db import open_database


def test_pictures_are_on_unless_someone_turned_them_off():
    db = open_database(":memory:")
    assert images.images_for(db, 1, 10) is True
    assert images.images_for(db, None, 10) is True


def test_a_server_can_turn_pictures_off_and_on_again():
    db = open_database(":memory:")
    images.set_server_images(db, 1, False)
    assert images.images_for(db, 1, 10) is False
    assert images.images_for(db, 2, 11) is True
    images.set_server_images(db, 1, True)
    assert images.images_for(db, 1, 10) is True


def test_a_table_choice_wins_over_its_server():
    db = open_database(":memory:")
    images.set_server_images(db, 1, False)
    images.set_table_images(db, 10, True)
    assert images.images_for(db, 1, 10) is True
    images.set_server_images(db, 1, True)
    images.set_table_images(db, 11, False)
    assert images.images_for(db, 1, 11) is False
