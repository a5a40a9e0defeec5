#!/usr/bin/env python3
"""Draws a flame graph (SVG) of a perf recording: perf script -i FILE | swift demangle --simplified | flamegraph.py

Each sample's call stack, root first under its thread's name, becomes a column of frames; frames with the same call
path are merged, and a frame's width is its share of the samples. Frames are coloured by where the code lives (kernel, libzmq, libc,
the Swift runtime, Segue) so the costs of a turn can be told apart at a glance.

    scripts/flamegraph.py [--title TEXT] [--min-percent P] [--width PX] [--thread NAME] > out.svg

Reads `perf script` text on stdin (record with -g). Frames narrower than --min-percent of all samples are left out
(default 0.2). --thread keeps only the samples of threads of that name (as perf shows it, such as segued or
ZMQbg/IO/0).
"""

import argparse
import html
import re
import sys

# A stack line of perf script: an address, the symbol (with +offset), and the object in parentheses, which may end
# in " (deleted)" when the binary was rebuilt after the recording.
FRAME = re.compile(
    r"^\s+[0-9a-f]+\s+(?P<symbol>.*?)(?:\+0x[0-9a-f]+)?\s+\((?P<object>[^()]*(?: \(deleted\))?)\)\s*$")
# A sample's first line: the thread name, its ids, the time and the event.
HEADER = re.compile(r"^(?P<comm>\S.*?)\s+\d+(?:/\d+)?\s+(?:\[\d+\]\s+)?[\d.]+:")

ROW_HEIGHT = 16
FONT_SIZE = 11
CHAR_WIDTH = FONT_SIZE * 0.6


def read_stacks(lines, thread, unparsed):
    """Yields each sample's stack as a tuple of (symbol, object), root first: its thread, then its frames. Lines
    that are neither a sample's header nor a frame are counted in `unparsed[0]`."""
    comm = None
    frames = []
    for line in lines:
        if not line.strip():
            if frames and (thread is None or comm == thread):
                yield ((f"thread {comm}", "thread"),) + tuple(reversed(frames))
            frames = []
            comm = None
            continue
        header = HEADER.match(line)
        if header and not frames and comm is None:
            comm = header.group("comm")
            continue
        frame = FRAME.match(line)
        if frame:
            symbol = frame.group("symbol")
            obj = frame.group("object").removesuffix(" (deleted)")
            if symbol == "[unknown]" and obj != "[unknown]":
                symbol = f"[{obj.rsplit('/', 1)[-1]}]"
            frames.append((symbol, obj))
        else:
            unparsed[0] += 1
    if frames and (thread is None or comm == thread):
        yield ((f"thread {comm}", "thread"),) + tuple(reversed(frames))


class Node:
    def __init__(self, symbol, obj):
        self.symbol = symbol
        self.obj = obj
        self.count = 0
        self.children = {}

    def child(self, symbol, obj):
        key = (symbol, obj)
        if key not in self.children:
            self.children[key] = Node(symbol, obj)
        return self.children[key]


def colour(symbol, obj):
    """A fill by where the frame's code is, varied a little by its name so neighbours stay apart."""
    shade = sum(map(ord, symbol)) % 30
    if obj == "[unknown]":
        return f"rgb({170 + shade},{170 + shade},{170 + shade})"  # nothing known (no symbols, a broken stack): grey
    if obj.startswith("[kernel"):
        return f"rgb({200 + shade // 2},{120 + shade},{120})"  # kernel: red
    if "libzmq" in obj:
        return f"rgb({120},{170 + shade},{220})"  # libzmq: blue
    if "libc" in obj or "ld-linux" in obj:
        return f"rgb({230},{190 + shade},{110})"  # libc: yellow
    if "libswift" in obj or "libFoundation" in obj or "libdispatch" in obj:
        return f"rgb({190 + shade},{150},{220})"  # Swift runtime: purple
    return f"rgb({240},{130 + shade * 2},{60})"  # Segue: orange


def label(text, width):
    """The frame's name cut to what fits in `width` pixels."""
    fits = int((width - 6) / CHAR_WIDTH)
    if fits < 3:
        return ""
    return text if len(text) <= fits else text[: fits - 2] + ".."


def draw(root, title, width, min_fraction):
    total = root.count
    rows = []  # (depth, x, w, node)

    def visit(node, depth, x):
        w = width * node.count / total
        if node.count / total < min_fraction:
            return
        rows.append((depth, x, w, node))
        offset = x
        for child in sorted(node.children.values(), key=lambda n: n.symbol):
            visit(child, depth + 1, offset)
            offset += width * child.count / total

    visit(root, 0, 0)
    depth = max(d for d, _, _, _ in rows) + 1
    top = 40
    height = top + depth * ROW_HEIGHT + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 20}" height="{height}" '
        f'font-family="monospace" font-size="{FONT_SIZE}">',
        f'<rect width="100%" height="100%" fill="#fdfdf8"/>',
        f'<text x="10" y="22" font-size="15" font-family="sans-serif">{html.escape(title)}</text>',
        f'<text x="10" y="{height - 10}" font-family="sans-serif">{total} samples; width = share of samples; '
        "orange Segue, blue libzmq, yellow libc, purple Swift runtime, red kernel, grey unknown</text>",
    ]
    for d, x, w, node in rows:
        y = top + (depth - 1 - d) * ROW_HEIGHT
        percent = 100 * node.count / total
        name = node.symbol if d else "all"
        fill = "#dddddd" if d == 0 or node.obj == "thread" else colour(node.symbol, node.obj)
        out.append(
            f'<g><title>{html.escape(name)} ({percent:.1f} %)</title>'
            f'<rect x="{10 + x:.1f}" y="{y}" width="{max(w - 0.5, 0.5):.1f}" height="{ROW_HEIGHT - 1}" '
            f'fill="{fill}"/>'
            f'<text x="{13 + x:.1f}" y="{y + ROW_HEIGHT - 4}">{html.escape(label(name, w))}</text></g>'
        )
    out.append("</svg>")
    return "\n".join(out)


def percent(text):
    value = float(text)
    if not 0 <= value < 100:
        raise argparse.ArgumentTypeError(f"{text} is not a percentage from 0 up to 100")
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--title", default="perf samples")
    parser.add_argument("--min-percent", type=percent, default=0.2)
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--thread", default=None)
    args = parser.parse_args()
    root = Node("all", "")
    unparsed = [0]
    for stack in read_stacks(sys.stdin, args.thread, unparsed):
        root.count += 1
        node = root
        for symbol, obj in stack:
            node = node.child(symbol, obj)
            node.count += 1
    if unparsed[0]:
        print(f"flamegraph.py: {unparsed[0]} lines were neither a sample nor a frame, left out", file=sys.stderr)
    if root.count == 0:
        sys.exit("flamegraph.py: no samples with call stacks on stdin (record with perf record -g)")
    print(draw(root, args.title, args.width, args.min_percent / 100))


if __name__ == "__main__":
    main()
