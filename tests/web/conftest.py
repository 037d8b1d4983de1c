"""The web table's tests get a real headless browser as the ``browser`` fixture
(``tests.web.browser``)."""

from tests.web.browser import browser

__all__ = ["browser"]
