//! The `grundy._native` module: PyO3 wrappers around the kernels.
//!
//! Every entry point runs its kernel under `guarded`, so a Rust panic reaches Python as a
//! `NativePanic` exception with the panic's message, never as a crash; budgets are passed
//! in and a stopped search returns None with the number of positions expanded.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::atropos;
use crate::budget::{Budget, Stop};
use crate::geography;
use crate::heaps;
use crate::node_kayles;
use crate::transverse_wave;

create_exception!(
    grundy._native,
    NativePanic,
    PyRuntimeError,
    "A bug in a native kernel (a Rust panic), raised instead of crashing the interpreter."
);

/// Run `f`, turning a panic into `NativePanic`.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
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
/// by a signal handler (KeyboardInterrupt) is raised as it is.
fn budgeted<T: Send>(
    py: Python<'_>,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    kernel: impl FnOnce(&mut Budget) -> Result<T, Stop> + Send,
) -> PyResult<(Option<T>, u64)> {
    let (result, nodes, pending) = py.detach(|| {
        let mut pending: Option<PyErr> = None;
        let mut interrupted = || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(err) => {
                pending = Some(err);
                true
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

/// A state as Python's `atropos.search.State` holds it, each bit field in 64-bit limbs.
type Limbs = (u64, [u64; 4], [u64; 4], u64);

/// The Atropos win/loss kernel of one board size and rule, with its transposition table
/// (kept between calls, bounded by `capacity` entries per generation).
#[pyclass(module = "grundy._native")]
struct AtroposKernel {
    geometry: atropos::Geometry,
    table: atropos::Table,
}

#[pymethods]
impl AtroposKernel {
    #[new]
    #[pyo3(signature = (neighbours, at, symmetries, restricted, capacity=1 << 24))]
    fn new(
        neighbours: Vec<u64>,
        at: Vec<Vec<(u8, i8, i8)>>,
        symmetries: Vec<(Vec<u8>, Vec<u8>, [u8; 4])>,
        restricted: bool,
        capacity: usize,
    ) -> PyResult<Self> {
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
        Ok(AtroposKernel {
            geometry,
            table: atropos::Table::new(capacity),
        })
    }

    /// Does the player to move win from this state?  (None if a budget stopped it.)
    #[pyo3(signature = (state, max_nodes=None, max_seconds=None))]
    fn wins(
        &mut self,
        py: Python<'_>,
        state: Limbs,
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<(Option<bool>, u64)> {
        let (uncoloured, forbidden, single, candidates) = state;
        let size = self.geometry.neighbours.len();
        if size < 64 && (uncoloured | candidates) >> size != 0 {
            return Err(PyValueError::new_err(
                "an Atropos state names a circle off the board",
            ));
        }
        let root = atropos::State {
            uncoloured,
            candidates,
            forbidden,
            single,
        };
        let (geometry, table) = (&self.geometry, &mut self.table);
        budgeted(py, max_nodes, max_seconds, |b| {
            atropos::wins(geometry, table, root, b)
        })
    }

    /// Entries in the transposition table.
    fn __len__(&self) -> usize {
        self.table.len()
    }
}

/// Node Kayles on one graph of at most 64 vertices, keeping its solved components
/// between calls.
#[pyclass(unsendable)]
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
        budgeted(py, max_nodes, max_seconds, |b| self.0.grundy(alive, b))
    }

    /// Connected components solved so far.
    #[getter]
    fn table_size(&self) -> usize {
        self.0.table_size()
    }
}

/// Transverse Wave grids of at most 64 columns, keeping the reduced grids solved so far.
#[pyclass(unsendable)]
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
}

/// Vertex Geography on one digraph of at most 64 vertices, keeping its solved positions.
#[pyclass(unsendable)]
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
}

/// Panic inside a guarded call: lets the tests prove that a panic becomes `NativePanic`.
#[pyfunction]
fn _panic_for_tests(message: &str) -> PyResult<()> {
    guarded(|| panic!("{message}"))
}

#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The panic's message travels in the NativePanic exception; keep stderr clean.
    std::panic::set_hook(Box::new(|_| {}));
    m.add("NativePanic", m.py().get_type::<NativePanic>())?;
    m.add_function(wrap_pyfunction!(subtraction_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(octal_sequence, m)?)?;
    m.add("NODE_KAYLES_MAX_VERTICES", node_kayles::MAX_VERTICES)?;
    m.add("TRANSVERSE_WAVE_MAX_COLUMNS", transverse_wave::MAX_COLUMNS)?;
    m.add("GEOGRAPHY_MAX_VERTICES", geography::MAX_VERTICES)?;
    m.add_class::<Geography>()?;
    m.add_class::<NodeKayles>()?;
    m.add_class::<TransverseWave>()?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add_class::<AtroposKernel>()?;
    Ok(())
}
