"""``python -m simkit``: the same as the ``simkit`` command."""
import sys

from simkit.cli import main

sys.exit(main())
