"""The package's modules import one another without a circle: feeds and swipes reach the client through the
`Connection` protocol, not by importing the client module that builds them."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from segue import Segue
from segue.connection import Connection

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "segue"


def package_imports(path: Path) -> set[str]:
    """The modules of the package `path` imports, those imported only for type checking included."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                names.add(node.module.split(".")[0])
            else:
                names.update(alias.name for alias in node.names)
    return names


def test_no_module_of_the_package_imports_one_that_imports_it_back() -> None:
    graph = {path.stem: package_imports(path) for path in PACKAGE.glob("*.py") if path.stem != "__init__"}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for name in graph.get(start, set()):
            if name == goal or (name not in seen and reaches(name, goal, seen | {name})):
                return True
        return False

    circles = sorted(name for name in graph if reaches(name, name, {name}))
    assert circles == [], f"modules in an import circle: {circles}"


def test_the_client_is_a_connection() -> None:
    def as_connection(client: Segue) -> Connection:
        return client  # mypy --strict checks that Segue satisfies the protocol

    assert as_connection.__annotations__["return"] == "Connection"


def test_the_client_of_one_daemon_imports_without_the_cluster_extra() -> None:
    """`import segue` needs neither nats-py nor cryptography; `segue.Cluster` then says which extra to install."""
    script = ("import sys; sys.modules['nats'] = None; sys.modules['cryptography'] = None\n"
              "import segue\n"
              "try:\n    segue.Cluster\nexcept ImportError as exc:\n    print(exc)\n")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(PACKAGE.parent)})
    assert "segue.Cluster needs the cluster extra" in ran.stdout and "pip install 'segue[cluster]'" in ran.stdout
