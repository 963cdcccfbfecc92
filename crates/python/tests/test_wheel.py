"""The installed extension runs on any x86-64 CPU, as its manylinux tag promises: its machine code
holds no instruction beyond the x86-64 baseline (SSE2). A build that inherits `target-cpu=native`
fails here instead of dying with SIGILL on another machine."""

import platform
import re
import shutil
import subprocess

import pytest

import hexvar._hexvar

# Mnemonics of the extensions after the baseline: SSE3, SSSE3, SSE4.1, SSE4.2, POPCNT (v2); AVX,
# AVX2, BMI1, BMI2, LZCNT, MOVBE, F16C, FMA (v3; every VEX instruction starts with `v`); AVX-512
# (EVEX, zmm and mask registers). `tzcnt` is absent on purpose: it is encoded `rep bsf`, which
# every x86-64 CPU runs as `bsf`, and LLVM emits it at the baseline where both agree.
BEYOND_BASELINE = re.compile(
    r"\b("
    r"v[a-z0-9]+"  # VEX and EVEX: AVX, AVX2, FMA, F16C, AVX-512
    r"|popcnt|lzcnt|andn|blsr|blsi|blsmsk|bextr|bzhi|pdep|pext|rorx|sarx|shlx|shrx|mulx|movbe"
    r"|crc32|pcmp[ei]str[im]|pcmpgtq"  # SSE4.2
    r"|ptest|pblendw|pblendvb|blendv?p[sd]|pmins[bd]|pmaxs[bd]|pminu[wd]|pmaxu[wd]|pmulld|pmuldq"
    r"|pcmpeqq|packusdw|pextr[bdq]|pinsr[bdq]|pmov[sz]x[a-z]+|round[ps][sd]|dpp[sd]|insertps"
    r"|extractps|mpsadbw|phminposuw|movntdqa"  # SSE4.1
    r"|pshufb|palignr|phadd[a-z]*|phsub[a-z]*|pabs[bwd]|psign[bwd]|pmulhrsw|pmaddubsw"  # SSSE3
    r"|lddqu|movddup|movshdup|movsldup|addsubp[sd]|haddp[sd]|hsubp[sd]"  # SSE3
    r")\b"
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
    assert beyond == {}, f"instructions beyond x86-64: {beyond}"


def test_the_checker_sees_what_native_builds_use():
    # The pattern knows the instructions a target-cpu=native build emits (checked on lines as
    # objdump prints them), so that the test above can fail.
    sample = "\n".join(
        f"  4012{i:02x}:\t{insn}"
        for i, insn in enumerate(
            ["popcnt %rdi,%rax", "vpxor %xmm0,%xmm0,%xmm0", "tzcnt %rdi,%rax", "lzcnt %rsi,%rdx",
             "shlx %rax,%rbx,%rcx", "mov %rax,%rbx", "kmovq %k1,%rax", "pshufb %xmm1,%xmm0"]
        )
    )
    flagged = [
        m for m, ops in instructions(sample)
        if BEYOND_BASELINE.fullmatch(m) or WIDE_REGISTERS.search(ops)
    ]
    assert flagged == ["popcnt", "vpxor", "lzcnt", "shlx", "kmovq", "pshufb"]
