//! `dlx.sudoku.solve_many`: the library batch fed from a Python iterable and answering into a
//! Python list while it runs.
//!
//! The workers take the GIL only a few hundred puzzles at a time: to take the next texts from
//! the iterable (as the reading worker asks for them, so the first puzzles are searched while
//! the rest are still read) and to make the answers due so far into Python strings (as the
//! writing worker hands them over, so no string is made after the last search ends).

use std::borrow::Cow;
use std::io::{self, BufReader, Read};
use std::num::NonZeroUsize;
use std::sync::Mutex;

use dlx_core::{Cancel, Stop};
use dlx_puzzles::sudoku::batch::{Answered, Batch, Mode, Puzzles, Sink};
use dlx_puzzles::sudoku::format::{ReadOptions, Reader};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PyString};

use crate::errors::{self, PuzzleError};
use crate::run;

/// Bytes of text taken from the iterable in one hold of the GIL: some 200 81-character
/// puzzles.
const TEXT_CHUNK: usize = 1 << 14;

/// Answers made into Python strings in one hold of the GIL.
const ANSWER_CHUNK: usize = 1 << 10;

/// What the reading and the answering side share.
struct Shared {
    /// The line each text taken so far starts on (the texts are read as one input).
    starts: Mutex<Vec<usize>>,
    /// The first error of either side (a text that is not a `str`, an answer to no text), after
    /// which the run stops.
    failure: Mutex<Option<PyErr>>,
    /// Raised at the first error, so that the searches left stop.
    cancel: Cancel,
}

impl Shared {
    /// Keeps `error` unless an earlier one is kept, and stops the run.
    fn fail(&self, error: PyErr) {
        if let Ok(mut failure) = self.failure.lock() {
            failure.get_or_insert(error);
        }
        self.cancel.cancel();
    }
}

/// The texts of a Python iterator as one input, each apart from the next by a blank line
/// (read as `dlx solve` reads a file), taken as the reader asks for them.
struct Texts<'s> {
    iterator: Py<PyIterator>,
    /// Text taken and not read yet, from `read`.
    pending: Vec<u8>,
    read: usize,
    /// The line the next text starts on.
    line: usize,
    /// Whether the iterator has ended (or failed).
    ended: bool,
    shared: &'s Shared,
}

impl Texts<'_> {
    /// Takes texts from the iterator until about [`TEXT_CHUNK`] bytes are pending.
    fn take(&mut self) {
        self.pending.clear();
        self.read = 0;
        // Kept apart until the texts are taken: the iterable may release the GIL (a file read),
        // and the answering side takes the starts while it holds the GIL.
        let mut starts = Vec::new();
        let taken = Python::attach(|py| -> PyResult<()> {
            let mut iterator = self.iterator.bind(py).clone();
            while self.pending.len() < TEXT_CHUNK {
                let Some(text) = iterator.next() else {
                    self.ended = true;
                    break;
                };
                let text = text?;
                let text = text.cast::<PyString>()?.to_str()?;
                starts.push(self.line);
                self.pending.extend_from_slice(text.as_bytes());
                // `split` finds line ends a word at a time.
                self.line += text.split('\n').count() - 1;
                if !text.ends_with('\n') {
                    self.pending.push(b'\n');
                    self.line += 1;
                }
                self.pending.push(b'\n');
                self.line += 1;
            }
            Ok(())
        });
        if let Ok(mut known) = self.shared.starts.lock() {
            known.append(&mut starts);
        }
        if let Err(error) = taken {
            self.ended = true;
            self.shared.fail(error);
        }
    }
}

impl Read for Texts<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.read == self.pending.len() && !self.ended {
            self.take();
        }
        let n = buf.len().min(self.pending.len() - self.read);
        buf[..n].copy_from_slice(&self.pending[self.read..self.read + n]);
        self.read += n;
        Ok(n)
    }
}

/// The answers, as Python strings in a list, each at the index of the text it answers.
struct Answers<'s> {
    list: Py<PyList>,
    /// Answers due and not in the list yet: the line each starts on, and its text without the
    /// line end that closes it.
    due: Vec<(usize, Cow<'static, str>)>,
    shared: &'s Shared,
}

