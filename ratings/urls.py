from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.imports, name="imports"),
    path("imports/<int:import_id>/", views.import_detail, name="import_detail"),
    path("imports/<int:import_id>/retry/", views.import_retry, name="import_retry"),
    path("imports/<int:import_id>/cancel/", views.import_cancel, name="import_cancel"),
    path("search/", views.search, name="search"),
]
