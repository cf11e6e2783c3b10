"""Small controls the game screens share."""

import dataclasses
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Literal

import flet as ft

from views.shell.fonts import FALLBACK_FAMILIES, TEXT_FAMILY

CHIP_SIZE = 48  # the smallest tap target Material and WCAG recommend
MINUS = "\u2212"  # the one minus sign of every score shown


def points_text(points: int) -> str:
    """A score or total as shown: "120", or "-30" with a real minus sign (U+2212)."""
    return str(points).replace("-", MINUS)


def change_text(points: int) -> str:
    """A round's change to a total: "+30", "-10" (with U+2212), "0"."""
    return f"+{points}" if points > 0 else points_text(points)


RED_INK = ft.Colors.RED_700
"""The ink of hearts and diamonds, as a pack prints them."""
RED_SUIT_SIGNS = frozenset("\u2665\u2666\u2661\u2662")  # ♥ ♦ and their outlines ♡ ♢


def suited_text(text: str, **style: Any) -> ft.Text:
    """`text` (styled by `style`, as ft.Text is) with each heart and diamond sign drawn red,
    as a card prints them, wherever a suit sign is drawn ("Trump: ♥ hearts"); the rest keeps
    the text's own colour. Screen readers hear the text whole, as one line."""
    runs: list[tuple[str, bool]] = []
    for char in text:
        red = char in RED_SUIT_SIGNS
        if runs and runs[-1][1] == red:
            runs[-1] = (runs[-1][0] + char, red)
        else:
            runs.append((char, red))
    if not any(red for _, red in runs):
        return ft.Text(text, **style)
    spans = [
        ft.TextSpan(run, style=ft.TextStyle(color=RED_INK) if red else None) for run, red in runs
    ]
    style.setdefault("semantics_label", text)
    return ft.Text(spans=spans, **style)


BODY_SIZE = 14  # Material 3's body medium: Flutter's Markdown draws code a size smaller
RED_SUIT_RUN = re.compile(f"[{''.join(sorted(RED_SUIT_SIGNS))}]+")


def suited_markdown(markdown: str, **options: Any) -> ft.Markdown:
    """`markdown` (a rules sheet: no code spans of its own) drawn with each heart and
    diamond sign red, as `suited_text` draws them. Markdown has no colour of its own, so each
    run of red signs becomes a code span, and code spans are drawn in the text's own face
    and size (Material's body medium, the sheet's paragraphs and tables), in red ink, on no
    background."""
    marked_up = RED_SUIT_RUN.sub(lambda run: f"`{run[0]}`", markdown)
    red = ft.TextStyle(
        font_family=TEXT_FAMILY,
        font_family_fallback=FALLBACK_FAMILIES,
        size=BODY_SIZE,
        color=RED_INK,
        bgcolor=ft.Colors.TRANSPARENT,
    )
    return ft.Markdown(
        marked_up, md_style_sheet=ft.MarkdownStyleSheet(code_text_style=red), **options
    )


def icon_button(
    icon: ft.IconData,
    name: str,
    on_click: Callable[[], object],
    *,
    disabled: bool = False,
    tooltip: bool = True,
) -> ft.IconButton:
    """An icon button named on the button itself (its icon's label, which the button's
    node takes over), with the name as tooltip too unless `tooltip` is False; 48 px like
    every tap target.

    A tooltip's words join the nearest enclosing node for screen readers, not the button's:
    beside a tile in a card (which merges what it holds) they would begin the tile's name."""
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=name),
        tooltip=name if tooltip else None,
        disabled=disabled,
        on_click=lambda _: on_click(),
        width=CHIP_SIZE,
        height=CHIP_SIZE,
    )


DISABLED_FILL = ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE)
DISABLED_INK = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE)
"""Material's fill and ink of a disabled filled or tonal button."""


Mark = Literal["filled", "tonal"]
"""How an outlined button is coloured to stand out: as Material's filled or tonal one."""


