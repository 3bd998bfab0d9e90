//! The `grundy._native` module: PyO3 wrappers around the kernels.
//!
//! Every entry point runs its kernel under `guarded`, so a Rust panic reaches Python as a
//! `NativePanic` exception with the panic's message, never as a crash; budgets are passed
//! in and a stopped search returns None with the number of positions expanded.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::amazons;
use crate::atropos;
use crate::budget::{check_seconds, Budget, Stop, CHECK_EVERY};
use crate::canonical::{self, Dyadic, Id, Uptimal};
use crate::clobber;
use crate::domineering;
use crate::domineering_outcome;
use crate::fission;
use crate::geography;
use crate::heaps;
use crate::hex;
use crate::hex_solver;
use crate::konane;
use crate::loopy;
use crate::matchmaker;
use crate::misere;
use crate::node_kayles;
use crate::ski_jumps;
use crate::thermograph::Thermographs;
use crate::tinted;
use crate::transverse_wave;

create_exception!(
    grundy._native,
    NativePanic,
    PyRuntimeError,
    "A bug in a native kernel (a Rust panic), raised instead of crashing the interpreter."
);

/// Run `f`, turning a panic into `NativePanic`, or into a one-line `ValueError` when a
/// number outgrew the kernel's 64-bit numerators (`canonical::TooLarge`).
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        if payload.is::<canonical::TooLarge>() {
            return Err(PyValueError::new_err(
                "a number's numerator outgrew the native kernel's 64 bits: rerun with --engine python",
            ));
        }
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("unknown panic");
        Err(NativePanic::new_err(format!(
            "native kernel failed ({message}); this is a bug: rerun with --engine python"
        )))
    })
}

/// Run a kernel without the GIL (other Python threads go on) under a budget that takes
/// the GIL now and then to run Python's signal handlers (Ctrl-C).  Returns the kernel's
/// result (None if a limit stopped it) and the positions expanded; an exception raised
/// by a signal handler (KeyboardInterrupt) is raised as it is.  A time budget out of
/// range (negative, NaN, infinite, over a day) is a ValueError before the kernel runs.
fn budgeted<T: Send>(
    py: Python<'_>,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    kernel: impl FnOnce(&mut Budget) -> Result<T, Stop> + Send,
) -> PyResult<(Option<T>, u64)> {
    watched(py, max_nodes, max_seconds, None, kernel)
}

/// `budgeted`, and each time the budget polls its hook (after the first expansion, then
/// every `CHECK_EVERY`), `progress(expanded)` is called with the expansions so far; an
/// exception it raises stops the search and is raised.
fn watched<T: Send>(
    py: Python<'_>,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    progress: Option<&Py<PyAny>>,
    kernel: impl FnOnce(&mut Budget) -> Result<T, Stop> + Send,
) -> PyResult<(Option<T>, u64)> {
    let max_seconds = check_seconds(max_seconds).map_err(PyValueError::new_err)?;
    let (result, nodes, pending) = py.detach(|| {
        let mut pending: Option<PyErr> = None;
        let mut polls = 0u64;
        let mut interrupted = || {
            let checked = Python::attach(|py| {
                py.check_signals()?;
                if let Some(progress) = progress {
                    polls += 1;
                    progress.call1(py, (1 + (polls - 1) * CHECK_EVERY,))?;
                }
                Ok(())
            });
            match checked {
                Ok(()) => false,
                Err(err) => {
                    pending = Some(err);
                    true
                }
            }
        };
        let (result, nodes) = guarded(|| {
            let mut budget = Budget::new(max_nodes, max_seconds, &mut interrupted);
            let result = kernel(&mut budget);
            Ok((result, budget.nodes))
        })?;
        Ok::<_, PyErr>((result, nodes, pending))
    })?;
    match result {
        Ok(value) => Ok((Some(value), nodes)),
        Err(Stop::Interrupted) => {
            Err(pending.unwrap_or_else(|| PyRuntimeError::new_err("native search interrupted")))
        }
        Err(Stop::Nodes | Stop::Seconds) => Ok((None, nodes)),
    }
}

/// Grundy values of heaps 0..=n of the subtraction game with this subtraction set.
#[pyfunction]
#[pyo3(signature = (subtraction_set, n, max_nodes=None, max_seconds=None))]
fn subtraction_sequence(
    py: Python<'_>,
    subtraction_set: Vec<u64>,
    n: usize,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
) -> PyResult<(Option<Vec<u32>>, u64)> {
    budgeted(py, max_nodes, max_seconds, |b| {
        heaps::subtraction_sequence(&subtraction_set, n, b)
    })
}

/// Grundy values of heaps 0..=n of the octal game `code` (e.g. "0.137").
#[pyfunction]
#[pyo3(signature = (code, n, max_nodes=None, max_seconds=None))]
fn octal_sequence(
    py: Python<'_>,
    code: &str,
    n: usize,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
) -> PyResult<(Option<Vec<u32>>, u64)> {
    let digits = heaps::parse_octal(code).map_err(PyValueError::new_err)?;
    budgeted(py, max_nodes, max_seconds, |b| {
        heaps::octal_sequence(&digits, n, b)
    })
}

/// The winner (0 Left, 1 Right, 2 a draw) of every state of a loopy game graph in
/// compressed rows: state 2v has Left to move at position v, 2v + 1 Right.
#[pyfunction]
#[pyo3(signature = (left_offsets, left_targets, right_offsets, right_targets, max_nodes=None,
                    max_seconds=None))]
#[allow(clippy::too_many_arguments)]
fn loopy_outcomes(
    py: Python<'_>,
    left_offsets: Vec<u32>,
    left_targets: Vec<u32>,
    right_offsets: Vec<u32>,
    right_targets: Vec<u32>,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
) -> PyResult<(Option<Vec<u8>>, u64)> {
    let graph = loopy::Graph {
        left_offsets: &left_offsets,
        left_targets: &left_targets,
        right_offsets: &right_offsets,
        right_targets: &right_targets,
    };
    graph.check().map_err(PyValueError::new_err)?;
    budgeted(py, max_nodes, max_seconds, |b| loopy::outcomes(&graph, b))
}

