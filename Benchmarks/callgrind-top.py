#!/usr/bin/env python3
"""Reads callgrind_annotate's output on standard input and prints its top
functions, with their share of every instruction, Swift names demangled.

    callgrind_annotate … | callgrind-top.py [--object NAME] TOP WIDTH [DEMANGLER ARGS…]

With --object, only the functions of that object file (`duosite`) are listed.

DEMANGLER is a command that reads names one a line and writes them back
demangled, one a line (`swift demangle --simplified`); without it, names
are printed as they are.
"""

import re
import subprocess
import sys


def main():
    arguments = sys.argv[1:]
    only = None
    if arguments[:1] == ["--object"]:
        only, arguments = arguments[1], arguments[2:]
    top, width, demangler = int(arguments[0]), int(arguments[1]), arguments[2:]
    total, rows, in_table = None, [], False
    for line in sys.stdin.read().splitlines():
        match = re.match(r"^\s*([\d,]+)(?:\s+\(\s*[\d.]+%\))?\s+(.*)$", line)
        if match and "PROGRAM TOTALS" in match.group(2):
            total = int(match.group(1).replace(",", ""))
            continue
        if "file:function" in line:
            in_table = True
            continue
        if in_table and match and total:
            rows.append((int(match.group(1).replace(",", "")), match.group(2)))
    if total is None:
        sys.exit("callgrind-top: callgrind_annotate printed no totals")

    kept, names, objects = [], [], []
    for count, where in rows:
        obj = ""
        found = re.match(r"^(.*?)\s+\[(.*)\]$", where)
        if found:
            where, obj = found.group(1), found.group(2).rsplit("/", 1)[-1]
        if only is not None and obj != only:
            continue
        # "file:function"; the file is ??? without debug information.
        function = where.split(":", 1)[1] if re.match(r"^[^:\s]*:", where) else where
        kept.append((count, where))
        names.append(function)
        objects.append(obj)
        if len(kept) == top:
            break
    rows = kept
    if demangler and names:
        result = subprocess.run(demangler, input="\n".join(names) + "\n", capture_output=True, text=True)
        demangled = result.stdout.splitlines()
        if result.returncode == 0 and len(demangled) == len(names):
            names = demangled

    print(f"total instructions: {total:,}")
    print(f"{'Ir':>16} {'share':>6}  function  [object]")
    for (count, _), name, obj in zip(rows, names, objects):
        if len(name) > width:
            name = name[: width - 1] + "…"
        print(f"{count:>16,} {100 * count / total:5.1f}%  {name}" + (f"  [{obj}]" if obj else ""))


if __name__ == "__main__":
    main()
