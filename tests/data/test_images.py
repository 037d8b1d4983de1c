"""Whether a table shows card pictures: on by default, a server may turn them off, and a
table's own choice (from /play) wins over its server's; the same on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from data import images
from data.db import open_database


@pytest.fixture
def db(storage):
    database = open_database(storage)
    yield database
    database.close()


def test_pictures_are_on_unless_someone_turned_them_off(db):
    assert images.images_for(db, 1, 10) is True
    assert images.images_for(db, None, 10) is True


def test_a_server_can_turn_pictures_off_and_on_again(db):
    images.set_server_images(db, 1, False)
    assert images.images_for(db, 1, 10) is False
    assert images.images_for(db, 2, 11) is True
    images.set_server_images(db, 1, True)
    assert images.images_for(db, 1, 10) is True


def test_a_table_choice_wins_over_its_server(db):
    images.set_server_images(db, 1, False)
    images.set_table_images(db, 10, True)
    assert images.images_for(db, 1, 10) is True
    images.set_server_images(db, 1, True)
    images.set_table_images(db, 11, False)
    assert images.images_for(db, 1, 11) is False
    images.set_table_images(db, 11, True)
    assert images.images_for(db, 1, 11) is True
