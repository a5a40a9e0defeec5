#!/usr/bin/env python3
"""Generates the SegueWire Swift types from proto/segue.proto.

Usage (from anywhere; paths are relative to the repository root):

    python3 scripts/generate_wire.py          # (re)write the generated files
    python3 scripts/generate_wire.py --check  # exit 1 if a generated file is out of date

Writes:
    Sources/SegueWire/Generated/Messages.swift   one struct per message, with its ProtoMessage conformance
    Sources/SegueWire/Generated/Enums.swift      one open RawRepresentable struct per enum
    Sources/SegueJSON/Generated/ProtoJSONDecoding.swift
                                                 how each message and enum reads from proto3 JSON (the
                                                 browser messages of `segue web`)
    Sources/SegueJSON/Generated/ProtoJSONEncoding.swift
                                                 how each message and enum writes as proto3 JSON (`--json`,
                                                 and what `segue web` sends)
    Sources/SegueJSON/Generated/ProtoJSONWriting.swift
                                                 the same JSON written straight into bytes (`JSONWriter`: the
                                                 frames and events `segue web` relays)
    Tests/SegueWireTests/Generated/Samples.swift  a sample value of every message (every field set) and of
                                                  every oneof member, used by the tests and by
                                                  scripts/make_golden.py (which rebuilds the same values with
                                                  Google's protobuf runtime through `samples()` below)

The parser understands the proto3 subset that segue.proto uses: `syntax`, `package`, `option`, top-level
`message` and `enum` declarations, scalar / enum / message fields, `repeated`, `optional`, `oneof`,
`reserved`, and `//` and `/* */` comments. Anything else is rejected with an error naming the line.
Plain Python 3, no dependencies; the output depends only on the proto file, so it is deterministic.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO = ROOT / "proto" / "segue.proto"
MESSAGES_OUT = ROOT / "Sources" / "SegueWire" / "Generated" / "Messages.swift"
ENUMS_OUT = ROOT / "Sources" / "SegueWire" / "Generated" / "Enums.swift"
SAMPLES_OUT = ROOT / "Tests" / "SegueWireTests" / "Generated" / "Samples.swift"
JSON_OUT = ROOT / "Sources" / "SegueJSON" / "Generated" / "ProtoJSONDecoding.swift"
JSON_WRITING_OUT = ROOT / "Sources" / "SegueJSON" / "Generated" / "ProtoJSONEncoding.swift"
JSON_BYTES_OUT = ROOT / "Sources" / "SegueJSON" / "Generated" / "ProtoJSONWriting.swift"

COMMAND = "python3 scripts/generate_wire.py"
MAX_COLUMNS = 120

# Proto message names that would shadow something in Swift.
SWIFT_TYPE_RENAMES = {"Error": "ErrorDetail"}

SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
    "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    "Type", "Protocol",
}


@dataclass(frozen=True)
class Scalar:
    """How one proto scalar type maps onto Swift and onto the SegueWire runtime."""

    swift: str          # Swift type
    default: str        # Swift literal of the proto3 default
    non_default: str    # Swift condition, `{}` standing for the value, true when it must be written
    write: str          # ProtoWriter method
    read: str           # ProtoReader method
    packable: bool      # repeated fields of this type are packed


SCALARS = {
    # Google's encoder writes a proto3 double whenever its bit pattern is nonzero: -0.0 and every NaN are written.
    "double": Scalar("Double", "0", "{}.bitPattern != 0", "writeDouble", "readDouble", True),
    "int64": Scalar("Int64", "0", "{} != 0", "writeInt64", "readInt64", True),
    "uint64": Scalar("UInt64", "0", "{} != 0", "writeUInt64", "readUInt64", True),
    "int32": Scalar("Int32", "0", "{} != 0", "writeInt32", "readInt32", True),
    "uint32": Scalar("UInt32", "0", "{} != 0", "writeUInt32", "readUInt32", True),
    "bool": Scalar("Bool", "false", "{}", "writeBool", "readBool", True),
    "string": Scalar("String", '""', "!{}.isEmpty", "writeString", "readString", False),
    "bytes": Scalar("[UInt8]", "[]", "!{}.isEmpty", "writeBytes", "readBytes", False),
}


class ProtoError(Exception):
    """A construct of the proto file that this generator does not understand."""


@dataclass
class Field:
    name: str
    type: str
    number: int
    label: str  # "", "repeated" or "optional"
    comment: str
    oneof: str | None = None


@dataclass
class Oneof:
    name: str
    comment: str
    fields: list[Field] = field(default_factory=list)


@dataclass
class Message:
    name: str
    comment: str
    fields: list[Field] = field(default_factory=list)  # every field, oneof members included, in file order
    oneofs: list[Oneof] = field(default_factory=list)

    def sorted_fields(self) -> list[Field]:
        return sorted(self.fields, key=lambda f: f.number)


@dataclass
class EnumValue:
    name: str
    number: int
    comment: str


@dataclass
class Enum:
    name: str
    comment: str
    values: list[EnumValue] = field(default_factory=list)


@dataclass
class Proto:
    package: str
    messages: list[Message]
    enums: list[Enum]

    def message(self, name: str) -> Message | None:
        return next((m for m in self.messages if m.name == name), None)

    def enum(self, name: str) -> Enum | None:
        return next((e for e in self.enums if e.name == name), None)


# ---------------------------------------------------------------------------------------------------- parsing


@dataclass
class Token:
    text: str
    line: int


TOKEN_RE = re.compile(r'\s*(?:([A-Za-z_][A-Za-z0-9_.]*)|(-?[0-9]+)|("(?:[^"\\]|\\.)*")|([{}=;<>,\[\]()]))')


def split_comments(source: str) -> tuple[list[str], dict[int, str], set[int]]:
    """Returns the code of each line (comments blanked out), the comment text by line number (1-based) and the
    set of lines that hold nothing but a comment."""
    code_lines: list[str] = []
    comments: dict[int, list[str]] = {}
    comment_only: set[int] = set()
    in_block = False
    for number, line in enumerate(source.split("\n"), start=1):
        code = []
        i = 0
        while i < len(line):
            if in_block:
                close = line.find("*/", i)
                text = line[i:] if close < 0 else line[i:close]
                comments.setdefault(number, []).append(text.strip().lstrip("*").strip())
                if close < 0:
                    i = len(line)
                else:
                    in_block = False
                    i = close + 2
                continue
            ch = line[i]
            if ch == '"':
                end = i + 1
                while end < len(line) and line[end] != '"':
                    end += 2 if line[end] == "\\" else 1
                code.append(line[i:end + 1])
                i = end + 1
            elif line.startswith("//", i):
                comments.setdefault(number, []).append(line[i + 2:].strip())
                i = len(line)
            elif line.startswith("/*", i):
                in_block = True
                i += 2
            else:
                code.append(ch)
                i += 1
        code_text = "".join(code)
        code_lines.append(code_text)
        if number in comments and not code_text.strip():
            comment_only.add(number)
    if in_block:
        raise ProtoError("unterminated /* comment")
    return code_lines, {n: " ".join(t for t in texts if t) for n, texts in comments.items()}, comment_only


class Parser:
    def __init__(self, source: str):
        code_lines, self.comments, self.comment_only = split_comments(source)
        self.tokens: list[Token] = []
        for number, code in enumerate(code_lines, start=1):
            position = 0
            while position < len(code):
                if not code[position:].strip():
                    break
                match = TOKEN_RE.match(code, position)
                if not match or match.end() == position:
                    raise ProtoError(f"line {number}: cannot read {code[position:].strip()!r}")
                self.tokens.append(Token(match.group(0).strip(), number))
                position = match.end()
        self.position = 0

    # -- token helpers

    def peek(self) -> Token | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise ProtoError("unexpected end of file")
        self.position += 1
        return token

    def expect(self, text: str) -> Token:
        token = self.next()
        if token.text != text:
            raise ProtoError(f"line {token.line}: expected {text!r}, found {token.text!r}")
        return token

    def identifier(self) -> Token:
        token = self.next()
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", token.text):
            raise ProtoError(f"line {token.line}: expected a name, found {token.text!r}")
        return token

    def integer(self) -> int:
        token = self.next()
        if not re.fullmatch(r"-?[0-9]+", token.text):
            raise ProtoError(f"line {token.line}: expected a number, found {token.text!r}")
        return int(token.text)

    def skip_statement(self) -> None:
        while self.next().text != ";":
            pass

    # -- comments

    def leading_comment(self, line: int) -> str:
        """The block of comment-only lines directly above `line` (no blank line in between)."""
        texts = []
        above = line - 1
        while above in self.comment_only:
            texts.append(self.comments[above])
            above -= 1
        return " ".join(t for t in reversed(texts) if t)

    def comment_for(self, first_line: int, last_line: int) -> str:
        """A declaration's comment: the comment-only lines above it, then a trailing comment on its last line."""
        parts = [self.leading_comment(first_line)]
        if last_line not in self.comment_only:
            parts.append(self.comments.get(last_line, ""))
        return " ".join(p for p in parts if p)

    # -- grammar

    def parse(self) -> Proto:
        package = ""
        messages: list[Message] = []
        enums: list[Enum] = []
        while (token := self.peek()) is not None:
            if token.text == "syntax":
                self.next()
                self.expect("=")
                value = self.next()
                if value.text != '"proto3"':
                    raise ProtoError(f"line {value.line}: only proto3 is supported")
                self.expect(";")
            elif token.text == "package":
                self.next()
                package = self.identifier().text
                self.expect(";")
            elif token.text == "option":
                self.skip_statement()
            elif token.text == "message":
                messages.append(self.message())
            elif token.text == "enum":
                enums.append(self.enum())
            else:
                raise ProtoError(f"line {token.line}: unsupported top-level {token.text!r}")
        return Proto(package, messages, enums)

    def message(self) -> Message:
        start = self.expect("message")
        name = self.identifier().text
        self.expect("{")
        message = Message(name, self.comment_for(start.line, start.line))
        while (token := self.peek()) is not None and token.text != "}":
            if token.text == "oneof":
                self.next()
                oneof = Oneof(self.identifier().text, self.comment_for(token.line, token.line))
                self.expect("{")
                while (inner := self.peek()) is not None and inner.text != "}":
                    if inner.text == "option":
                        self.skip_statement()
                        continue
                    member = self.field(oneof.name)
                    if member.label:
                        raise ProtoError(f"line {inner.line}: oneof members cannot be {member.label}")
                    oneof.fields.append(member)
                    message.fields.append(member)
                self.expect("}")
                if not oneof.fields:
                    raise ProtoError(f"line {token.line}: empty oneof {oneof.name}")
                message.oneofs.append(oneof)
            elif token.text in ("option", "reserved"):
                self.skip_statement()
            elif token.text in ("message", "enum", "map", "extensions", "extend", "group"):
                raise ProtoError(f"line {token.line}: {token.text!r} inside a message is not supported")
            else:
                message.fields.append(self.field(None))
        self.expect("}")
        numbers = [f.number for f in message.fields]
        if len(set(numbers)) != len(numbers):
            raise ProtoError(f"message {name}: duplicate field number")
        return message

    def field(self, oneof: str | None) -> Field:
        first = self.peek()
        assert first is not None
        label = ""
        if first.text in ("repeated", "optional"):
            label = self.next().text
        elif first.text == "required":
            raise ProtoError(f"line {first.line}: 'required' is not proto3")
        type_name = self.identifier().text
        name = self.identifier().text
        self.expect("=")
        number = self.integer()
        if not 1 <= number <= 536_870_911 or 19_000 <= number <= 19_999:
            raise ProtoError(f"line {first.line}: invalid field number {number}")
        if self.peek() is not None and self.peek().text == "[":
            while self.next().text != "]":  # field options such as [packed = true] do not change our output
                pass
        last = self.expect(";")
        return Field(name, type_name.rsplit(".", 1)[-1], number, label,
                     self.comment_for(first.line, last.line), oneof)

    def enum(self) -> Enum:
        start = self.expect("enum")
        name = self.identifier().text
        self.expect("{")
        enum = Enum(name, self.comment_for(start.line, start.line))
        while (token := self.peek()) is not None and token.text != "}":
            if token.text in ("option", "reserved"):
                if token.text == "option" and "allow_alias" in self.tokens[self.position + 1].text:
                    raise ProtoError(f"line {token.line}: allow_alias is not supported")
                self.skip_statement()
                continue
            value_name = self.identifier().text
            self.expect("=")
            number = self.integer()
            if self.peek() is not None and self.peek().text == "[":
                while self.next().text != "]":
                    pass
            last = self.expect(";")
            enum.values.append(EnumValue(value_name, number, self.comment_for(token.line, last.line)))
        self.expect("}")
        if not enum.values or enum.values[0].number != 0:
            raise ProtoError(f"enum {name}: the first value must be 0 in proto3")
        if len({v.number for v in enum.values}) != len(enum.values):
            raise ProtoError(f"enum {name}: duplicate numbers need allow_alias, which is not supported")
        return enum


