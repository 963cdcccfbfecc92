"""The installed extension runs on every x86-64-v2 CPU, as the README and `hexvar._cpu` promise:
its machine code holds no instruction beyond x86-64-v2 (SSE4.2, POPCNT). A build that inherits
`target-cpu=native` fails here instead of dying with SIGILL on another machine; a CPU without v2
gets an ImportError."""

import platform
import re
import shutil
import subprocess

import pytest

import hexvar._hexvar
from hexvar import _cpu

# Mnemonics of the extensions after x86-64-v2: AVX, AVX2, FMA, F16C (every VEX instruction starts
# with `v`), BMI1, BMI2, LZCNT, MOVBE (v3), AVX-512 (EVEX, zmm and mask registers), and the later
# ones a native build on a recent CPU may pick (ADX, SHA, AES, PCLMUL, GFNI). `tzcnt` is absent
# on purpose: it is encoded `rep bsf`, which every x86-64 CPU runs as `bsf`, and LLVM emits it
# where both agree.
BEYOND_BASELINE = re.compile(
    r"v[a-z0-9]+"
    r"|lzcnt|andn|blsr|blsi|blsmsk|bextr|bzhi|pdep|pext|rorx|sarx|shlx|shrx|mulx|movbe"
    r"|adcx|adox|sha[0-9a-z]+|aes[a-z]*|pclmul[a-z]*|gf2p8[a-z]+|kmov[bwdq]|kor[bwdq]|kand[bwdq]"
)
WIDE_REGISTERS = re.compile(r"%[yz]mm\d+|%k[0-7]\b")


def instructions(disassembly):
    """The (mnemonic, operands) of each instruction line of `objdump -d` output."""
    for line in disassembly.splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and re.fullmatch(r"\s*[0-9a-f]+:", parts[0]):
            words = parts[-1].split(None, 1)
            if words:
                yield words[0], words[1] if len(words) > 1 else ""


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86-64 only")
def test_extension_holds_only_baseline_instructions():
    objdump = shutil.which("objdump")
    assert objdump, "objdump (binutils) is needed to check the wheel's instruction set"
    code = subprocess.run(
        [objdump, "-d", "--no-show-raw-insn", hexvar._hexvar.__file__],
        capture_output=True, text=True, check=True,
    ).stdout
    listed = list(instructions(code))
    assert len(listed) > 10_000  # the disassembly was read
    beyond = {}
    for mnemonic, operands in listed:
        if BEYOND_BASELINE.fullmatch(mnemonic) or WIDE_REGISTERS.search(operands):
            beyond[mnemonic] = beyond.get(mnemonic, 0) + 1
    assert beyond == {}, f"instructions beyond x86-64-v2: {beyond}"


def test_the_checker_sees_what_native_builds_use():
    # The pattern knows the instructions a target-cpu=native build emits (checked on lines as
    # objdump prints them), so that the test above can fail.
    sample = "\n".join(
        f"  4012{i:02x}:\t{insn}"
        for i, insn in enumerate(
            ["popcnt %rdi,%rax", "vpxor %xmm0,%xmm0,%xmm0", "tzcnt %rdi,%rax", "lzcnt %rsi,%rdx",
             "shlx %rax,%rbx,%rcx", "mov %rax,%rbx", "kmovq %k1,%rax", "pshufb %xmm1,%xmm0",
             "movdqu %ymm1,(%rax)"]
        )
    )
    flagged = [
        m for m, ops in instructions(sample)
        if BEYOND_BASELINE.fullmatch(m) or WIDE_REGISTERS.search(ops)
    ]
    assert flagged == ["vpxor", "lzcnt", "shlx", "kmovq", "movdqu"]


def test_an_older_cpu_is_told_at_import():
    v2 = "processor\t: 0\nflags\t\t: fpu sse sse2 ssse3 cx16 sse4_1 sse4_2 popcnt lahf_lm avx2\n"
    assert _cpu.missing_features(v2) == []
    older = v2.replace(" popcnt", "").replace(" sse4_2", "")
    assert _cpu.missing_features(older) == ["popcnt", "sse4_2"]
    assert _cpu.missing_features("no flags here") == []
    _cpu.check()  # this machine runs the tests, so it passes
