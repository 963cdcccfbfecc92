//! `hexvar.engine`: the hexvar-engine search from Python, in the shape of python-chess's
//! `chess.engine` (`Limit`, `analyse` giving info dicts, `play` giving a `PlayResult`). The
//! search runs with the interpreter released, so other Python threads go on meanwhile, and stops
//! at its limit or when `Engine.stop()` is called from another thread.

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hexvar_engine::{Limits, Options, Score as EngineScore, SearchResult, MAX_DEPTH};
use hexvar_geometry::{Game, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// How long, how deep or how wide a search may go: python-chess's `chess.engine.Limit`. The
/// search stops at whichever limit comes first; with none it runs until `Engine.stop()`.
#[pyclass(module = "hexvar.engine", name = "Limit", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Limit {
    /// The deepest iteration, in plies of the main search (1 to 64), or `None`.
    #[pyo3(get)]
    depth: Option<u32>,
    /// The most nodes searched, or `None`.
    #[pyo3(get)]
    nodes: Option<u64>,
    /// The most seconds for the search, or `None`.
    #[pyo3(get)]
    time: Option<f64>,
}

#[pymethods]
impl Limit {
    /// `ValueError` for a depth outside 1 to 64, fewer than 1 node, or a time that is negative
    /// or not finite.
    #[new]
    #[pyo3(signature = (*, depth = None, nodes = None, time = None))]
    fn new(depth: Option<i64>, nodes: Option<i64>, time: Option<f64>) -> PyResult<Self> {
        let depth = depth
            .map(|d| {
                u32::try_from(d)
                    .ok()
                    .filter(|d| (1..=MAX_DEPTH).contains(d))
                    .ok_or_else(|| {
                        PyValueError::new_err(format!("depth {d} is not within 1 to {MAX_DEPTH}"))
                    })
            })
            .transpose()?;
        let nodes = nodes
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| PyValueError::new_err(format!("{n} nodes: at least 1")))
            })
            .transpose()?;
        if let Some(t) = time {
            if !(t.is_finite() && t >= 0.0 && Duration::try_from_secs_f64(t).is_ok()) {
                return Err(PyValueError::new_err(format!(
                    "time {t} is not a number of seconds"
                )));
            }
        }
        Ok(Limit { depth, nodes, time })
    }

    fn __repr__(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(t) = self.time {
            parts.push(format!("time={t}"));
        }
        format!("Limit({})", parts.join(", "))
    }
}

impl Limit {
    fn limits(&self, stop: Arc<AtomicBool>) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.time.map(Duration::from_secs_f64),
            ..Limits::default()
        }
        .with_stop(stop)
    }
}

/// A score from the view of the side to move (in Kirby, its team): centipawns or a mate.
/// python-chess's relative `Score`, but mates count plies (the engine's unit; in Kirby the plies
/// of every army).
#[pyclass(module = "hexvar.engine", name = "Score", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    cp: Option<i32>,
    mate: Option<i32>,
}

impl Score {
    fn of(score: EngineScore) -> Score {
        match score {
            EngineScore::Centipawns(cp) => Score {
                cp: Some(cp),
                mate: None,
            },
            EngineScore::MateIn(n) => Score {
                cp: None,
                mate: Some(i32::try_from(n).unwrap_or(i32::MAX)),
            },
            EngineScore::MatedIn(n) => Score {
                cp: None,
                mate: Some(-i32::try_from(n).unwrap_or(i32::MAX)),
            },
        }
    }
}

#[pymethods]
impl Score {
    /// The centipawns; for a mate `None`, or with `mate_score` given, `mate_score` less the
    /// plies to the mate (negated when the side to move is mated).
    #[pyo3(signature = (*, mate_score = None))]
    fn score(&self, mate_score: Option<i32>) -> Option<i32> {
        match (self.cp, self.mate, mate_score) {
            (Some(cp), _, _) => Some(cp),
            (None, Some(m), Some(ms)) if m > 0 => Some(ms - m),
            (None, Some(m), Some(ms)) => Some(-ms - m),
            _ => None,
        }
    }

    /// The plies to mate: positive when the side to move mates, negative (or 0: mated now)
    /// when it is mated; `None` for a score in centipawns.
    fn mate(&self) -> Option<i32> {
        self.mate
    }

