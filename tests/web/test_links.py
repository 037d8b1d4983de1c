"""Signed links: a key names its table and user, cannot be altered, and a player's runs out."""

from __future__ import annotations

import pytest

from web.links import PLAYER_LINK_SECONDS, BadKey, Signer, secret_from

SIGNER = Signer(secret_from("token"))


def test_a_player_key_names_its_table_and_user():
    key = SIGNER.check(SIGNER.player(7, 42, now=1000.0), 7, now=1000.0)
    assert (key.table_id, key.user_id, key.spectator) == (7, 42, False)


def test_a_spectator_key_names_no_user_and_does_not_run_out():
    key = SIGNER.check(SIGNER.spectator(7), 7, now=10.0**10)
    assert key.spectator


def test_a_key_altered_to_name_another_user_is_refused():
    table, _user, expires, signature = SIGNER.player(7, 42, now=0.0).split(".")
    with pytest.raises(BadKey, match="not one the bot made"):
        SIGNER.check(f"{table}.43.{expires}.{signature}", 7, now=0.0)


def test_a_key_for_another_table_is_refused():
    with pytest.raises(BadKey, match="another table"):
        SIGNER.check(SIGNER.player(7, 42, now=0.0), 8, now=0.0)


def test_a_player_key_runs_out():
    text = SIGNER.player(7, 42, now=0.0)
    SIGNER.check(text, 7, now=PLAYER_LINK_SECONDS)
    with pytest.raises(BadKey, match="run out"):
        SIGNER.check(text, 7, now=PLAYER_LINK_SECONDS + 1)


def test_another_bot_token_signs_other_keys():
    other = Signer(secret_from("another token"))
    with pytest.raises(BadKey):
        other.check(SIGNER.spectator(7), 7, now=0.0)


@pytest.mark.parametrize("text", ["", "7", "7.42.0", "a.b.c.d", "7.42.0.00"])
def test_a_malformed_key_is_refused(text):
    with pytest.raises(BadKey):
        SIGNER.check(text, 7, now=0.0)


def test_a_signed_name_is_its_users_alone():
    proof = SIGNER.name_proof(42, "Ana Maria")
    assert SIGNER.check_name(42, "Ana Maria", proof) == "Ana Maria"
    # the proof names one user and one name: not another's, nor another name
    assert SIGNER.check_name(43, "Ana Maria", proof) is None
    assert SIGNER.check_name(42, "Bo", proof) is None
    assert SIGNER.check_name(42, "Ana Maria", "ü" * 32) is None
    assert SIGNER.check_name(42, None, proof) is None


def test_an_opening_ticket_names_its_user_and_channel_and_runs_out():
    ticket = SIGNER.opening(42, 9001, now=1000.0)
    assert SIGNER.check_opening(ticket, now=1000.0) == (42, 9001)
    with pytest.raises(BadKey, match="run out"):
        SIGNER.check_opening(ticket, now=1000.0 + PLAYER_LINK_SECONDS + 1)
    user, _channel, expires, signature = ticket.split(".")
    with pytest.raises(BadKey, match="not one the bot made"):
        SIGNER.check_opening(f"{user}.9002.{expires}.{signature}", now=1000.0)
    # a table's key is no ticket, nor a ticket a key
    with pytest.raises(BadKey):
        SIGNER.check_opening(SIGNER.player(9001, 42, now=1000.0), now=1000.0)
    with pytest.raises(BadKey):
        SIGNER.check(ticket, 42, now=1000.0)


def test_a_key_whose_signature_is_not_ascii_is_refused():
    key = SIGNER.player(7, 42, now=0.0)
    with pytest.raises(BadKey, match="not one the bot made"):
        SIGNER.check(key[:-2] + "üü", 7, now=0.0)
