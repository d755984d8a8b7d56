"""The leaderboard, by responsibility: ``runs`` (load the inputs), ``columns`` (comparable columns, cells),
``render`` (the markdown), ``files`` (build, check), ``plots`` (PNGs). ``tabbench.reporting.leaderboard`` is the
public face; import from there."""
