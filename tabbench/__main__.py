"""``python -m tabbench`` is ``tabbench``."""

from tabbench.cli import main

main()
