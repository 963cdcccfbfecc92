//! Files of many game records from Python: a path or a Python file object (text or binary) as
//! the [`BufRead`] the crates' streaming reader walks and the [`Write`] their writer fills, the
//! variant a file's first game names, and record errors as Python's `InvalidRecordError` with
//! their place.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Cursor, Read, Write};
use std::path::PathBuf;

use hexvar_geometry::record::RecordError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::InvalidRecordError;

/// What a reader of records reads from: a file opened here or a Python file object.
pub type Source = Box<dyn BufRead + Send + Sync>;

/// What a writer of records writes to.
pub type Target = Box<dyn Write + Send + Sync>;

/// How much a Python file object is asked for at a time (characters of a text file, bytes of a
/// binary one).
const CHUNK: usize = 1 << 16;

/// `InvalidRecordError` with the error's message and its place as the attributes `game`,
/// `line` and `column` (all from 1).
pub fn record_error(py: Python<'_>, e: &RecordError) -> PyErr {
    let err = InvalidRecordError::new_err(e.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception object cannot fail but for memory.
    let placed = value
        .setattr("game", e.game)
        .and_then(|()| value.setattr("line", e.line))
        .and_then(|()| value.setattr("column", e.column));
    match placed {
        Ok(()) => err,
        Err(failure) => failure,
    }
}

/// A Python file object open for reading, as a [`BufRead`]: `read(CHUNK)` returns `bytes` or
/// `str` (sent on as UTF-8).
struct PyReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
}

impl PyReader {
    fn fetch(&mut self) -> io::Result<()> {
        Python::attach(|py| {
            let chunk = self.file.call_method1(py, "read", (CHUNK,))?;
            let chunk = chunk.bind(py);
            self.pending = if let Ok(bytes) = chunk.cast::<PyBytes>() {
                bytes.as_bytes().to_vec()
            } else if let Ok(text) = chunk.cast::<PyString>() {
                text.to_cow()?.as_bytes().to_vec()
            } else {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "read() returned {}, not bytes or str",
                    chunk.get_type().name()?
                )));
            };
            self.at = 0;
            Ok(())
        })
        .map_err(|e: PyErr| io::Error::other(e.to_string()))
    }
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for PyReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.pending.len() {
            self.fetch()?;
        }
        Ok(&self.pending[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.pending.len());
    }
}

/// A Python file object open for writing, as a [`Write`]: a text file (an `io.TextIOBase`, or
/// any object that is not a binary `io` stream) gets `str`, a binary one `bytes`.
struct PyWriter {
    file: Py<PyAny>,
    text: bool,
}

impl Write for PyWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Python::attach(|py| {
            if self.text {
                // The record writer writes whole strings, so a buffer is whole UTF-8.
                let text = core::str::from_utf8(buf)
                    .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
                self.file.call_method1(py, "write", (text,))
            } else {
                self.file
                    .call_method1(py, "write", (PyBytes::new(py, buf),))
            }
            .map_err(|e| io::Error::other(e.to_string()))?;
            Ok(buf.len())
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Python::attach(|py| match self.file.bind(py).getattr("flush") {
            Ok(flush) => flush.call0().map(drop),
            Err(_) => Ok(()),
        })
        .map_err(|e| io::Error::other(e.to_string()))
    }
}

/// A path (`str` or `os.PathLike`) to open, or else the Python object itself.
enum Place {
    Path(PathBuf),
    File(Py<PyAny>),
}

fn place(source: &Bound<'_, PyAny>, method: &str) -> PyResult<Place> {
    if let Ok(path) = source.extract::<PathBuf>() {
        return Ok(Place::Path(path));
    }
    if source.hasattr(method)? {
        return Ok(Place::File(source.clone().unbind()));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected a path or a file object with {method}(), got {}",
        source.get_type().name()?
    )))
}

/// The records to read: the file at a path, or a Python file object's `read`.
pub fn open_source(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    Ok(match place(source, "read")? {
        Place::Path(path) => Box::new(BufReader::new(File::open(path)?)),
        Place::File(file) => Box::new(PyReader {
            file,
            pending: Vec::new(),
            at: 0,
        }),
    })
}

/// Where records go: a file created (or truncated) at a path, or a Python file object's `write`.
pub fn open_target(target: &Bound<'_, PyAny>) -> PyResult<Target> {
    Ok(match place(target, "write")? {
        Place::Path(path) => Box::new(BufWriter::new(File::create(path)?)),
        Place::File(file) => {
            let io = target.py().import("io")?;
            let binary = target.is_instance(&io.getattr("RawIOBase")?)?
                || target.is_instance(&io.getattr("BufferedIOBase")?)?;
            Box::new(PyWriter {
                file,
                text: !binary,
            })
        }
    })
}

/// A source's first game's `Variant` tag, read ahead.
pub struct Peeked {
    /// The tag's value as `crate::variant_tag` reads it, if the first game has one.
    pub variant: Option<String>,
    /// Whether the source holds nothing but white space.
    pub blank: bool,
    /// The source, read again from its start.
    pub source: Source,
}

/// Reads `source` up to the first game's `Variant` tag (or its first movetext line, or the end).
pub fn peek_variant(mut source: Source) -> PyResult<Peeked> {
    let mut prefix = Vec::new();
    let mut variant = None;
    loop {
        let start = prefix.len();
        if source.read_until(b'\n', &mut prefix)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&prefix[start..]);
        variant = crate::variant_tag(&line);
        let line = line.trim_start();
        let movetext = !(line.is_empty() || line.starts_with(['[', '%', ';', '{']));
        if variant.is_some() || movetext {
            break;
        }
    }
    Ok(Peeked {
        variant,
        blank: prefix.iter().all(u8::is_ascii_whitespace),
        source: Box::new(Cursor::new(prefix).chain(source)),
    })
}
