"""The local server the browser tests and the page-weight benchmark read the site from."""

from __future__ import annotations

import gzip
import http.client
from urllib.parse import urlsplit

from torch_notes.commands import local_browser


def get(connection: http.client.HTTPConnection, path: str, **headers: str):
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response, response.read()


def test_it_answers_like_a_static_host(tmp_path):
    page = "<p>" + "张量 tensor " * 500 + "</p>"
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "en" / "plot.png").write_bytes(b"\x89PNG" + bytes(range(256)))
    with local_browser.served(tmp_path) as base:
        connection = http.client.HTTPConnection(urlsplit(base).netloc)
        response, body = get(connection, "/en/", **{"Accept-Encoding": "gzip, br"})
        assert response.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(body).decode("utf-8") == page
        assert len(body) < len(page.encode("utf-8")) / 10
        # Same connection (keep-alive); images go as they are; no gzip to who does not ask.
        response, body = get(connection, "/en/plot.png", **{"Accept-Encoding": "gzip"})
        assert response.getheader("Content-Encoding") is None and body.startswith(b"\x89PNG")
        response, body = get(connection, "/en/index.html")
        assert response.getheader("Content-Encoding") is None and body.decode() == page
        response, _ = get(connection, "/en")
        assert (response.status, response.getheader("Location")) == (301, "/en/")
        connection.close()
    with local_browser.served(tmp_path, compress=False) as base:
        connection = http.client.HTTPConnection(urlsplit(base).netloc)
        response, body = get(connection, "/en/index.html", **{"Accept-Encoding": "gzip"})
        assert response.getheader("Content-Encoding") is None and body.decode() == page
        connection.close()
