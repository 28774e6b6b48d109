"""Sankt Petersburg (Hans im Glück, 2004): rules engine, bots, browser play and research API."""

__version__ = "0.1.0"
