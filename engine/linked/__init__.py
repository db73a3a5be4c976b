"""Linked abilities (CR 607): which abilities of a card are linked, by which kind of link, and why.

``links``: :func:`~engine.linked.links.find_links` over a card's parsed abilities (607.1–607.4), from
``roles`` (what each ability does and refers to, 607.2), ``pairs`` (an acting and a referring ability
linked, 607.1b–d) and ``printed_links`` (words, paragraphs and keywords, 607.2f/h/k/m).
``gained``: :func:`~engine.linked.gained.gained_links`, abilities an object got from several effects:
linked only within one effect (607.5, 707.7).
Needs only :mod:`engine.core` and :mod:`engine.oracle`.
"""
