"""What the phone-alone app has done before the snapshot its later starts begin from
(site_build/python_start.js): imported Flet and every module `phone.py` needs, and read the
languages' data (views.shell.preload), so that a start from the snapshot does none of it.

Nothing here may touch the browser (`js`, `pyodide_js`, `flet_js`,
`phone_alone.browser_storage`, `phone_alone.one_tab`, `phone_alone.page_files`,
`phone_alone.page_relay`): an interpreter that makes a snapshot may hold no browser objects.
"""

import importlib

MODULES = (
    "flet",
    "flet.app",
    "flet.components.component",
    "flet_charts",
    "phone_alone.file_limits",
    "phone_alone.keeping_told",
    "phone_alone.webrtc_bridge",
    "phone_alone.sync_gate",
    "storage",
    "storage.keeper",
    "sharing.table_share.connections",
    "views.app",
    "views.shell.device",
    "views.shell.i18n",
    "views.shell.keeping",
    "views.shell.messages",
    "views.shell.notices",
    "views.shell.services",
)
"""What phone.py imports, but its modules that talk to the browser, and Flet's charts (the
game screen's, imported with it); and what Flet imports later, which a start from the
snapshot would import while the phone waits: `ft.run`'s module, and the components' module
the first render imports (each tens of ms in the browser)."""


def warm_up() -> None:
    """Import the modules and read every language now, as the app's first screen would."""
    for name in MODULES:
        importlib.import_module(name)
    importlib.import_module("views.shell.preload").preload()
