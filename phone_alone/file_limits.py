"""The largest files the phone alone reads, apart from the browser so that tests read them."""

from views.shell.services import FileLimits

PHONE_FILE_LIMITS = FileLimits(game_file=5_000_000, backup=10_000_000)
"""The largest game file and backup the phone reads, well below the formats' own: a phone's
browser reads a file several times slower than a computer, and a backup of the formats'
largest (200 MB) runs the tab out of memory. From bench/phone_files_bench.py's figures in
headless Chromium on the 2-core machine (busy with other browsers, hence the spread): the
longest game Trickpad records (20,000 steps, 2.5 MB) opens in 4 to 12 s; a backup of 4,212
played games (11.5 MB) merges in 19 s, one of 2,106 (5.8 MB) took 45 s on a busier minute.
A game file of twice that longest game, and a backup of some 3,500 games, stay within a
minute on a phone a few times slower. A file over them is refused unread (the page's
picker, phone_alone.page_files: a backup of 150 MB in 0.3 s, where read whole it crashed
the tab)."""
