"""The shared kernel, the lowest layer every app may import (it imports no app).

* :mod:`.errors`: the one hierarchy of the errors services raise on purpose (and their HTTP status).
* :mod:`.views`: how a page answers (the whole page or its htmx partial, a refused request as a message).
* :mod:`.ratelimit`: the windowed counter every rate limit counts with, and the client address.
* :mod:`.site`: absolute links to this site, for share links, QR codes and mails.
* :mod:`.cache`: the one cache helper (``single_flight``): built once per version, one build at a time.
* :mod:`.collector`: the process-wide pause of the cyclic garbage collector for big builds.
* :mod:`.fields`: the one field-update helper (set several fields from a mapping).
"""
