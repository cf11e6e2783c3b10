"""The yardstick for ui_bench.py: a bare Flet app, one text and one button that counts.

Served as Flet serves any app: `ft.run` in web mode, offline. Usage: bare_counter.py PORT"""

import sys

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("0")

    def add(_: ft.Event[ft.Button]) -> None:
        count.value = str(int(count.value) + 1)

    page.add(count, ft.Button("Add", on_click=add))


if __name__ == "__main__":
    ft.run(
        main,
        view=ft.AppView.WEB_BROWSER,
        host="127.0.0.1",
        port=int(sys.argv[1]),
        no_cdn=True,
    )
