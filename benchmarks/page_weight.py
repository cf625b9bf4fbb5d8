"""What a reader's browser loads: page weight and timings of the built site in headless Chromium.

    nox -s page-weight [-- [--lighthouse] [--uncompressed]]   (after `nox -s docs`)

For the landing page, a topic page and a gallery page in each language, opened cold (new
profile, empty cache) from a local http server: the number of requests, the bytes transferred by
kind, as Chromium's network log counts them, and the size of the same files on disk; and the
Navigation Timing and Paint Timing entries the page itself records. The server answers as a
static host does (keep-alive, gzip for text; ``torch_notes/commands/local_browser.py``);
``--uncompressed`` sends every file as it is, to see what compression is worth. It answers in
microseconds, so the timings show the cost of parsing, styling and scripts, not of a network.

With ``--lighthouse`` it also runs Lighthouse on the same pages, if it is installed:
``npm install --prefix _build/tools -E lighthouse@12.2.3`` (12.x runs on Node 20). Each page is
audited ``--runs`` times (3) in each form factor: ``mobile``, Lighthouse's default (a phone
screen, a simulated slow 4G line and a CPU four times slower than this one) and ``desktop``
(its desktop preset). Each figure printed is the median of the runs, taken figure by figure;
the performance scores of every run are printed too, as is Lighthouse's benchmark index of
this machine (a busy machine lowers the mobile scores most, since its CPU time is multiplied;
Lighthouse calls an index under 1000 a slow machine). Chromium is Debian's (``TORCH_NOTES_CHROMIUM`` names another).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

from torch_notes import paths, sitewide
from torch_notes.commands import local_browser

ROOT = paths.ROOT
SITE = ROOT / "_build" / "site"
LIGHTHOUSE = ROOT / "_build" / "tools" / "node_modules" / ".bin" / "lighthouse"
PAGES = {
    "landing": "index.html",
    "topic": "autograd/basics.html",
    "gallery": "auto_examples/autograd/plot_autograd_basics.html",
}
FORM_FACTORS = {"mobile": [], "desktop": ["--preset=desktop"]}  # mobile is Lighthouse's default
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = {  # the figure's name here: Lighthouse's audit
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "cls": "cumulative-layout-shift",
    "speed_index_ms": "speed-index",
}
LANGUAGES = sitewide.LANGUAGE_CODES
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


def lighthouse_run(url: str, form_factor: str) -> dict:
    """One Lighthouse audit: category scores (0-100), metrics, and what it blamed."""
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
                *FORM_FACTORS[form_factor],
                f"--only-categories={','.join(CATEGORIES)}",
                f"--chrome-flags={flags}",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "CHROME_PATH": local_browser.CHROMIUM},
            check=False,
        )
    if result.returncode != 0:
        raise RuntimeError(
            f"lighthouse exited {result.returncode} on {url} ({form_factor}): {result.stderr[-2000:]}"
        )
    report = json.loads(result.stdout)
    audits = report["audits"]
    run = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    for name, audit in METRICS.items():
        value = audits[audit]["numericValue"]
        run[name] = round(value, 3) if name == "cls" else round(value)
    run["benchmark_index"] = round(report["environment"]["benchmarkIndex"])
    # What Lighthouse says costs the time, for finding what to fix. (With Debian's Chromium 156,
    # Lighthouse 12.2.3 cannot read some trace events: render-blocking-resources and the LCP
    # element audits end in an error; the metrics and scores are computed all the same.)
    run["failed_audits"] = sorted(
        audit_id
        for category in CATEGORIES
        for ref in report["categories"][category]["auditRefs"]
        if ref["weight"] > 0
        and (audit_id := ref["id"]) in audits
        and audits[audit_id]["score"] is not None
        and audits[audit_id]["score"] < 0.9
    )
    return run


def lighthouse(url: str, form_factor: str, runs: int) -> dict:
    """The median of ``runs`` audits, figure by figure, with each run's performance score."""
    print(f"lighthouse: {url} ({form_factor}, {runs} runs)", file=sys.stderr)
    audits = [lighthouse_run(url, form_factor) for _ in range(runs)]
    summary = {
        name: statistics.median(audit[name] for audit in audits)
        for name in (*CATEGORIES, *METRICS, "benchmark_index")
    }
    summary["performance_runs"] = [audit["performance"] for audit in audits]
    summary["failed_audits"] = sorted({a for audit in audits for a in audit["failed_audits"]})
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--lighthouse", action="store_true", help="also run Lighthouse")
    parser.add_argument(
        "--runs", type=int, default=3, help="Lighthouse audits per page and form factor (3)"
    )
    parser.add_argument(
        "--uncompressed", action="store_true", help="serve files uncompressed (default: gzip)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not (args.site / "en" / "index.html").is_file():
        sys.exit(f"no built site in {args.site}: run `nox -s docs` first")

    try:
        from playwright.sync_api import sync_playwright
    except ModuleNotFoundError:
        sys.exit("playwright is not installed here: run `nox -s page-weight`, which installs it")

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
                sys.exit(f"no Lighthouse at {LIGHTHOUSE}; see the docstring")
            for name, result in results.items():
                language, kind = name.split("/")
                result["lighthouse"] = {
                    form_factor: lighthouse(
                        f"{base}/{language}/{PAGES[kind]}", form_factor, args.runs
                    )
                    for form_factor in FORM_FACTORS
                }

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
    if any("lighthouse" in r for r in results.values()):
        print_lighthouse(results, args.runs)


def print_lighthouse(results: dict, runs: int) -> None:
    print(f"\nLighthouse, median of {runs} runs (performance of each run in brackets)")
    print(
        f"{'page':16} {'form':7} {'perf':>4} {'runs':>12} {'a11y':>4} {'b-p':>4} "
        f"{'FCP ms':>7} {'LCP ms':>7} {'TBT ms':>7} {'CLS':>6} {'SI ms':>6} {'bench':>5}"
    )
    for name, r in results.items():
        for form_factor, m in r["lighthouse"].items():
            each = ",".join(str(score) for score in m["performance_runs"])
            print(
                f"{name:16} {form_factor:7} {m['performance']:4.0f} {'[' + each + ']':>12} "
                f"{m['accessibility']:4.0f} {m['best-practices']:4.0f} {m['fcp_ms']:7.0f} "
                f"{m['lcp_ms']:7.0f} {m['tbt_ms']:7.0f} {m['cls']:6.3f} "
                f"{m['speed_index_ms']:6.0f} {m['benchmark_index']:5.0f}"
            )
            if m["failed_audits"]:
                print(f"{'':24} below 0.9: {', '.join(m['failed_audits'])}")


if __name__ == "__main__":
    main()
