"""scripts/flamegraph.py folds perf script stacks into a flame graph whose widths are the samples' shares."""

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "flamegraph.py"


def sample(thread, *frames):
    """One sample as perf script prints it: frames leaf first."""
    lines = [f"{thread} 4242  1525.286461:     500000 cpu-clock:ppp: "]
    lines += [f"\t          {0x1000 + i:x} {symbol}+0x10 ({obj})" for i, (symbol, obj) in enumerate(frames)]
    return "\n".join(lines) + "\n\n"


def draw(text, *args):
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], input=text, capture_output=True, text=True, check=False
    )


def widths(svg):
    """Each frame's name and width, from the tooltip and rect of its group."""
    found = {}
    for name, width in re.findall(r'<title>(.*?) \([\d.]+ %\)</title><rect [^>]*width="([\d.]+)"', svg):
        found[name] = float(width)
    return found


def test_widths_are_shares_of_the_samples():
    main = ("main", "/bin/segued")
    text = sample("segued", ("decide", "/bin/segued"), main) * 3 + sample("segued", ("send", "/lib/libzmq.so.5"), main)
    result = draw(text, "--width", "1000")
    assert result.returncode == 0, result.stderr
    frames = widths(result.stdout)
    assert abs(frames["main"] - 999.5) < 1
    assert abs(frames["decide"] - 749.5) < 1
    assert abs(frames["send"] - 249.5) < 1
    assert "4 samples" in result.stdout


def test_threads_are_apart_and_one_can_be_kept():
    text = sample("segued", ("turn", "/bin/segued")) + sample("ZMQbg/IO/0", ("poll", "[kernel.kallsyms]"))
    frames = widths(draw(text, "--width", "1000").stdout)
    assert abs(frames["thread segued"] - 499.5) < 1 and abs(frames["thread ZMQbg/IO/0"] - 499.5) < 1
    kept = widths(draw(text, "--thread", "segued").stdout)
    assert "turn" in kept and "poll" not in kept


def test_names_are_escaped_and_narrow_frames_left_out():
    text = sample("segued", ("Array<Int>.append(_:)", "/bin/segued")) * 995 + sample("segued", ("rare", "/bin/segued")) * 5
    shown = draw(text).stdout
    assert "Array&lt;Int&gt;.append(_:)" in shown and "<Int>" not in shown
    assert "rare" in shown  # 0.5 %, above the default 0.2 %
    assert "rare" not in draw(text, "--min-percent", "1").stdout


def test_a_rebuilt_binary_and_unknown_frames_still_fold():
    text = sample("segued", ("decide", "/bin/segued (deleted)"), ("main", "/bin/segued (deleted)"))
    text += sample("segued", ("[unknown]", "[unknown]"), ("main", "/bin/segued"))
    result = draw(text, "--width", "1000")
    frames = widths(result.stdout)
    assert abs(frames["main"] - 999.5) < 1  # one frame for both samples: the object is the same binary
    assert "decide" in frames and "[unknown]" in frames
    assert "left out" not in result.stderr


def test_bad_options_and_lines_are_said():
    assert "not a percentage" in draw(sample("segued", ("f", "/bin/x")), "--min-percent", "150").stderr
    result = draw(sample("segued", ("f", "/bin/x")) + "\tgarbage\n\n")
    assert result.returncode == 0
    assert "1 lines were neither a sample nor a frame" in result.stderr


def test_input_without_stacks_is_an_error():
    result = draw("segued 4242  1525.286461:     500000 cpu-clock:ppp: \n\n")
    assert result.returncode != 0
    assert "no samples" in result.stderr
