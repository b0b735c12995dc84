//! The records of `dlx solve`'s inputs, in order, read as they are needed, and whether the next
//! one can be read without waiting.

use std::fs::File;
use std::io::{self, BufReader, Stdin};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use dlx_puzzles::sudoku::format::{self, ReadOptions, Reader};
use dlx_puzzles::sudoku::Puzzle;

use crate::ordered::Feed;
use crate::progress::Counting;

/// One record of the input, for a thread to answer.
pub enum Job {
    /// A puzzle, or the reader's error in its place, from the input numbered `input` (its place
    /// among the inputs; see [`input_name`]). A number rather than a shared name: a shared count
    /// of references, changed for every puzzle by every thread, is a line of memory the cores
    /// pass around.
    Record {
        input: usize,
        record: Result<Puzzle, format::FormatError>,
    },
    /// The input numbered `input` cannot be opened.
    Unreadable { input: usize, error: io::Error },
}

/// The buffer of standard input: large enough that a burst of puzzles down a pipe fills whole
/// batches (a batch ends where the buffered input does).
const STDIN_BUFFER: usize = 1 << 16;

/// The records of every input in turn; standard input for `-`.
pub struct Records<'a> {
    files: std::slice::Iter<'a, PathBuf>,
    options: &'a ReadOptions,
    /// The bytes read so far, for the progress bar.
    bytes: Arc<AtomicU64>,
    /// The input being read, and its number.
    current: Option<(usize, Input)>,
    /// The inputs opened (or tried) so far.
    opened: usize,
}

/// The name of the input at `path` in messages.
pub fn input_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// An open input.
enum Input {
    Stdin(Reader<BufReader<Counting<Stdin>>>),
    File(Reader<BufReader<Counting<File>>>),
}

impl<'a> Records<'a> {
    /// The records of `files`, read with `options`, counting the bytes read into `bytes`.
    pub fn new(files: &'a [PathBuf], options: &'a ReadOptions, bytes: Arc<AtomicU64>) -> Self {
        Records {
            files: files.iter(),
            options,
            bytes,
            current: None,
            opened: 0,
        }
    }

    /// Opens the input at `path` (standard input for `-`).
    fn open(&self, path: &Path) -> io::Result<Input> {
        let options = self.options.clone();
        if path == Path::new("-") {
            let stdin = Counting::new(io::stdin(), Arc::clone(&self.bytes));
            let reader = Reader::new(BufReader::with_capacity(STDIN_BUFFER, stdin), options);
            return Ok(Input::Stdin(reader));
        }
        let file = Counting::new(File::open(path)?, Arc::clone(&self.bytes));
        Ok(Input::File(Reader::new(BufReader::new(file), options)))
    }
}

impl Iterator for Records<'_> {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        loop {
            if let Some((number, input)) = &mut self.current {
                let record = match input {
                    Input::Stdin(reader) => reader.next(),
                    Input::File(reader) => reader.next(),
                };
                if let Some(record) = record {
                    let input = *number;
                    return Some(Job::Record { input, record });
                }
                self.current = None;
            }
            let input = self.opened;
            let path = self.files.next()?;
            self.opened += 1;
            match self.open(path) {
                Ok(reader) => self.current = Some((input, reader)),
                Err(error) => return Some(Job::Unreadable { input, error }),
            }
        }
    }
}

impl Feed for Records<'_> {
    /// Standard input (a pipe, a terminal) may keep the reader waiting; a file does not.
    fn at_hand(&self) -> bool {
        match &self.current {
            Some((_, Input::Stdin(reader))) => reader.at_hand(),
            Some((_, Input::File(_))) => true,
            // Opening the next input waits for nothing, but reading standard input may.
            None => self.files.as_slice().first().map(PathBuf::as_path) != Some(Path::new("-")),
        }
    }

    /// A puzzle of the input being read goes back to its reader, whose next puzzles reuse its
    /// cells.
    fn recycle(&mut self, job: Job) {
        let Job::Record {
            input,
            record: Ok(puzzle),
        } = job
        else {
            return;
        };
        match &mut self.current {
            Some((number, Input::Stdin(reader))) if *number == input => reader.recycle(puzzle),
            Some((number, Input::File(reader))) if *number == input => reader.recycle(puzzle),
            _ => {}
        }
    }
}
