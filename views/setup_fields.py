"""How the setup form asks for a setting: its kind of control, label and one-line help.

Each game lists its fields (GameView.setting_fields); defaults and checks come from the
rules (scorers), so this only says how to ask.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from views.i18n import t


class FieldKind(Enum):
    SWITCH = "switch"
    CHOICE = "choice"
    NUMBER = "number"
    HAND_SIZES = "hand_sizes"


@dataclass(frozen=True)
class SettingField:
    name: str
    kind: FieldKind
    label_key: str
    help_key: str
    # For a choice: option value -> label key.
    options: Mapping[str, str] = field(default_factory=dict)


class UnreadableSetting(ValueError):
    """A setting typed as text that is not a number (or a list of numbers)."""

    def __init__(self, label: str) -> None:
        super().__init__(t("setting.unreadable", setting=label))


def form_value(setting: SettingField, value: Any) -> str | bool:
    """How a setting's value shows in its control (hand sizes as "1, 3, 5")."""
    if setting.kind is FieldKind.HAND_SIZES:
        return ", ".join(str(size) for size in value) if value else ""
    if setting.kind is FieldKind.NUMBER:
        return str(value)
    return value


def read_value(setting: SettingField, shown: str | bool) -> Any:
    """The setting's value from what its control holds; the rules check it afterwards."""
    if setting.kind is FieldKind.HAND_SIZES:
        text = str(shown).replace(";", ",").strip()
        if not text:
            return None
        try:
            return [int(part) for part in text.split(",")]
        except ValueError:
            raise UnreadableSetting(t(setting.label_key)) from None
    if setting.kind is FieldKind.NUMBER:
        try:
            return int(str(shown).strip())
        except ValueError:
            raise UnreadableSetting(t(setting.label_key)) from None
    return shown
