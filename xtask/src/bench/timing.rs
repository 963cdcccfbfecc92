//! How the bench times a perft, on both sides of its ratio: xtask's own positions and the
//! yardsticks program (`yardsticks/`, outside the workspace, which includes this file as its
//! `timing` module), so that every side is timed by the same loop.

use std::time::Instant;

use cpu_time::ThreadTime;

/// What one side's runs of a perft took.
#[derive(Clone, Copy, Debug)]
pub struct Timed {
    /// The leaves of all runs together.
    pub leaves: u64,
    /// This thread's CPU seconds.
    pub cpu: f64,
    /// Wall seconds.
    pub wall: f64,
}

/// Runs `run` repeatedly for `seconds` of this thread's CPU time, round `round` with the stack
/// moved down by that many steps (see [`on_lower_stack`]).
pub fn time(seconds: f64, round: usize, run: &dyn Fn() -> u64) -> Timed {
    let (cpu, wall) = (ThreadTime::now(), Instant::now());
    let mut leaves = 0;
    while cpu.elapsed().as_secs_f64() < seconds {
        leaves += on_lower_stack(round * STACK_STEPS_PER_ROUND, run);
    }
    Timed {
        leaves,
        cpu: cpu.elapsed().as_secs_f64(),
        wall: wall.elapsed().as_secs_f64(),
    }
}

/// How many [`on_lower_stack`] frames each round adds: thirteen frames of at least 64 bytes,
/// so that the five rounds run at five different places within a 4 KB page.
const STACK_STEPS_PER_ROUND: usize = 13;

/// `run` called `frames` frames further down the stack. Why: the speed of a deep perft depends
/// on where its stack lies within a page (a copy-make perft keeps its positions there), and
/// address-space randomisation picks that place anew for each process: one bench process in
/// about six ran some positions at half speed (the same binary, 80 against 40 M leaves per
/// second, every round, in the same run). Each round runs at another place, and the best round
/// counts, as with any other slowdown that is not the generator's.
#[inline(never)]
fn on_lower_stack(frames: usize, run: &dyn Fn() -> u64) -> u64 {
    let pad = [frames as u8; 64];
    let leaves = if frames == 0 {
        run()
    } else {
        on_lower_stack(frames - 1, run)
    };
    // The pad is read after the call, so the frame stays (no tail call reuses it).
    std::hint::black_box(&pad);
    leaves
}
