"""Load during a publication: no request refused, every response from exactly one version.

Clients post to a real server from before a publication until after it.
Half of them ask for a page that only the new generation has, so each
response proves which generation answered it: the new page is found
exactly when the response reports the new version. A client never goes
back to the old version once it has seen the new one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from zpagent.bench.stats import summarize_ms

# A page only the new generation has: finding it proves which generation answered.
NEW_PAGE = "pages/guides/zirafy/README.md"
NEW_TITLE = "Kvantové žirafy"
NEW_TEXT = f"---\ntitle: {NEW_TITLE}\n---\n# {NEW_TITLE}\n\nŽirafy v kvantovom laboratóriu.\n"


@dataclass
class Probe:
    """A query whose answer tells the generations apart."""

    body: dict[str, Any]
    new_title: str | None = None  # found only in the new generation


@dataclass
class _Seen:
    client: int
    start: float
    ms: float
    status: int
    version: str | None
    found: bool | None


def publication_load(
    url: str,
    key: str,
    endpoint: str,
    probes: list[Probe],
    concurrency: int,
    publish: Callable[[], str],
    before_s: float = 2.0,
    after_s: float = 3.0,
    timeout: float = 60.0,
) -> dict[str, Any]:
    """Load ``endpoint`` while ``publish()`` runs (it returns the new version)."""
    stop = threading.Event()
    lock = threading.Lock()
    seen: list[_Seen] = []
    failures: list[str] = []

    def client(n: int) -> None:
        probe = probes[n % len(probes)]
        with httpx.Client(base_url=url, headers={"X-API-Key": key}, timeout=timeout) as http:
            while not stop.is_set():
                t = time.perf_counter()
                try:
                    r = http.post(endpoint, json=probe.body)
                except httpx.HTTPError as exc:
                    with lock:
                        failures.append(type(exc).__name__)
                    continue
                ms = (time.perf_counter() - t) * 1000
                version, found = None, None
                if r.status_code == 200:
                    body = r.json()
                    version = (body.get("index_version") or {}).get("version")
                    if probe.new_title is not None:
                        titles = [x.get("title") for x in body.get("results", [])]
                        found = probe.new_title in titles
                with lock:
                    seen.append(_Seen(n, t, ms, r.status_code, version, found))

    with httpx.Client(base_url=url, headers={"X-API-Key": key}, timeout=timeout) as http:
        for probe in probes:  # the first request of a process loads lemmas and caches
            http.post(endpoint, json=probe.body).raise_for_status()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(concurrency)]
    for th in threads:
        th.start()
    time.sleep(before_s)
    old_versions = {s.version for s in seen if s.version}
    t_pub = time.perf_counter()
    new_version = publish()
    t_done = time.perf_counter()
    time.sleep(after_s)
    stop.set()
    for th in threads:
        th.join(timeout + 5)
    return summarize(seen, failures, old_versions, new_version, t_pub, t_done, concurrency)


def summarize(
    seen: list[_Seen],
    failures: list[str],
    old_versions: set[str | None],
    new_version: str,
    t_pub: float,
    t_done: float,
    concurrency: int,
) -> dict[str, Any]:
    status: dict[str, int] = {}
    for s in seen:
        status[str(s.status)] = status.get(str(s.status), 0) + 1
    versions = {v for v in (s.version for s in seen) if v}
    # Found the new page under the old version, or missed it under the new one.
    mixed = sum(1 for s in seen if s.found is not None and s.found != (s.version == new_version))
    back = 0
    for client in {s.client for s in seen}:
        mine = sorted((s for s in seen if s.client == client), key=lambda s: s.start)
        first_new = next((i for i, s in enumerate(mine) if s.version == new_version), None)
        if first_new is not None:
            back += sum(1 for s in mine[first_new:] if s.version != new_version)
    during = [s for s in seen if s.start < t_done and s.start + s.ms / 1000 > t_pub]
    return {
        "concurrency": concurrency,
        "requests": len(seen) + len(failures),
        "status": status,
        "non_2xx": sum(n for code, n in status.items() if not code.startswith("2")),
        "transport_errors": len(failures),
        "versions": sorted(versions),
        "old_versions": sorted(v for v in old_versions if v),
        "new_version": new_version,
        "responses_per_version": {
            v: sum(1 for s in seen if s.version == v) for v in sorted(versions)
        },
        "mixed_responses": mixed,
        "back_to_old_version": back,
        "publication_seconds": round(t_done - t_pub, 2),
        "requests_during_publication": len(during),
        "latency_ms": summarize_ms([s.ms for s in seen]),
        "latency_during_publication_ms": summarize_ms([s.ms for s in during]),
    }


__all__ = ["Probe", "publication_load"]
