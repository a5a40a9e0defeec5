"""Python client for the Segue daemon (segued): see clients/python/README.md."""

from . import segue_pb2 as pb
from .client import Segue
from .gesture import SwipeResult
from .curve import CurveKeys
from .errors import SegueError, SegueUnavailable
from .feed import EventFeed, FrameFeed
from .shards import shard_of
from .swipe import swipe_trace

__all__ = ["CurveKeys", "EventFeed", "FrameFeed", "Segue", "SegueError", "SegueUnavailable", "SwipeResult", "pb", "shard_of", "swipe_trace"]