/// For every pair (u, v) of a position u of G and v of H (index u·|H| + v): whether
/// Left, moving second in G_u − H_v, never runs out of moves (G_u ≥ H_v for stoppers;
/// `loopy::survival_table`).  With `onside` true or false, the onside or offside order
/// instead (Büchi games, `loopy::side_table`).  ValueError (one line) for malformed
/// lists.
#[pyfunction]
#[pyo3(signature = (g_left, g_right, h_left, h_right, onside=None))]
fn loopy_compare(
    py: Python<'_>,
    g_left: Vec<Vec<u32>>,
    g_right: Vec<Vec<u32>>,
    h_left: Vec<Vec<u32>>,
    h_right: Vec<Vec<u32>>,
    onside: Option<bool>,
) -> PyResult<Vec<bool>> {
    let [gl, gr, hl, hr] =
        [&g_left, &g_right, &h_left, &h_right].map(|lists| loopy::Rows::of(lists));
    let (g, h) = (loopy::Graph::of(&gl, &gr), loopy::Graph::of(&hl, &hr));
    for graph in [&g, &h] {
        graph.check().map_err(PyValueError::new_err)?;
    }
    let (table, _) = budgeted(py, None, None, |b| match onside {
        None => loopy::survival_table(&g, &h, b),
        Some(onside) => loopy::side_table(&g, &h, onside, b),
    })?;
    Ok(table.expect("no budget was given"))
}

/// The misère quotient of the heaps 0..=n of a heap game from that of the heaps 0..n−1
/// (`misere::extend`, Plambeck & Siegel's method as MisereSolver runs it): `act[h][x]` is
/// x times heap h's element (heaps 0..n−1), `p` the P-flags, `options[h]` the options of
/// heap h (lists of smaller heaps, heaps 0..=n at least).  Returns the quotient's size,
/// actions (heaps 0..=n) and P-flags and the order of each trial monoid checked (none
/// when heap n is an element of the smaller heaps' quotient), or None when the budget
/// stops it, and the work done; `progress(work)` is called now and then (an exception
/// it raises stops the step).
/// ValueError (one line) for malformed arrays, RuntimeError for a trial monoid too large
/// or when `max_trials` trials all fail (the message says what the last one proves).
#[pyfunction]
#[pyo3(signature = (size, act, p, options, max_seconds=None, progress=None, max_trials=None))]
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn misere_extend(
    py: Python<'_>,
    size: usize,
    act: Vec<Vec<u32>>,
    p: Vec<bool>,
    options: Vec<Vec<Vec<u32>>>,
    max_seconds: Option<f64>,
    progress: Option<Py<PyAny>>,
    max_trials: Option<usize>,
) -> PyResult<(Option<(usize, Vec<Vec<u32>>, Vec<bool>, Vec<usize>)>, u64)> {
    let n = act.len();
    let q = misere::Pretension { size, act, p };
    q.check(&options).map_err(PyValueError::new_err)?;
    let mut failed = None;
    let mut stalled = None;
    let watching = watched(py, None, max_seconds, progress.as_ref(), |b| {
        let mut trials = Vec::new();
        match misere::extend(&q, &options, b, &mut trials, max_trials) {
            Ok(next) => Ok(Some((next.size, next.act, next.p, trials))),
            Err(misere::Failed::Stop(stop)) => Err(stop),
            Err(misere::Failed::Interrupted(stop, s)) => {
                stalled = Some(s);
                Err(stop)
            }
            Err(other) => {
                failed = Some(other);
                Ok(None)
            }
        }
    });
    let count = |trials: usize| match trials {
        1 => "1 trial".to_string(),
        n => format!("{n} trials"),
    };
    let proves = |s: misere::Stalled| {
        format!(
            "the quotient of the heaps 1..{n} has at least {} elements, heap {} with {} \
             pairwise distinct powers",
            s.classes, s.heap, s.powers
        )
    };
    let (found, work) = match (watching, stalled) {
        (Err(err), Some(s)) => {
            // the same error, saying what the last failing trial proves
            let note = format!(
                "{}; {} failed, the last proving that {}",
                err.value(py),
                count(s.trials),
                proves(s)
            );
            return Err(match err.get_type(py).call1((note,)) {
                Ok(value) => PyErr::from_value(value),
                Err(_) => err,
            });
        }
        (watching, _) => watching?,
    };
    match failed {
        Some(misere::Failed::TooLarge(elements)) => Err(PyRuntimeError::new_err(format!(
            "a trial monoid of {elements} elements (more than {}): this quotient is too large",
            misere::MAX_TRIAL
        ))),
        Some(misere::Failed::Trials(s)) => Err(PyRuntimeError::new_err(format!(
            "no quotient after {}: {}",
            count(s.trials),
            proves(s)
        ))),
        Some(_) => Err(PyRuntimeError::new_err(
            "no recalibration predicts the least failing sum: please report this game",
        )),
        None => Ok((found.flatten(), work)),
    }
}

/// Whether a candidate misère quotient predicts the misère outcome of every sum of heaps
/// (`grundy.search.misere_quotient`): `table` holds x·y at `x * size + y`, `letters` each
/// heap's element and its options' elements.  None when the budget stops it; ValueError
/// (one line) for malformed arrays.
#[pyfunction]
#[pyo3(signature = (table, size, p_portion, letters, max_nodes=None, max_seconds=None))]
fn misere_predicts(
    py: Python<'_>,
    table: Vec<u32>,
    size: usize,
    p_portion: Vec<u32>,
    letters: Vec<misere::Letter>,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
) -> PyResult<(Option<bool>, u64)> {
    let candidate = misere::Candidate {
        size,
        table: &table,
        p_portion: &p_portion,
    };
    candidate.check(&letters).map_err(PyValueError::new_err)?;
    budgeted(py, max_nodes, max_seconds, |b| {
        misere::predicts(&candidate, &letters, b)
    })
}

/// A state as Python's `atropos.search.State` holds it, each bit field in 64-bit limbs.
type Limbs = (u64, [u64; 4], [u64; 4], u64);

/// The Atropos win/loss kernel of one board size and rule, with its transposition table
/// (kept between calls; one thread: a table growing to at most `4 * capacity` slots rounded
/// up to a power of two, 16 bytes each; more threads share tables of `capacity` entries per
/// generation), searching on `threads` threads; and its nimber tables (`capacity`
/// entries per generation, one for each suicide convention).
#[pyclass(module = "grundy._native")]
struct AtroposKernel {
    geometry: atropos::Geometry,
    table: AtroposTable,
    /// nimbers with suicidal moves dropped, and with them leading to a value-1 end
    nimbers: [atropos::Table<u8>; 2],
}

