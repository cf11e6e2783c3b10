"""Where this Python runs: on a server, or in the phone's browser (the phone-alone app).

On a server the sessions of many phones share one event loop, and work that grows with the
data goes to a thread or a process (views.shell.work). In the browser (Pyodide) there are no
threads, no processes and no other phone; and no table to share. This is the one switch
between the two: read it as `runtime.IN_BROWSER` at the moment of use, so that a test can
play the browser.
"""

import sys

IN_BROWSER = sys.platform == "emscripten"
"""Python runs in the phone's browser (Pyodide): no threads, no worker processes."""