def parse(path: Path = PROTO) -> Proto:
    proto = Parser(path.read_text(encoding="utf-8")).parse()
    check(proto)
    return proto


def check(proto: Proto) -> None:
    """Rejects references to unknown types and uses the runtime has no support for."""
    names = [m.name for m in proto.messages] + [e.name for e in proto.enums]
    if len(set(names)) != len(names):
        raise ProtoError("duplicate type name")
    swift_names = {swift_type_name(n) for n in names}
    if len(swift_names) != len(names):
        raise ProtoError("two types map to the same Swift name")
    for message in proto.messages:
        swift_fields = [swift_identifier(lower_camel(f.name)) for f in message.fields if not f.oneof]
        swift_fields += [swift_identifier(lower_camel(o.name)) for o in message.oneofs]
        if len(set(swift_fields)) != len(swift_fields):
            raise ProtoError(f"message {message.name}: two fields map to the same Swift name")
        for f in message.fields:
            if f.type == "bytes" and f.label:
                raise ProtoError(f"{message.name}.{f.name}: only singular bytes fields are supported")
            if f.type in SCALARS:
                continue
            if proto.enum(f.type) is not None:
                continue
            if proto.message(f.type) is not None:
                if f.label == "optional":
                    raise ProtoError(f"{message.name}.{f.name}: 'optional' message fields are not supported")
                continue
            raise ProtoError(f"{message.name}.{f.name}: unsupported or unknown type {f.type!r}")


