"""``verlies sheets``: printable card sheets (handed to :mod:`verlies.render.sheets`)."""

from __future__ import annotations

from collections.abc import Sequence

from verlies.cli.options import Subcommands


def add_parser(sub: Subcommands) -> None:
    # Listed for --help only: main hands "sheets" to verlies.render.sheets unparsed.
    sub.add_parser(
        "sheets",
        help="printable card sheets: sheets OUT.pdf [--lang en] [--deck FILE]",
        add_help=False,
    )


def run(argv: Sequence[str]) -> int:
    from verlies.render.sheets import main_sheets

    return main_sheets(list(argv))