impl AtroposKernel {
    /// The state given as limbs, checked to lie on the board.
    fn atropos_state(&self, state: Limbs) -> PyResult<atropos::State> {
        let (uncoloured, forbidden, single, candidates) = state;
        on_board(
            uncoloured | candidates,
            self.geometry.neighbours.len(),
            "an Atropos state (circles as vertices)",
        )?;
        Ok(atropos::State {
            uncoloured,
            candidates,
            forbidden,
            single,
        })
    }
}

enum AtroposTable {
    Single(atropos::HashTable),
    Shared(atropos::SharedTable),
}

#[pymethods]
impl AtroposKernel {
    #[new]
    #[pyo3(signature = (neighbours, at, symmetries, restricted, capacity=1 << 24, threads=1))]
    fn new(
        neighbours: Vec<u64>,
        at: Vec<Vec<(u8, i8, i8)>>,
        symmetries: Vec<(Vec<u8>, Vec<u8>, [u8; 4])>,
        restricted: bool,
        capacity: usize,
        threads: usize,
    ) -> PyResult<Self> {
        if !(1..=atropos::MAX_THREADS).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "the Atropos kernel runs on 1 to {} threads; got {threads}",
                atropos::MAX_THREADS
            )));
        }
        let symmetries = symmetries
            .into_iter()
            .map(|(cells, triangles, colours)| atropos::Symmetry {
                cells,
                triangles,
                colours,
            })
            .collect();
        let geometry = atropos::Geometry::new(neighbours, at, symmetries, restricted)
            .map_err(PyValueError::new_err)?;
        let table = if threads == 1 {
            let slots = capacity.saturating_mul(4).clamp(4, 1 << 40);
            AtroposTable::Single(atropos::HashTable::new(
                slots.next_power_of_two().trailing_zeros(),
            ))
        } else {
            AtroposTable::Shared(atropos::SharedTable::new(capacity, threads))
        };
        let nimbers = [atropos::Table::new(capacity), atropos::Table::new(capacity)];
        Ok(AtroposKernel {
            geometry,
            table,
            nimbers,
        })
    }

    /// Does the player to move win from this state?  (None if a budget stopped it.)
    /// `progress(expanded)`, if given, is called every few thousand expansions (of the
    /// calling thread) with the expansions so far.
    #[pyo3(signature = (state, max_nodes=None, max_seconds=None, progress=None))]
    fn wins(
        &mut self,
        py: Python<'_>,
        state: Limbs,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<(Option<bool>, u64)> {
        let root = self.atropos_state(state)?;
        let geometry = &self.geometry;
        let progress = progress.as_ref();
        match &mut self.table {
            AtroposTable::Single(table) => watched(py, max_nodes, max_seconds, progress, |b| {
                atropos::wins(geometry, table, root, b)
            }),
            AtroposTable::Shared(table) => watched(py, max_nodes, max_seconds, progress, |b| {
                atropos::wins_threaded(geometry, table, root, b, (max_nodes, max_seconds))
            }),
        }
    }

    /// The nimber of this state (None if a budget stopped it), suicidal moves dropped or,
    /// with `suicide`, leading to a finished game of value 1; the table is kept.
    #[pyo3(signature = (state, suicide, max_nodes=None, max_seconds=None))]
    fn nimber(
        &mut self,
        py: Python<'_>,
        state: Limbs,
        suicide: bool,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<u8>, u64)> {
        let root = self.atropos_state(state)?;
        let (geometry, table) = (&self.geometry, &mut self.nimbers[usize::from(suicide)]);
        budgeted(py, max_nodes, max_seconds, |b| {
            atropos::nimber(geometry, table, root, suicide, b, None)
        })
    }

    /// Every state reachable from this one valued, in a table of its own (two generations of
    /// `capacity` entries, or unbounded; with a bound, a state may be expanded again): the
    /// nimber, and for each value v the states expanded with value v and the moves (circle,
    /// colour) from this state to the first of them.  None if a budget stopped it.
    #[pyo3(signature = (state, suicide, capacity=None, max_nodes=None, max_seconds=None))]
    #[allow(clippy::type_complexity)]
    fn nimber_census(
        &mut self,
        py: Python<'_>,
        state: Limbs,
        suicide: bool,
        capacity: Option<usize>,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<(u8, Vec<u64>, Vec<Vec<(u8, u8)>>)>, u64)> {
        let root = self.atropos_state(state)?;
        let geometry = &self.geometry;
        budgeted(py, max_nodes, max_seconds, |b| {
            let mut table = atropos::Table::new(capacity.unwrap_or(usize::MAX));
            let mut census = atropos::Census::default();
            let value = atropos::nimber(geometry, &mut table, root, suicide, b, Some(&mut census))?;
            Ok((value, census.counts, census.witnesses))
        })
    }

    /// Entries in the transposition table.
    fn __len__(&self) -> usize {
        match &self.table {
            AtroposTable::Single(table) => table.len(),
            AtroposTable::Shared(table) => table.len(),
        }
    }
}

/// Hex on one board side (at most 11), keeping its transposition table between calls.
#[pyclass]
struct HexKernel(hex::Hex);

#[pymethods]
impl HexKernel {
    #[new]
    fn new(n: usize) -> PyResult<Self> {
        Ok(HexKernel(hex::Hex::new(n).map_err(PyValueError::new_err)?))
    }

    /// Does the player to move win (red: top to bottom; bit r * n + c is cell (r, c))?
    #[pyo3(signature = (red, blue, red_moves, max_nodes=None, max_seconds=None))]
    fn wins(
        &mut self,
        py: Python<'_>,
        red: u128,
        blue: u128,
        red_moves: bool,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<bool>, u64)> {
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.wins(red, blue, red_moves, b)
        })
    }

    /// The board with dead cells and captured pairs filled in.
    fn reduce(&self, red: u128, blue: u128) -> PyResult<(u128, u128)> {
        guarded(|| Ok(self.0.reduce(red, blue)))
    }

    /// Entries in the transposition table.
    fn __len__(&self) -> usize {
        self.0.len()
    }
}

/// The Hex solver of one board side (at most 11): proof-number search with fill-in and
/// virtual connections, keeping its transposition table between calls. Tied to the
/// thread that made it: its H-search scratch space is a `RefCell`, which is not `Sync`.
#[pyclass(unsendable)]
struct HexSolverKernel(hex_solver::HexSolver);

impl HexSolverKernel {
    fn board(&self, red: u128, blue: u128) -> PyResult<()> {
        self.0.validate(red, blue).map_err(PyValueError::new_err)
    }
}

