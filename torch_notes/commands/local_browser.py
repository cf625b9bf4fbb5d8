"""Reading the built site as a reader does: a local web server and Debian's headless Chromium.

Shared by the browser tests and ``benchmarks/page_weight.py``. Sphinx's search needs http,
not ``file://``, so the site is served from a thread on a free loopback port. The server answers
as a static host such as GitHub Pages does in the two ways that change what a browser measures:
connections are kept alive (HTTP/1.1) and text is sent gzip-compressed to browsers that accept it.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import urlsplit

CHROMIUM = os.environ.get("TORCH_NOTES_CHROMIUM", "/usr/bin/chromium")
# As root, and on a machine whose only network is loopback: no sandbox, no background traffic.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")


class StaticHostHandler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: one connection carries a page's many requests

    def __init__(self, *args: Any, compress: bool, **kwargs: Any) -> None:
        self.compress = compress  # before the base class, which handles the request at once
        super().__init__(*args, **kwargs)

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # redirects to the folder's URL with its slash
            path = path / "index.html"
        wants_gzip = self.compress and "gzip" in self.headers.get("Accept-Encoding", "")
        kind = self.guess_type(str(path))
        if not (wants_gzip and path.is_file() and kind.startswith(COMPRESSED_TYPES)):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(site: Path, compress: bool = True) -> Iterator[str]:
    """``http://127.0.0.1:<free port>`` serving ``site`` until the block ends."""
    handler = functools.partial(StaticHostHandler, directory=site, compress=compress)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
