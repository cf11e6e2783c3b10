"""`make site`: the phone-alone app as static files (build tooling, not app code).

`python -m site_build [--out site] [--serve]` writes Flet's web client, Pyodide (both from
flet_web) and an app archive (`app.tar.gz`: `phone.py`, the app's own packages and the
pure-Python packages it needs in `__pypackages__`) into one folder that is the whole app:
nothing is fetched from outside it. `--serve` then serves the folder on loopback.
"""