# ---------------------------------------------------------------------------------------------------- naming


def words(name: str) -> list[str]:
    return [w for w in name.split("_") if w]


def lower_camel(name: str) -> str:
    parts = words(name)
    if name.isupper() or all(p.isupper() or p.isdigit() for p in parts):
        parts = [p.lower() for p in parts]
    first, rest = parts[0], parts[1:]
    return first[:1].lower() + first[1:] + "".join(p[:1].upper() + p[1:] for p in rest)


def upper_camel(name: str) -> str:
    camel = lower_camel(name)
    return camel[:1].upper() + camel[1:]


def swift_identifier(name: str) -> str:
    return f"`{name}`" if name in SWIFT_KEYWORDS else name


def swift_type_name(proto_name: str) -> str:
    return SWIFT_TYPE_RENAMES.get(proto_name, proto_name)


def swift_string_literal(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif 0x20 <= ord(ch) < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):X}}}")
    return '"' + "".join(out) + '"'


def doc_comment(text: str, indent: str) -> list[str]:
    """`///` lines holding `text` (paragraphs separated by "\n\n"), wrapped at MAX_COLUMNS."""
    prefix = indent + "/// "
    lines: list[str] = []
    for index, paragraph in enumerate(text.split("\n\n")):
        if index:
            lines.append(indent + "///")
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if current and len(prefix) + len(candidate) > MAX_COLUMNS:
                lines.append(prefix + current)
                current = word
            else:
                current = candidate
        lines.append(prefix + current)
    return lines


def wrapped_literal(text: str, first: str, last: str, outer_indent: int = 0) -> list[str]:
    """A Swift string literal of `text` split into `+`-joined pieces that keep each line within MAX_COLUMNS: the
    first line starts with `first`, the others with `+` at the same indent, and `last` closes the final line;
    `outer_indent` columns are added in front of every line by the caller."""
    indent = " " * (len(first) - len(first.lstrip()))
    continuation = f"{indent}    + "
    pieces: list[str] = []
    current = ""
    for word in re.split(r"(?<= )", text):
        start = len(continuation) if pieces else len(first)
        if current and outer_indent + start + len(swift_string_literal(current + word)) + len(last) > MAX_COLUMNS:
            pieces.append(current)
            current = word
        else:
            current += word
    pieces.append(current)
    lines = [first + swift_string_literal(pieces[0])]
    lines += [continuation + swift_string_literal(piece) for piece in pieces[1:]]
    lines[-1] += last
    return lines


def article(word: str) -> str:
    return "an" if word[:1].upper() in "AEIOU" else "a"


def sentence(text: str) -> str:
    """`text` ending with a full stop (its case is kept: proto comments may start with a unit such as "pt")."""
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------------------------------------- Swift types


def file_header(description: str) -> list[str]:
    return [
        f"// {description}",
        "// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.",
        f"// Regenerate with `{COMMAND}` from the repository root.",
        "",
    ]


class Kind:
    SCALAR = "scalar"
    ENUM = "enum"
    MESSAGE = "message"


