"""The Scryfall API: ``client`` (aiohttp, per-endpoint-group rate limits, 429 back-off, retries of 5xx
and broken connections, a deadline per fetch), ``replies`` (a reply's body of any shape read safely),
``bulk_files`` (a downloaded bulk file checked whole before it is imported) and ``errors`` (typed,
carrying Scryfall's error object). Import from the submodule you need: the errors alone load no HTTP
stack."""
