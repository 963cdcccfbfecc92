//! The Python package `hexvar`: every hexvar variant from Python, in the shape of python-chess,
//! with the Rust crates' speed. Built by maturin into the extension module `hexvar._hexvar`; the
//! pure-Python package around it (`python/hexvar`) makes `hexvar.brusky` and its siblings
//! importable and carries the type stubs.
//!
//! One binding body serves every variant: `generic.rs` is generic over [`hexvar_geometry::Variant`],
//! `stamp.rs` stamps the thin per-variant classes, `space.rs` holds each variant's move kinds for
//! the fixed move space. Adding a variant is one line in `variants!` below (and its move kinds).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod generic;
mod planes;
mod rules;
mod space;
mod stamp;

create_exception!(
    hexvar,
    InvalidPositionError,
    PyValueError,
    "A text that is not a legal position of the variant."
);
create_exception!(
    hexvar,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position (or a game that is over)."
);
create_exception!(
    hexvar,
    InvalidMoveTextError,
    PyValueError,
    "A text that names no legal move in the position (not a move, illegal, or ambiguous)."
);
create_exception!(
    hexvar,
    InvalidRecordError,
    PyValueError,
    "A game record that cannot be read: the message gives the line and column of the first bad token."
);

/// Stamps one submodule per variant and the name-to-variant dispatch of `hexvar.Board` and
/// `hexvar.read_game`.
macro_rules! variants {
    ($($module:ident => $pos:ty, $path:literal;)*) => {
        $( stamp::variant_module!($module, $pos, $path); )*

        /// The variants' names, in the order the package lists them.
        const NAMES: &[&str] = &[$(<$pos as hexvar_geometry::Variant>::NAME),*];

        /// The variant whose name is `name`, as its index in [`NAMES`].
        fn find(name: &str) -> PyResult<usize> {
            NAMES.iter().position(|&n| n == name).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown variant {}; known: {}",
                    generic::quoted(name),
                    NAMES.join(", ")
                ))
            })
        }

        type NewBoard = fn(Python<'_>, Option<&str>) -> PyResult<Py<PyAny>>;
        type ReadGame = fn(Python<'_>, &str) -> PyResult<Py<PyAny>>;
        const NEW_BOARD: &[NewBoard] = &[$($module::new_board),*];
        const READ_GAME: &[ReadGame] = &[$($module::read_game),*];

        fn register_variants(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( $module::register(m)?; )*
            Ok(())
        }
    };
}

variants! {
    brusky => hexvar_brusky::Position, "hexvar.brusky";
    chessagon => hexvar_chessagon::Position, "hexvar.chessagon";
    dagger => hexvar_dagger::Position, "hexvar.dagger";
    cescacs => hexvar_cescacs::Position, "hexvar.cescacs";
    kirby => hexvar_kirby::Position, "hexvar.kirby";
}

/// A board of the variant named `variant` (one of `hexvar.VARIANTS`): its start position, or
/// the position `text`.
#[pyfunction(name = "Board")]
#[pyo3(signature = (variant, text = None))]
fn board(py: Python<'_>, variant: &str, text: Option<&str>) -> PyResult<Py<PyAny>> {
    NEW_BOARD[find(variant)?](py, text)
}

/// The `Variant` tag's value in a record, letters and digits only, lower case.
fn variant_tag(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix('[')?.trim_start();
        let value = rest
            .strip_prefix("Variant")?
            .trim_start()
            .strip_prefix('"')?;
        let value = &value[..value.find('"')?];
        Some(
            value
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect(),
        )
    })
}

/// A game read from its record. The variant is the record's `Variant` tag, or `variant` when
/// given (a record without the tag needs it).
#[pyfunction]
#[pyo3(signature = (text, variant = None))]
fn read_game(py: Python<'_>, text: &str, variant: Option<&str>) -> PyResult<Py<PyAny>> {
    let name = match variant {
        Some(name) => name.to_string(),
        None => variant_tag(text).ok_or_else(|| {
            InvalidRecordError::new_err("the record has no Variant tag: name the variant")
        })?,
    };
    let index = find(&name).map_err(|e| InvalidRecordError::new_err(e.value(py).to_string()))?;
    READ_GAME[index](py, text)
}

/// The extension module: the variants' submodules, the shared classes, the errors, and the
/// functions that pick a variant by name.
#[pymodule]
fn _hexvar(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("VARIANTS", NAMES.to_vec())?;
    m.add(
        "InvalidPositionError",
        py.get_type::<InvalidPositionError>(),
    )?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add(
        "InvalidMoveTextError",
        py.get_type::<InvalidMoveTextError>(),
    )?;
    m.add("InvalidRecordError", py.get_type::<InvalidRecordError>())?;
    m.add_class::<generic::Piece>()?;
    m.add_class::<generic::Outcome>()?;
    m.add_function(wrap_pyfunction!(board, m)?)?;
    m.add_function(wrap_pyfunction!(read_game, m)?)?;
    register_variants(m)
}