class Generator:
    def __init__(self, proto: Proto):
        self.proto = proto

    def kind(self, f: Field) -> str:
        if f.type in SCALARS:
            return Kind.SCALAR
        if self.proto.enum(f.type) is not None:
            return Kind.ENUM
        return Kind.MESSAGE

    def element_type(self, f: Field) -> str:
        if f.type in SCALARS:
            return SCALARS[f.type].swift
        return swift_type_name(f.type)

    def swift_type(self, f: Field) -> str:
        element = self.element_type(f)
        if f.label == "repeated":
            return f"[{element}]"
        if f.label == "optional" or self.kind(f) == Kind.MESSAGE:
            return f"{element}?"
        return element

    def default(self, f: Field) -> str:
        if f.label == "repeated":
            return "[]"
        if f.label == "optional" or self.kind(f) == Kind.MESSAGE:
            return "nil"
        if self.kind(f) == Kind.ENUM:
            enum = self.proto.enum(f.type)
            assert enum is not None
            return "." + swift_identifier(lower_camel(enum.values[0].name))
        return SCALARS[f.type].default

    def full_name(self, name: str) -> str:
        return f"{self.proto.package}.{name}" if self.proto.package else name

    def field_doc(self, f: Field) -> str:
        label = f"{f.label} " if f.label else ""
        text = f"Field {f.number} `{label}{f.type} {f.name}`."
        return f"{text[:-1]}: {sentence(f.comment)}" if f.comment else text

    # -- members in declaration order: each plain field, and each oneof where its lowest-numbered member sits

    def members(self, message: Message) -> list[Field | Oneof]:
        out: list[Field | Oneof] = []
        seen: set[str] = set()
        for f in message.sorted_fields():
            if f.oneof is None:
                out.append(f)
            elif f.oneof not in seen:
                seen.add(f.oneof)
                out.append(next(o for o in message.oneofs if o.name == f.oneof))
        return out

    # -- messages

    def messages_file(self) -> str:
        lines = file_header("Swift values for every message of proto/segue.proto, with their protobuf encoding.")
        for message in self.proto.messages:
            lines += self.message(message)
            lines.append("")
        return "\n".join(lines[:-1]) + "\n"

    def message(self, message: Message) -> list[str]:
        name = swift_type_name(message.name)
        doc = f"Proto message `{self.full_name(message.name)}`."
        if message.comment:
            doc = f"{sentence(message.comment)}\n\n{doc}"
        lines = doc_comment(doc, "")
        lines.append(f"public struct {name}: ProtoMessage {{")
        members = self.members(message)
        for member in members:
            if isinstance(member, Oneof):
                lines += self.oneof_declaration(member)
            else:
                lines += doc_comment(self.field_doc(member), "    ")
                identifier = swift_identifier(lower_camel(member.name))
                lines.append(f"    public var {identifier}: {self.swift_type(member)} = {self.default(member)}")
            lines.append("")
        lines += doc_comment(f"Creates {article(name)} `{name}` with every field at its default.", "    ")
        lines.append("    public init() {}")
        if members:
            lines.append("")
            lines += self.memberwise_init(name, members)
        lines.append("")
        lines += self.encode(message)
        lines.append("")
        lines += self.decode(message)
        lines.append("}")
        return lines

    # A oneof's enum is as large as its largest member, and every copy of the message copies all of it: a member
    # estimated larger than this is boxed (`indirect`), so that a rare large member (a stack's creation, a stack's
    # state in a reply) does not make the frequent small ones (a pan, a progress) several times larger.
    BOXED_MEMBER_BYTES = 128

    def estimated_size(self, f: Field, enclosing: frozenset[str] = frozenset()) -> int:
        """Bytes a field takes inline in its Swift struct, roughly (Swift's own layout packs a little tighter)."""
        if f.label == "repeated":
            return 8
        if f.type in SCALARS:
            size = {"string": 16, "bytes": 8, "bool": 1}.get(f.type, 8)
        elif self.kind(f) == Kind.ENUM:
            size = 8
        else:
            size = self.estimated_message_size(f.type, enclosing)
        return size + 1 if f.label == "optional" or self.kind(f) == Kind.MESSAGE else size

    def estimated_message_size(self, name: str, enclosing: frozenset[str] = frozenset()) -> int:
        if name in enclosing:
            raise ProtoError(f"message {name} contains itself; the generator has no boxing for that")
        message = self.proto.message(name)
        assert message is not None
        inner = enclosing | {name}
        plain = sum(self.estimated_size(f, inner) for f in message.fields if f.oneof is None)
        return plain + sum(1 + max(self.member_size(m, inner) for m in o.fields) for o in message.oneofs)

    def member_size(self, f: Field, enclosing: frozenset[str] = frozenset()) -> int:
        """Inline bytes of a oneof member: a boxed one is a pointer."""
        size = self.estimated_size(f, enclosing)
        return 8 if self.kind(f) == Kind.MESSAGE and size - 1 > self.BOXED_MEMBER_BYTES else size

    def is_boxed(self, f: Field) -> bool:
        return self.kind(f) == Kind.MESSAGE and self.estimated_message_size(f.type) > self.BOXED_MEMBER_BYTES

    def oneof_declaration(self, oneof: Oneof) -> list[str]:
        type_name = upper_camel(oneof.name)
        doc = f"The members of oneof `{oneof.name}`; at most one is set."
        if oneof.comment:
            doc = f"{sentence(oneof.comment)} {doc}"
        lines = doc_comment(doc, "    ")
        lines.append(f"    public enum {type_name}: Sendable, Hashable {{")
        for f in oneof.fields:
            lines += doc_comment(self.field_doc(f), "        ")
            boxed = "indirect " if self.is_boxed(f) else ""
            lines.append(f"        {boxed}case {swift_identifier(lower_camel(f.name))}({self.element_type(f)})")
        lines.append("    }")
        lines.append("")
        lines += doc_comment(f"Oneof `{oneof.name}`: the member that is set, or nil when none is.", "    ")
        lines.append(f"    public var {swift_identifier(lower_camel(oneof.name))}: {type_name}? = nil")
        return lines

    def memberwise_init(self, name: str, members: list[Field | Oneof]) -> list[str]:
        parameters = []
        assignments = []
        for member in members:
            identifier = lower_camel(member.name)
            if isinstance(member, Oneof):
                parameters.append(f"{identifier}: {upper_camel(member.name)}? = nil")
            else:
                parameters.append(f"{identifier}: {self.swift_type(member)} = {self.default(member)}")
            assignments.append(f"        self.{identifier} = {swift_identifier(identifier)}")
        lines = doc_comment(
            f"Creates {article(name)} `{name}` from field values; omitted fields keep their defaults.", "    "
        )
        single = f"    public init({', '.join(parameters)}) {{"
        if len(single) <= MAX_COLUMNS:
            lines.append(single)
        else:
            lines.append("    public init(")
            lines += [f"        {p}," for p in parameters[:-1]]
            lines.append(f"        {parameters[-1]}")
            lines.append("    ) {")
        lines += assignments
        lines.append("    }")
        return lines

    def encode(self, message: Message) -> list[str]:
        lines = doc_comment("Appends this message's fields (no length prefix) in field-number order.", "    ")
        if not message.fields:
            lines.append("    public func encode(to writer: inout ProtoWriter) {}")
            return lines
        lines.append("    public func encode(to writer: inout ProtoWriter) {")
        fields = message.sorted_fields()
        index = 0
        while index < len(fields):
            f = fields[index]
            if f.oneof is None:
                lines += self.encode_field(f)
                index += 1
                continue
            # A run of members of one oneof with no other field between them becomes one switch.
            run = [f]
            while index + len(run) < len(fields) and fields[index + len(run)].oneof == f.oneof:
                run.append(fields[index + len(run)])
            oneof = next(o for o in message.oneofs if o.name == f.oneof)
            property_name = swift_identifier(lower_camel(oneof.name))
            if len(run) == len(oneof.fields):
                lines.append(f"        switch {property_name} {{")
                for member in run:
                    case = swift_identifier(lower_camel(member.name))
                    lines.append(f"        case .{case}(let value)?:")
                    lines.append(f"            {self.write_call(member, 'value')}")
                lines.append("        case nil:")
                lines.append("            break")
                lines.append("        }")
            else:
                for member in run:
                    case = swift_identifier(lower_camel(member.name))
                    lines.append(f"        if case .{case}(let value)? = {property_name} {{")
                    lines.append(f"            {self.write_call(member, 'value')}")
                    lines.append("        }")
            index += len(run)
        lines.append("    }")
        return lines

    def write_call(self, f: Field, value: str) -> str:
        kind = self.kind(f)
        if kind == Kind.MESSAGE:
            return f"writer.writeMessage({value}, field: {f.number})"
        if kind == Kind.ENUM:
            return f"writer.writeInt32({value}.rawValue, field: {f.number})"
        return f"writer.{SCALARS[f.type].write}({value}, field: {f.number})"

    def encode_field(self, f: Field) -> list[str]:
        identifier = swift_identifier(lower_camel(f.name))
        kind = self.kind(f)
        if f.label == "repeated":
            if kind == Kind.SCALAR and SCALARS[f.type].packable:
                return [f"        writer.writePacked({identifier}, field: {f.number})"]
            if kind == Kind.ENUM:
                return [f"        writer.writePacked({identifier}.map(\\.rawValue), field: {f.number})"]
            return [
                f"        for value in {identifier} {{",
                f"            {self.write_call(f, 'value')}",
                "        }",
            ]
        if f.label == "optional" or kind == Kind.MESSAGE:
            return [
                f"        if let value = {identifier} {{",
                f"            {self.write_call(f, 'value')}",
                "        }",
            ]
        if kind == Kind.ENUM:
            condition = f"{identifier}.rawValue != 0"
        else:
            condition = SCALARS[f.type].non_default.format(identifier)
        return [
            f"        if {condition} {{",
            f"            {self.write_call(f, identifier)}",
            "        }",
        ]

    def decode(self, message: Message) -> list[str]:
        lines = doc_comment(
            "Decodes one field: known fields by number (the wire type must match), unknown ones skipped.", "    "
        )
        lines += [
            "    public mutating func decodeField(",
            "        number: Int,",
            "        wireType: WireType,",
            "        from reader: inout ProtoReader",
            "    ) throws(WireDecodingError) {",
        ]
        if not message.fields:
            lines.append("        try reader.skip(wireType)")
            lines.append("    }")
            return lines
        lines.append("        switch number {")
        for f in message.sorted_fields():
            lines.append(f"        case {f.number}:")
            lines += [f"            {line}" for line in self.decode_field(message, f)]
        lines.append("        default:")
        lines.append("            try reader.skip(wireType)")
        lines.append("        }")
        lines.append("    }")
        return lines

    def read_expression(self, f: Field) -> str:
        kind = self.kind(f)
        if kind == Kind.ENUM:
            return f"try {swift_type_name(f.type)}(rawValue: reader.readInt32(wireType))"
        return f"try reader.{SCALARS[f.type].read}(wireType)"

    def decode_field(self, message: Message, f: Field) -> list[str]:
        identifier = swift_identifier(lower_camel(f.name))
        kind = self.kind(f)
        if f.oneof is not None:
            oneof = next(o for o in message.oneofs if o.name == f.oneof)
            property_name = swift_identifier(lower_camel(oneof.name))
            if kind != Kind.MESSAGE:
                return [f"{property_name} = .{identifier}({self.read_expression(f)})"]
            # A repeated occurrence of the member that is set merges into it; any other member is replaced.
            type_name = swift_type_name(f.type)
            return [
                f"var value = {type_name}()",
                f"if case .{identifier}(let existing)? = {property_name} {{",
                "    value = existing",
                f"    {property_name} = nil",
                "}",
                "try reader.readMessage(wireType, into: &value)",
                f"{property_name} = .{identifier}(value)",
            ]
        if f.label == "repeated":
            if kind == Kind.MESSAGE:
                return [f"try reader.readMessage(wireType, appendingTo: &{identifier})"]
            if kind == Kind.ENUM:
                return [
                    "var numbers: [Int32] = []",
                    "try reader.readRepeated(wireType, into: &numbers)",
                    f"{identifier} += numbers.map({swift_type_name(f.type)}.init(rawValue:))",
                ]
            if SCALARS[f.type].packable:
                return [f"try reader.readRepeated(wireType, into: &{identifier})"]
            return [f"{identifier}.append({self.read_expression(f)})"]
        if kind == Kind.MESSAGE:
            return [f"try reader.readMessage(wireType, into: &{identifier})"]
        return [f"{identifier} = {self.read_expression(f)}"]

    # -- proto3 JSON inputs

    def json_file(self) -> str:
        lines = file_header("How every message and enum of proto/segue.proto reads from proto3 JSON.")
        lines += ["import SegueWire", ""]
        for enum in self.proto.enums:
            lines.append(f"extension {swift_type_name(enum.name)}: ProtoJSONEnum {{}}")
        lines.append("")
        for message in self.proto.messages:
            lines += self.json_message(message)
            lines.append("")
        return "\n".join(lines[:-1]) + "\n"

    def json_message(self, message: Message) -> list[str]:
        name = swift_type_name(message.name)
        names = ", ".join(lower_camel(f.name) for f in message.sorted_fields()) or "no fields"
        lines = [f"extension {name}: ProtoJSONDecodable {{"]
        lines += doc_comment(
            "Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown "
            "member, or a second member of a oneof, is refused.", "    ")
        lines.append("    public init(json: JSONValue, path: String) throws(JSONInputError) {")
        lines.append("        self.init()")
        if not message.fields:
            lines.append("        for member in try json.members(at: path) where member.value != .null {")
            lines.append(f'            throw JSONInputError(path: path, message: "unknown field \\"\\(member.key)\\" ({name} has none)")')
            lines += ["        }", "    }", "}"]
            return lines
        lines.append("        for (key, value) in try json.members(at: path) where value != .null {")
        lines.append("            let at = JSONValue.member(path, key)")
        lines.append("            switch key {")
        for f in message.sorted_fields():
            camel = lower_camel(f.name)
            labels = [f'"{camel}"'] + ([f'"{f.name}"'] if f.name != camel else [])
            lines.append(f"            case {', '.join(labels)}:")
            lines += [f"                {line}" for line in self.json_field(message, f)]
        lines.append("            default:")
        lines.append(f'                throw JSONInputError(path: path, message: "unknown field \\"\\(key)\\" ({name} has "')
        lines += wrapped_literal(names + ")", "                    + ", ")")  # already indented
        lines += ["            }", "        }", "    }", "}"]
        return lines

    def json_read(self, f: Field, value: str, at: str) -> str:
        kind = self.kind(f)
        if kind == Kind.MESSAGE:
            return f"try {swift_type_name(f.type)}(json: {value}, path: {at})"
        if kind == Kind.ENUM:
            return f"try {value}.enumValue(at: {at}) as {swift_type_name(f.type)}"
        method = {"double": "double", "int64": "int64", "uint64": "uint64", "int32": "int32", "uint32": "uint32",
                  "bool": "bool", "string": "string", "bytes": "bytes"}[f.type]
        return f"try {value}.{method}(at: {at})"

    def json_field(self, message: Message, f: Field) -> list[str]:
        identifier = swift_identifier(lower_camel(f.name))
        if f.oneof is not None:
            oneof = next(o for o in message.oneofs if o.name == f.oneof)
            property_name = swift_identifier(lower_camel(oneof.name))
            members = ", ".join(lower_camel(m.name) for m in oneof.fields)
            return [
                f"guard {property_name} == nil else {{",
                "    throw JSONInputError(",
                "        path: at,",
                *wrapped_literal(f"only one of {members} may be set", "        message: ", ")", outer_indent=16),
                "}",
                f"{property_name} = .{identifier}({self.json_read(f, 'value', 'at')})",
            ]
        if f.label == "repeated":
            return [
                f"{identifier} = try value.elements(at: at).enumerated().map {{",
                "    (index, element) throws(JSONInputError) in",
                "    " + self.json_read(f, "element", 'at + "[\\(index)]"'),
                "}",
            ]
        return [f"{identifier} = {self.json_read(f, 'value', 'at')}"]

    # -- proto3 JSON outputs

    def json_writing_file(self) -> str:
        lines = file_header("How every message and enum of proto/segue.proto writes as proto3 JSON (`--json`, the "
                            "gateway).")
        lines += ["import SegueWire", ""]
        for enum in self.proto.enums:
            lines.append(f"extension {swift_type_name(enum.name)}: ProtoEnumName {{}}")
        lines.append("")
        for message in self.proto.messages:
            lines += self.json_writer(message)
            lines.append("")
        return "\n".join(lines[:-1]) + "\n"

    def json_writer(self, message: Message) -> list[str]:
        lines = [f"extension {swift_type_name(message.name)}: JSONRepresentable {{"]
        lines += doc_comment(
            "The proto3 JSON form, members in field-number order, as Google's printer writes it with "
            "`always_print_fields_with_no_presence`: every field, defaults included (0, false, \"\", [], the enum's "
            "zero value); an `optional` field, a message and a oneof only when set (a set one even when empty, "
            "`{}`).", "    ")
        lines.append("    public var jsonObject: JSONObject {")
        if not message.fields:
            return lines + ["        JSONObject()", "    }", "}"]
        lines.append("        var object = JSONObject()")
        for member in self.members(message):
            if isinstance(member, Oneof):
                lines.append(f"        switch {swift_identifier(lower_camel(member.name))} {{")
                for f in member.fields:
                    lines.append(f"        case .{swift_identifier(lower_camel(f.name))}(let value):")
                    lines.append(f'            object.add("{lower_camel(f.name)}", value.jsonObject)')
                lines += ["        case nil:", "            break", "        }"]
                continue
            identifier = swift_identifier(lower_camel(member.name))
            if self.kind(member) == Kind.MESSAGE:
                value = f"{identifier}.map(\\.jsonObject)" if member.label == "repeated" else f"{identifier}?.jsonObject"
            else:
                value = identifier
            lines.append(f'        object.add("{lower_camel(member.name)}", {value})')
        lines += ["        return object", "    }", "}"]
        return lines

    def json_bytes_file(self) -> str:
        lines = file_header("How every message of proto/segue.proto writes its `jsonObject`'s text straight into bytes "
                            "(`segue web`).")
        lines += ["import SegueWire", ""]
        for message in self.proto.messages:
            lines += self.json_bytes_writer(message)
            lines.append("")
        return "\n".join(lines[:-1]) + "\n"

    def json_bytes_writer(self, message: Message) -> list[str]:
        lines = [f"extension {swift_type_name(message.name)}: JSONWritable {{"]
        lines += doc_comment("The same text as `jsonObject`, without building it.", "    ")
        lines.append("    public func writeJSON(to writer: inout JSONWriter) {")
        lines.append("        writer.beginObject()")
        for member in self.members(message):
            if isinstance(member, Oneof):
                lines.append(f"        switch {swift_identifier(lower_camel(member.name))} {{")
                for f in member.fields:
                    lines.append(f"        case .{swift_identifier(lower_camel(f.name))}(let value):")
                    lines.append(f'            writer.member("{lower_camel(f.name)}", value)')
                lines += ["        case nil:", "            break", "        }"]
                continue
            identifier = swift_identifier(lower_camel(member.name))
            lines.append(f'        writer.member("{lower_camel(member.name)}", {identifier})')
        lines += ["        writer.endObject()", "    }", "}"]
        return lines

    # -- enums

    def enums_file(self) -> str:
        lines = file_header("Swift values for every enum of proto/segue.proto (open enums: unknown numbers are kept).")
        for enum in self.proto.enums:
            lines += self.enum(enum)
            lines.append("")
        return "\n".join(lines[:-1]) + "\n"

    def enum(self, enum: Enum) -> list[str]:
        name = swift_type_name(enum.name)
        doc = (
            f"Proto enum `{self.full_name(enum.name)}`. Open, as proto3 enums are: a number that is not declared "
            "below decodes as is and round-trips unchanged."
        )
        if enum.comment:
            doc = f"{sentence(enum.comment)}\n\n{doc}"
        lines = doc_comment(doc, "")
        lines.append(f"public struct {name}: RawRepresentable, Hashable, Sendable, CustomStringConvertible {{")
        lines += doc_comment("The number sent on the wire.", "    ")
        lines.append("    public var rawValue: Int32")
        lines.append("")
        lines += doc_comment("Creates a value from its number; numbers not declared in the proto are kept.", "    ")
        lines.append("    public init(rawValue: Int32) {")
        lines.append("        self.rawValue = rawValue")
        lines.append("    }")
        lines.append("")
        for value in enum.values:
            value_doc = f"`{value.name}` = {value.number}."
            if value.comment:
                value_doc = f"{value_doc[:-1]}: {sentence(value.comment)}"
            lines += doc_comment(value_doc, "    ")
            identifier = swift_identifier(lower_camel(value.name))
            lines.append(f"    public static let {identifier} = {name}(rawValue: {value.number})")
            lines.append("")
        lines += doc_comment("Every value declared in the proto, in declaration order.", "    ")
        cases = [f".{swift_identifier(lower_camel(v.name))}" for v in enum.values]
        single = f"    public static let knownValues: [{name}] = [{', '.join(cases)}]"
        if len(single) <= MAX_COLUMNS:
            lines.append(single)
        else:
            lines.append(f"    public static let knownValues: [{name}] = [")
            lines += [f"        {c}," for c in cases]
            lines.append("    ]")
        lines.append("")
        lines += doc_comment("Whether the number is declared in the proto.", "    ")
        lines.append("    public var isKnown: Bool {")
        lines.append("        switch rawValue {")
        lines += self.wrapped_case([str(v.number) for v in enum.values], "true")
        lines.append("        default: false")
        lines.append("        }")
        lines.append("    }")
        lines.append("")
        lines += doc_comment(
            f'The proto name of the value, such as `"{enum.values[-1].name}"`, or `{name}(<number>)` for a number '
            "not declared in the proto.",
            "    ",
        )
        lines.append("    public var description: String {")
        lines.append("        switch rawValue {")
        for value in enum.values:
            lines.append(f'        case {value.number}: "{value.name}"')
        lines.append(f'        default: "{name}(\\(rawValue))"')
        lines.append("        }")
        lines.append("    }")
        lines.append("")
        lines += doc_comment(
            f'Creates the value with the given proto name, such as `"{enum.values[-1].name}"`; nil for a name not '
            "declared in the proto.",
            "    ",
        )
        lines.append("    public init?(protoName: String) {")
        lines.append("        switch protoName {")
        for value in enum.values:
            lines.append(f'        case "{value.name}": self = .{swift_identifier(lower_camel(value.name))}')
        lines.append("        default: return nil")
        lines.append("        }")
        lines.append("    }")
        lines.append("}")
        return lines

    @staticmethod
    def wrapped_case(labels: list[str], result: str) -> list[str]:
        lines = []
        current = "        case " + ", ".join(labels) + f": {result}"
        if len(current) <= MAX_COLUMNS:
            return [current]
        current = "        case "
        for index, label in enumerate(labels):
            piece = label + ("," if index < len(labels) - 1 else f": {result}")
            if len(current) + len(piece) + 1 > MAX_COLUMNS:
                lines.append(current.rstrip())
                current = "            "
            current += piece + " "
        lines.append(current.rstrip())
        return lines

    # -- samples (test values)

    def samples_file(self) -> str:
        lines = [
            "// Sample values of every message of proto/segue.proto, each field set to a value other than its default.",
            "// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.",
            f"// Regenerate with `{COMMAND}` from the repository root.",
            "// scripts/make_golden.py builds the same values with Google's protobuf runtime into Golden/samples.bin.",
            "",
            "import SegueWire",
            "",
            "/// Generated sample values: one per message with every field set, plus one per further oneof member.",
            "enum Samples {",
        ]
        all_samples = samples(self.proto)
        for sample in all_samples:
            lines += self.sample_declaration(sample)
            lines.append("")
        lines += doc_comment("Every sample with its name (`Message` or `Message.member`).", "    ")
        lines.append("    static let all: [Sample] = [")
        for sample in all_samples:
            lines.append(f'        Sample("{sample.name}", {sample.swift_name}),')
        lines.append("    ]")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def sample_declaration(self, sample: SampleValue) -> list[str]:
        name = swift_type_name(sample.message.name)
        arguments = []
        for f, value in sample.fields:
            arguments.append((self.sample_argument_name(sample.message, f), self.swift_value(f, value)))
        lines = doc_comment(f"Sample `{sample.name}`.", "    ")
        if not arguments:
            lines.append(f"    static let {sample.swift_name} = {name}()")
            return lines
        single = f"    static let {sample.swift_name} = {name}(" + ", ".join(f"{a}: {v}" for a, v in arguments) + ")"
        if len(single) <= MAX_COLUMNS:
            lines.append(single)
            return lines
        lines.append(f"    static let {sample.swift_name} = {name}(")
        for index, (argument, value) in enumerate(arguments):
            comma = "," if index < len(arguments) - 1 else ""
            lines.append(f"        {argument}: {value}{comma}")
        lines.append("    )")
        return lines

    @staticmethod
    def sample_argument_name(message: Message, f: Field) -> str:
        if f.oneof is not None:
            return lower_camel(f.oneof)
        return lower_camel(f.name)

    def swift_value(self, f: Field, value: object) -> str:
        if f.label == "repeated":
            assert isinstance(value, list)
            return "[" + ", ".join(self.swift_element(f, v) for v in value) + "]"
        element = self.swift_element(f, value)
        if f.oneof is not None:
            return f".{swift_identifier(lower_camel(f.name))}({element})"
        return element

    def swift_element(self, f: Field, value: object) -> str:
        if isinstance(value, SampleValue):
            return f"Samples.{value.swift_name}"
        if isinstance(value, EmptyMessage):
            return f"{swift_type_name(value.message.name)}()"
        if isinstance(value, EnumNumber):
            known = next((v for v in value.enum.values if v.number == value.number), None)
            if known is not None:
                return f"{swift_type_name(value.enum.name)}.{swift_identifier(lower_camel(known.name))}"
            return f"{swift_type_name(value.enum.name)}(rawValue: {value.number})"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return swift_string_literal(value)
        if isinstance(value, bytes):
            return "[" + ", ".join(str(b) for b in value) + "]"
        if isinstance(value, float):
            return repr(value)
        if isinstance(value, int):
            return str(value)
        raise TypeError(value)


