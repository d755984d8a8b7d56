"""The leaderboard, by responsibility: ``runs`` (load the inputs), ``columns`` (comparable columns, cells),
``render`` (the markdown), ``files`` (build, check), ``plots`` (PNGs), ``paths`` (where a board's files go).
``tabbench.reporting.leaderboard`` is the public face; import from there."""
