"""The shares' logic, without Flet: how a game is shared with the phones at a table.

Two shares, a package each, and what both use beside them:

- `table_share`: the table share, a computer serving the game (`main.py --share`): join
  codes, who is at the other end of a connection, and what each connection may do.
- `phones_only`: a phone alone sharing its game with the others, phone to phone over
  WebRTC: the invitation and reply texts, the channel, the messages on it, and the host's
  and a guest's side.
- `fair_share`: how much each phone may send, so that every phone gets its turn.

The screens that draw them are in views/ (the share panels, the join screens,
views/shell/phone_tables.py); the server's door in serving/; the page's WebRTC and the
worker's bridge to it in assets/trickpad-webrtc.js and phone_alone/webrtc_bridge.py.
"""
