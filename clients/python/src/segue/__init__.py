"""Python client for the Segue daemon (segued): see clients/python/README.md."""

from typing import TYPE_CHECKING, Any

from . import segue_pb2 as pb
from .client import Segue
from .gesture import SwipeResult
from .curve import CurveKeys
from .errors import SegueError, SegueUnavailable
from .feed import EventFeed, FrameFeed
from .shards import shard_of
from .swipe import swipe_trace

if TYPE_CHECKING:
    from .cluster import Cluster

__all__ = ["Cluster", "CurveKeys", "EventFeed", "FrameFeed", "Segue", "SegueError", "SegueUnavailable", "SwipeResult", "pb", "shard_of", "swipe_trace"]


def __getattr__(name: str) -> Any:
    """`Cluster`, imported when first asked for: it needs the `cluster` extra (nats-py, cryptography), which the
    client of one daemon does without."""
    if name != "Cluster":
        raise AttributeError(f"module 'segue' has no attribute {name!r}")
    try:
        from .cluster import Cluster
    except ModuleNotFoundError as exc:
        raise ImportError(f"segue.Cluster needs the cluster extra ({exc.name} is missing): "
                          "pip install 'segue[cluster]'") from exc
    return Cluster
