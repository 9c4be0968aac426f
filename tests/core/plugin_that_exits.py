"""A plugin module whose import calls ``sys.exit``: the registry must survive even that."""

raise SystemExit(3)
