"""``python -m bpdsl``: the same command line as the ``bpdsl`` script."""
from bpdsl.cli import main

main()
