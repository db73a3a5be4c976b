"""The card cache: schema, streaming bulk import, repository, name resolution and the lookup service.

Import from the submodules (``data.cards.service``, ``data.cards.errors``): ``data.db`` imports
``data.cards.schema``, so this package must not import the service (which imports ``data.db``).
"""
