//! The Python package `hexvar`: every hexvar variant from Python, in the shape of python-chess,
//! with the Rust crates' speed. Built by maturin into the extension module `hexvar._hexvar`; the
//! pure-Python package around it (`python/hexvar`) makes `hexvar.brusky` and its siblings
//! importable and carries the type stubs.
//!
//! One binding body serves every variant: `generic.rs` is generic over [`hexvar_geometry::Variant`],
//! `stamp.rs` stamps the thin per-variant classes (and `tree.rs` their game-tree classes),
//! `space.rs` holds each variant's move kinds for the fixed move space, `compact.rs` the compact move space derived from the moves, `mirror.rs` each variant's mirror, `keys.rs` each variant's
//! exact move keys, by which `interned.rs` hands Python one shared object per move, `records.rs` turns paths
//! and Python file objects into the readers and writers of files of many records, and
//! `engine.rs` is `hexvar.engine`, the search of `hexvar-engine`. Adding a variant is one line in `variants!` below (and its move kinds).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod compact;
mod engine;
mod generic;
mod interned;
mod keys;
mod mirror;
mod planes;
mod records;
mod rules;
mod space;
mod stamp;
mod tree;

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
        type ReadGames = fn(Python<'_>, records::Source) -> PyResult<Py<PyAny>>;
        type WriteGame = fn(&Bound<'_, PyAny>, &mut records::Target) -> Option<PyResult<()>>;
        const NEW_BOARD: &[NewBoard] = &[$($module::new_board),*];
        const READ_GAME: &[ReadGame] = &[$($module::read_game),*];
        const READ_GAMES: &[ReadGames] = &[$($module::read_games),*];
        const WRITE_GAME: &[WriteGame] = &[$($module::write_game),*];
        type Search = fn(
            Python<'_>,
            &engine::Engine,
            &Bound<'_, PyAny>,
            &engine::Limit,
            usize,
        ) -> Option<PyResult<engine::Found>>;
        const SEARCH: &[Search] = &[$($module::search),*];

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

/// The games of a file of many records, one at a time: an iterator of `GameTree` over a path
/// or a file object (text or binary), holding one game's text at a time. The variant is the
/// first game's `Variant` tag, or `variant` when given; every game is read as that variant (a
/// game of another is a located error). A game that cannot be read is an empty `GameTree` whose
/// `errors` holds the `InvalidRecordError` (game number, line, column), and the next game is
/// read, as python-chess reads on past a bad game.
#[pyfunction]
#[pyo3(signature = (source, variant = None))]
fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    variant: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let peeked = records::peek_variant(records::open_source(source)?)?;
    let name = match (variant, peeked.variant) {
        (Some(name), _) => name.to_string(),
        (None, Some(name)) => name,
        // Nothing to read: any variant's reader says so.
        (None, None) if peeked.blank => NAMES[0].to_string(),
        (None, None) => {
            return Err(InvalidRecordError::new_err(
                "the first game has no Variant tag: name the variant",
            ))
        }
    };
    let index = find(&name).map_err(|e| InvalidRecordError::new_err(e.value(py).to_string()))?;
    READ_GAMES[index](py, peeked.source)
}

/// Writes games (`GameTree` or `Game` objects of any variant, from any iterable, taken one at a
/// time) as records to a path (created or truncated) or a file object, a blank line after each;
/// returns how many were written. The records read back with `read_games`.
#[pyfunction]
fn write_games(target: &Bound<'_, PyAny>, games: &Bound<'_, PyAny>) -> PyResult<usize> {
    let mut out = records::open_target(target)?;
    let mut count = 0;
    for game in games.try_iter()? {
        let game = game?;
        match WRITE_GAME.iter().find_map(|write| write(&game, &mut out)) {
            Some(written) => written?,
            None => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "write_games writes GameTree and Game objects, not {}",
                    game.get_type().name()?
                )))
            }
        }
        count += 1;
    }
    std::io::Write::flush(&mut out)?;
    Ok(count)
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
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(write_games, m)?)?;
    register_variants(m)?;
    engine::register(m)
}
