"""The checks of the site-verification stage, one module per tool."""