# ---------------------------------------------------------------------------------------------------- samples


@dataclass
class SampleValue:
    """A message value: the `(field, value)` pairs that are set, in field-number order."""

    name: str          # "Event" or "Event.began"
    swift_name: str    # "event" or "eventBegan"
    message: Message
    fields: list[tuple[Field, object]]


@dataclass
class EmptyMessage:
    message: Message


@dataclass
class EnumNumber:
    enum: Enum
    number: int


def sample_scalar(proto: Proto, f: Field, index: int) -> object:
    """A value of `f`'s element type that is not the default; `index` numbers the elements of repeated fields."""
    n = f.number + index
    odd = n % 2 == 1
    if f.type == "double":
        value = n + 0.5
        return value if odd else -value
    if f.type == "int64":
        return n * 1_000_000_007 if odd else -(n * 1_000_000_007)  # negative: a ten-byte varint
    if f.type == "uint64":
        return 2**64 - n if odd else 300 * n
    if f.type == "int32":
        return -n if odd else 2**31 - n
    if f.type == "uint32":
        return 2**32 - n if odd else 129 * n
    if f.type == "bool":
        return True
    if f.type == "string":
        return f"{f.name}-{index}-\u00e9\U0001F680"
    if f.type == "bytes":
        return bytes([n % 256, 0, 255, 128 + n % 128])  # a zero and bytes that are not UTF-8
    enum = proto.enum(f.type)
    if enum is not None:
        return EnumNumber(enum, enum.values[-1].number)
    raise ProtoError(f"no sample for type {f.type}")


