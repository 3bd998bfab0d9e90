"""``python -m grundy``: the ``grundy`` command, for environments without the script."""

from grundy.cli.main import main

main()
