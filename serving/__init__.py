"""The web server: Flet's app behind a door of our own, on sockets of our own.

`ft.run` binds its port itself (too late to report a clash clearly, and without a way to
take a port that only old connections still mention), keeps a closed tab's session for an
hour and serves its client uncompressed. Trickpad builds the same FastAPI app with
`flet_web.fastapi.app` (web_app), serves it with uvicorn on sockets bound here (listeners),
lets only the app's own pages in (web_guard, socket_guard), and loads the screens while the
first browser compiles Flutter (screens_loader).
"""
