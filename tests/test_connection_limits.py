"""The share's book of open connections and its share of the open files
(serving.connection_limits); the real server's deadlines are in tests/server/test_silent.py."""

from serving.connection_limits import (
    FILES_KEPT_FOR_HOST,
    PER_ADDRESS,
    ConnectionBook,
    share_of_open_files,
)


def test_an_address_holds_its_bound_and_gets_a_place_back_as_one_closes() -> None:
    book = ConnectionBook(per_address=2)
    first, second, third = object(), object(), object()
    assert book.admit(first, "192.0.2.1") and book.admit(second, "192.0.2.1")
    assert not book.admit(third, "192.0.2.1")
    assert book.admit(third, "192.0.2.2")  # another phone is not held back
    book.release(first, "192.0.2.1")
    book.release(first, "192.0.2.1")  # twice: nothing more
    assert book.admit(object(), "192.0.2.1")
    assert len(book) == 3


def test_the_share_leaves_the_host_its_files() -> None:
    book = ConnectionBook(per_address=PER_ADDRESS, most=share_of_open_files(1024))
    admitted = sum(book.admit(object(), f"192.0.2.{n % 250}") for n in range(2000))
    assert admitted == 1024 - FILES_KEPT_FOR_HOST
    assert share_of_open_files(100) == PER_ADDRESS  # a tiny limit still lets a phone in
