"""``python -m deduce.league``: the same as ``deduce league``."""

import sys

from deduce.cli import main

sys.exit(main(["league", *sys.argv[1:]]))
