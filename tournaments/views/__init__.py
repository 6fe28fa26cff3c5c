"""Staff pages (HTML with htmx): thin views that parse input, check the role, call one service or selector."""
