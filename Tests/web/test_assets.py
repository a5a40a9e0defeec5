"""The page's files: only regular files under the assets directory, never through a symbolic link, with the
security headers and a content type for each."""

from __future__ import annotations

import os
import shutil
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO, start_gateway


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture
def assets(tmp_path: Path) -> Path:
    """A copy of web/ with links inside that point outside it, and a secret beside it."""
    directory = tmp_path / "assets"
    shutil.copytree(REPO / "web", directory)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("not for pages")
    (directory / "plain.txt").write_text("for pages")
    os.symlink(outside / "secret.txt", directory / "secret.txt")
    os.symlink(outside, directory / "linked")
    os.symlink(directory / "plain.txt", directory / "inside-link.txt")  # even a link that stays inside
    os.mkfifo(directory / "pipe.txt")
    return directory


def test_only_regular_files_are_served_and_never_through_a_link(gateway, assets):
    served = start_gateway(["--assets", str(assets)], daemon=gateway)
    try:
        base = served.url.split("?")[0]
        with urllib.request.urlopen(base + "plain.txt") as response:
            assert response.read() == b"for pages"
            assert response.headers["content-type"] == "text/plain; charset=utf-8"
            assert response.headers["x-content-type-options"] == "nosniff"
            assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
            assert response.headers["x-frame-options"] == "deny"
            assert response.headers["referrer-policy"] == "no-referrer"
            assert response.headers["cache-control"] == "no-store"
        with urllib.request.urlopen(base + "js/main.js") as response:
            assert response.headers["content-type"] == "text/javascript; charset=utf-8"
        with urllib.request.urlopen(base) as response:
            assert response.headers["content-type"] == "text/html; charset=utf-8"
        for path in ("secret.txt", "linked/secret.txt", "inside-link.txt", "pipe.txt", "js", "js/", "linked"):
            assert status(base + path) == 404, path
    finally:
        served.stop()
