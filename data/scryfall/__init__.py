"""The Scryfall API: ``client`` (aiohttp, per-endpoint-group rate limits, 429 back-off) and ``errors``
(typed, carrying Scryfall's error object). Import from the submodule you need: the errors alone load
no HTTP stack."""
