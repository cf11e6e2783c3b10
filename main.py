"""Trickpad's entry point: read the flags, wire storage to the views, serve the app."""

import argparse
import contextlib
import errno
import os
import signal
import socket
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_data_dir
from starlette.types import ASGIApp

from serving.connection_limits import (
    PER_ADDRESS,
    ConnectionBook,
    raise_open_files_limit,
    share_of_open_files,
)
from serving.listeners import Listener, listen_socket, serve
from serving.memory import return_large_blocks
from serving.screens_loader import AppMain, ScreensLoader
from serving.web_app import Uploads, web_app
from serving.web_guard import guarded
from sharing.table_share.codes import Shares
from storage import OpenResult, StorageError, open_store
from storage.backup import MAX_LIBRARY_BYTES
from storage.folder_lock import FolderInUse, FolderLock, lock_folder
from storage.keeper import GameKeeper
from views.shell.i18n import t
from views.shell.notices import Notice, recovery_notices

ASSETS_DIR = Path(__file__).resolve().parent / "assets"


def default_data_dir() -> Path:
    """Where games live: Flet's app storage when `flet run` set it, else the user's data dir."""
    flet_storage = os.environ.get("FLET_APP_STORAGE_DATA")
    return Path(flet_storage) if flet_storage else Path(user_data_dir("trickpad", "trickpad"))


def uploads_in(data_dir: Path) -> Uploads:
    """The folder picked files are uploaded to, emptied of any a stopped server left, and
    the largest file it takes: a backup's limit (a game file's is smaller)."""
    folder = data_dir / "uploads"
    for leftover in folder.glob("*.upload"):
        with contextlib.suppress(OSError):
            leftover.unlink()
    return Uploads(folder, MAX_LIBRARY_BYTES)


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(t("cli.bad_port", value=text))
    return port


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py", description=t("cli.description"))
    parser.add_argument("--host", default="127.0.0.1", help=t("cli.help.host"))
    parser.add_argument("--port", type=port_number, default=8550, help=t("cli.help.port"))
    parser.add_argument("--data-dir", type=Path, default=None, help=t("cli.help.data_dir"))
    parser.add_argument("--no-browser", action="store_true", help=t("cli.help.no_browser"))
    parser.add_argument("--share", action="store_true", help=t("cli.help.share"))
    parser.add_argument("--share-address", default=None, help=t("cli.help.share_address"))
    return parser.parse_args(argv)


