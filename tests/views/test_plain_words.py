"""The phone alone names no file of the browser's memory in any storage message: each
message that names a path has the phone's own words, which name none
(views.shell.keeping.PHONE_WORDS)."""

import re

import pytest

from storage.errors import MESSAGES
from views.shell import messages
from views.shell.i18n import LANGUAGES, catalog, t
from views.shell.keeping import PHONE_WORDS

PATH = "/data/trickpad.sqlite3.damaged-20261204T160000Z"


def naming_a_file(language: str) -> set[str]:
    """The storage messages of a language's catalog (English: storage.errors') that name
    a path or a folder."""
    texts = {**MESSAGES, **catalog(language)}
    return {
        key
        for key, text in texts.items()
        if key.startswith("storage.") and re.search(r"\{(path|folder)\}", text)
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_storage_message_naming_a_file_is_said_in_the_phones_words(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert naming_a_file(language) <= set(PHONE_WORDS)
    monkeypatch.setattr(messages, "_WORDS_INSTEAD", {})
    messages.say_instead(PHONE_WORDS)
    for key, phone_key in PHONE_WORDS.items():
        with monkeypatch.context() as session:
            session.setattr("views.shell.i18n.session_language", lambda: language)
            text = messages.said(key, {"path": PATH, "detail": "I/O error", "found": 9})
        assert text == t(phone_key, language)
        assert "/data" not in text and "{" not in text
