"""The share's book of open connections and its share of the open files
(serving.connection_limits); the real server's deadlines are in tests/server/test_silent.py."""

import socket
from collections.abc import Iterator

import pytest

from serving.connection_limits import (
    FILES_KEPT_FOR_HOST,
    PER_ADDRESS,
    ConnectionBook,
    share_of_open_files,
)


@pytest.fixture
def connections() -> Iterator[list[socket.socket]]:
    """Sockets standing for accepted connections, closed afterwards."""
    made: list[socket.socket] = []
    yield made
    for conn in made:
        conn.close()


def connection(made: list[socket.socket]) -> socket.socket:
    conn, other = socket.socketpair()
    made += [conn, other]
    return conn


def test_an_address_holds_its_bound_and_gets_a_place_back_as_one_closes(
    connections: list[socket.socket],
) -> None:
    book = ConnectionBook(per_address=2, most=3)
    first, second = connection(connections), connection(connections)
    assert book.admit(first, "192.0.2.1") and book.admit(second, "192.0.2.1")
    assert not book.admit(connection(connections), "192.0.2.1")
    assert book.admit(connection(connections), "192.0.2.2")  # another phone is not held back
    first.close()
    assert book.admit(connection(connections), "192.0.2.1")
    assert not book.admit(connection(connections), "192.0.2.3")  # 3 open: the most it holds


def test_the_share_leaves_the_host_its_files(connections: list[socket.socket]) -> None:
    limit = FILES_KEPT_FOR_HOST + 100
    book = ConnectionBook(per_address=PER_ADDRESS, most=share_of_open_files(limit))
    admitted = sum(book.admit(connection(connections), f"192.0.2.{n % 10}") for n in range(150))
    assert admitted == limit - FILES_KEPT_FOR_HOST
    assert share_of_open_files(100) == PER_ADDRESS  # a tiny limit still lets a phone in