#[pymethods]
impl HexSolverKernel {
    #[new]
    #[pyo3(signature = (n, dead=true, captured=true, connections=true, dominated=true))]
    fn new(
        n: usize,
        dead: bool,
        captured: bool,
        connections: bool,
        dominated: bool,
    ) -> PyResult<Self> {
        let rules = hex_solver::Rules {
            dead,
            captured,
            connections,
            dominated,
        };
        let solver = hex_solver::HexSolver::new(n, rules).map_err(PyValueError::new_err)?;
        Ok(HexSolverKernel(solver))
    }

    /// Does the player to move win (red: top to bottom; bit r * n + c is cell (r, c))?
    #[pyo3(signature = (red, blue, red_moves, max_nodes=None, max_seconds=None))]
    fn wins(
        &mut self,
        py: Python<'_>,
        red: u128,
        blue: u128,
        red_moves: bool,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<bool>, u64)> {
        self.board(red, blue)?;
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.wins(red, blue, red_moves, b)
        })
    }

    /// (a winning move of the player to move or None if they lose, whether the search
    /// finished within its budget, positions expanded).
    #[pyo3(signature = (red, blue, red_moves, max_nodes=None, max_seconds=None))]
    fn winning_move(
        &mut self,
        py: Python<'_>,
        red: u128,
        blue: u128,
        red_moves: bool,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<usize>, bool, u64)> {
        self.board(red, blue)?;
        let (found, nodes) = budgeted(py, max_nodes, max_seconds, |b| {
            self.0.winning_move(red, blue, red_moves, b)
        })?;
        Ok((found.flatten(), found.is_some(), nodes))
    }

    /// For each of `moves` (empty cells): does the player to move win by playing there?
    /// Solved on `threads` threads (this solver and fresh ones); (the answers or None if
    /// the budget ran out, positions expanded).
    #[pyo3(signature = (red, blue, red_moves, moves, threads=1, max_nodes=None, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn move_values(
        &mut self,
        py: Python<'_>,
        red: u128,
        blue: u128,
        red_moves: bool,
        moves: Vec<usize>,
        threads: usize,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Vec<bool>>, u64)> {
        self.board(red, blue)?;
        let empty = self.0.empty(red, blue);
        if let Some(&bad) = moves.iter().find(|&&c| c >= 128 || empty >> c & 1 == 0) {
            return Err(PyValueError::new_err(format!(
                "cell {bad} is not empty: give empty cells of the board"
            )));
        }
        if self.0.won(red, blue) {
            return Err(PyValueError::new_err(
                "someone has joined their sides already: nobody moves on a won board",
            ));
        }
        if !(1..=64).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "{threads} threads: give 1 to 64"
            )));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.move_values(red, blue, red_moves, &moves, threads, b)
        })
    }

    /// A virtual connection of the player's edges found by H-search on the board as it
    /// stands: (carrier, key) with key None for a full connection, or None.
    fn connection(
        &self,
        red: u128,
        blue: u128,
        for_red: bool,
    ) -> PyResult<Option<(u128, Option<usize>)>> {
        self.board(red, blue)?;
        guarded(|| {
            Ok(self
                .0
                .connection(red, blue, for_red)
                .map(|c| (c.carrier, c.key)))
        })
    }

    /// Entries in the transposition table.
    fn __len__(&self) -> usize {
        self.0.len()
    }
}

/// Node Kayles on one graph of at most 64 vertices, keeping its solved components
/// between calls.
#[pyclass]
struct NodeKayles(node_kayles::NodeKayles);

#[pymethods]
impl NodeKayles {
    #[new]
    fn new(adjacency: Vec<u64>) -> PyResult<Self> {
        guarded(|| {
            let game = node_kayles::NodeKayles::new(&adjacency).map_err(PyValueError::new_err)?;
            Ok(NodeKayles(game))
        })
    }

    /// The Grundy value of the position whose remaining vertices are `alive`.
    #[pyo3(signature = (alive, max_nodes=None, max_seconds=None))]
    fn grundy(
        &mut self,
        py: Python<'_>,
        alive: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<u32>, u64)> {
        on_board(alive, self.0.vertices(), "a Node Kayles position")?;
        budgeted(py, max_nodes, max_seconds, |b| self.0.grundy(alive, b))
    }

    /// Connected components solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }

    /// From now on, keep each newly solved component for `take_new`.
    fn record(&mut self) {
        self.0.memo().record();
    }

    /// The components solved since the last call, as one batch for the store.
    fn take_new<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.memo().take_new())
    }

    /// A batch `take_new` gave, from an earlier run.
    fn learn(&mut self, batch: &[u8]) -> PyResult<()> {
        guarded(|| self.0.memo().learn(batch).map_err(PyValueError::new_err))
    }
}

/// Transverse Wave grids of at most 64 columns, keeping the reduced grids solved so far.
#[pyclass]
struct TransverseWave(transverse_wave::TransverseWave);

#[pymethods]
impl TransverseWave {
    #[new]
    fn new() -> Self {
        TransverseWave(transverse_wave::TransverseWave::new())
    }

    /// The Grundy value of a `width`-column grid (`rows[i]` bit j set = cell (i, j) purple).
    #[pyo3(signature = (width, rows, max_nodes=None, max_seconds=None))]
    fn grundy(
        &mut self,
        py: Python<'_>,
        width: usize,
        rows: Vec<u64>,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<u32>, u64)> {
        if width > transverse_wave::MAX_COLUMNS {
            return Err(PyValueError::new_err(format!(
                "transverse wave kernel takes at most {} columns, got {width}",
                transverse_wave::MAX_COLUMNS
            )));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.grundy(width, &rows, b)
        })
    }

    /// Reduced grids solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }

    /// From now on, keep each newly solved reduced grid for `take_new`.
    fn record(&mut self) {
        self.0.memo().record();
    }

    /// The reduced grids solved since the last call, as one batch for the store.
    fn take_new<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.memo().take_new())
    }

    /// A batch `take_new` gave, from an earlier run.
    fn learn(&mut self, batch: &[u8]) -> PyResult<()> {
        guarded(|| self.0.memo().learn(batch).map_err(PyValueError::new_err))
    }
}

/// Vertex Geography on one digraph of at most 64 vertices, keeping its solved positions.
#[pyclass]
struct Geography(geography::Geography);

