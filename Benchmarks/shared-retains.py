#!/usr/bin/env python3
"""Which objects a build's threads retain in common, and from where.

Reads `perf script -F tid,time,ip,trace` of a uprobe on swift_retain that
records the object (`obj`) and the return address (`ret`), as `scripts/profile
--shared` makes it, and the binary's symbol table (`nm -n`). An object that
two threads retain in the same stretch of time is one whose reference count
both cores change at once: each change is an atomic write that moves the
object's cache line from one core to the other. Prints how many retains
there were, how many were of objects on the heap, how many of those were
of an object that another thread also retained within the same --window
milliseconds, and the functions that made those retains, with Swift names
demangled when a demangler is given after the options.

Usage: shared-retains.py --events FILE --binary BIN [--top N] [--window MS] [-- DEMANGLER...]
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
    parser.add_argument("--window", type=float, default=5.0)
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

    # Each window's retains: by object, the threads retaining it and the return addresses.
    windows = collections.defaultdict(lambda: collections.defaultdict(list))
    total = on_heap = 0
    base = None
    with open(args.events) as events:
        for line in events:
            fields = line.split()
            values = dict(field.split("=", 1) for field in fields if "=" in field)
            if "obj" not in values or "ret" not in values or len(fields) < 3:
                continue
            if base is None:
                ip = fields[2].strip("()")
                base = int(ip, 16) - retain_address
            total += 1
            obj = int(values["obj"], 0)
            # Null, tagged values (small strings, bridged objects) and objects
            # in the binary's own image (immortal: their counts never change).
            if obj == 0 or obj >= 1 << 47 or base <= obj <= base + image_end:
                continue
            on_heap += 1
            window = int(float(fields[1].rstrip(":")) * 1000 / args.window)
            windows[window][obj].append((fields[0], int(values["ret"], 0) - base))

    def name(address):
        index = bisect.bisect_right(starts, address) - 1
        return symbols[index][1] if index >= 0 else hex(address)

    shared_total = 0
    shared_objects = set()
    by_function = collections.Counter()
    for objects in windows.values():
        for obj, retains in objects.items():
            if len({thread for thread, _ in retains}) < 2:
                continue
            shared_total += len(retains)
            shared_objects.add(obj)
            for _, address in retains:
                by_function[name(address)] += 1

    print(f"retains: {total:,}; of objects on the heap: {on_heap:,}; of an object another thread "
          f"retained within the same {args.window:g} ms: {shared_total:,} ({100 * shared_total / max(1, total):.1f} %, "
          f"{len(shared_objects):,} objects)")
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