def marked(style: ft.ButtonStyle, mark: Mark | None) -> ft.ButtonStyle:
    """`style` for an outlined button coloured as Material's "filled" or "tonal" one (None:
    left outlined). A button whose mark changes stays one kind of control: a tap reaches the
    server addressed to the control the phone drew, and a button that became another kind
    of control as its mark changed would lose, without a word, a tap made before the phone
    drew the change."""
    if mark is None:
        return style
    fill, ink = {
        "filled": (ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY),
        "tonal": (ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
    }[mark]
    return dataclasses.replace(
        style,
        bgcolor={ft.ControlState.DISABLED: DISABLED_FILL, ft.ControlState.DEFAULT: fill},
        color={ft.ControlState.DISABLED: DISABLED_INK, ft.ControlState.DEFAULT: ink},
        side=style.side or ft.BorderSide(1, ft.Colors.TRANSPARENT),
    )


def number_chip(
    number: int,
    name: str,
    *,
    selected: bool,
    forbidden: bool = False,
    filled_in: bool = False,
    on_pick: Callable[[int], None],
) -> ft.MergeSemantics:
    """A round button showing `number`, filled when it is the one chosen (in italics when
    the rules filled it in); screen readers hear `name` ("Ben bids 3") and whether it is
    the one chosen.

    One kind of button, chosen or not: choosing another number restyles two chips rather
    than replacing them, which is less to send to the phone and less for it to draw. The
    chosen state is merged into the button's own node: a Semantics inside the button
    would be a second node of the same name."""
    label = ft.Text(
        str(number),
        semantics_label=name,
        weight=ft.FontWeight.BOLD if selected else None,
        italic=filled_in,
        style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if forbidden else None,
    )
    button = ft.OutlinedButton(
        content=label,
        style=marked(
            ft.ButtonStyle(shape=ft.CircleBorder(), padding=0), "filled" if selected else None
        ),
        disabled=forbidden,
        on_click=lambda _: on_pick(number),
        width=CHIP_SIZE,
        height=CHIP_SIZE,
    )
    # The wrapper is disabled with the button: an enabled one would make the merged node
    # enabled, and a forbidden bid would be heard as one to tap.
    heard = ft.Semantics(selected=selected, disabled=forbidden, content=button)
    return ft.MergeSemantics(content=heard)


def number_chips(
    numbers: Iterable[int],
    name_of: Callable[[int], str],
    *,
    selected: int | None,
    forbidden: int | None = None,
    filled_in: int | None = None,
    on_pick: Callable[[int], None],
) -> ft.Row:
    """One chip per number, wrapped over as many lines as the width needs (21 for Wizard's
    largest hand on a phone): every number stays in sight, none behind a sideways scroll."""
    return ft.Row(
        wrap=True,
        spacing=4,
        run_spacing=4,
        controls=[
            number_chip(
                n,
                name_of(n),
                selected=n == selected,
                forbidden=n == forbidden,
                filled_in=n == filled_in,
                on_pick=on_pick,
            )
            for n in numbers
        ],
    )


def cell_button(
    shown: str,
    name: str,
    *,
    filled: bool,
    on_pad: bool,
    style: ft.ButtonStyle,
    on_tap: Callable[[], None],
    size: int | None = None,
) -> ft.Control:
    """A value in a player's row, a button that brings the pad to it: tonal while the pad
    enters it, in italics when the rules filled it in; screen readers hear `name`."""
    text = ft.Text(shown, semantics_label=name, size=size, italic=filled, weight=ft.FontWeight.BOLD)
    style = marked(style, "tonal" if on_pad else None)
    return ft.OutlinedButton(
        content=text,
        width=CHIP_SIZE,
        height=CHIP_SIZE,
        style=style,
        on_click=lambda _: on_tap(),
    )


def labelled_switch(label: str, value: bool, on_change: Callable[[bool], None]) -> ft.Switch:
    """A switch with its label, the whole row a 48 px tall target (Flutter draws it 40)."""
    return ft.Switch(
        label=label,
        value=value,
        height=CHIP_SIZE,
        on_change=lambda e: on_change(bool(e.control.value)),
    )


def identified(identifier: str, control: ft.Control) -> ft.Semantics:
    """A value tests and screen readers find by name, e.g. a player's total.

    Hidden with its content: Flutter refuses a Semantics whose content is not visible."""
    return ft.Semantics(identifier=identifier, content=control, visible=control.visible)


def message_line(text: str | None) -> ft.Control:
    """The reason an entry was refused, shown where it was made."""
    return ft.Text(
        text or "",
        visible=bool(text),
        color=ft.Colors.ERROR,
        weight=ft.FontWeight.W_500,
    )


def choice_chips(
    options: Iterable[tuple[str, str, str]],
    selected: str,
    on_pick: Callable[[str], None],
) -> ft.Row:
    """One button per option (value, visible text, accessible name); the chosen one filled
    (`marked`: each stays one control as the choice moves), and heard as the one chosen
    (merged into the button's node, as a number chip's is).

    Used instead of a dropdown, which Flutter's web accessibility tree does not expose.
    48 px tall, the smallest comfortable tap target."""
    chips: list[ft.Control] = []
    for value, text, name in options:
        button = ft.OutlinedButton(
            content=ft.Text(text, semantics_label=name),
            height=CHIP_SIZE,
            style=marked(ft.ButtonStyle(), "filled" if value == selected else None),
            on_click=lambda _, v=value: on_pick(v),
        )
        chosen = ft.Semantics(selected=value == selected, content=button)
        chips.append(ft.MergeSemantics(content=chosen))
    return ft.Row(wrap=True, spacing=6, run_spacing=6, controls=chips)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What an action panel's last tap did: the line saying so (`done`), or why it failed
    (`failed`); neither before the first tap."""

    done: str | None = None
    failed: str | None = None


def action_panel(buttons: list[ft.Control], name: str, outcome: Outcome) -> ft.Column:
    """Buttons in a row that wraps on a phone; above them what the last tap did (identified
    as `<name>-status`) and why it failed (`<name>-message`), each shown only when there is
    something to say: in the place of the buttons just tapped, so never below the screen."""
    done = outcome.done or ""
    return ft.Column(
        controls=[
            identified(f"{name}-status", ft.Text(done, visible=bool(done), italic=True)),
            identified(f"{name}-message", message_line(outcome.failed)),
            ft.Row(wrap=True, controls=buttons),
        ]
    )


TextFields = dict[int, ft.TextField]
"""A form's text fields in order, as drawn, for Enter in one to move on to the next."""


def on_to_the_next(
    fields: TextFields, index: int, keep: Callable[[str], None]
) -> Callable[[ft.Event[ft.TextField]], Awaitable[None]]:
    """What Enter (Next on a phone's keyboard) in the field `index` of `fields` does: keeps
    the text (`keep`), then puts the focus in the next field, or back in the last one, so
    the next letters typed always land in a field."""

    async def next_field(e: ft.Event[ft.TextField]) -> None:
        keep(e.control.value or "")
        await fields.get(index + 1, fields[index]).focus()  # type: ignore[no-untyped-call]  # Flet leaves focus() unannotated

    return next_field


def use_question(question: str, keep: str, go: str, then: Callable[[], None]) -> Callable[[], None]:
    """A hook: the function that asks `question` in a dialog, and does `then` only once the
    player answers `go` (`keep`, or a tap beside the dialog, does nothing): for a tap that
    would be a pity to make by mistake."""
    asking, set_asking = ft.use_state(False)

    def answered() -> None:
        set_asking(False)
        then()

    ft.use_dialog(
        ft.AlertDialog(
            content=ft.Text(question),
            actions=[
                ft.TextButton(keep, on_click=lambda _: set_asking(False)),
                ft.TextButton(go, on_click=lambda _: answered()),
            ],
            on_dismiss=lambda _: set_asking(False),
        )
        if asking
        else None
    )
    return lambda: set_asking(True)
