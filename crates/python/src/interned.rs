//! One Python object per move, made the first time the move is handed to Python and handed out
//! again after that, as CPython keeps one object per small integer.
//!
//! Why: the loop `for m in list(board.legal_moves): …` hands Python every legal move of every
//! position it reaches. A new object per move cost CPython an allocation, a link into the cyclic
//! garbage collector's list and, soon after, a deallocation: measured with `perf` on C'escacs's
//! random games, about half of the loop's time. A `Move` is a frozen value (compared and hashed
//! by value), so handing out one shared object per move changes nothing a program can see but
//! `is`, which python-chess does not promise either.
//!
//! The table is a hash map keyed by the move's exact key (`keys.rs`): the move-space index of
//! `space.rs` is unique only among one position's legal moves (Brusky's and C'escacs's moves also
//! say what they capture; up to 26 C'escacs moves share an index), and hashing the crates' moves
//! themselves cost more than it saved. It holds only the moves that were handed out, and stops
//! growing at [`MAX_OBJECTS`]; moves beyond get a new object each time.
//!
//! The lock is never held while Python code can run (no object is made or dropped under it), so
//! a garbage collection or a finaliser started by a new object cannot wait on it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::PyList;

/// The most objects a table keeps (a few tens of MB at most).
pub const MAX_OBJECTS: usize = 1 << 18;

/// A frozen Python class of values that a [`MoveObjects`] table shares.
pub trait Shared:
    pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync + Into<PyClassInitializer<Self>>
{
    /// The Rust value an object holds.
    type Value: Copy;

    /// The object of `value`.
    fn of(value: Self::Value) -> Self;
}

/// The hash of an exact key: keys differ in a few low bits (the cells), so multiply by an odd
/// constant with its bits spread (2^64 / the golden ratio) and fold the well-mixed high half
/// into the low bits that pick the bucket.
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(Self::SPREAD);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(Self::SPREAD);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

/// The objects by their value's exact key.
type Table<T> = HashMap<u64, Py<T>, BuildHasherDefault<KeyHasher>>;

/// The shared objects of one variant's moves.
pub struct MoveObjects<T: Shared> {
    table: Mutex<Table<T>>,
}

impl<T: Shared> MoveObjects<T> {
    /// An empty table (for a `static`).
    pub const fn new() -> Self {
        MoveObjects {
            table: Mutex::new(HashMap::with_hasher(BuildHasherDefault::new())),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table<T>> {
        // An insertion is whole before anything can panic: a table left by a panic is sound,
        // so go on with it.
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The object of `value`, whose exact key is `key` (a reference count increment when the
    /// table has it: no Python code runs under the lock).
    pub fn get<'py>(&self, py: Python<'py>, key: u64, value: T::Value) -> PyResult<Bound<'py, T>> {
        let found = self.lock().get(&key).map(|object| object.clone_ref(py));
        if let Some(object) = found {
            return Ok(object.into_bound(py));
        }
        let object = Py::new(py, T::of(value))?;
        keep(&mut self.lock(), py, key, &object);
        Ok(object.into_bound(py))
    }

    /// A new list of the objects of `values`, whose exact keys are `keys`.
    pub fn list<'py>(
        &self,
        py: Python<'py>,
        values: &[T::Value],
        keys: &[u64],
    ) -> PyResult<Bound<'py, PyList>> {
        let found: Vec<Option<Py<T>>> = {
            let table = self.lock();
            (keys.iter())
                .map(|key| table.get(key).map(|object| object.clone_ref(py)))
                .collect()
        };
        let mut objects = Vec::with_capacity(values.len());
        let mut made = Vec::new();
        for (k, found) in found.into_iter().enumerate() {
            objects.push(match found {
                Some(object) => object,
                None => {
                    made.push(k);
                    Py::new(py, T::of(values[k]))?
                }
            });
        }
        if !made.is_empty() {
            let mut table = self.lock();
            for k in made {
                keep(&mut table, py, keys[k], &objects[k]);
            }
        }
        PyList::new(py, objects)
    }
}

/// Keeps `object` as the object of `key` unless the table is full or has one.
fn keep<T: Shared>(table: &mut Table<T>, py: Python<'_>, key: u64, object: &Py<T>) {
    if table.len() < MAX_OBJECTS {
        table.entry(key).or_insert_with(|| object.clone_ref(py));
    }
}