#[pymethods]
impl Geography {
    #[new]
    fn new(out: Vec<u64>) -> PyResult<Self> {
        guarded(|| {
            let game = geography::Geography::new(&out).map_err(PyValueError::new_err)?;
            Ok(Geography(game))
        })
    }

    /// The Grundy value with the token on `token` and the vertices of `removed` deleted.
    #[pyo3(signature = (token, removed, max_nodes=None, max_seconds=None))]
    fn grundy(
        &mut self,
        py: Python<'_>,
        token: usize,
        removed: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<u32>, u64)> {
        if token >= self.0.vertices() {
            return Err(PyValueError::new_err(format!(
                "no vertex {token} in this graph"
            )));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.grundy(token, removed, b)
        })
    }

    /// Positions solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }

    /// From now on, keep each newly solved position for `take_new`.
    fn record(&mut self) {
        self.0.memo().record();
    }

    /// The positions solved since the last call, as one batch for the store.
    fn take_new<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.memo().take_new())
    }

    /// A batch `take_new` gave, from an earlier run.
    fn learn(&mut self, batch: &[u8]) -> PyResult<()> {
        guarded(|| self.0.memo().learn(batch).map_err(PyValueError::new_err))
    }
}

/// A store of canonical short partizan games, each an integer id (0 is the game 0), and
/// the thermographs computed on it.
#[pyclass]
struct GameStore(canonical::Store, Thermographs);

/// A dyadic rational as (numerator, exponent of the denominator 2^exp).
type NativeDyadic = (i64, u32);

/// Left wall, right wall (breakpoints (t, value) from t = −1), mast, temperature.
type NativeThermograph = (
    Vec<(NativeDyadic, NativeDyadic)>,
    Vec<(NativeDyadic, NativeDyadic)>,
    NativeDyadic,
    NativeDyadic,
);

fn pair(x: Dyadic) -> NativeDyadic {
    (x.num, x.exp)
}

/// The games reachable from `root` (each after its options) with their option ids.
type Closure = Vec<(Id, Vec<Id>, Vec<Id>)>;

fn known(store: &canonical::Store, ids: &[Id]) -> PyResult<()> {
    match ids.iter().find(|&&g| g as usize >= store.len()) {
        Some(g) => Err(PyValueError::new_err(format!(
            "game id {g} is not in this store (it holds {} games)",
            store.len()
        ))),
        None => Ok(()),
    }
}

/// `closure` of every class holding a store: the games reachable from a known `root`.
fn closure_of(store: &canonical::Store, root: Id) -> PyResult<Closure> {
    known(store, &[root])?;
    guarded(|| Ok(store.closure(root)))
}

/// Largest integer part, and largest multiple of up or star, built from a number: the
/// caps of the values notation (`grundy.values.notation`), since each unit is a game.
const MAX_INTEGER: u64 = 1 << 12;
const MAX_COUNT: u64 = 256;

/// The dyadic rational num / 2^exp, refusing what the kernel cannot hold or build.
fn dyadic(num: i64, exp: u32) -> PyResult<Dyadic> {
    if exp > 62 {
        return Err(PyValueError::new_err(format!(
            "denominator 2^{exp} is too large: at most 2^62"
        )));
    }
    if num.unsigned_abs() >> exp > MAX_INTEGER {
        return Err(PyValueError::new_err(format!(
            "the number {num}/2^{exp} is too large: at most {MAX_INTEGER} in size"
        )));
    }
    Ok(Dyadic::new(num, exp))
}

/// Refuse a vertex set naming vertices past the first `size` (`what` says whose).
fn on_board(mask: u64, size: usize, what: &str) -> PyResult<()> {
    if size < 64 && mask >> size != 0 {
        let last = 63 - mask.leading_zeros();
        return Err(PyValueError::new_err(format!(
            "{what} names vertex {last}, but the graph has {size} (numbered from 0)"
        )));
    }
    Ok(())
}

#[pymethods]
impl GameStore {
    #[new]
    fn new() -> Self {
        GameStore(canonical::Store::new(), Thermographs::new())
    }

    /// The canonical form of {lefts | rights}.
    fn of(&mut self, lefts: Vec<Id>, rights: Vec<Id>) -> PyResult<Id> {
        known(&self.0, &lefts)?;
        known(&self.0, &rights)?;
        guarded(|| Ok(self.0.of(lefts, rights)))
    }

    /// The dyadic rational num / 2^exp.
    fn number(&mut self, num: i64, exp: u32) -> PyResult<Id> {
        let x = dyadic(num, exp)?;
        guarded(|| Ok(self.0.number(x)))
    }

    /// x + n·↑ + *m with x = num / 2^exp.
    fn uptimal(&mut self, num: i64, exp: u32, n: i64, m: u32) -> PyResult<Id> {
        let x = dyadic(num, exp)?;
        if n.unsigned_abs() > MAX_COUNT || u64::from(m) > MAX_COUNT {
            return Err(PyValueError::new_err(format!(
                "{n} ups and star {m}: at most {MAX_COUNT} of each"
            )));
        }
        guarded(|| Ok(self.0.uptimal(Uptimal { x, n, m })))
    }

    fn le(&mut self, g: Id, h: Id) -> PyResult<bool> {
        known(&self.0, &[g, h])?;
        guarded(|| Ok(self.0.le(g, h)))
    }

    fn add(&mut self, g: Id, h: Id) -> PyResult<Id> {
        known(&self.0, &[g, h])?;
        guarded(|| Ok(self.0.add(g, h)))
    }

    fn neg(&mut self, g: Id) -> PyResult<Id> {
        known(&self.0, &[g])?;
        guarded(|| Ok(self.0.neg(g)))
    }

    /// Many canonical forms {lefts | rights} in one call, options first: an option k ≥ 0
    /// is the store's game k, an option k < 0 the form at position −k − 1 of this list
    /// (built before it); the ids of the forms, in order.
    fn of_forms(&mut self, forms: Vec<(Vec<i64>, Vec<i64>)>) -> PyResult<Vec<Id>> {
        let mut made: Vec<Id> = Vec::with_capacity(forms.len());
        for (position, (lefts, rights)) in forms.into_iter().enumerate() {
            let resolve = |side: Vec<i64>, made: &[Id], store: &canonical::Store| {
                side.into_iter()
                    .map(|k| match k {
                        k if k >= 0 => match Id::try_from(k) {
                            Ok(id) if (id as usize) < store.len() => Ok(id),
                            _ => Err(PyValueError::new_err(format!(
                                "game id {k} is not in this store (it holds {} games)",
                                store.len()
                            ))),
                        },
                        k => match usize::try_from(-(k + 1)) {
                            Ok(earlier) if earlier < position => Ok(made[earlier]),
                            _ => Err(PyValueError::new_err(format!(
                                "form {position} names form {} of the list, which is not \
                                 before it: options come first",
                                -(k + 1)
                            ))),
                        },
                    })
                    .collect::<PyResult<Vec<Id>>>()
            };
            let lefts = resolve(lefts, &made, &self.0)?;
            let rights = resolve(rights, &made, &self.0)?;
            made.push(guarded(|| Ok(self.0.of(lefts, rights)))?);
        }
        Ok(made)
    }

