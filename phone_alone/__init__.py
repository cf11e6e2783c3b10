"""What the phone-alone app (phone.py, Python in the phone's browser) needs of the browser
itself: games kept in its storage, one tab at a time holding them, and links to other
phones (WebRTC, held by the page).

Only `sync_gate` and `webrtc_bridge` run outside a browser; the other modules import
Pyodide's `js` and `pyodide` and are tested in a real browser (tests/e2e/test_phone_alone.py,
tests/e2e/test_webrtc_links.py).
"""
