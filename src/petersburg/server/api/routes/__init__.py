"""One router per resource: pages and tables over HTTP, accounts."""
