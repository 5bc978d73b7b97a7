"""``python -m bohnen.cli`` runs the ``bohnen`` command."""

import sys

from bohnen.cli.main import main

sys.exit(main())