impl Answers<'_> {
    /// Puts the answers due into the list; an error if one is not the answer to the next text.
    fn put(&mut self) -> PyResult<()> {
        Python::attach(|py| {
            let list = self.list.bind(py);
            let Ok(starts) = self.shared.starts.lock() else {
                return Ok(());
            };
            for (line, text) in self.due.drain(..) {
                // An answer belongs to the text whose lines it starts in.
                let index = starts
                    .partition_point(|&start| start <= line)
                    .saturating_sub(1);
                let next = list.len();
                if index < next {
                    let within = line - starts[index] + 1;
                    return Err(errors::at(
                        PuzzleError::new_err(format!(
                            "puzzle {index}: a second puzzle at line {within}; give one puzzle \
                             a text"
                        )),
                        Some(within),
                        Some(1),
                    ));
                }
                if index > next {
                    return Err(no_puzzle(next));
                }
                list.append(PyString::new(py, &text))?;
            }
            Ok(())
        })
    }

    /// Puts the last answers into the list; an error if a text is left without one.
    fn finish(mut self) -> PyResult<Py<PyList>> {
        self.put()?;
        let texts = self.shared.starts.lock().map_or(0, |starts| starts.len());
        let answered = Python::attach(|py| self.list.bind(py).len());
        if answered < texts {
            return Err(no_puzzle(answered));
        }
        Ok(self.list)
    }
}

impl Sink<Answered> for Answers<'_> {
    fn emit(&mut self, answered: Answered) -> io::Result<()> {
        if answered.is_record() {
            let line = answered.line;
            let text = match answered.into_printed() {
                Cow::Borrowed(text) => Cow::Borrowed(text.strip_suffix('\n').unwrap_or(text)),
                Cow::Owned(mut text) => {
                    if text.ends_with('\n') {
                        text.pop();
                    }
                    Cow::Owned(text)
                }
            };
            self.due.push((line, text));
            if self.due.len() >= ANSWER_CHUNK {
                if let Err(error) = self.put() {
                    self.shared.fail(error);
                    return Err(io::Error::other("an answer to no text"));
                }
            }
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The error for a text without a puzzle.
fn no_puzzle(index: usize) -> PyErr {
    errors::at(
        PuzzleError::new_err(format!("puzzle {index}: no puzzle in the text")),
        None,
        None,
    )
}

/// The answers to many puzzles, one text each, in input order, as ``dlx solve`` prints them
/// (a solution in its puzzle's layout, ``no solution`` or ``invalid puzzle``), on ``threads``
/// threads (default: every core).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
pub fn sudoku_solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    if threads == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "threads must be at least 1",
        ));
    }
    if puzzles.is_instance_of::<PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "solve_many takes an iterable of puzzles, one text each, not one text",
        ));
    }
    let iterator = puzzles.try_iter()?.unbind();
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    let shared = Shared {
        starts: Mutex::new(Vec::new()),
        failure: Mutex::new(None),
        cancel: Cancel::new(),
    };
    let batch = Batch::new(Mode::Solve)
        .threads(threads)
        .stop(Stop::new().with_cancel(shared.cancel.clone()));
    let list = PyList::empty(py).unbind();
    let answered = run::on_helper(py, &shared.cancel, || {
        let texts = Texts {
            iterator,
            pending: Vec::with_capacity(TEXT_CHUNK + 1024),
            read: 0,
            line: 1,
            ended: false,
            shared: &shared,
        };
        let reader = Reader::new(
            BufReader::with_capacity(TEXT_CHUNK, texts),
            ReadOptions::default(),
        );
        let mut answers = Answers {
            list,
            due: Vec::with_capacity(ANSWER_CHUNK),
            shared: &shared,
        };
        // Answering into memory fails only at an answer to no text, kept in `shared`.
        let _ = batch.run(Puzzles::ready(reader), &mut answers);
        answers.finish()
    })?;
    if let Some(error) = shared.failure.into_inner().ok().flatten() {
        return Err(error);
    }
    Ok(answered?.into_bound(py))
}
