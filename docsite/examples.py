"""The manual's console examples, run as written, so every output it shows is what the code prints.

An example is a ```console block: lines starting with `$ ` are commands and the lines after each are
its output (standard output and standard error together). A line holding only `...` stands for any
number of lines. Other fenced blocks (```sh, ```yaml) are never run. The examples of one page run in
order in one empty folder, with `configs/` linked in, so a page may make a file and use it later.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^```console\n(.*?)^```$", re.M | re.S)
ELLIPSIS = "..."
TIMEOUT = 300
"""Seconds one command may take (a book build is the longest)."""


@dataclass(frozen=True)
class Step:
    """One command and the output the page shows for it."""

    command: str
    expected: tuple[str, ...]
    line: int
    """The line of the page the command is on."""


def steps(text: str) -> list[Step]:
    """Every command of the page's console blocks, in order."""
    found: list[Step] = []
    for block in FENCE.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        command: str | None = None
        start = 0
        output: list[str] = []
        for offset, line in enumerate(block.group(1).splitlines()):
            if line.startswith("$ "):
                if command is not None:
                    found.append(Step(command, tuple(output), start))
                command, start, output = line[2:], first + offset, []
            elif command is not None:
                output.append(line)
        if command is not None:
            found.append(Step(command, tuple(output), start))
    return found


def matches(expected: tuple[str, ...], got: list[str]) -> bool:
    """Whether `got` is `expected` line for line, an `...` line standing for any lines (trailing
    spaces ignored)."""
    if not expected:
        return not got
    head, rest = expected[0].rstrip(), expected[1:]
    if head.strip() == ELLIPSIS:
        return any(matches(rest, got[skip:]) for skip in range(len(got) + 1))
    return bool(got) and got[0].rstrip() == head and matches(rest, got[1:])


def environment() -> dict[str, str]:
    """This interpreter's scripts first on PATH, so `puzzlebook` is the one under test."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "100"
    return env


def run(step: Step, folder: Path) -> list[str]:
    """The step's output lines, run by bash in `folder`."""
    done = subprocess.run(["bash", "-c", step.command], cwd=folder, env=environment(), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT, check=False)
    return done.stdout.splitlines()


def prepare(folder: Path, configs: Path) -> None:
    """An empty folder to run a page's examples in, with the shipped configs beside."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "configs").symlink_to(configs, target_is_directory=True)
