"""What the phone-alone app (phone.py, Python in the phone's browser) needs of the browser
itself: games kept in its storage, and one tab at a time holding them.

Only `sync_gate` runs outside a browser; the other modules import Pyodide's `js` and
`pyodide` and are tested in a real browser (tests/e2e/test_phone_alone.py).
"""
