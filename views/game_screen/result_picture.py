"""Share the result: the result card (views.game_screen.result_card) made into a picture by
the phone itself, then shared from the phone's share sheet, or saved where there is none.

Flutter draws a capture on a surface the size of the browser's view (views.shell.png), so the
card is captured through windows a view's height tall, each on the card a window further
down, and the pieces stacked. The windows are drawn under a cover saying the picture is
being made; the player sees the picture itself once it is.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from storage.keeper import SavedGame
from views.game_screen.charts import scores_text
from views.game_screen.result_card import CARD_WIDTH, result_card
from views.games.registry import GAME_VIEWS
from views.screens.game_files import file_name
from views.shell.i18n import t
from views.shell.png import stacked
from views.shell.services import use_services
from views.shell.share_sheet import ShareFile, shares_files
from views.shell.widgets import Outcome, action_panel, identified
from views.shell.work import off_loop

PICTURE_WIDTH = 1080
"""The widest picture: as wide as a phone's screen in device pixels, what chats show whole."""
FINENESS = (3.0, 2.5, 2.0, 1.5, 1.0, 0.5)
"""Device pixels per logical pixel the picture may be drawn at, finest first: each times an
even number of logical pixels is a whole number of rows."""
PICTURE = "png"


def fineness(view_width: float) -> float:
    """The finest drawing of the card within PICTURE_WIDTH and the view's width in device
    pixels (a capture wider than the view is cut off)."""
    fitting = [ratio for ratio in FINENESS if CARD_WIDTH * ratio <= min(PICTURE_WIDTH, view_width)]
    return fitting[0] if fitting else FINENESS[-1]


@dataclass(frozen=True)
class Geometry:
    """How the card is captured on this phone: drawn `ratio` device pixels a logical pixel,
    through windows `window` logical pixels tall (a whole number of rows), which the view
    holds in device pixels."""

    ratio: float
    window: int

    @staticmethod
    def of(page: ft.Page) -> "Geometry":
        pixel_ratio = page.media.device_pixel_ratio or 1.0
        ratio = fineness((page.width or CARD_WIDTH) * pixel_ratio)
        view_height = (page.height or CARD_WIDTH) * pixel_ratio
        return Geometry(ratio, 2 * max(1, math.floor(view_height / ratio / 2)))


def window(card: ft.Container, top: int, geometry: Geometry) -> ft.Screenshot:
    """The part of the card from `top` down, one window tall, to capture."""
    return ft.Screenshot(
        content=ft.Container(
            width=CARD_WIDTH,
            height=geometry.window,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
            content=ft.Stack(controls=[ft.Container(content=card, left=0, top=-top)]),
        )
    )


async def captured(windows: Sequence[ft.Screenshot], height: float, geometry: Geometry) -> bytes:
    """The card `height` logical pixels tall, captured window by window, as one PNG."""
    pieces = []
    for number, shot in enumerate(windows):
        rows = min(geometry.window, height - number * geometry.window) * geometry.ratio
        pieces.append((await shot.capture(pixel_ratio=geometry.ratio), math.floor(rows)))
    return await off_loop(stacked, pieces, math.floor(CARD_WIDTH * geometry.ratio))


@ft.component
def ShareResult(saved_game: Callable[[], SavedGame]) -> ft.Control:
    """The button that makes the picture of the game as `saved_game()` has it now."""
    showing, set_showing = ft.use_state(False)
    ft.use_dialog(
        ft.BottomSheet(
            content=PictureSheet(saved_game(), lambda: set_showing(False)),
            scrollable=True,
            on_dismiss=lambda _: set_showing(False),
        )
        if showing
        else None
    )
    return ft.OutlinedButton(
        t("picture.share"), icon=ft.Icons.SHARE, on_click=lambda _: set_showing(True)
    )


@ft.component
def PictureSheet(game: SavedGame, close: Callable[[], None]) -> ft.Control:
    """The picture being made (the card measured first, then captured window by window),
    then the picture with the way to send it on."""
    page = ft.context.page
    state = game.ledger.state
    view = GAME_VIEWS[state.game]
    when = game.summary.finished_at or game.summary.updated_at
    geometry = ft.use_memo(lambda: Geometry.of(page), [])
    height, set_height = ft.use_state(0.0)
    picture, set_picture = ft.use_state(b"")
    failed, set_failed = ft.use_state(False)
    first = result_card(state, view, when)
    first.on_size_change = lambda e: set_height(e.height)
    windows = [window(first, 0, geometry)]
    windows += [
        window(result_card(state, view, when), top, geometry)
        for top in range(geometry.window, math.ceil(height), geometry.window)
    ]

    async def make() -> None:
        if not height or picture:
            return
        try:
            set_picture(await captured(windows, height, geometry))
        except (RuntimeError, ValueError):  # the phone could not draw it, or not as a PNG
            set_failed(True)

    ft.use_effect(make, [height])
    closing = ft.TextButton(t("picture.close"), on_click=lambda _: close())
    if failed:
        said = identified("picture-status", ft.Text(t("picture.failed")))
        return sheet_column([said, closing])
    if not picture:
        return sheet_column([making(windows), closing])
    scores = scores_text(state.players, state.totals)
    described = t("picture.described", game=t(view.title_key), scores=scores)
    shown = ft.Image(src=picture, width=CARD_WIDTH, semantics_label=described)
    # The way on first: a tall picture may reach below the screen.
    send_on = SendOn(picture, file_name(game, PICTURE))
    return sheet_column([send_on, closing, identified("picture", shown)])


def making(windows: list[ft.Screenshot]) -> ft.Control:
    """The card's windows (drawn, for the capture), under a cover saying what happens."""
    cover = ft.Container(
        left=0,
        top=0,
        right=0,
        bottom=0,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        alignment=ft.Alignment.TOP_CENTER,
        padding=24,
        content=ft.Column(
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.ProgressRing(),
                identified("picture-status", ft.Text(t("picture.making"))),
            ],
        ),
    )
    return ft.Stack(controls=[*windows, cover])


def sheet_column(controls: list[ft.Control]) -> ft.Control:
    return ft.Container(
        padding=12,
        content=ft.Column(
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(t("picture.title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                *controls,
            ],
        ),
    )


@ft.component
def SendOn(picture: bytes, name: str) -> ft.Control:
    """Share the picture from the phone's share sheet, opened by the tap itself; where the
    browser has none, save it (a download)."""
    files = use_services().files
    outcome, set_outcome = ft.use_state(Outcome())
    if shares_files(ft.context.page):
        share = ShareFile(content=picture, name=name, mime_type="image/png")
        return ft.FilledButton(t("picture.send"), icon=ft.Icons.SHARE, action=share)

    async def save() -> None:
        await files.save(name, picture)
        set_outcome(Outcome(done=t("picture.saved", file=name)))

    button = ft.FilledButton(t("picture.save"), icon=ft.Icons.DOWNLOAD, on_click=save)
    return action_panel([button], "picture-save", outcome)