    /// (left stop, right stop), each as (num, exp).
    fn stops(&self, g: Id) -> PyResult<(NativeDyadic, NativeDyadic)> {
        known(&self.0, &[g])?;
        let (left, right) = self.0.stops(g);
        Ok((pair(left), pair(right)))
    }

    /// The thermograph: walls as breakpoints (t, value), mast and temperature, each
    /// number as (num, exp); every follower's is kept for later calls.
    fn thermograph(&mut self, g: Id) -> PyResult<NativeThermograph> {
        known(&self.0, &[g])?;
        guarded(|| {
            let t = self.1.of(&self.0, g);
            let wall =
                |w: &[(Dyadic, Dyadic)]| w.iter().map(|&(a, b)| (pair(a), pair(b))).collect();
            Ok((
                wall(&t.left),
                wall(&t.right),
                pair(t.mast),
                pair(t.temperature),
            ))
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0, root)
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }
}

/// Domineering boards of at most 64 cells, keeping the regions solved so far; their values
/// are interned in a `GameStore` (a new one, or one given to share with the values layer,
/// which then reads stops and thermographs of the kernel's values without copying them).
#[pyclass]
struct Domineering(domineering::Domineering, Py<GameStore>);

#[pymethods]
impl Domineering {
    #[new]
    #[pyo3(signature = (store=None))]
    fn new(py: Python<'_>, store: Option<Py<GameStore>>) -> PyResult<Self> {
        let store = match store {
            Some(store) => store,
            None => Py::new(py, GameStore::new())?,
        };
        Ok(Domineering(domineering::Domineering::new(), store))
    }

    /// The value's id of a `height` by `width` board (bit r * width + c of `empty` set
    /// when cell (r, c) is empty), in the store; `threads` above 1 solves it on that many
    /// threads sharing the regions they solve.
    #[pyo3(signature = (height, width, empty, max_nodes=None, max_seconds=None, threads=1))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        py: Python<'_>,
        height: usize,
        width: usize,
        empty: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
        threads: usize,
    ) -> PyResult<(Option<Id>, u64)> {
        if !(1..=64).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "{threads} threads: give 1 to 64"
            )));
        }
        if height
            .checked_mul(width)
            .is_none_or(|cells| cells > domineering::MAX_CELLS)
        {
            return Err(PyValueError::new_err(format!(
                "domineering kernel takes at most {} cells, got {height}x{width}",
                domineering::MAX_CELLS
            )));
        }
        // The kernel works on the shared store for the call: it is swapped in and back
        // out (both swaps run, since `budgeted` turns panics into errors), and the borrow
        // held meanwhile keeps every other use of the store out.  The kernel's table
        // names ids of this one store only, the one it was made with.
        let mut shared = self.1.try_borrow_mut(py)?;
        std::mem::swap(&mut self.0.store, &mut shared.0);
        let result = budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value_on_threads(height, width, empty, threads, b)
        });
        std::mem::swap(&mut self.0.store, &mut shared.0);
        result
    }

    /// The store holding the values.
    #[getter]
    fn store(&self, py: Python<'_>) -> Py<GameStore> {
        self.1.clone_ref(py)
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, py: Python<'_>, root: Id) -> PyResult<Closure> {
        closure_of(&self.1.try_borrow(py)?.0, root)
    }

    /// Regions solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Domineering outcomes on boards of one shape (at most 64 cells): a win/loss search
/// keeping its table between calls.
#[pyclass]
struct DomineeringOutcomes(domineering_outcome::Outcomes, usize, usize);

#[pymethods]
impl DomineeringOutcomes {
    /// A search over `height` by `width` boards; regions of at most `value_cells` cells
    /// are played as their canonical values, `safe_moves` turns the counting rule on.
    #[new]
    #[pyo3(signature = (height, width, value_cells=12, safe_moves=true))]
    fn new(height: usize, width: usize, value_cells: usize, safe_moves: bool) -> PyResult<Self> {
        board_cells("domineering", height, width, 0, domineering::MAX_CELLS)?;
        let rules = domineering_outcome::Rules {
            value_cells,
            safe_moves,
        };
        Ok(DomineeringOutcomes(
            domineering_outcome::Outcomes::new(height, width, rules),
            height,
            width,
        ))
    }

    /// Does the player to move (Left if `left`) win?  (None if a limit stopped the
    /// search), with the positions expanded.
    #[pyo3(signature = (empty, left, max_nodes=None, max_seconds=None))]
    fn wins(
        &mut self,
        py: Python<'_>,
        empty: u64,
        left: bool,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<bool>, u64)> {
        board_cells("domineering", self.1, self.2, empty, domineering::MAX_CELLS)?;
        budgeted(py, max_nodes, max_seconds, |b| self.0.wins(empty, left, b))
    }

    /// Positions in the table.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Refuse a board of more than `max` cells, or `cells` naming a cell past its end (bit
/// r * width + c is cell (r, c)).
fn board_cells(game: &str, height: usize, width: usize, cells: u64, max: usize) -> PyResult<()> {
    let size = height.checked_mul(width).filter(|&size| size <= max);
    let Some(size) = size else {
        return Err(PyValueError::new_err(format!(
            "{game} kernel takes at most {max} cells, got {height}x{width}"
        )));
    };
    if size < 64 && cells >> size != 0 {
        return Err(PyValueError::new_err(format!(
            "a {game} board names cell {}, past its {size} cells (bit r * width + c is cell (r, c))",
            63 - cells.leading_zeros()
        )));
    }
    Ok(())
}

/// Amazons boards of at most 64 cells, keeping the regions solved so far.
#[pyclass]
struct Amazons(amazons::Amazons);

#[pymethods]
impl Amazons {
    #[new]
    fn new() -> Self {
        Amazons(amazons::Amazons::new())
    }

