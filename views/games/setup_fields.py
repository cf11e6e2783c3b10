"""How the setup form asks for a setting: its kind of control, label and one-line help.

Each game lists its fields (GameView.setting_fields); defaults and checks come from the
rules (scorers), so this only says how to ask. A setting typed in a form of its own (Wizard's
hand sizes, "1, 3, 5") is a subclass in the game's view module that says how its value
shows and is read back.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from views.shell.i18n import t
from views.shell.messages import Refusal


class FieldKind(Enum):
    """The control the setup form shows: a switch, choice chips, or a text field (of
    digits for NUMBER)."""

    SWITCH = "switch"
    CHOICE = "choice"
    NUMBER = "number"
    TEXT = "text"


class UnreadableSetting(ValueError):
    """A setting typed as text that is not a number (or a list of numbers): `refusal`
    names the setting by its label's key, said in words where it is drawn."""

    def __init__(self, label_key: str) -> None:
        super().__init__(label_key)
        self.refusal = Refusal("setting.unreadable", {"field_key": label_key, "field_params": {}})


@dataclass(frozen=True)
class Preset:
    """A ready value a setting offers beside its own control (a published round plan):
    its label's catalog key and parameters, and the value it puts in the form."""

    label_key: str
    params: Mapping[str, Any]
    value: Any


@dataclass(frozen=True)
class SettingField:
    name: str
    kind: FieldKind
    label_key: str
    help_key: str
    # For a choice: option value -> label key.
    options: Mapping[str, str] = field(default_factory=dict)
    # For a text field: the catalog key of the example shown while it is empty.
    hint_key: str | None = None

    def form_value(self, value: Any) -> str | bool:
        """How the setting's value shows in its control (a number as text)."""
        if self.kind is FieldKind.NUMBER:
            return str(value)
        shown: str | bool = value
        return shown

    def value_in_words(self, value: Any) -> str:
        """The setting as a game's settings are listed: "Hook: on", "Target score: 60"."""
        if self.kind is FieldKind.SWITCH:
            said = t("setting.on" if value else "setting.off")
        elif self.kind is FieldKind.CHOICE:
            said = t(self.options[value])
        else:
            said = str(self.form_value(value))
        return t("setting.shown", setting=t(self.label_key), value=said)

    def presets(self, players: int) -> tuple[Preset, ...]:
        """The ready values offered beside the control for a table of `players`; none by
        default."""
        return ()

    def read_value(self, shown: str | bool) -> Any:
        """The setting's value from what its control holds; the rules check it afterwards."""
        if self.kind is FieldKind.NUMBER:
            try:
                return int(str(shown).strip())
            except ValueError:
                raise UnreadableSetting(self.label_key) from None
        return shown


def settings_in_words(fields: tuple[SettingField, ...], settings: Mapping[str, Any]) -> list[str]:
    """A game's settings as its screens list them, in the setup form's order."""
    return [field.value_in_words(settings[field.name]) for field in fields]