    /// Whether the score is a mate.
    fn is_mate(&self) -> bool {
        self.mate.is_some()
    }

    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (Some(cp), _) => format!("Cp({cp:+})"),
            (None, Some(0)) => "Mate(-0)".to_string(),
            (None, Some(m)) => format!("Mate({m:+})"),
            (None, None) => "Score()".to_string(),
        }
    }
}

/// What `Engine.play` found: the move to play (`None` when the game is over), the reply it
/// expects (`ponder`), and the info of the best line. python-chess's `PlayResult`.
#[pyclass(module = "hexvar.engine", name = "PlayResult", frozen)]
pub struct PlayResult {
    /// The move to play, or `None` when the game is over.
    #[pyo3(get, name = "move")]
    best: Option<Py<PyAny>>,
    /// The reply the best line expects, or `None`.
    #[pyo3(get)]
    ponder: Option<Py<PyAny>>,
    /// The best line's info dict (as `Engine.analyse` gives it).
    #[pyo3(get)]
    info: Py<PyDict>,
}

#[pymethods]
impl PlayResult {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let best = match &self.best {
            Some(m) => m.bind(py).str()?.to_string(),
            None => "None".to_string(),
        };
        Ok(format!("<PlayResult move={best}>"))
    }
}

/// A search's answer with the moves as Python objects.
pub struct Found {
    best: Option<Py<PyAny>>,
    /// Per line (best first): its score and moves.
    lines: Vec<(Score, Vec<Py<PyAny>>)>,
    score: Score,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    seconds: f64,
}

/// The search engine: its settings and a transposition table kept from one search to the next
/// (of the same variant). One search runs at a time; `stop()` from another thread ends the
/// running one at once with its deepest finished iteration.
#[pyclass(module = "hexvar.engine", name = "Engine", frozen)]
pub struct Engine {
    /// The variant's `hexvar_engine::Engine`, made for the first board searched and again when
    /// a board of another variant comes.
    searcher: Mutex<Option<Box<dyn Any + Send>>>,
    stop: Arc<AtomicBool>,
    options: Options,
}

#[pymethods]
impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB (at least 1) and `contempt`
    /// centipawns of dislike for a draw (negative: draws welcome).
    #[new]
    #[pyo3(signature = (*, hash_mb = 16, contempt = 0))]
    fn new(hash_mb: usize, contempt: i32) -> PyResult<Self> {
        if hash_mb == 0 {
            return Err(PyValueError::new_err("hash_mb: at least 1"));
        }
        Ok(Engine {
            searcher: Mutex::new(None),
            stop: Arc::new(AtomicBool::new(false)),
            options: Options {
                hash_mb,
                contempt,
                ..Options::default()
            },
        })
    }

    /// Searches the board's position (its move stack counts for repetitions) within `limit`
    /// and returns python-chess's info dict: `score` (a `Score` from the side to move's view),
    /// `pv` (the moves of the best line), `depth`, `seldepth`, `nodes`, `time` (seconds) and
    /// `multipv`. With `multipv=k`, a list of the best `k` lines' dicts, best first. A finished
    /// game has an empty `pv` (and an empty list).
    #[pyo3(signature = (board, limit, *, multipv = None))]
    fn analyse(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: &Limit,
        multipv: Option<usize>,
    ) -> PyResult<Py<PyAny>> {
        if multipv == Some(0) {
            return Err(PyValueError::new_err("multipv: at least 1"));
        }
        let found = self.dispatch(py, board, limit, multipv.unwrap_or(1))?;
        let infos = found.infos(py)?;
        match multipv {
            Some(_) => Ok(pyo3::types::PyList::new(py, infos)?.into_any().unbind()),
            None => match infos.into_iter().next() {
                Some(info) => Ok(info.into_any()),
                None => Ok(found.info(py, found.score, Vec::new(), 1)?.into_any()),
            },
        }
    }

    /// Searches the board's position within `limit` and returns the move to play.
    fn play(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: &Limit,
    ) -> PyResult<PlayResult> {
        let found = self.dispatch(py, board, limit, 1)?;
        let (score, pv) = found
            .lines
            .first()
            .map(|(s, pv)| (*s, pv.iter().map(|m| m.clone_ref(py)).collect::<Vec<_>>()))
            .unwrap_or((found.score, Vec::new()));
        Ok(PlayResult {
            best: found.best.as_ref().map(|m| m.clone_ref(py)),
            ponder: pv.get(1).map(|m| m.clone_ref(py)),
            info: found.info(py, score, pv, 1)?,
        })
    }

    /// Stops the running search (from another thread): it answers at once with its deepest
    /// finished iteration. A stop while no search runs is forgotten when the next starts.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches stored: the next search starts as on a fresh engine.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| {
            self.searcher
                .lock()
                .map(|mut slot| *slot = None)
                .map_err(|_| ())
        })
        .map_err(poisoned)
    }
}

