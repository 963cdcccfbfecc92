//! `const_for!`: the counting loop a `const fn` writes by hand (`for` is not allowed there),
//! written once for geometry's table builders and the variant crates' `static` tables.

/// Runs `body` for each `i` from `start` up to, not including, `end`: the `while` loop with its
/// counter that `const fn` code needs in place of `for`. `i` is a fresh immutable binding in each
/// round, so `continue` moves on to the next one.
///
/// ```
/// const SQUARES: [usize; 4] = {
///     let mut out = [0; 4];
///     hexvar_geometry::const_for!(i in 0..4 => {
///         out[i] = i * i;
///     });
///     out
/// };
/// assert_eq!(SQUARES, [0, 1, 4, 9]);
/// ```
#[macro_export]
macro_rules! const_for {
    ($i:ident in $start:tt .. $end:expr => $body:block) => {{
        let mut next = $start;
        while next < $end {
            let $i = next;
            next += 1;
            $body
        }
    }};
}
