//! Zobrist keys made at compile time by SplitMix64 (Steele, Lea and Flood, 2014): a tiny,
//! well-mixed generator that runs in `const fn`, so a variant's key tables are `static`s.

/// A SplitMix64 stream of keys.
///
/// ```
/// use hexvar_geometry::zobrist::KeyStream;
///
/// static KEYS: [u64; 4] = {
///     let mut stream = KeyStream::new(0x6865_7876_6172);
///     stream.keys()
/// };
/// assert!(KEYS.iter().all(|&k| k != 0));
/// assert_ne!(KEYS[0], KEYS[1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyStream(u64);

impl KeyStream {
    /// A stream that starts from `seed`.
    pub const fn new(seed: u64) -> KeyStream {
        KeyStream(seed)
    }

    /// The next key.
    pub const fn next_key(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next `N` keys.
    pub const fn keys<const N: usize>(&mut self) -> [u64; N] {
        let mut keys = [0; N];
        crate::const_for!(i in 0..N => {
            keys[i] = self.next_key();
        });
        keys
    }

    /// The next `R × N` keys, row by row (for example one row per piece kind, one key per cell).
    pub const fn table<const R: usize, const N: usize>(&mut self) -> [[u64; N]; R] {
        let mut table = [[0; N]; R];
        crate::const_for!(r in 0..R => {
            table[r] = self.keys();
        });
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_splitmix64_sequence() {
        // The first outputs of SplitMix64 seeded with 0, as in the reference implementation.
        let mut s = KeyStream::new(0);
        assert_eq!(s.next_key(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(s.next_key(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn tables_continue_the_stream() {
        let mut a = KeyStream::new(7);
        let table: [[u64; 3]; 2] = a.table();
        let mut b = KeyStream::new(7);
        let flat: [u64; 6] = b.keys();
        assert_eq!(table.concat(), flat);
        assert_eq!(a, b);
    }
}
