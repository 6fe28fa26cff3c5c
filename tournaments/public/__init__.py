"""The public site: everything a player or spectator reaches through a tournament's link token.

* :mod:`.selectors`: what a public page may read (published rounds, no e-mail), in fixed queries.
* :mod:`.standings`: the ONE standings read path: the engine's ranking, cached once per version,
  shared by the pages, the PDFs and the public API.
* :mod:`.crosstable`: the crosstable and a participant's round-by-round card.
* :mod:`.cache`: the ONE cache helper (:func:`~.cache.single_flight`): built once per version, by
  one request at a time.
* :mod:`.responses`: how a page or file is answered (cache, ETag, polling, htmx partial).
* :mod:`.views`, :mod:`.downloads`, :mod:`.api`: the HTML pages, the PDFs and QR code, the JSON API.
* :mod:`.share`, :mod:`.links`: the organiser's pages and service for the link itself.
* :mod:`.pdf`: the A4 layouts; :mod:`.urls`: ``/p/...`` (the API's routes are in ``tournaments.api.urls``).
"""