def samples(proto: Proto) -> list[SampleValue]:
    """The sample values, in proto order: for each message its main sample (first member of each oneof), then one
    sample per further oneof member. Message fields refer to the main sample of their type; the second element of
    a repeated message field is an empty message."""
    main: dict[str, SampleValue] = {}
    out: list[SampleValue] = []

    def build(message: Message, choice: dict[str, Field], name: str, swift_name: str) -> SampleValue:
        fields: list[tuple[Field, object]] = []
        for f in message.sorted_fields():
            if f.oneof is not None and choice[f.oneof] is not f:
                continue
            if proto.message(f.type) is not None:
                sub = proto.message(f.type)
                assert sub is not None
                first = main_sample(sub)
                value: object = [first, EmptyMessage(sub)] if f.label == "repeated" else first
            elif f.label == "repeated":
                value = [sample_scalar(proto, f, 0), sample_scalar(proto, f, 1)]
            else:
                value = sample_scalar(proto, f, 0)
            fields.append((f, value))
        return SampleValue(name, swift_name, message, fields)

    def main_sample(message: Message, stack: tuple[str, ...] = ()) -> SampleValue:
        if message.name in main:
            return main[message.name]
        if message.name in stack:
            raise ProtoError(f"recursive message {message.name}: samples would be infinite")
        choice = {o.name: o.fields[0] for o in message.oneofs}
        sample = build(message, choice, message.name, lower_camel_type(message.name))
        main[message.name] = sample
        return sample

    for message in proto.messages:
        out.append(main_sample(message))
        for oneof in message.oneofs:
            for member in oneof.fields[1:]:
                choice = {o.name: o.fields[0] for o in message.oneofs}
                choice[oneof.name] = member
                out.append(build(message, choice, f"{message.name}.{member.name}",
                                 lower_camel_type(message.name) + upper_camel(member.name)))
    ordered = sorted(out, key=lambda s: [m.name for m in proto.messages].index(s.message.name))
    names = [s.swift_name for s in ordered]
    if len(set(names)) != len(names):
        raise ProtoError("two samples map to the same Swift name")
    return ordered


