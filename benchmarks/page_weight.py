"""What a reader's browser loads: page weight and timings of the built site in headless Chromium.

    python -m benchmarks.page_weight [--lighthouse] [--uncompressed]   (after `nox -s docs`)

For the landing page and one gallery page in each language, opened cold (new profile, empty
cache) from a local http server: the number of requests, the bytes transferred by kind, as
Chromium's network log counts them, and the size of the same files on disk; and the Navigation
Timing and Paint Timing entries the page itself records. The server answers as a static host
does (keep-alive, gzip for text; ``tools/local_browser.py``); ``--uncompressed`` sends every
file as it is, to see what compression is worth. It answers in microseconds, so the timings
show the cost of parsing, styling and scripts, not of a network.

With ``--lighthouse`` it also runs Lighthouse (performance and accessibility scores, desktop
preset, whose simulated network is what the timings then include) on the same pages, if it is
installed: ``npm install --prefix _build/tools -E lighthouse@12.2.3`` (12.x runs on Node 20).
Chromium is Debian's (``TORCH_NOTES_CHROMIUM`` names another).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

from torch_notes.build import check_site, local_browser

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "site"
LIGHTHOUSE = ROOT / "_build" / "tools" / "node_modules" / ".bin" / "lighthouse"
PAGES = {
    "landing": "index.html",
    "gallery": "auto_examples/autograd/plot_autograd_basics.html",
}
LANGUAGES = check_site.LANGUAGES
TIMINGS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]));
  return {ttfb: nav.responseStart, dom_interactive: nav.domInteractive,
          dom_content_loaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
          first_contentful_paint: paint['first-contentful-paint'] ?? null,
          html_bytes: nav.transferSize};
}"""


def file_size(site: Path, url: str, sent: int) -> int:
    """The size of the file behind this response, as stored in the site."""
    path = site / unquote(urlsplit(url).path).lstrip("/")
    if path.is_dir():
        path = path / "index.html"
    return path.stat().st_size if path.is_file() else sent


def measure(browser, site: Path, url: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    requests: dict[str, dict] = {}

    def sent(event: dict) -> None:
        requests[event["requestId"]] = {"url": event["request"]["url"], "type": event.get("type")}

    def finished(event: dict) -> None:
        requests.setdefault(event["requestId"], {})["bytes"] = event["encodedDataLength"]

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="networkidle")
    page.wait_for_function("performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
    timings = page.evaluate(TIMINGS)
    context.close()

    done = [r for r in requests.values() if "bytes" in r and "url" in r]
    by_type = Counter()
    for r in done:
        by_type[r["type"] or "Other"] += r["bytes"]
    return {
        "requests": len(requests),
        "bytes": sum(r["bytes"] for r in done),
        "file_bytes": sum(file_size(site, r["url"], r["bytes"]) for r in done),
        "by_type": dict(by_type.most_common()),
        "timings_ms": {
            k: (round(v, 1) if k != "html_bytes" and v is not None else v)
            for k, v in timings.items()
        },
    }


def lighthouse(url: str) -> dict | None:
    if not LIGHTHOUSE.exists():
        return None
    with tempfile.TemporaryDirectory() as profile:
        flags = " ".join(
            [*local_browser.CHROMIUM_FLAGS, "--headless=new", f"--user-data-dir={profile}"]
        )
        result = subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                "--preset=desktop",
                "--only-categories=performance,accessibility",
                f"--chrome-flags={flags}",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "CHROME_PATH": local_browser.CHROMIUM},
            check=False,
        )
    if result.returncode != 0:
        print(result.stderr[-2000:], file=sys.stderr)
        return {"error": f"lighthouse exited {result.returncode}"}
    report = json.loads(result.stdout)
    audits = report["audits"]
    return {
        "performance": round(report["categories"]["performance"]["score"] * 100),
        "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
        "first_contentful_paint_ms": round(audits["first-contentful-paint"]["numericValue"]),
        "largest_contentful_paint_ms": round(audits["largest-contentful-paint"]["numericValue"]),
        "total_blocking_time_ms": round(audits["total-blocking-time"]["numericValue"]),
        "cumulative_layout_shift": round(audits["cumulative-layout-shift"]["numericValue"], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--lighthouse", action="store_true", help="also run Lighthouse")
    parser.add_argument(
        "--uncompressed", action="store_true", help="serve files uncompressed (default: gzip)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not (args.site / "en" / "index.html").is_file():
        sys.exit(f"no built site in {args.site}: run `nox -s docs` first")

    from playwright.sync_api import sync_playwright

    results = {}
    with (
        local_browser.served(args.site, compress=not args.uncompressed) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=local_browser.CHROMIUM, args=local_browser.CHROMIUM_FLAGS
        )
        for language in LANGUAGES:
            for kind, path in PAGES.items():
                url = f"{base}/{language}/{path}"
                results[f"{language}/{kind}"] = measure(browser, args.site, url)
        browser.close()
        if args.lighthouse:
            if not LIGHTHOUSE.exists():
                print(f"no Lighthouse at {LIGHTHOUSE}; see the docstring", file=sys.stderr)
            for name, result in results.items():
                language, kind = name.split("/")
                result["lighthouse"] = lighthouse(f"{base}/{language}/{PAGES[kind]}")

    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
        return
    print(
        f"{'page':16} {'requests':>8} {'KiB sent':>9} {'KiB files':>9} {'FCP ms':>7} "
        f"{'DCL ms':>7} {'load ms':>8}  heaviest kinds (KiB)"
    )
    for name, r in results.items():
        t = r["timings_ms"]
        kinds = ", ".join(f"{k} {v / 1024:.0f}" for k, v in list(r["by_type"].items())[:4])
        print(
            f"{name:16} {r['requests']:8} {r['bytes'] / 1024:9.0f} {r['file_bytes'] / 1024:9.0f} "
            f"{t['first_contentful_paint'] or 0:7.0f} {t['dom_content_loaded']:7.0f} "
            f"{t['load']:8.0f}  {kinds}"
        )
        if r.get("lighthouse"):
            print(f"{'':16} lighthouse: {r['lighthouse']}")


if __name__ == "__main__":
    main()
