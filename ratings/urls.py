from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.imports, name="imports"),
    path("imports/<int:import_id>/", views.import_detail, name="import_detail"),
    path("search/", views.search, name="search"),
]