    /// The value's id of a `height` by `width` board (bit r * width + c of `open` set
    /// when cell (r, c) is not burnt; of `black`, when it holds a black amazon, Left's;
    /// of `white`, a white one, Right's).
    #[pyo3(signature = (height, width, open, black, white, max_nodes=None, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        py: Python<'_>,
        height: usize,
        width: usize,
        open: u64,
        black: u64,
        white: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Id>, u64)> {
        board_cells("amazons", height, width, open, amazons::MAX_CELLS)?;
        if black & white != 0 || (black | white) & !open != 0 {
            return Err(PyValueError::new_err(
                "an Amazons cell holds two amazons or an amazon on a burnt cell: give each \
                 open cell at most one amazon",
            ));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value(height, width, open, black, white, b)
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0.store, root)
    }

    /// Regions solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Konane boards of at most 64 cells, keeping the boards solved so far.
#[pyclass]
struct Konane(konane::Konane);

#[pymethods]
impl Konane {
    #[new]
    fn new() -> Self {
        Konane(konane::Konane::new())
    }

    /// The value's id of a `height` by `width` board (bit r * width + c of `black` set
    /// when cell (r, c) holds a black stone, Left's; of `white`, a white one, Right's).
    #[pyo3(signature = (height, width, black, white, max_nodes=None, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        py: Python<'_>,
        height: usize,
        width: usize,
        black: u64,
        white: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Id>, u64)> {
        board_cells("konane", height, width, black | white, konane::MAX_CELLS)?;
        if black & white != 0 {
            return Err(PyValueError::new_err(
                "a Konane cell holds a black and a white stone: give each cell one colour",
            ));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value(height, width, black, white, b)
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0.store, root)
    }

    /// Boards solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Clobber or one of its variants on boards of at most 64 cells, keeping the boards
/// solved so far.
#[pyclass]
struct Clobber(clobber::Clobber);

#[pymethods]
impl Clobber {
    /// `steps` the orthogonal, diagonal or king steps (as (dr, dc) pairs, any order);
    /// `reach` the most cells a stone moves (None: any number); `anti` for Anti-Clobber,
    /// `hot` for Hot Clobber.
    #[new]
    #[pyo3(signature = (steps, reach=Some(1), anti=false, hot=false))]
    fn new(steps: Vec<(i8, i8)>, reach: Option<u8>, anti: bool, hot: bool) -> PyResult<Self> {
        let steps: Vec<(isize, isize)> = steps
            .iter()
            .map(|&(dr, dc)| (isize::from(dr), isize::from(dc)))
            .collect();
        let reach = reach.map_or(usize::MAX, usize::from);
        let rules = clobber::Rules::new(&steps, reach, anti, hot).map_err(PyValueError::new_err)?;
        Ok(Clobber(clobber::Clobber::new(rules)))
    }

    /// The value's id of a `height` by `width` board (bit r * width + c of `black` set
    /// when cell (r, c) holds a black stone, Left's; of `white`, a white one, Right's).
    #[pyo3(signature = (height, width, black, white, max_nodes=None, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        py: Python<'_>,
        height: usize,
        width: usize,
        black: u64,
        white: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Id>, u64)> {
        board_cells("clobber", height, width, black | white, clobber::MAX_CELLS)?;
        if black & white != 0 {
            return Err(PyValueError::new_err(
                "a Clobber cell holds a black and a white stone: give each cell one colour",
            ));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value(height, width, black, white, b)
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0.store, root)
    }

    /// Boards solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Snort, Col or black-white Node Kayles on one graph of at most 64 vertices, keeping
/// the solved components.
#[pyclass]
struct Tinted(tinted::Tinted);

#[pymethods]
impl Tinted {
    /// `rule` is "snort", "col", "node-kayles" or "digraph-placement"; `adjacency[v]` the
    /// neighbours of v as a bitmask (the out-neighbours under "digraph-placement").
    #[new]
    fn new(rule: &str, adjacency: Vec<u64>) -> PyResult<Self> {
        let rule = match rule {
            "snort" => tinted::Rule::Snort,
            "col" => tinted::Rule::Col,
            "node-kayles" => tinted::Rule::NodeKayles,
            "digraph-placement" => tinted::Rule::DigraphPlacement,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown tinted rule {other:?}: use \"snort\", \"col\", \"node-kayles\" \
                     or \"digraph-placement\""
                )))
            }
        };
        guarded(|| {
            let game = tinted::Tinted::new(rule, &adjacency).map_err(PyValueError::new_err)?;
            Ok(Tinted(game))
        })
    }

    /// The value's id of the position where Left may play `black` and Right `white`.
    #[pyo3(signature = (black, white, max_nodes=None, max_seconds=None))]
    fn value(
        &mut self,
        py: Python<'_>,
        black: u64,
        white: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Id>, u64)> {
        on_board(black | white, self.0.vertices(), "a Snort or Col position")?;
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value(black, white, b)
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0.store, root)
    }

    /// Components solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Panic inside a guarded call: lets the tests prove that a panic becomes `NativePanic`.
#[pyfunction]
fn _panic_for_tests(message: &str) -> PyResult<()> {
    guarded(|| panic!("{message}"))
}

/// Fission boards of at most 64 cells, keeping the boards solved so far.
#[pyclass]
struct Fission(fission::Fission);

#[pymethods]
impl Fission {
    #[new]
    fn new() -> Self {
        Fission(fission::Fission::new())
    }

    /// The value's id of a `height` by `width` board (bit r * width + c of `stones` set
    /// when cell (r, c) holds a stone; of `blocked`, when it is out of play).
    #[pyo3(signature = (height, width, stones, blocked, max_nodes=None, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        py: Python<'_>,
        height: usize,
        width: usize,
        stones: u64,
        blocked: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Id>, u64)> {
        board_cells(
            "fission",
            height,
            width,
            stones | blocked,
            fission::MAX_CELLS,
        )?;
        if stones & blocked != 0 {
            return Err(PyValueError::new_err(
                "a Fission cell holds a stone and is out of play: give each cell one mark",
            ));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value(height, width, stones, blocked, b)
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0.store, root)
    }

    /// Boards solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Ski-Jumps slopes of at most 64 cells, keeping the slopes solved so far.
#[pyclass]
struct SkiJumps(ski_jumps::SkiJumps);

#[pymethods]
impl SkiJumps {
    #[new]
    fn new() -> Self {
        SkiJumps(ski_jumps::SkiJumps::new())
    }