fn poisoned<T>(_: T) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err("an earlier search failed; make a new Engine")
}

impl Engine {
    fn dispatch(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: &Limit,
        multipv: usize,
    ) -> PyResult<Found> {
        for search in crate::SEARCH {
            if let Some(found) = search(py, self, board, limit, multipv) {
                return found;
            }
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "the engine searches a hexvar Board, not {}",
            board.get_type().name()?
        )))
    }
}

/// Searches `game` with the interpreter released; `wrap` makes a move's Python object.
pub fn search<V: Variant>(
    py: Python<'_>,
    engine: &Engine,
    game: Game<V>,
    limit: &Limit,
    multipv: usize,
    wrap: impl Fn(V::Move) -> PyResult<Py<PyAny>>,
) -> PyResult<Found> {
    let options = Options {
        multi_pv: multipv,
        ..engine.options
    };
    let limits = limit.limits(engine.stop.clone());
    let started = Instant::now();
    let result: SearchResult<V::Move> = py
        .detach(|| {
            let mut slot = engine.searcher.lock().map_err(|_| ())?;
            engine.stop.store(false, Ordering::Relaxed);
            if !slot
                .as_ref()
                .is_some_and(|s| s.is::<hexvar_engine::Engine<V>>())
            {
                *slot = Some(Box::new(hexvar_engine::Engine::<V>::new(options)));
            }
            let searcher = slot
                .as_mut()
                .and_then(|s| s.downcast_mut::<hexvar_engine::Engine<V>>());
            Ok(searcher.map(|searcher| {
                searcher.set_options(options);
                searcher.search(&game, &limits)
            }))
        })
        .map_err(poisoned::<()>)?
        .ok_or_else(|| poisoned(()))?;
    let seconds = started.elapsed().as_secs_f64();
    let lines = result
        .lines
        .iter()
        .map(|line| {
            let pv = line
                .pv
                .iter()
                .map(|&mv| wrap(mv))
                .collect::<PyResult<_>>()?;
            Ok((Score::of(line.score), pv))
        })
        .collect::<PyResult<_>>()?;
    Ok(Found {
        best: result.best.map(&wrap).transpose()?,
        lines,
        score: Score::of(result.score),
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        seconds,
    })
}

impl Found {
    fn info(
        &self,
        py: Python<'_>,
        score: Score,
        pv: Vec<Py<PyAny>>,
        multipv: usize,
    ) -> PyResult<Py<PyDict>> {
        let info = PyDict::new(py);
        info.set_item("score", score)?;
        info.set_item("pv", pv)?;
        info.set_item("depth", self.depth)?;
        info.set_item("seldepth", self.seldepth)?;
        info.set_item("nodes", self.nodes)?;
        info.set_item("time", self.seconds)?;
        info.set_item("multipv", multipv)?;
        Ok(info.unbind())
    }

    fn infos(&self, py: Python<'_>) -> PyResult<Vec<Py<PyDict>>> {
        self.lines
            .iter()
            .enumerate()
            .map(|(i, (score, pv))| {
                let pv = pv.iter().map(|m| m.clone_ref(py)).collect();
                self.info(py, *score, pv, i + 1)
            })
            .collect()
    }
}

/// Adds the submodule `engine` to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "engine")?;
    module.setattr(
        "__doc__",
        "The hexvar-engine search in the shape of python-chess's chess.engine: Engine, Limit, \
         Score, PlayResult.",
    )?;
    module.add_class::<Engine>()?;
    module.add_class::<Limit>()?;
    module.add_class::<Score>()?;
    module.add_class::<PlayResult>()?;
    parent.add_submodule(&module)?;
    module.setattr("__name__", "hexvar.engine")
}