def lower_camel_type(name: str) -> str:
    swift = swift_type_name(name)
    return swift[:1].lower() + swift[1:]


# ---------------------------------------------------------------------------------------------------- main


def outputs(proto: Proto) -> dict[Path, str]:
    generator = Generator(proto)
    return {
        MESSAGES_OUT: generator.messages_file(),
        ENUMS_OUT: generator.enums_file(),
        SAMPLES_OUT: generator.samples_file(),
        JSON_OUT: generator.json_file(),
        JSON_WRITING_OUT: generator.json_writing_file(),
        JSON_BYTES_OUT: generator.json_bytes_file(),
    }


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--check", action="store_true", help="exit 1 if a generated file is out of date")
    options = arguments.parse_args()
    try:
        files = outputs(parse())
    except ProtoError as error:
        print(f"generate_wire.py: {PROTO.relative_to(ROOT)}: {error}", file=sys.stderr)
        return 2
    stale = []
    for path, text in files.items():
        for number, line in enumerate(text.split("\n"), start=1):
            if len(line) > MAX_COLUMNS:
                print(f"warning: {path.relative_to(ROOT)}:{number} is {len(line)} columns", file=sys.stderr)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not options.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        verb = "out of date" if options.check else "wrote"
        print(f"{verb}: {path.relative_to(ROOT)}", file=sys.stderr if options.check else sys.stdout)
    return 1 if options.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
