"""What the benchmark scripts read off a run: a percentile of timings, and a
process's memory and CPU time from /proc."""
import os


def percentile(values, share):
    """The value at `share` (0 to 1) of the sorted values, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * (len(ordered) - 1)))))]


def rss_mib(pid):
    """The process's resident set, in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    """The process's CPU time (user and system, every thread) so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
