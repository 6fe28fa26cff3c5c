"""Every write to clubs goes through these services (views, admin and tests alike)."""
