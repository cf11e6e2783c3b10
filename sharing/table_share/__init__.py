"""The table share: a computer on the table's Wi-Fi serves one game to every phone that
joins with its code (main.py --share). Rights come from the connection, never from what a
phone says (`connections`); `codes` holds the games shared and their codes; `access` says
what a session may do."""
