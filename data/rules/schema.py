"""SQLite schema of the rules component, as ordered migrations (never edit an applied one; append)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlite_utils

MIGRATIONS: Sequence[Callable[[sqlite_utils.Database], None]] = ()
