"""``python -m verlies COMMAND ...``: the command line of :mod:`verlies.cli`."""

import sys

from verlies.cli import main

if __name__ == "__main__":
    sys.exit(main())