    /// The value's id of a `height` by `width` slope (bit r * width + c of `left` set
    /// when cell (r, c) holds a skier of Left's; of `right`, of Right's; of `jumpers`,
    /// when that skier is a jumper).
    #[pyo3(signature = (height, width, left, right, jumpers, max_nodes=None, max_seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        py: Python<'_>,
        height: usize,
        width: usize,
        left: u64,
        right: u64,
        jumpers: u64,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Id>, u64)> {
        board_cells(
            "ski-jumps",
            height,
            width,
            left | right,
            ski_jumps::MAX_CELLS,
        )?;
        if left & right != 0 {
            return Err(PyValueError::new_err(
                "a Ski-Jumps cell holds a skier of each player: give each cell one skier",
            ));
        }
        if jumpers & !(left | right) != 0 {
            return Err(PyValueError::new_err(
                "a Ski-Jumps jumper on an empty cell: jumpers are among the skiers",
            ));
        }
        budgeted(py, max_nodes, max_seconds, |b| {
            self.0.value(height, width, left, right, jumpers, b)
        })
    }

    /// The games reachable from `root`, each after its options, with their options.
    fn closure(&self, root: Id) -> PyResult<Closure> {
        closure_of(&self.0.store, root)
    }

    /// Slopes solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Stubborn Matchmaker's profile values for every board of up to `max_n` candidates a side
/// (None if a budget stopped the build; each profile is a position).
#[pyfunction]
#[pyo3(signature = (max_n, max_nodes=None, max_seconds=None))]
fn matchmaker_profiles(
    py: Python<'_>,
    max_n: usize,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
) -> PyResult<(Option<MatchmakerProfiles>, u64)> {
    if max_n > matchmaker::MAX_SIDE {
        return Err(PyValueError::new_err(format!(
            "Matchmaker profiles cover boards of at most {} a side; got {max_n}",
            matchmaker::MAX_SIDE
        )));
    }
    let (profiles, nodes) = budgeted(py, max_nodes, max_seconds, |b| {
        matchmaker::Profiles::build(max_n, b)
    })?;
    Ok((profiles.map(MatchmakerProfiles), nodes))
}

/// The profile values of Stubborn Matchmaker boards (`matchmaker_profiles` builds them).
#[pyclass(module = "grundy._native")]
struct MatchmakerProfiles(matchmaker::Profiles);

#[pymethods]
impl MatchmakerProfiles {
    /// V of the profile of x unmatched candidates a side with these bits (bit k: the parity
    /// of the matched candidates above the k-th unmatched one), or None when no board of
    /// at most `max_n` a side has it.
    fn value(&self, x: usize, west: u32, east: u32) -> Option<u8> {
        self.0.value(x, west, east)
    }

    /// Burke's Tables 5.1-5.4 from boards of up to `max_n` a side (at most this table's):
    /// each cell value once, ((x, min loners, max loners), value, first board met with it)
    /// (None if a budget stopped it; each pair of side groups is a position).
    #[pyo3(signature = (max_n, strict, smallest, max_nodes=None, max_seconds=None))]
    #[allow(clippy::type_complexity)]
    fn class_tables(
        &self,
        py: Python<'_>,
        max_n: usize,
        strict: bool,
        smallest: bool,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<Vec<matchmaker::CellValue>>, u64)> {
        if max_n > self.0.max_side() {
            return Err(PyValueError::new_err(format!(
                "tables of boards up to {max_n} a side need profiles as large: these cover {}",
                self.0.max_side()
            )));
        }
        let profiles = &self.0;
        budgeted(py, max_nodes, max_seconds, |b| {
            matchmaker::class_tables(profiles, max_n, strict, smallest, b)
        })
    }

    /// The largest board covered (candidates a side).
    #[getter]
    fn max_n(&self) -> usize {
        self.0.max_side()
    }

    /// Profiles valued.
    fn __len__(&self) -> usize {
        self.0.count()
    }
}

#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The panic's message travels in the NativePanic exception; keep stderr clean.
    std::panic::set_hook(Box::new(|_| {}));
    m.add("NativePanic", m.py().get_type::<NativePanic>())?;
    m.add_function(wrap_pyfunction!(subtraction_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(octal_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_outcomes, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_compare, m)?)?;
    m.add_function(wrap_pyfunction!(misere_predicts, m)?)?;
    m.add_function(wrap_pyfunction!(misere_extend, m)?)?;
    m.add("NODE_KAYLES_MAX_VERTICES", node_kayles::MAX_VERTICES)?;
    m.add("TRANSVERSE_WAVE_MAX_COLUMNS", transverse_wave::MAX_COLUMNS)?;
    m.add("GEOGRAPHY_MAX_VERTICES", geography::MAX_VERTICES)?;
    m.add_class::<Geography>()?;
    m.add_class::<NodeKayles>()?;
    m.add_class::<TransverseWave>()?;
    m.add("DOMINEERING_MAX_CELLS", domineering::MAX_CELLS)?;
    m.add_class::<GameStore>()?;
    m.add_class::<Domineering>()?;
    m.add_class::<DomineeringOutcomes>()?;
    m.add("KONANE_MAX_CELLS", konane::MAX_CELLS)?;
    m.add_class::<Konane>()?;
    m.add("CLOBBER_MAX_CELLS", clobber::MAX_CELLS)?;
    m.add_class::<Clobber>()?;
    m.add("AMAZONS_MAX_CELLS", amazons::MAX_CELLS)?;
    m.add_class::<Amazons>()?;
    m.add("TINTED_MAX_VERTICES", tinted::MAX_VERTICES)?;
    m.add_class::<Tinted>()?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add_class::<AtroposKernel>()?;
    m.add("HEX_MAX_SIDE", hex::MAX_SIDE)?;
    m.add_class::<HexKernel>()?;
    m.add_class::<HexSolverKernel>()?;
    m.add("FISSION_MAX_CELLS", fission::MAX_CELLS)?;
    m.add_class::<Fission>()?;
    m.add("SKI_JUMPS_MAX_CELLS", ski_jumps::MAX_CELLS)?;
    m.add_class::<SkiJumps>()?;
    m.add("MATCHMAKER_MAX_SIDE", matchmaker::MAX_SIDE)?;
    m.add_function(wrap_pyfunction!(matchmaker_profiles, m)?)?;
    m.add_class::<MatchmakerProfiles>()?;
    Ok(())
}
