"""The phone's share sheet with a file, opened by the tap itself.

Browsers open a share sheet (`navigator.share`) only while they handle the player's tap: a
tap sent to Python and answered later is too late on an iPhone. Flet's ClientAction runs on
the phone within the tap; Flet ships one for text only (ft.ShareText), this one shares a file
known before the tap (Flet's Share service, `share_files`). Where the browser can share the
text but not the file, the service downloads it instead.
"""

from dataclasses import dataclass

import flet as ft
from flet.controls.client_action import action_field, shared_service


@dataclass
class ShareFile(ft.ClientAction):
    """Share `content` as the file `name` of type `mime_type`, from the control's tap."""

    content: bytes = action_field()
    name: str = action_field()
    mime_type: str = action_field()

    def __post_init__(self) -> None:
        shared = ft.ShareFile.from_bytes(self.content, mime_type=self.mime_type, name=self.name)
        # Flet's own actions bind themselves so (flet.controls.services.share.ShareText).
        self._bind(
            shared_service(ft.Share),
            "share_files",
            {
                "files": [shared],
                "download_fallback_enabled": True,
                "mail_to_fallback_enabled": False,
            },
        )


def shares_files(page: ft.Page) -> bool:
    """Whether the phone's browser has a share sheet for files: the browsers of Android and
    iPhones do; a computer's browser may not have `navigator.canShare` at all, and Flet's
    share then fails instead of downloading the file."""
    return page.web and page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
