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

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

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

/// The objects by their value's exact key: open addressing with linear probing over slots of
/// the key and the object side by side, at most half full. A look-up reads one slot (its key
/// beside the object's address) and then the object, whose reference count the caller raises:
/// two dependent reads. A `HashMap` read a control group, then the bucket, then the object,
/// and with tens of thousands of moves handed out (C'escacs: 56,000 distinct moves in 100
/// random games, 20,000 plies) each of those reads mostly misses the caches.
struct Table<T> {
    /// A power of two in length (or empty); `None` is a free slot.
    slots: Vec<(u64, Option<Py<T>>)>,
    /// The objects held.
    len: usize,
    /// An empty vector whose buffer the next [`MoveObjects::tuple`] gathers its objects in (a
    /// new one each time was an allocation and a free a ply).
    spare: Vec<Py<T>>,
    /// The object [`MoveObjects::gather`] puts where the table lacks one, until it has made it.
    stand_in: Option<Py<T>>,
}

impl<T> Table<T> {
    /// The slots a new table starts with.
    const FIRST_SLOTS: usize = 1 << 12;

    const fn new() -> Self {
        Table {
            slots: Vec::new(),
            len: 0,
            spare: Vec::new(),
            stand_in: None,
        }
    }

    /// The slot where the search for `key` starts (see [`home`]).
    fn home(&self, key: u64) -> usize {
        home(key, self.slots.len())
    }

    /// The object of `key`, if held.
    fn get(&self, key: u64) -> Option<&Py<T>> {
        find(&self.slots, key)
    }

    /// Holds `object` as the object of `key` unless one is held.
    fn insert(&mut self, py: Python<'_>, key: u64, object: &Py<T>) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            match &self.slots[at] {
                (_, None) => break,
                (k, Some(_)) if *k == key => return,
                _ => at = (at + 1) & mask,
            }
        }
        self.slots[at] = (key, Some(object.clone_ref(py)));
        self.len += 1;
    }

    /// Twice the slots (or the first ones), every object moved to its new place.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(Self::FIRST_SLOTS);
        let old = std::mem::take(&mut self.slots);
        self.slots.resize_with(size, || (0, None));
        let mask = size - 1;
        for (key, object) in old {
            if let Some(object) = object {
                let mut at = self.home(key);
                while self.slots[at].1.is_some() {
                    at = (at + 1) & mask;
                }
                self.slots[at] = (key, Some(object));
            }
        }
    }
}

/// The slot of a table of `slots` slots (a power of two) where the search for `key` starts:
/// the key times an odd constant with its bits spread (2^64 / the golden ratio), whose high bits
/// mix every bit of the key.
#[inline(always)]
fn home(key: u64, slots: usize) -> usize {
    let mixed = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> 32) as usize & (slots - 1)
}

/// The object of `key` in a table's `slots`, if held. A function of the slice, so that a loop
/// of look-ups keeps its address and length in registers (through the table they were read
/// again after every reference count raised).
#[inline(always)]
fn find<T>(slots: &[(u64, Option<Py<T>>)], key: u64) -> Option<&Py<T>> {
    if slots.is_empty() {
        return None;
    }
    let mask = slots.len() - 1;
    let mut at = home(key, slots.len());
    loop {
        match &slots[at] {
            (_, None) => return None,
            (k, Some(object)) if *k == key => return Some(object),
            _ => at = (at + 1) & mask,
        }
    }
}

/// The shared objects of one variant's moves.
pub struct MoveObjects<T: Shared> {
    table: Mutex<Table<T>>,
}

impl<T: Shared> MoveObjects<T> {
    /// An empty table (for a `static`).
    pub const fn new() -> Self {
        MoveObjects {
            table: Mutex::new(Table::new()),
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
        let found = self.lock().get(key).map(|object| object.clone_ref(py));
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
        let mut objects = Vec::new();
        self.gather(py, values, keys, &mut objects)?;
        PyList::new(py, objects)
    }

    /// A new tuple of the objects of `values`, whose exact keys are `keys`. Gathered in the
    /// table's spare vector, whose buffer is then kept for the next tuple.
    pub fn tuple<'py>(
        &self,
        py: Python<'py>,
        values: &[T::Value],
        keys: &[u64],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut objects = std::mem::take(&mut self.lock().spare);
        self.gather(py, values, keys, &mut objects)?;
        let tuple = PyTuple::new(py, objects.drain(..));
        let mut table = self.lock();
        if table.spare.capacity() < objects.capacity() {
            table.spare = objects;
        }
        tuple
    }

    /// Appends the objects of `values`, whose exact keys are `keys`, to `objects` (one
    /// reference each).
    ///
    /// One pass under the lock takes every object the table holds, and the table's stand-in
    /// where it lacks one; then each stand-in is replaced by the move's own object, made with
    /// the lock released (rare once a game is under way). The pass is a loop over a slice of
    /// known length with no other exit (`extend` of a mapped slice), its length and the table's
    /// slots in registers: a loop that stopped at the first missing object took 27 instructions
    /// a move against 21. (A stand-in rather than `None`: a tuple made of `Option`s tests each.)
    fn gather(
        &self,
        py: Python<'_>,
        values: &[T::Value],
        keys: &[u64],
        objects: &mut Vec<Py<T>>,
    ) -> PyResult<()> {
        let Some(&first) = values.first() else {
            return Ok(());
        };
        let stand_in = self.stand_in(py, first)?;
        let mut lacking = false;
        {
            let table = self.lock();
            let slots = table.slots.as_slice();
            objects.extend(keys.iter().map(|&key| match find(slots, key) {
                Some(object) => object.clone_ref(py),
                None => {
                    lacking = true;
                    stand_in.clone_ref(py)
                }
            }));
        }
        if lacking {
            let gathered = objects.len() - keys.len();
            for ((object, &key), &value) in objects[gathered..].iter_mut().zip(keys).zip(values) {
                if object.is(&stand_in) {
                    *object = self.get(py, key, value)?.unbind();
                }
            }
        }
        Ok(())
    }

    /// The table's stand-in, an object that the table does not hold and no caller sees, made
    /// of `value` the first time.
    fn stand_in(&self, py: Python<'_>, value: T::Value) -> PyResult<Py<T>> {
        if let Some(stand_in) = &self.lock().stand_in {
            return Ok(stand_in.clone_ref(py));
        }
        let made = Py::new(py, T::of(value))?;
        // `made` is dropped after the lock, if another call kept its own first.
        let kept = self
            .lock()
            .stand_in
            .get_or_insert_with(|| made.clone_ref(py))
            .clone_ref(py);
        Ok(kept)
    }
}

/// Keeps `object` as the object of `key` unless the table is full or has one.
fn keep<T: Shared>(table: &mut Table<T>, py: Python<'_>, key: u64, object: &Py<T>) {
    if table.len < MAX_OBJECTS {
        table.insert(py, key, object);
    }
}
