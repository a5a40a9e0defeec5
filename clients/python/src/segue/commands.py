"""`StackCommands`: the commands of the contract as methods, built once for every client that sends them (`Segue` to
one daemon, `Cluster` to whichever daemon holds the stack's shard), each of which says how a command is sent."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from . import arguments
from . import segue_pb2 as pb
from .arguments import encodable


def command_message(stack: str, expected_version: int | None, op: dict[str, Any]) -> pb.Command:
    """The Command of `op` (one operation keyword: push=pb.Push(...), ...) on `stack`."""
    command = pb.Command(stack_id=stack, **op)
    if expected_version is not None:
        command.expected_version = expected_version
    return command


class StackCommands(ABC):
    """The stack commands, each sent by `command()` with the stack's id, `expected_version` (refused unless the
    stack is at that version) and the command's operation."""

    @abstractmethod
    def command(self, stack: str, expected_version: int | None = None, **op: Any) -> pb.CommandResult:
        ...

    @encodable
    def create(self, stack: str, screens: Sequence[str] | None = None, *, tabs: Sequence[str] | None = None,
               selected_tab: int = 0, width: float = 390.0, height: float = 844.0, profile: str = "",
               fps: int = 0, right_to_left: bool = False, config: pb.StackConfig | None = None,
               expected_version: int | None = None) -> pb.CommandResult:
        """A navigation stack (`screens`, root first) or a tab stack (`tabs`). `config` adds StackConfig fields
        the keywords do not name (tuning, safe_area, profile_revision), set over them."""
        full = pb.StackConfig(size=pb.Size(width=width, height=height), profile=profile, fps=fps,
                              right_to_left=right_to_left)
        if config is not None:
            full.MergeFrom(config)
        return self.command(stack, expected_version, create=pb.CreateStack(
            screens=arguments.names("screens", screens), tabs=arguments.names("tabs", tabs),
            selected_tab=selected_tab, config=full))

    @encodable
    def push(self, stack: str, screen: str, immediate: bool = False, expected_version: int | None = None,
             options: pb.ScreenOptions | None = None) -> pb.CommandResult:
        """Pushes `screen`, with its gesture `options` (back_gesture_disabled, exclusion_rects) when given."""
        return self.command(stack, expected_version, push=pb.Push(screen=screen, immediate=immediate,
                                                                  options=options))

    @encodable
    def pop(self, stack: str, immediate: bool = False, expected_version: int | None = None) -> pb.CommandResult:
        return self.command(stack, expected_version, pop=pb.Pop(immediate=immediate))

    @encodable
    def pop_to_root(self, stack: str, immediate: bool = False,
                    expected_version: int | None = None) -> pb.CommandResult:
        return self.command(stack, expected_version, pop_to_root=pb.PopToRoot(immediate=immediate))

    @encodable
    def present(self, stack: str, screen: str, immediate: bool = False, expected_version: int | None = None,
                options: pb.ScreenOptions | None = None) -> pb.CommandResult:
        return self.command(stack, expected_version, present=pb.Present(screen=screen, immediate=immediate,
                                                                        options=options))

    @encodable
    def dismiss(self, stack: str, immediate: bool = False, expected_version: int | None = None) -> pb.CommandResult:
        return self.command(stack, expected_version, dismiss=pb.Dismiss(immediate=immediate))

    @encodable
    def tab(self, stack: str, index: int, immediate: bool = False,
            expected_version: int | None = None) -> pb.CommandResult:
        return self.command(stack, expected_version, select_tab=pb.SelectTab(index=index, immediate=immediate))

    @encodable
    def resize(self, stack: str, width: float, height: float,
               expected_version: int | None = None) -> pb.CommandResult:
        """A new container size (a rotation, a split view); refused while a transition runs."""
        return self.command(stack, expected_version, resize=pb.Resize(size=pb.Size(width=width, height=height)))

    @encodable
    def set_screen_options(self, stack: str, screen: str, *, back_gesture_disabled: bool = False,
                           exclusion_rects: list[pb.Rect] | None = None,
                           expected_version: int | None = None) -> pb.CommandResult:
        """Replaces a screen's gesture options: no back swipe while it is on top, or none starting in a rect."""
        options = pb.ScreenOptions(back_gesture_disabled=back_gesture_disabled, exclusion_rects=exclusion_rects)
        return self.command(stack, expected_version,
                            set_screen_options=pb.SetScreenOptions(screen=screen, options=options))

    @encodable
    def delete(self, stack: str, expected_version: int | None = None) -> pb.CommandResult:
        return self.command(stack, expected_version, delete=pb.DeleteStack())

