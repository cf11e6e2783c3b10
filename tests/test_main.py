"""main.py's flags, as a user meets them on the command line."""

import errno
import os
import signal
import socket
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import main
from storage import DB_FILENAME
from tests.app_server import REPO_ROOT, AppServer
from views.shell.i18n import t


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", "--no-browser", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_help_explains_every_flag() -> None:
    result = run_main("--help")
    assert result.returncode == 0
    words = " ".join(result.stdout.split())
    for flag, key in [
        ("--host", "cli.help.host"),
        ("--port", "cli.help.port"),
        ("--data-dir", "cli.help.data_dir"),
        ("--no-browser", "cli.help.no_browser"),
    ]:
        assert flag in words
        assert " ".join(t(key).split()) in words


@pytest.mark.parametrize("bad", ["abc", "70000", "-1"])
def test_a_bad_port_is_refused_with_a_message(bad: str) -> None:
    result = run_main("--port", bad)
    assert result.returncode == 2
    assert t("cli.bad_port", value=bad) in result.stderr


def test_a_port_in_use_gives_one_line_naming_the_port(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_main("--port", str(port), "--data-dir", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.strip() == t("cli.port_in_use", port=str(port))
    assert "Traceback" not in result.stderr


def port_left_in_time_wait() -> int:
    """A free port whose last connection waits in TIME_WAIT, as a killed server leaves it.

    Like every server here (uvicorn's, and ours), the listener sets SO_REUSEADDR; Linux lets
    a new socket share the port with such leftovers only if it sets SO_REUSEADDR too."""
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        served, _ = listener.accept()
        served.close()  # the server's end closes first, so it is the one left in TIME_WAIT
        client.recv(1)
        client.close()
    return port


def test_a_restarted_server_takes_its_port_at_once_and_a_second_one_is_refused(
    tmp_path: Path,
) -> None:
    port = port_left_in_time_wait()
    with socket.socket() as plain, pytest.raises(OSError):
        plain.bind(("127.0.0.1", port))  # what refused restarts for a minute before
    server = AppServer(data_dir=tmp_path, port=str(port))
    server.start()
    try:
        assert server.url == f"http://127.0.0.1:{port}"
        second = run_main("--port", str(port), "--data-dir", str(tmp_path / "other"))
        assert second.returncode == 1
        assert second.stderr.strip() == t("cli.port_in_use", port=str(port))
    finally:
        server.stop()


def test_sigterm_stops_the_server_cleanly(tmp_path: Path) -> None:
    server = AppServer(data_dir=tmp_path)
    server.start()
    assert server.url.startswith("http://127.0.0.1:")
    assert server.process is not None
    process = server.process
    os.killpg(process.pid, signal.SIGTERM)
    assert process.wait(timeout=15) == 0
    assert "Traceback" not in (process.stdout.read() if process.stdout else "")


def test_data_dir_defaults_to_flet_app_storage_when_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    assert main.default_data_dir() == tmp_path
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert "trickpad" in str(main.default_data_dir()).lower()


def test_a_damaged_database_is_moved_aside_and_the_app_starts(tmp_path: Path) -> None:
    damaged = tmp_path / DB_FILENAME
    damaged.write_bytes(b"this is not a database" * 100)
    server = AppServer(data_dir=tmp_path)
    server.start()
    try:
        moved = [p for p in tmp_path.iterdir() if p.name.startswith(f"{DB_FILENAME}.damaged-")]
        assert len(moved) == 1
        assert moved[0].read_bytes() == b"this is not a database" * 100
        notice = t("storage.damaged_moved_aside", path=str(moved[0]))
        assert notice + "\n" in server.output
        assert (tmp_path / DB_FILENAME).exists()
    finally:
        server.stop()


def test_without_a_writable_cache_folder_the_client_is_served_uncompressed(
    tmp_path: Path,
) -> None:
    not_a_folder = tmp_path / "cache"
    not_a_folder.write_text("a file where the cache folder would go")
    server = AppServer(data_dir=tmp_path / "data", env={"XDG_CACHE_HOME": str(not_a_folder)})
    server.start()
    try:
        request = urllib.request.Request(
            f"{server.url}/main.dart.wasm", headers={"Accept-Encoding": "gzip, br"}
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert reply.status == 200
            assert reply.headers["Content-Encoding"] is None
        notice = [line for line in server.output if str(not_a_folder) in line]
        assert len(notice) == 1
        message = t("cli.cache_unavailable", path="<path>", reason=os.strerror(errno.ENOTDIR))
        assert notice[0].strip().endswith(message.split("<path>")[1])
    finally:
        server.stop()


def test_a_damaged_share_key_is_set_aside_with_a_message_and_the_share_starts(
    tmp_path: Path,
) -> None:
    tmp_path.joinpath("share-key.pem").write_text("-----BEGIN PRIVATE KEY-----\ncut short")
    server = AppServer(data_dir=tmp_path, args=["--share", "--share-address", "127.0.0.4"])
    server.start()
    try:
        moved = [p for p in tmp_path.iterdir() if p.name.startswith("share-key.pem.unusable-")]
        assert len(moved) == 1
        assert moved[0].read_text() == "-----BEGIN PRIVATE KEY-----\ncut short"
        assert t("cli.certificate_set_aside", path=str(moved[0])) + "\n" in server.output
        assert "Traceback" not in "".join(server.output)
        share = ssl.create_default_context()
        share.check_hostname = False
        share.verify_mode = ssl.CERT_NONE
        with urllib.request.urlopen(
            server.url.replace("http://127.0.0.1", "https://127.0.0.4"), timeout=10, context=share
        ) as reply:
            assert reply.status == 200
    finally:
        server.stop()


def test_a_second_server_on_the_same_folder_names_the_first_and_exits(tmp_path: Path) -> None:
    first = AppServer(data_dir=tmp_path)
    first.start()
    try:
        refused = t("cli.already_running", folder=str(tmp_path.resolve()), url=first.url)
        # On a free port of its own, and on the first one's port (`make run` twice): the
        # folder is what is refused, not the port.
        for port in ("0", str(first.port)):
            second = run_main("--port", port, "--data-dir", str(tmp_path))
            assert second.returncode == 1
            assert second.stderr.strip() == refused
            assert second.stdout == ""
        with urllib.request.urlopen(first.url, timeout=10) as reply:
            assert reply.status == 200  # the first one serves on, untouched
    finally:
        first.stop()


def test_a_killed_server_does_not_keep_its_folder(tmp_path: Path) -> None:
    first = AppServer(data_dir=tmp_path)
    first.start()
    try:
        first.stop(signal.SIGKILL)  # as kill -9: no cleanup, its address left in the lock file
        assert first.url in (tmp_path / "trickpad.lock").read_text()
        second = AppServer(data_dir=tmp_path)
        second.start()
        try:
            assert second.url.startswith("http://127.0.0.1:")
            assert (tmp_path / "trickpad.lock").read_text() == second.url + "\n"
            third = run_main("--port", "0", "--data-dir", str(tmp_path))
            assert third.returncode == 1
            assert second.url in third.stderr
        finally:
            second.stop()
    finally:
        first.stop()


def test_a_stopped_server_leaves_its_folder_free_for_the_next(tmp_path: Path) -> None:
    first = AppServer(data_dir=tmp_path)
    first.start()
    first.stop()  # SIGTERM: a clean stop
    assert (tmp_path / "trickpad.lock").read_text() == ""  # no address of a server gone
    second = AppServer(data_dir=tmp_path)
    second.start()
    second.stop()


def test_a_full_disk_at_start_is_one_plain_line(tmp_path: Path, small_disk) -> None:
    data = small_disk.path / "data"
    server = AppServer(data_dir=data)
    server.start()  # games and a lock file from an earlier evening
    server.stop()
    small_disk.fill()
    result = run_main("--port", "0", "--data-dir", str(data))
    assert result.returncode == 1
    assert result.stderr.strip() == t("storage.disk_full_at_start", path=str(data))
    small_disk.free()
    server.start()  # with room again, the same folder starts as usual
    server.stop()
