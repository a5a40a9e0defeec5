from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PanPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAN_PHASE_UNSPECIFIED: _ClassVar[PanPhase]
    PAN_BEGAN: _ClassVar[PanPhase]
    PAN_CHANGED: _ClassVar[PanPhase]
    PAN_ENDED: _ClassVar[PanPhase]
    PAN_CANCELLED: _ClassVar[PanPhase]

class PanTarget(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAN_TARGET_BACK: _ClassVar[PanTarget]
    PAN_TARGET_TABS: _ClassVar[PanTarget]

class Operation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OPERATION_UNSPECIFIED: _ClassVar[Operation]
    PUSH: _ClassVar[Operation]
    POP: _ClassVar[Operation]
    POP_TO_ROOT: _ClassVar[Operation]
    PRESENT: _ClassVar[Operation]
    DISMISS: _ClassVar[Operation]
    SELECT_TAB: _ClassVar[Operation]

class Reason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REASON_UNSPECIFIED: _ClassVar[Reason]
    PROGRAMMATIC: _ClassVar[Reason]
    PASSED_THRESHOLD: _ClassVar[Reason]
    BELOW_THRESHOLD: _ClassVar[Reason]
    FLUNG_FORWARD: _ClassVar[Reason]
    FLUNG_BACK: _ClassVar[Reason]
    GESTURE_CANCELLED: _ClassVar[Reason]
    GESTURE_TIMEOUT: _ClassVar[Reason]
    ENGINE_RESTARTED: _ClassVar[Reason]
    RELEASED_AT_REST: _ClassVar[Reason]
    RETURNED_TO_EDGE: _ClassVar[Reason]
    MOVED_VERTICALLY: _ClassVar[Reason]
    REVERSED_BY_COMMAND: _ClassVar[Reason]
    TAKEN_OVER_BY_COMMAND: _ClassVar[Reason]
    CANCELLED_BY_COMMAND: _ClassVar[Reason]

class SwipeEdge(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SWIPE_EDGE_UNSPECIFIED: _ClassVar[SwipeEdge]
    SWIPE_EDGE_LEFT: _ClassVar[SwipeEdge]
    SWIPE_EDGE_RIGHT: _ClassVar[SwipeEdge]

class FramePhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRAME_PHASE_UNSPECIFIED: _ClassVar[FramePhase]
    TRACKING: _ClassVar[FramePhase]
    SETTLING: _ClassVar[FramePhase]
    DONE: _ClassVar[FramePhase]

class ErrorCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OK: _ClassVar[ErrorCode]
    INVALID_ARGUMENT: _ClassVar[ErrorCode]
    MALFORMED: _ClassVar[ErrorCode]
    UNKNOWN_STACK: _ClassVar[ErrorCode]
    STACK_EXISTS: _ClassVar[ErrorCode]
    VERSION_CONFLICT: _ClassVar[ErrorCode]
    TRANSITION_IN_PROGRESS: _ClassVar[ErrorCode]
    NOTHING_TO_POP: _ClassVar[ErrorCode]
    NOTHING_PRESENTED: _ClassVar[ErrorCode]
    UNKNOWN_TAB: _ClassVar[ErrorCode]
    GESTURE_REJECTED: _ClassVar[ErrorCode]
    RESOURCE_EXHAUSTED: _ClassVar[ErrorCode]
    UNAVAILABLE: _ClassVar[ErrorCode]
    UNAUTHENTICATED: _ClassVar[ErrorCode]
    POSITION_REMOVED: _ClassVar[ErrorCode]
    WRONG_SHARD: _ClassVar[ErrorCode]
PAN_PHASE_UNSPECIFIED: PanPhase
PAN_BEGAN: PanPhase
PAN_CHANGED: PanPhase
PAN_ENDED: PanPhase
PAN_CANCELLED: PanPhase
PAN_TARGET_BACK: PanTarget
PAN_TARGET_TABS: PanTarget
OPERATION_UNSPECIFIED: Operation
PUSH: Operation
POP: Operation
POP_TO_ROOT: Operation
PRESENT: Operation
DISMISS: Operation
SELECT_TAB: Operation
REASON_UNSPECIFIED: Reason
PROGRAMMATIC: Reason
PASSED_THRESHOLD: Reason
BELOW_THRESHOLD: Reason
FLUNG_FORWARD: Reason
FLUNG_BACK: Reason
GESTURE_CANCELLED: Reason
GESTURE_TIMEOUT: Reason
ENGINE_RESTARTED: Reason
RELEASED_AT_REST: Reason
RETURNED_TO_EDGE: Reason
MOVED_VERTICALLY: Reason
REVERSED_BY_COMMAND: Reason
TAKEN_OVER_BY_COMMAND: Reason
CANCELLED_BY_COMMAND: Reason
SWIPE_EDGE_UNSPECIFIED: SwipeEdge
SWIPE_EDGE_LEFT: SwipeEdge
SWIPE_EDGE_RIGHT: SwipeEdge
FRAME_PHASE_UNSPECIFIED: FramePhase
TRACKING: FramePhase
SETTLING: FramePhase
DONE: FramePhase
OK: ErrorCode
INVALID_ARGUMENT: ErrorCode
MALFORMED: ErrorCode
UNKNOWN_STACK: ErrorCode
STACK_EXISTS: ErrorCode
VERSION_CONFLICT: ErrorCode
TRANSITION_IN_PROGRESS: ErrorCode
NOTHING_TO_POP: ErrorCode
NOTHING_PRESENTED: ErrorCode
UNKNOWN_TAB: ErrorCode
GESTURE_REJECTED: ErrorCode
RESOURCE_EXHAUSTED: ErrorCode
UNAVAILABLE: ErrorCode
UNAUTHENTICATED: ErrorCode
POSITION_REMOVED: ErrorCode
WRONG_SHARD: ErrorCode

class Vec2(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: float
    y: float
    def __init__(self, x: _Optional[float] = ..., y: _Optional[float] = ...) -> None: ...

class Size(_message.Message):
    __slots__ = ("width", "height")
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    width: float
    height: float
    def __init__(self, width: _Optional[float] = ..., height: _Optional[float] = ...) -> None: ...

class Rect(_message.Message):
    __slots__ = ("x", "y", "width", "height")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    x: float
    y: float
    width: float
    height: float
    def __init__(self, x: _Optional[float] = ..., y: _Optional[float] = ..., width: _Optional[float] = ..., height: _Optional[float] = ...) -> None: ...

class Insets(_message.Message):
    __slots__ = ("top", "left", "bottom", "right")
    TOP_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    RIGHT_FIELD_NUMBER: _ClassVar[int]
    top: float
    left: float
    bottom: float
    right: float
    def __init__(self, top: _Optional[float] = ..., left: _Optional[float] = ..., bottom: _Optional[float] = ..., right: _Optional[float] = ...) -> None: ...

class Tuning(_message.Message):
    __slots__ = ("edge_width", "progress_distance", "finish_threshold", "fling_velocity", "settle_ms", "damping_ratio", "parallax", "dimming", "gesture_timeout_ms")
    EDGE_WIDTH_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_DISTANCE_FIELD_NUMBER: _ClassVar[int]
    FINISH_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    FLING_VELOCITY_FIELD_NUMBER: _ClassVar[int]
    SETTLE_MS_FIELD_NUMBER: _ClassVar[int]
    DAMPING_RATIO_FIELD_NUMBER: _ClassVar[int]
    PARALLAX_FIELD_NUMBER: _ClassVar[int]
    DIMMING_FIELD_NUMBER: _ClassVar[int]
    GESTURE_TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    edge_width: float
    progress_distance: float
    finish_threshold: float
    fling_velocity: float
    settle_ms: int
    damping_ratio: float
    parallax: float
    dimming: float
    gesture_timeout_ms: int
    def __init__(self, edge_width: _Optional[float] = ..., progress_distance: _Optional[float] = ..., finish_threshold: _Optional[float] = ..., fling_velocity: _Optional[float] = ..., settle_ms: _Optional[int] = ..., damping_ratio: _Optional[float] = ..., parallax: _Optional[float] = ..., dimming: _Optional[float] = ..., gesture_timeout_ms: _Optional[int] = ...) -> None: ...

class StackConfig(_message.Message):
    __slots__ = ("size", "profile", "right_to_left", "fps", "tuning", "profile_revision", "safe_area")
    SIZE_FIELD_NUMBER: _ClassVar[int]
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    RIGHT_TO_LEFT_FIELD_NUMBER: _ClassVar[int]
    FPS_FIELD_NUMBER: _ClassVar[int]
    TUNING_FIELD_NUMBER: _ClassVar[int]
    PROFILE_REVISION_FIELD_NUMBER: _ClassVar[int]
    SAFE_AREA_FIELD_NUMBER: _ClassVar[int]
    size: Size
    profile: str
    right_to_left: bool
    fps: int
    tuning: Tuning
    profile_revision: int
    safe_area: Insets
    def __init__(self, size: _Optional[_Union[Size, _Mapping]] = ..., profile: _Optional[str] = ..., right_to_left: _Optional[bool] = ..., fps: _Optional[int] = ..., tuning: _Optional[_Union[Tuning, _Mapping]] = ..., profile_revision: _Optional[int] = ..., safe_area: _Optional[_Union[Insets, _Mapping]] = ...) -> None: ...

class ScreenOptions(_message.Message):
    __slots__ = ("back_gesture_disabled", "exclusion_rects")
    BACK_GESTURE_DISABLED_FIELD_NUMBER: _ClassVar[int]
    EXCLUSION_RECTS_FIELD_NUMBER: _ClassVar[int]
    back_gesture_disabled: bool
    exclusion_rects: _containers.RepeatedCompositeFieldContainer[Rect]
    def __init__(self, back_gesture_disabled: _Optional[bool] = ..., exclusion_rects: _Optional[_Iterable[_Union[Rect, _Mapping]]] = ...) -> None: ...

class PanEvent(_message.Message):
    __slots__ = ("stack_id", "gesture_id", "phase", "location", "translation", "velocity", "timestamp_us", "target")
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    TRANSLATION_FIELD_NUMBER: _ClassVar[int]
    VELOCITY_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_US_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    gesture_id: int
    phase: PanPhase
    location: Vec2
    translation: Vec2
    velocity: Vec2
    timestamp_us: int
    target: PanTarget
    def __init__(self, stack_id: _Optional[str] = ..., gesture_id: _Optional[int] = ..., phase: _Optional[_Union[PanPhase, str]] = ..., location: _Optional[_Union[Vec2, _Mapping]] = ..., translation: _Optional[_Union[Vec2, _Mapping]] = ..., velocity: _Optional[_Union[Vec2, _Mapping]] = ..., timestamp_us: _Optional[int] = ..., target: _Optional[_Union[PanTarget, str]] = ...) -> None: ...

class CreateStack(_message.Message):
    __slots__ = ("screens", "tabs", "selected_tab", "config")
    SCREENS_FIELD_NUMBER: _ClassVar[int]
    TABS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_TAB_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    screens: _containers.RepeatedScalarFieldContainer[str]
    tabs: _containers.RepeatedScalarFieldContainer[str]
    selected_tab: int
    config: StackConfig
    def __init__(self, screens: _Optional[_Iterable[str]] = ..., tabs: _Optional[_Iterable[str]] = ..., selected_tab: _Optional[int] = ..., config: _Optional[_Union[StackConfig, _Mapping]] = ...) -> None: ...

class Push(_message.Message):
    __slots__ = ("screen", "immediate", "options")
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    screen: str
    immediate: bool
    options: ScreenOptions
    def __init__(self, screen: _Optional[str] = ..., immediate: _Optional[bool] = ..., options: _Optional[_Union[ScreenOptions, _Mapping]] = ...) -> None: ...

class Pop(_message.Message):
    __slots__ = ("immediate",)
    IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
    immediate: bool
    def __init__(self, immediate: _Optional[bool] = ...) -> None: ...

class PopToRoot(_message.Message):
    __slots__ = ("immediate",)
    IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
    immediate: bool
    def __init__(self, immediate: _Optional[bool] = ...) -> None: ...

class Present(_message.Message):
    __slots__ = ("screen", "immediate", "options")
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    screen: str
    immediate: bool
    options: ScreenOptions
    def __init__(self, screen: _Optional[str] = ..., immediate: _Optional[bool] = ..., options: _Optional[_Union[ScreenOptions, _Mapping]] = ...) -> None: ...

class Dismiss(_message.Message):
    __slots__ = ("immediate",)
    IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
    immediate: bool
    def __init__(self, immediate: _Optional[bool] = ...) -> None: ...

class SelectTab(_message.Message):
    __slots__ = ("index", "immediate")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
    index: int
    immediate: bool
    def __init__(self, index: _Optional[int] = ..., immediate: _Optional[bool] = ...) -> None: ...

class Resize(_message.Message):
    __slots__ = ("size",)
    SIZE_FIELD_NUMBER: _ClassVar[int]
    size: Size
    def __init__(self, size: _Optional[_Union[Size, _Mapping]] = ...) -> None: ...

class SetScreenOptions(_message.Message):
    __slots__ = ("screen", "options")
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    screen: str
    options: ScreenOptions
    def __init__(self, screen: _Optional[str] = ..., options: _Optional[_Union[ScreenOptions, _Mapping]] = ...) -> None: ...

class DeleteStack(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Command(_message.Message):
    __slots__ = ("stack_id", "request_id", "expected_version", "create", "push", "pop", "pop_to_root", "present", "dismiss", "select_tab", "resize", "set_screen_options", "delete")
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATE_FIELD_NUMBER: _ClassVar[int]
    PUSH_FIELD_NUMBER: _ClassVar[int]
    POP_FIELD_NUMBER: _ClassVar[int]
    POP_TO_ROOT_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    DISMISS_FIELD_NUMBER: _ClassVar[int]
    SELECT_TAB_FIELD_NUMBER: _ClassVar[int]
    RESIZE_FIELD_NUMBER: _ClassVar[int]
    SET_SCREEN_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DELETE_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    request_id: str
    expected_version: int
    create: CreateStack
    push: Push
    pop: Pop
    pop_to_root: PopToRoot
    present: Present
    dismiss: Dismiss
    select_tab: SelectTab
    resize: Resize
    set_screen_options: SetScreenOptions
    delete: DeleteStack
    def __init__(self, stack_id: _Optional[str] = ..., request_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., create: _Optional[_Union[CreateStack, _Mapping]] = ..., push: _Optional[_Union[Push, _Mapping]] = ..., pop: _Optional[_Union[Pop, _Mapping]] = ..., pop_to_root: _Optional[_Union[PopToRoot, _Mapping]] = ..., present: _Optional[_Union[Present, _Mapping]] = ..., dismiss: _Optional[_Union[Dismiss, _Mapping]] = ..., select_tab: _Optional[_Union[SelectTab, _Mapping]] = ..., resize: _Optional[_Union[Resize, _Mapping]] = ..., set_screen_options: _Optional[_Union[SetScreenOptions, _Mapping]] = ..., delete: _Optional[_Union[DeleteStack, _Mapping]] = ...) -> None: ...

class Input(_message.Message):
    __slots__ = ("pan", "command", "probe")
    PAN_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    PROBE_FIELD_NUMBER: _ClassVar[int]
    pan: PanEvent
    command: Command
    probe: PublishProbe
    def __init__(self, pan: _Optional[_Union[PanEvent, _Mapping]] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., probe: _Optional[_Union[PublishProbe, _Mapping]] = ...) -> None: ...

class StackCreated(_message.Message):
    __slots__ = ("screens", "tabs", "selected_tab", "config")
    SCREENS_FIELD_NUMBER: _ClassVar[int]
    TABS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_TAB_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    screens: _containers.RepeatedScalarFieldContainer[str]
    tabs: _containers.RepeatedScalarFieldContainer[str]
    selected_tab: int
    config: StackConfig
    def __init__(self, screens: _Optional[_Iterable[str]] = ..., tabs: _Optional[_Iterable[str]] = ..., selected_tab: _Optional[int] = ..., config: _Optional[_Union[StackConfig, _Mapping]] = ...) -> None: ...

class TransitionBegan(_message.Message):
    __slots__ = ("transition_id", "operation", "from_screen", "to_screen", "interactive", "gesture_id", "swipe_edge", "start_translation", "queued_position")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    FROM_SCREEN_FIELD_NUMBER: _ClassVar[int]
    TO_SCREEN_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    SWIPE_EDGE_FIELD_NUMBER: _ClassVar[int]
    START_TRANSLATION_FIELD_NUMBER: _ClassVar[int]
    QUEUED_POSITION_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    operation: Operation
    from_screen: str
    to_screen: str
    interactive: bool
    gesture_id: int
    swipe_edge: SwipeEdge
    start_translation: Vec2
    queued_position: int
    def __init__(self, transition_id: _Optional[int] = ..., operation: _Optional[_Union[Operation, str]] = ..., from_screen: _Optional[str] = ..., to_screen: _Optional[str] = ..., interactive: _Optional[bool] = ..., gesture_id: _Optional[int] = ..., swipe_edge: _Optional[_Union[SwipeEdge, str]] = ..., start_translation: _Optional[_Union[Vec2, _Mapping]] = ..., queued_position: _Optional[int] = ...) -> None: ...

class TransitionProgressed(_message.Message):
    __slots__ = ("transition_id", "progress", "translation", "velocity")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    TRANSLATION_FIELD_NUMBER: _ClassVar[int]
    VELOCITY_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    progress: float
    translation: Vec2
    velocity: Vec2
    def __init__(self, transition_id: _Optional[int] = ..., progress: _Optional[float] = ..., translation: _Optional[_Union[Vec2, _Mapping]] = ..., velocity: _Optional[_Union[Vec2, _Mapping]] = ...) -> None: ...

class TransitionFinished(_message.Message):
    __slots__ = ("transition_id", "progress", "velocity", "reason", "settle_us")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    VELOCITY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SETTLE_US_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    progress: float
    velocity: float
    reason: Reason
    settle_us: int
    def __init__(self, transition_id: _Optional[int] = ..., progress: _Optional[float] = ..., velocity: _Optional[float] = ..., reason: _Optional[_Union[Reason, str]] = ..., settle_us: _Optional[int] = ...) -> None: ...

class TransitionCancelled(_message.Message):
    __slots__ = ("transition_id", "progress", "velocity", "reason", "settle_us")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    VELOCITY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SETTLE_US_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    progress: float
    velocity: float
    reason: Reason
    settle_us: int
    def __init__(self, transition_id: _Optional[int] = ..., progress: _Optional[float] = ..., velocity: _Optional[float] = ..., reason: _Optional[_Union[Reason, str]] = ..., settle_us: _Optional[int] = ...) -> None: ...

class TransitionCompleted(_message.Message):
    __slots__ = ("transition_id", "finished", "screens", "presented", "selected_tab", "presented_pages")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SCREENS_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_FIELD_NUMBER: _ClassVar[int]
    SELECTED_TAB_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_PAGES_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    finished: bool
    screens: _containers.RepeatedScalarFieldContainer[str]
    presented: _containers.RepeatedScalarFieldContainer[str]
    selected_tab: int
    presented_pages: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, transition_id: _Optional[int] = ..., finished: _Optional[bool] = ..., screens: _Optional[_Iterable[str]] = ..., presented: _Optional[_Iterable[str]] = ..., selected_tab: _Optional[int] = ..., presented_pages: _Optional[_Iterable[int]] = ...) -> None: ...

class TransitionInterrupted(_message.Message):
    __slots__ = ("transition_id", "progress", "gesture_id")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    progress: float
    gesture_id: int
    def __init__(self, transition_id: _Optional[int] = ..., progress: _Optional[float] = ..., gesture_id: _Optional[int] = ...) -> None: ...

class CommandQueued(_message.Message):
    __slots__ = ("behind_transition_id", "command", "gesture_id")
    BEHIND_TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    behind_transition_id: int
    command: Command
    gesture_id: int
    def __init__(self, behind_transition_id: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., gesture_id: _Optional[int] = ...) -> None: ...

class CommandDropped(_message.Message):
    __slots__ = ("queued_position", "error")
    QUEUED_POSITION_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    queued_position: int
    error: Error
    def __init__(self, queued_position: _Optional[int] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class StackResized(_message.Message):
    __slots__ = ("size",)
    SIZE_FIELD_NUMBER: _ClassVar[int]
    size: Size
    def __init__(self, size: _Optional[_Union[Size, _Mapping]] = ...) -> None: ...

class ScreenOptionsSet(_message.Message):
    __slots__ = ("screen", "options")
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    screen: str
    options: ScreenOptions
    def __init__(self, screen: _Optional[str] = ..., options: _Optional[_Union[ScreenOptions, _Mapping]] = ...) -> None: ...

class StackDeleted(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Event(_message.Message):
    __slots__ = ("position", "stack_id", "version", "time_us", "request_id", "producer_time_us", "stack_created", "began", "progressed", "finished", "cancelled", "completed", "interrupted", "resized", "screen_options_set", "deleted", "queued", "dropped")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TIME_US_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    PRODUCER_TIME_US_FIELD_NUMBER: _ClassVar[int]
    STACK_CREATED_FIELD_NUMBER: _ClassVar[int]
    BEGAN_FIELD_NUMBER: _ClassVar[int]
    PROGRESSED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    INTERRUPTED_FIELD_NUMBER: _ClassVar[int]
    RESIZED_FIELD_NUMBER: _ClassVar[int]
    SCREEN_OPTIONS_SET_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    position: int
    stack_id: str
    version: int
    time_us: int
    request_id: str
    producer_time_us: int
    stack_created: StackCreated
    began: TransitionBegan
    progressed: TransitionProgressed
    finished: TransitionFinished
    cancelled: TransitionCancelled
    completed: TransitionCompleted
    interrupted: TransitionInterrupted
    resized: StackResized
    screen_options_set: ScreenOptionsSet
    deleted: StackDeleted
    queued: CommandQueued
    dropped: CommandDropped
    def __init__(self, position: _Optional[int] = ..., stack_id: _Optional[str] = ..., version: _Optional[int] = ..., time_us: _Optional[int] = ..., request_id: _Optional[str] = ..., producer_time_us: _Optional[int] = ..., stack_created: _Optional[_Union[StackCreated, _Mapping]] = ..., began: _Optional[_Union[TransitionBegan, _Mapping]] = ..., progressed: _Optional[_Union[TransitionProgressed, _Mapping]] = ..., finished: _Optional[_Union[TransitionFinished, _Mapping]] = ..., cancelled: _Optional[_Union[TransitionCancelled, _Mapping]] = ..., completed: _Optional[_Union[TransitionCompleted, _Mapping]] = ..., interrupted: _Optional[_Union[TransitionInterrupted, _Mapping]] = ..., resized: _Optional[_Union[StackResized, _Mapping]] = ..., screen_options_set: _Optional[_Union[ScreenOptionsSet, _Mapping]] = ..., deleted: _Optional[_Union[StackDeleted, _Mapping]] = ..., queued: _Optional[_Union[CommandQueued, _Mapping]] = ..., dropped: _Optional[_Union[CommandDropped, _Mapping]] = ...) -> None: ...

class ViewFrame(_message.Message):
    __slots__ = ("screen", "rect", "alpha", "corner_radius", "edge_shadow")
    SCREEN_FIELD_NUMBER: _ClassVar[int]
    RECT_FIELD_NUMBER: _ClassVar[int]
    ALPHA_FIELD_NUMBER: _ClassVar[int]
    CORNER_RADIUS_FIELD_NUMBER: _ClassVar[int]
    EDGE_SHADOW_FIELD_NUMBER: _ClassVar[int]
    screen: str
    rect: Rect
    alpha: float
    corner_radius: float
    edge_shadow: EdgeShadow
    def __init__(self, screen: _Optional[str] = ..., rect: _Optional[_Union[Rect, _Mapping]] = ..., alpha: _Optional[float] = ..., corner_radius: _Optional[float] = ..., edge_shadow: _Optional[_Union[EdgeShadow, _Mapping]] = ...) -> None: ...

class EdgeShadow(_message.Message):
    __slots__ = ("width", "stops")
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    STOPS_FIELD_NUMBER: _ClassVar[int]
    width: float
    stops: _containers.RepeatedCompositeFieldContainer[GradientStop]
    def __init__(self, width: _Optional[float] = ..., stops: _Optional[_Iterable[_Union[GradientStop, _Mapping]]] = ...) -> None: ...

class GradientStop(_message.Message):
    __slots__ = ("position", "alpha")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    ALPHA_FIELD_NUMBER: _ClassVar[int]
    position: float
    alpha: float
    def __init__(self, position: _Optional[float] = ..., alpha: _Optional[float] = ...) -> None: ...

class Frame(_message.Message):
    __slots__ = ("stack_id", "transition_id", "sequence", "time_us", "progress", "phase", "to", "dimming", "shadow", "position")
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TIME_US_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    DIMMING_FIELD_NUMBER: _ClassVar[int]
    SHADOW_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    transition_id: int
    sequence: int
    time_us: int
    progress: float
    phase: FramePhase
    to: ViewFrame
    dimming: float
    shadow: float
    position: int
    def __init__(self, stack_id: _Optional[str] = ..., transition_id: _Optional[int] = ..., sequence: _Optional[int] = ..., time_us: _Optional[int] = ..., progress: _Optional[float] = ..., phase: _Optional[_Union[FramePhase, str]] = ..., to: _Optional[_Union[ViewFrame, _Mapping]] = ..., dimming: _Optional[float] = ..., shadow: _Optional[float] = ..., position: _Optional[int] = ..., **kwargs) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    code: ErrorCode
    message: str
    def __init__(self, code: _Optional[_Union[ErrorCode, str]] = ..., message: _Optional[str] = ...) -> None: ...

class Rejection(_message.Message):
    __slots__ = ("stack_id", "gesture_id", "request_id", "error", "time_us")
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    TIME_US_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    gesture_id: int
    request_id: str
    error: Error
    time_us: int
    def __init__(self, stack_id: _Optional[str] = ..., gesture_id: _Optional[int] = ..., request_id: _Optional[str] = ..., error: _Optional[_Union[Error, _Mapping]] = ..., time_us: _Optional[int] = ...) -> None: ...

class GetStack(_message.Message):
    __slots__ = ("stack_id",)
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    def __init__(self, stack_id: _Optional[str] = ...) -> None: ...

class ReadEvents(_message.Message):
    __slots__ = ("from_position", "stack_id", "max_count")
    FROM_POSITION_FIELD_NUMBER: _ClassVar[int]
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    MAX_COUNT_FIELD_NUMBER: _ClassVar[int]
    from_position: int
    stack_id: str
    max_count: int
    def __init__(self, from_position: _Optional[int] = ..., stack_id: _Optional[str] = ..., max_count: _Optional[int] = ...) -> None: ...

class ListStacks(_message.Message):
    __slots__ = ("after", "max_count")
    AFTER_FIELD_NUMBER: _ClassVar[int]
    MAX_COUNT_FIELD_NUMBER: _ClassVar[int]
    after: str
    max_count: int
    def __init__(self, after: _Optional[str] = ..., max_count: _Optional[int] = ...) -> None: ...

class GetStats(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PublishProbe(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class Request(_message.Message):
    __slots__ = ("request_id", "command", "get_stack", "read_events", "list_stacks", "get_stats", "publish_probe")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    GET_STACK_FIELD_NUMBER: _ClassVar[int]
    READ_EVENTS_FIELD_NUMBER: _ClassVar[int]
    LIST_STACKS_FIELD_NUMBER: _ClassVar[int]
    GET_STATS_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_PROBE_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    command: Command
    get_stack: GetStack
    read_events: ReadEvents
    list_stacks: ListStacks
    get_stats: GetStats
    publish_probe: PublishProbe
    def __init__(self, request_id: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., get_stack: _Optional[_Union[GetStack, _Mapping]] = ..., read_events: _Optional[_Union[ReadEvents, _Mapping]] = ..., list_stacks: _Optional[_Union[ListStacks, _Mapping]] = ..., get_stats: _Optional[_Union[GetStats, _Mapping]] = ..., publish_probe: _Optional[_Union[PublishProbe, _Mapping]] = ...) -> None: ...

class CommandResult(_message.Message):
    __slots__ = ("first_position", "last_position", "version", "queued_behind")
    FIRST_POSITION_FIELD_NUMBER: _ClassVar[int]
    LAST_POSITION_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    QUEUED_BEHIND_FIELD_NUMBER: _ClassVar[int]
    first_position: int
    last_position: int
    version: int
    queued_behind: int
    def __init__(self, first_position: _Optional[int] = ..., last_position: _Optional[int] = ..., version: _Optional[int] = ..., queued_behind: _Optional[int] = ...) -> None: ...

class QueuedCommand(_message.Message):
    __slots__ = ("position", "request_id", "command", "gesture_id")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    position: int
    request_id: str
    command: Command
    gesture_id: int
    def __init__(self, position: _Optional[int] = ..., request_id: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., gesture_id: _Optional[int] = ...) -> None: ...

class TransitionState(_message.Message):
    __slots__ = ("transition_id", "operation", "from_screen", "to_screen", "interactive", "phase", "progress", "going_back")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    FROM_SCREEN_FIELD_NUMBER: _ClassVar[int]
    TO_SCREEN_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    GOING_BACK_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    operation: Operation
    from_screen: str
    to_screen: str
    interactive: bool
    phase: FramePhase
    progress: float
    going_back: bool
    def __init__(self, transition_id: _Optional[int] = ..., operation: _Optional[_Union[Operation, str]] = ..., from_screen: _Optional[str] = ..., to_screen: _Optional[str] = ..., interactive: _Optional[bool] = ..., phase: _Optional[_Union[FramePhase, str]] = ..., progress: _Optional[float] = ..., going_back: _Optional[bool] = ...) -> None: ...

class StackState(_message.Message):
    __slots__ = ("stack_id", "version", "screens", "presented", "tabs", "selected_tab", "config", "transition", "presented_pages", "queued", "last_position")
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SCREENS_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_FIELD_NUMBER: _ClassVar[int]
    TABS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_TAB_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_PAGES_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    LAST_POSITION_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    version: int
    screens: _containers.RepeatedScalarFieldContainer[str]
    presented: _containers.RepeatedScalarFieldContainer[str]
    tabs: _containers.RepeatedScalarFieldContainer[str]
    selected_tab: int
    config: StackConfig
    transition: TransitionState
    presented_pages: _containers.RepeatedScalarFieldContainer[int]
    queued: _containers.RepeatedCompositeFieldContainer[QueuedCommand]
    last_position: int
    def __init__(self, stack_id: _Optional[str] = ..., version: _Optional[int] = ..., screens: _Optional[_Iterable[str]] = ..., presented: _Optional[_Iterable[str]] = ..., tabs: _Optional[_Iterable[str]] = ..., selected_tab: _Optional[int] = ..., config: _Optional[_Union[StackConfig, _Mapping]] = ..., transition: _Optional[_Union[TransitionState, _Mapping]] = ..., presented_pages: _Optional[_Iterable[int]] = ..., queued: _Optional[_Iterable[_Union[QueuedCommand, _Mapping]]] = ..., last_position: _Optional[int] = ...) -> None: ...

class EventBatch(_message.Message):
    __slots__ = ("events", "next_position", "head_position")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_POSITION_FIELD_NUMBER: _ClassVar[int]
    HEAD_POSITION_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    next_position: int
    head_position: int
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., next_position: _Optional[int] = ..., head_position: _Optional[int] = ...) -> None: ...

class StackList(_message.Message):
    __slots__ = ("stack_ids", "more")
    STACK_IDS_FIELD_NUMBER: _ClassVar[int]
    MORE_FIELD_NUMBER: _ClassVar[int]
    stack_ids: _containers.RepeatedScalarFieldContainer[str]
    more: bool
    def __init__(self, stack_ids: _Optional[_Iterable[str]] = ..., more: _Optional[bool] = ...) -> None: ...

class Stats(_message.Message):
    __slots__ = ("head_position", "stacks", "inputs_received", "inputs_rejected", "events_appended", "frames_published", "log_bytes", "fsync_p99_us", "uptime_us", "handshakes_refused", "frames_skipped", "replies_dropped", "messages_dropped", "connections_refused", "publications_refused")
    HEAD_POSITION_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    INPUTS_RECEIVED_FIELD_NUMBER: _ClassVar[int]
    INPUTS_REJECTED_FIELD_NUMBER: _ClassVar[int]
    EVENTS_APPENDED_FIELD_NUMBER: _ClassVar[int]
    FRAMES_PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    LOG_BYTES_FIELD_NUMBER: _ClassVar[int]
    FSYNC_P99_US_FIELD_NUMBER: _ClassVar[int]
    UPTIME_US_FIELD_NUMBER: _ClassVar[int]
    HANDSHAKES_REFUSED_FIELD_NUMBER: _ClassVar[int]
    FRAMES_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    REPLIES_DROPPED_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_DROPPED_FIELD_NUMBER: _ClassVar[int]
    CONNECTIONS_REFUSED_FIELD_NUMBER: _ClassVar[int]
    PUBLICATIONS_REFUSED_FIELD_NUMBER: _ClassVar[int]
    head_position: int
    stacks: int
    inputs_received: int
    inputs_rejected: int
    events_appended: int
    frames_published: int
    log_bytes: int
    fsync_p99_us: float
    uptime_us: int
    handshakes_refused: int
    frames_skipped: int
    replies_dropped: int
    messages_dropped: int
    connections_refused: int
    publications_refused: int
    def __init__(self, head_position: _Optional[int] = ..., stacks: _Optional[int] = ..., inputs_received: _Optional[int] = ..., inputs_rejected: _Optional[int] = ..., events_appended: _Optional[int] = ..., frames_published: _Optional[int] = ..., log_bytes: _Optional[int] = ..., fsync_p99_us: _Optional[float] = ..., uptime_us: _Optional[int] = ..., handshakes_refused: _Optional[int] = ..., frames_skipped: _Optional[int] = ..., replies_dropped: _Optional[int] = ..., messages_dropped: _Optional[int] = ..., connections_refused: _Optional[int] = ..., publications_refused: _Optional[int] = ...) -> None: ...

class Reply(_message.Message):
    __slots__ = ("request_id", "error", "command", "stack", "events", "stacks", "stats")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    error: Error
    command: CommandResult
    stack: StackState
    events: EventBatch
    stacks: StackList
    stats: Stats
    def __init__(self, request_id: _Optional[str] = ..., error: _Optional[_Union[Error, _Mapping]] = ..., command: _Optional[_Union[CommandResult, _Mapping]] = ..., stack: _Optional[_Union[StackState, _Mapping]] = ..., events: _Optional[_Union[EventBatch, _Mapping]] = ..., stacks: _Optional[_Union[StackList, _Mapping]] = ..., stats: _Optional[_Union[Stats, _Mapping]] = ...) -> None: ...

class Snapshot(_message.Message):
    __slots__ = ("position", "time_us", "stacks", "stream_cursor")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    TIME_US_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    STREAM_CURSOR_FIELD_NUMBER: _ClassVar[int]
    position: int
    time_us: int
    stacks: _containers.RepeatedCompositeFieldContainer[StackSnapshot]
    stream_cursor: StreamCursor
    def __init__(self, position: _Optional[int] = ..., time_us: _Optional[int] = ..., stacks: _Optional[_Iterable[_Union[StackSnapshot, _Mapping]]] = ..., stream_cursor: _Optional[_Union[StreamCursor, _Mapping]] = ...) -> None: ...

class StreamCursor(_message.Message):
    __slots__ = ("sequence", "tenure")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TENURE_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    tenure: int
    def __init__(self, sequence: _Optional[int] = ..., tenure: _Optional[int] = ...) -> None: ...

class StackSnapshot(_message.Message):
    __slots__ = ("stack_id", "version", "screens", "presented", "tabs", "selected_tab", "config", "screen_options", "last_transition_id", "last_position", "transition", "presented_pages", "queued")
    STACK_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SCREENS_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_FIELD_NUMBER: _ClassVar[int]
    TABS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_TAB_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SCREEN_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    LAST_TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_POSITION_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_PAGES_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    stack_id: str
    version: int
    screens: _containers.RepeatedScalarFieldContainer[str]
    presented: _containers.RepeatedScalarFieldContainer[str]
    tabs: _containers.RepeatedScalarFieldContainer[str]
    selected_tab: int
    config: StackConfig
    screen_options: _containers.RepeatedCompositeFieldContainer[ScreenOptionsSet]
    last_transition_id: int
    last_position: int
    transition: TransitionSnapshot
    presented_pages: _containers.RepeatedScalarFieldContainer[int]
    queued: _containers.RepeatedCompositeFieldContainer[QueuedCommand]
    def __init__(self, stack_id: _Optional[str] = ..., version: _Optional[int] = ..., screens: _Optional[_Iterable[str]] = ..., presented: _Optional[_Iterable[str]] = ..., tabs: _Optional[_Iterable[str]] = ..., selected_tab: _Optional[int] = ..., config: _Optional[_Union[StackConfig, _Mapping]] = ..., screen_options: _Optional[_Iterable[_Union[ScreenOptionsSet, _Mapping]]] = ..., last_transition_id: _Optional[int] = ..., last_position: _Optional[int] = ..., transition: _Optional[_Union[TransitionSnapshot, _Mapping]] = ..., presented_pages: _Optional[_Iterable[int]] = ..., queued: _Optional[_Iterable[_Union[QueuedCommand, _Mapping]]] = ...) -> None: ...

class TransitionSnapshot(_message.Message):
    __slots__ = ("transition_id", "operation", "from_screen", "to_screen", "interactive", "gesture_id", "request_id", "gesture_sign", "toward_higher_index", "animating", "tracking", "settling", "frame_sequence", "caught", "swipe_edge", "vertical_translation", "start_translation_y")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    FROM_SCREEN_FIELD_NUMBER: _ClassVar[int]
    TO_SCREEN_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    GESTURE_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    GESTURE_SIGN_FIELD_NUMBER: _ClassVar[int]
    TOWARD_HIGHER_INDEX_FIELD_NUMBER: _ClassVar[int]
    ANIMATING_FIELD_NUMBER: _ClassVar[int]
    TRACKING_FIELD_NUMBER: _ClassVar[int]
    SETTLING_FIELD_NUMBER: _ClassVar[int]
    FRAME_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    CAUGHT_FIELD_NUMBER: _ClassVar[int]
    SWIPE_EDGE_FIELD_NUMBER: _ClassVar[int]
    VERTICAL_TRANSLATION_FIELD_NUMBER: _ClassVar[int]
    START_TRANSLATION_Y_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    operation: Operation
    from_screen: str
    to_screen: str
    interactive: bool
    gesture_id: int
    request_id: str
    gesture_sign: float
    toward_higher_index: bool
    animating: AnimatingSnapshot
    tracking: TrackingSnapshot
    settling: SettlingSnapshot
    frame_sequence: int
    caught: bool
    swipe_edge: SwipeEdge
    vertical_translation: float
    start_translation_y: float
    def __init__(self, transition_id: _Optional[int] = ..., operation: _Optional[_Union[Operation, str]] = ..., from_screen: _Optional[str] = ..., to_screen: _Optional[str] = ..., interactive: _Optional[bool] = ..., gesture_id: _Optional[int] = ..., request_id: _Optional[str] = ..., gesture_sign: _Optional[float] = ..., toward_higher_index: _Optional[bool] = ..., animating: _Optional[_Union[AnimatingSnapshot, _Mapping]] = ..., tracking: _Optional[_Union[TrackingSnapshot, _Mapping]] = ..., settling: _Optional[_Union[SettlingSnapshot, _Mapping]] = ..., frame_sequence: _Optional[int] = ..., caught: _Optional[bool] = ..., swipe_edge: _Optional[_Union[SwipeEdge, str]] = ..., vertical_translation: _Optional[float] = ..., start_translation_y: _Optional[float] = ...) -> None: ...

class AnimatingSnapshot(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TrackingSnapshot(_message.Message):
    __slots__ = ("caught_fraction", "fraction", "progress", "translation", "last_sample_us", "spring")
    CAUGHT_FRACTION_FIELD_NUMBER: _ClassVar[int]
    FRACTION_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    TRANSLATION_FIELD_NUMBER: _ClassVar[int]
    LAST_SAMPLE_US_FIELD_NUMBER: _ClassVar[int]
    SPRING_FIELD_NUMBER: _ClassVar[int]
    caught_fraction: float
    fraction: float
    progress: float
    translation: float
    last_sample_us: int
    spring: ProgressSpringState
    def __init__(self, caught_fraction: _Optional[float] = ..., fraction: _Optional[float] = ..., progress: _Optional[float] = ..., translation: _Optional[float] = ..., last_sample_us: _Optional[int] = ..., spring: _Optional[_Union[ProgressSpringState, _Mapping]] = ...) -> None: ...

class ProgressSpringState(_message.Message):
    __slots__ = ("position", "velocity", "final_position", "pending_position", "running", "end_requested", "last_frame_ms")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    VELOCITY_FIELD_NUMBER: _ClassVar[int]
    FINAL_POSITION_FIELD_NUMBER: _ClassVar[int]
    PENDING_POSITION_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    END_REQUESTED_FIELD_NUMBER: _ClassVar[int]
    LAST_FRAME_MS_FIELD_NUMBER: _ClassVar[int]
    position: float
    velocity: float
    final_position: float
    pending_position: float
    running: bool
    end_requested: bool
    last_frame_ms: int
    def __init__(self, position: _Optional[float] = ..., velocity: _Optional[float] = ..., final_position: _Optional[float] = ..., pending_position: _Optional[float] = ..., running: _Optional[bool] = ..., end_requested: _Optional[bool] = ..., last_frame_ms: _Optional[int] = ...) -> None: ...

class SettlingSnapshot(_message.Message):
    __slots__ = ("start_us", "duration_us", "from_fraction", "target_fraction", "bezier", "spring", "timeline", "resting_spring", "accelerate_decelerate", "progress_spring")
    START_US_FIELD_NUMBER: _ClassVar[int]
    DURATION_US_FIELD_NUMBER: _ClassVar[int]
    FROM_FRACTION_FIELD_NUMBER: _ClassVar[int]
    TARGET_FRACTION_FIELD_NUMBER: _ClassVar[int]
    BEZIER_FIELD_NUMBER: _ClassVar[int]
    SPRING_FIELD_NUMBER: _ClassVar[int]
    TIMELINE_FIELD_NUMBER: _ClassVar[int]
    RESTING_SPRING_FIELD_NUMBER: _ClassVar[int]
    ACCELERATE_DECELERATE_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_SPRING_FIELD_NUMBER: _ClassVar[int]
    start_us: int
    duration_us: int
    from_fraction: float
    target_fraction: float
    bezier: BezierCurve
    spring: SpringCurve
    timeline: TimelineCurve
    resting_spring: RestingSpringCurve
    accelerate_decelerate: CosineCurve
    progress_spring: ProgressSpringCurve
    def __init__(self, start_us: _Optional[int] = ..., duration_us: _Optional[int] = ..., from_fraction: _Optional[float] = ..., target_fraction: _Optional[float] = ..., bezier: _Optional[_Union[BezierCurve, _Mapping]] = ..., spring: _Optional[_Union[SpringCurve, _Mapping]] = ..., timeline: _Optional[_Union[TimelineCurve, _Mapping]] = ..., resting_spring: _Optional[_Union[RestingSpringCurve, _Mapping]] = ..., accelerate_decelerate: _Optional[_Union[CosineCurve, _Mapping]] = ..., progress_spring: _Optional[_Union[ProgressSpringCurve, _Mapping]] = ...) -> None: ...

class CosineCurve(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ProgressSpringCurve(_message.Message):
    __slots__ = ("spring", "fps")
    SPRING_FIELD_NUMBER: _ClassVar[int]
    FPS_FIELD_NUMBER: _ClassVar[int]
    spring: ProgressSpringState
    fps: int
    def __init__(self, spring: _Optional[_Union[ProgressSpringState, _Mapping]] = ..., fps: _Optional[int] = ...) -> None: ...

class BezierCurve(_message.Message):
    __slots__ = ("x1", "y1", "x2", "y2", "solved_as_flutter")
    X1_FIELD_NUMBER: _ClassVar[int]
    Y1_FIELD_NUMBER: _ClassVar[int]
    X2_FIELD_NUMBER: _ClassVar[int]
    Y2_FIELD_NUMBER: _ClassVar[int]
    SOLVED_AS_FLUTTER_FIELD_NUMBER: _ClassVar[int]
    x1: float
    y1: float
    x2: float
    y2: float
    solved_as_flutter: bool
    def __init__(self, x1: _Optional[float] = ..., y1: _Optional[float] = ..., x2: _Optional[float] = ..., y2: _Optional[float] = ..., solved_as_flutter: _Optional[bool] = ...) -> None: ...

class SpringCurve(_message.Message):
    __slots__ = ("damping_ratio", "initial_velocity")
    DAMPING_RATIO_FIELD_NUMBER: _ClassVar[int]
    INITIAL_VELOCITY_FIELD_NUMBER: _ClassVar[int]
    damping_ratio: float
    initial_velocity: float
    def __init__(self, damping_ratio: _Optional[float] = ..., initial_velocity: _Optional[float] = ...) -> None: ...

class TimelineCurve(_message.Message):
    __slots__ = ("view", "completion")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_FIELD_NUMBER: _ClassVar[int]
    view: BezierCurve
    completion: BezierCurve
    def __init__(self, view: _Optional[_Union[BezierCurve, _Mapping]] = ..., completion: _Optional[_Union[BezierCurve, _Mapping]] = ...) -> None: ...

class RestingSpringCurve(_message.Message):
    __slots__ = ("response", "damping_ratio", "initial_velocity")
    RESPONSE_FIELD_NUMBER: _ClassVar[int]
    DAMPING_RATIO_FIELD_NUMBER: _ClassVar[int]
    INITIAL_VELOCITY_FIELD_NUMBER: _ClassVar[int]
    response: float
    damping_ratio: float
    initial_velocity: float
    def __init__(self, response: _Optional[float] = ..., damping_ratio: _Optional[float] = ..., initial_velocity: _Optional[float] = ...) -> None: ...

class ShardLease(_message.Message):
    __slots__ = ("node", "shard", "shards", "ingest", "control", "events", "presence")
    NODE_FIELD_NUMBER: _ClassVar[int]
    SHARD_FIELD_NUMBER: _ClassVar[int]
    SHARDS_FIELD_NUMBER: _ClassVar[int]
    INGEST_FIELD_NUMBER: _ClassVar[int]
    CONTROL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    PRESENCE_FIELD_NUMBER: _ClassVar[int]
    node: str
    shard: int
    shards: int
    ingest: str
    control: str
    events: str
    presence: str
    def __init__(self, node: _Optional[str] = ..., shard: _Optional[int] = ..., shards: _Optional[int] = ..., ingest: _Optional[str] = ..., control: _Optional[str] = ..., events: _Optional[str] = ..., presence: _Optional[str] = ...) -> None: ...

class SignedRecord(_message.Message):
    __slots__ = ("record", "signature")
    RECORD_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    record: bytes
    signature: bytes
    def __init__(self, record: _Optional[bytes] = ..., signature: _Optional[bytes] = ...) -> None: ...

class ShardBatchPart(_message.Message):
    __slots__ = ("tenure", "events", "continued")
    TENURE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CONTINUED_FIELD_NUMBER: _ClassVar[int]
    tenure: int
    events: _containers.RepeatedCompositeFieldContainer[Event]
    continued: bool
    def __init__(self, tenure: _Optional[int] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., continued: _Optional[bool] = ...) -> None: ...

class ShardMarker(_message.Message):
    __slots__ = ("lease", "after_sequence", "next_position")
    LEASE_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    NEXT_POSITION_FIELD_NUMBER: _ClassVar[int]
    lease: ShardLease
    after_sequence: int
    next_position: int
    def __init__(self, lease: _Optional[_Union[ShardLease, _Mapping]] = ..., after_sequence: _Optional[int] = ..., next_position: _Optional[int] = ...) -> None: ...
