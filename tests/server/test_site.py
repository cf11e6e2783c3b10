"""The phone-alone site as a host serves it, read without a browser (its pages in Chromium:
tests/e2e/test_phone_alone.py)."""

import io
import tarfile
import urllib.request


def test_the_site_has_no_server_code(site: str) -> None:
    """The archive holds the app's screens, rules and storage, but no server part."""
    with (
        urllib.request.urlopen(f"{site}/app.tar.gz") as response,
        tarfile.open(fileobj=io.BytesIO(response.read())) as archive,
    ):
        names = archive.getnames()
    assert "phone.py" in names
    assert "views/app.py" in names
    assert "__pypackages__/flet/__init__.py" in names
    shipped = {name.split("/")[0] for name in names} | {
        name.split("/")[1] for name in names if name.startswith("__pypackages__/")
    }
    for absent in ("serving", "main.py", "flet_web", "uvicorn", "fastapi", "cryptography"):
        assert absent not in shipped
    assert not [name for name in names if name.endswith(".so")]
