"""The rules download's error, apart from the downloader so that naming it loads no HTTP stack."""

from __future__ import annotations

from engine import WorldError


class RulesDownloadError(WorldError):
    """The rules page or file could not be fetched, or the page links no ``.txt`` file."""
