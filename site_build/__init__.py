"""`make site`: the phone-alone app as static files (build tooling, not app code).

`python -m site_build [--out site] [--base /] [--zip] [--serve]` writes Flet's web client,
Pyodide (both from flet_web) and an app archive (`app.tar.gz`: `phone.py`, the app's own
packages and the pure-Python packages it needs in `__pypackages__`) into one folder that is
the whole app: nothing is fetched from outside it. `--base` is the path a host serves it at
(`/trickpad/` for a project page), `--zip` then packs the folder into one archive beside it
(site_build.site_zip), and `--serve` serves the folder on loopback.
"""
