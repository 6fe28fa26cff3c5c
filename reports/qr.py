"""QR codes for the printed slips, as inline SVG markup (no image files, nothing cached)."""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from django.utils.safestring import SafeString, mark_safe


def qr_svg_inline(url: str) -> SafeString:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    markup = image.to_string(encoding="unicode")
    # The XML declaration is not allowed inside HTML; qrcode's own output is safe markup.
    # Several slips share a page, so the path's fixed id would repeat: drop it.
    return mark_safe(markup.split("?>", 1)[-1].replace(' id="qr-path"', ""))  # noqa: S308
