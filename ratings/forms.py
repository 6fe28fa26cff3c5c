from __future__ import annotations

from django import forms


class RatingListUploadForm(forms.Form):
    file = forms.FileField(
        label="FIDE players list (.txt)",
        help_text="The combined standard/rapid/blitz list in FIDE's fixed-width text format, unzipped.",
    )


class SearchForm(forms.Form):
    q = forms.CharField(label="Name or FIDE id", max_length=100, required=False)