def claim_port(host: str, port: int) -> socket.socket:
    """A socket listening on `port` (a free one for 0); SystemExit with one clear line if not."""
    try:
        return listen_socket(host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            # A port is a name, not a quantity: written as typed ("8550", never "8,550").
            raise SystemExit(t("cli.port_in_use", port=str(port))) from None
        reason = error.strerror or str(error)
        raise SystemExit(t("cli.cannot_listen", host=host, port=str(port), reason=reason)) from None


def hold_folder(data_dir: Path) -> FolderLock:
    """This server's hold on its data folder; SystemExit naming the server that has it.

    Two servers on one folder would each save safely, but neither's screens would show the
    other's entries: the second is refused and told where to find the first."""
    try:
        return lock_folder(data_dir)
    except FolderInUse as taken:
        if taken.address:
            raise SystemExit(
                t("cli.already_running", folder=str(data_dir), url=taken.address)
            ) from None
        raise SystemExit(t("cli.already_running_unknown", folder=str(data_dir))) from None
    except StorageError as error:
        raise SystemExit(t(error.key, **error.params)) from None


def lan_address() -> str:
    """This computer's address on its network, as phones on the Wi-Fi reach it.

    Connecting a UDP socket sends nothing: it only makes the system choose the interface
    it would route through (to a documentation-only address, TEST-NET-1)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError as error:
            raise SystemExit(t("cli.no_network", reason=error.strerror or str(error))) from None
        return str(probe.getsockname()[0])


def url_of(scheme: str, address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"{scheme}://{host}:{port}"


def announce(host: str, port: int, open_browser: bool, share_url: str | None) -> None:
    """Print the address once the server answers, then open a browser if wanted."""
    print(f"http://{host}:{port}", flush=True)
    if share_url is not None:
        print(t("cli.share_hint", url=share_url), flush=True)
    if open_browser:
        connect_host = "127.0.0.1" if host in ("0.0.0.0", "") else host
        webbrowser.open(f"http://{connect_host}:{port}")


def has_display() -> bool:
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )


def open_games(data_dir: Path, lock: FolderLock, address: str) -> OpenResult:
    """The games in `data_dir`, opened once its lock names this server's `address`; SystemExit
    with one clear line if the folder or its database cannot be used."""
    try:
        lock.announce(address)
        return open_store(data_dir)
    except StorageError as error:
        raise SystemExit(t(error.key, **error.params)) from None


def told_recovery(opened: OpenResult) -> list[Notice]:
    """What opening the games recovered from (a damaged database set aside): printed now,
    and returned for Home to say."""
    notices = recovery_notices(opened.recovery) if opened.recovery else []
    for notice in notices:
        print(t(notice.key, **notice.params), file=sys.stderr, flush=True)
    return notices


ServedOn = Callable[[ASGIApp], Listener]
"""A socket claimed, waiting for the app it will serve."""


def share_listener(
    data_dir: Path, address: str | None, port: int, open_files: int
) -> tuple[str, ServedOn]:
    """The table share's address, https on this computer's network address (`address` if
    given) and `port`, and its socket, whose strangers may hold so many connections, and
    leave the host the rest."""
    # Imported only here: cryptography is slow to import (bench/ui_bench.py's cold start).
    from serving.certificate import ensure_certificate

    address = address or lan_address()
    sock = claim_port(address, port)
    tls = ensure_certificate(data_dir, address)
    for moved in tls.set_aside:
        print(t("cli.certificate_set_aside", path=str(moved)), file=sys.stderr, flush=True)
    book = ConnectionBook(PER_ADDRESS, share_of_open_files(open_files))

    def served_on(app: ASGIApp) -> Listener:
        return Listener(guarded(app, via_share=True), sock, tls, book)

    return url_of("https", address, port), served_on


def trickpad_app(
    keeper: GameKeeper, notices: list[Notice], uploads: Uploads, share_url: str | None
) -> ASGIApp:
    """The web app: Flet's client (compressed once, on the first start) and the screens,
    imported in the background while the browser starts Flutter."""
    shares = Shares()

    def load_main() -> AppMain:
        from views.app import build_main
        from views.shell.services import FilePickerFiles

        def files() -> FilePickerFiles:
            return FilePickerFiles(uploads.folder)

        return build_main(keeper, notices, files=files, shares=shares, share_url=share_url)

    screens = ScreensLoader(load_main)
    app = web_app(
        screens.main,
        ASSETS_DIR,
        t("app.name"),
        t("app.description"),
        uploads=uploads,
        on_first_run=lambda: print(t("cli.compressing_client"), flush=True),
        on_cache_error=lambda error: print(
            t("cli.cache_unavailable", path=error.filename or "", reason=error.strerror or ""),
            file=sys.stderr,
            flush=True,
        ),
    )
    return screens.after_client_program(app)


def run(argv: list[str]) -> None:
    """Serve the games of the data folder the flags name until SIGINT or SIGTERM."""
    args = parse_args(argv)
    open_files = raise_open_files_limit()
    return_large_blocks()
    data_dir = (args.data_dir or default_data_dir()).expanduser().resolve()
    # The folder is taken before the port: a second `make run` on the default port should
    # hear that Trickpad already runs there, not that the port is in use.
    lock = hold_folder(data_dir)
    sock = claim_port(args.host, args.port)
    port = sock.getsockname()[1]
    opened = open_games(data_dir, lock, f"http://{args.host}:{port}")
    notices = told_recovery(opened)
    keeper = GameKeeper(opened.store)
    keeper.at_start()
    share_url: str | None = None
    share: ServedOn | None = None
    if args.share:
        share_url, share = share_listener(data_dir, args.share_address, port, open_files)
    app = trickpad_app(keeper, notices, uploads_in(data_dir), share_url)
    listeners = [Listener(guarded(app), sock)]
    if share is not None:
        listeners.append(share(app))
    open_browser = has_display() and not args.no_browser
    # SIGTERM stops the server gracefully; afterwards the process exits normally (status 0).
    signal.signal(signal.SIGTERM, lambda *_: None)
    with lock, opened.store:
        serve(listeners, lambda: announce(args.host, port, open_browser, share_url))


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        run(sys.argv[1:])
