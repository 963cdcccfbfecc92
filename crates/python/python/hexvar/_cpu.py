"""The wheel's instruction set, checked before its machine code loads.

The extension is built for x86-64-v2 (SSE3, SSSE3, SSE4.1, SSE4.2, POPCNT, CMPXCHG16B, LAHF):
popcounts of the 128-bit cell sets are one instruction then, and perft runs at 0.93-1.01 of a
build for the machine itself against 0.59-0.83 for the x86-64 baseline. A CPU without them (from
before 2009) would stop the interpreter with SIGILL at the first such instruction; this module
turns that into an ImportError that says why. Where the CPU's flags cannot be read (no
/proc/cpuinfo: macOS, Windows), nothing is checked.
"""

import platform

# x86-64-v2's features as Linux's /proc/cpuinfo names them.
X86_64_V2 = ("cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3")


def missing_features(cpuinfo):
    """The x86-64-v2 features the first `flags` line of a /proc/cpuinfo text lacks; none when
    the text has no such line."""
    for line in cpuinfo.splitlines():
        name, _, value = line.partition(":")
        if name.strip() == "flags":
            flags = set(value.split())
            return [f for f in X86_64_V2 if f not in flags]
    return []


def check():
    """Raises ImportError on an x86-64 CPU whose flags lack x86-64-v2."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            cpuinfo = f.read()
    except OSError:
        return
    missing = missing_features(cpuinfo)
    if missing:
        raise ImportError(
            "hexvar's wheel needs an x86-64-v2 CPU (SSE4.2 and POPCNT, 2009 or later); this one "
            f"lacks {', '.join(missing)}. Build from source for it: "
            "RUSTFLAGS='-C target-cpu=native' pip install --no-binary hexvar hexvar"
        )
