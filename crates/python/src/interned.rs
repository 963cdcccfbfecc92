//! Shared Python objects for the moves handed to Python: a move seen lately gets the object it got
//! then, as CPython keeps one object per small integer.
//!
//! Why: the loop `for m in list(board.legal_moves): …` hands Python every legal move of every
//! position it reaches. A new object per move cost CPython an allocation, a link into the cyclic
//! garbage collector's list and, soon after, a deallocation: measured with `perf` on C'escacs's
//! random games, about half of the loop's time. A `Move` is a frozen value (compared and hashed
//! by value), so handing out a shared object changes nothing a program can see but `is`, which
//! python-chess does not promise either.
//!
//! The table is direct-mapped: 2^[`MoveKey::OBJECT_SLOT_BITS`] slots of 16 bytes, a move's slot
//! picked by its exact key (`keys.rs`; the move-space index of `space.rs` is unique only among
//! one position's legal moves), the last move seen there kept. Most of a position's moves were
//! listed a few plies before (C'escacs's random games: 86 % two plies before, 90 % earlier in the
//! game), and one game's moves (C'escacs 2,700 on average) touch a few thousand slots, so a
//! look-up stays in the processor's caches. Why not a map of every move ever handed out, as
//! before: its buckets and objects scattered over megabytes (C'escacs: 56,000 moves over 100
//! random games), and the moves not seen lately, one in ten, each cost two or three cache misses
//! (`perf`: two thirds of the table's time), more than making a new object in memory just freed.
//!
//! [`MoveKey::OBJECT_SLOT_BITS`]: crate::keys::MoveKey::OBJECT_SLOT_BITS
//!
//! The lock is never held while Python code can run (no object is made or freed under it), so a
//! garbage collection or a finaliser started by a new object cannot wait on it.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::PyList;

/// A frozen Python class of values that a [`MoveObjects`] table shares.
pub trait Shared:
    pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync + Into<PyClassInitializer<Self>>
{
    /// The Rust value an object holds.
    type Value: Copy;

    /// The object of `value`.
    fn of(value: Self::Value) -> Self;
}

/// A slot: the object of the move whose key is `key`, when it holds one.
struct Slot<T> {
    key: u64,
    object: Option<Py<T>>,
}

/// The slots; empty until the first look-up (a `static` cannot allocate), then 2^`bits` long.
struct Table<T> {
    bits: u32,
    slots: Vec<Slot<T>>,
}

impl<T: Shared> Table<T> {
    /// The slot of `key`: the top bits of its product with an odd constant whose bits are
    /// spread (2^64 / the golden ratio), since keys differ in a few low bits (the cells).
    fn slot_of(&self, key: u64) -> usize {
        const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;
        (key.wrapping_mul(SPREAD) >> (u64::BITS - self.bits)) as usize
    }

    /// The object of `key`, when its slot holds it (a reference count increment).
    fn find(&mut self, py: Python<'_>, key: u64) -> Option<Py<T>> {
        if self.slots.is_empty() {
            self.slots.resize_with(1 << self.bits, || Slot {
                key: 0,
                object: None,
            });
        }
        let slot = &self.slots[self.slot_of(key)];
        match &slot.object {
            Some(object) if slot.key == key => Some(object.clone_ref(py)),
            _ => None,
        }
    }

    /// Keeps `object` as the object of `key`; returns the object its slot held before, for the
    /// caller to drop once the lock is released (it may be the last reference).
    fn keep(&mut self, py: Python<'_>, key: u64, object: &Py<T>) -> Option<Py<T>> {
        let at = self.slot_of(key);
        let slot = &mut self.slots[at];
        slot.key = key;
        slot.object.replace(object.clone_ref(py))
    }
}

/// The shared objects of one variant's moves.
pub struct MoveObjects<T: Shared> {
    table: Mutex<Table<T>>,
}

impl<T: Shared> MoveObjects<T> {
    /// An empty table of 2^`bits` slots (for a `static`).
    pub const fn new(bits: u32) -> Self {
        MoveObjects {
            table: Mutex::new(Table {
                bits,
                slots: Vec::new(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table<T>> {
        // A slot is written whole before anything can panic: a table left by a panic is sound,
        // so go on with it.
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The object of `value`, whose exact key is `key`.
    pub fn get<'py>(&self, py: Python<'py>, key: u64, value: T::Value) -> PyResult<Bound<'py, T>> {
        let found = self.lock().find(py, key);
        if let Some(object) = found {
            return Ok(object.into_bound(py));
        }
        let object = Py::new(py, T::of(value))?;
        let evicted = self.lock().keep(py, key, &object);
        drop(evicted);
        Ok(object.into_bound(py))
    }

    /// A new list of the objects of `values`, whose exact keys are `keys`.
    pub fn list<'py>(
        &self,
        py: Python<'py>,
        values: &[T::Value],
        keys: &[u64],
    ) -> PyResult<Bound<'py, PyList>> {
        let mut objects: Vec<Option<Py<T>>> = {
            let mut table = self.lock();
            keys.iter().map(|&key| table.find(py, key)).collect()
        };
        let mut made = Vec::new();
        for (k, object) in objects.iter_mut().enumerate() {
            if object.is_none() {
                made.push(k);
                *object = Some(Py::new(py, T::of(values[k]))?);
            }
        }
        if !made.is_empty() {
            let evicted: Vec<Option<Py<T>>> = {
                let mut table = self.lock();
                made.iter()
                    .map(|&k| {
                        let object = objects[k].as_ref().expect("made above");
                        table.keep(py, keys[k], object)
                    })
                    .collect()
            };
            drop(evicted);
        }
        PyList::new(
            py,
            objects
                .into_iter()
                .map(|object| object.expect("found or made")),
        )
    }
}
