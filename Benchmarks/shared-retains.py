#!/usr/bin/env python3
"""Which objects a build's threads retain in common, and from where.

Reads `perf script -F tid,ip,trace` of a uprobe on swift_retain that records
the object (`obj`) and the return address (`ret`), as `scripts/profile
--shared` makes it, and the binary's symbol table (`nm -n`). An object that
two threads each retain many times is one whose reference count both cores
change: each change is an atomic write that moves the object's cache line
from one core to the other. Prints how many retains there were, how many
were of objects on the heap, how many of those were of objects the two
busiest threads both retained at least --least times, and the functions
that made those retains, with Swift names demangled when a demangler is
given after the options.

Usage: shared-retains.py --events FILE --binary BIN [--top N] [--least N] [-- DEMANGLER...]
"""
import argparse
import bisect
import collections
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--least", type=int, default=20)
    parser.add_argument("demangler", nargs="*")
    args = parser.parse_args()

    symbols = []
    listing = subprocess.run(["nm", "-n", args.binary], capture_output=True, text=True, check=True).stdout
    retain_address = None
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3:
            symbols.append((int(parts[0], 16), parts[2]))
            if parts[2] == "swift_retain":
                retain_address = int(parts[0], 16)
    if retain_address is None:
        sys.exit("shared-retains: the binary has no swift_retain symbol")
    starts = [address for address, _ in symbols]
    image_end = symbols[-1][0]

    counts = collections.defaultdict(collections.Counter)
    callers = collections.defaultdict(collections.Counter)
    total = on_heap = 0
    base = None
    with open(args.events) as events:
        for line in events:
            fields = line.split()
            values = dict(field.split("=", 1) for field in fields if "=" in field)
            if "obj" not in values or "ret" not in values:
                continue
            if base is None:
                ip = next(field for field in fields[1:] if field.strip("()") and all(c in "0123456789abcdef" for c in field.strip("()")))
                base = int(ip.strip("()"), 16) - retain_address
            total += 1
            obj = int(values["obj"], 0)
            # Null, tagged values (small strings, bridged objects) and objects
            # in the binary's own image (immortal: their counts never change).
            if obj == 0 or obj >= 1 << 47 or base <= obj <= base + image_end:
                continue
            on_heap += 1
            counts[obj][fields[0]] += 1
            callers[obj][int(values["ret"], 0) - base] += 1

    def name(address):
        index = bisect.bisect_right(starts, address) - 1
        return symbols[index][1] if index >= 0 else hex(address)

    threads = collections.Counter()
    for per_thread in counts.values():
        threads.update(per_thread)
    busiest = [thread for thread, _ in threads.most_common(2)]
    shared = [obj for obj, per_thread in counts.items()
              if len(busiest) == 2 and all(per_thread[thread] >= args.least for thread in busiest)]
    shared_total = sum(sum(counts[obj].values()) for obj in shared)
    by_function = collections.Counter()
    for obj in shared:
        for address, number in callers[obj].items():
            by_function[name(address)] += number

    print(f"retains: {total:,}; of objects on the heap: {on_heap:,}; of the {len(shared):,} objects "
          f"the two busiest threads each retained at least {args.least} times: {shared_total:,}"
          f" ({100 * shared_total / max(1, total):.1f} %)")
    print()
    print(f"== the functions retaining those objects, top {args.top} ==")
    rows = by_function.most_common(args.top)
    names = [row[0] for row in rows]
    if args.demangler and names:
        demangled = subprocess.run(args.demangler, input="\n".join(names), capture_output=True, text=True).stdout.splitlines()
        if len(demangled) == len(names):
            names = demangled
    for (_, number), function in zip(rows, names):
        print(f"  {number:>9,}  {function}")


if __name__ == "__main__":
    main()
