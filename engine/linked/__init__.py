"""Linked abilities (CR 607): which abilities of a card are linked, by which kind of link, and why.

``links``: :func:`~engine.linked.links.find_links` over a card's parsed abilities (607.1–607.5).
Needs only :mod:`engine.core` and :mod:`engine.oracle`.
"""
