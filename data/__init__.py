"""All I/O: Scryfall over HTTP, the SQLite cache, bulk imports and the Comprehensive Rules file."""
