//! The records of `dlx solve`'s inputs, in order, read as they are needed, and whether the next
//! one can be read without waiting.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use dlx_core::quote::escape;
use dlx_puzzles::sudoku::batch::{Feed, Job};
use dlx_puzzles::sudoku::format::{ReadOptions, Reader};

use crate::progress::Counting;

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
    /// Whether the line after a line puzzle may be its layout (else the shape comes from the
    /// options).
    line_layouts: bool,
    /// Standard input already begun, read in place of the process's own.
    stdin: Option<Box<dyn Read + Send>>,
}

/// The name of the input at `path` in messages.
pub fn input_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        escape(&path.display().to_string())
    }
}

/// An error for an input whose first bytes hold a NUL byte: a program, an image, an archive or
/// UTF-16 text, not puzzles. Telling so once beats an `invalid puzzle` for each of its lines.
fn not_text(start: &[u8]) -> Option<io::Error> {
    let at = start.iter().position(|&b| b == 0)?;
    Some(io::Error::new(
        io::ErrorKind::InvalidData,
        format!("not a text file (a NUL byte at byte {})", at + 1),
    ))
}

/// The buffer of a file (the standard library's default).
const FILE_BUFFER: usize = 8 << 10;

/// An open input. Its source is called through a pointer once a buffer, which costs nothing to
/// speak of, so that files and standard input are read by one type of reader.
struct Input {
    reader: Reader<BufReader<Counting<Box<dyn Read + Send>>>>,
    /// Whether it is standard input (a pipe, a terminal), which may keep the reader waiting.
    stdin: bool,
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
            line_layouts: true,
            stdin: None,
        }
    }

    /// The same, reading standard input from `source` (an input already begun, see
    /// `input::peek_stdin`) rather than from the process's own.
    pub fn stdin_source(mut self, source: Option<Box<dyn Read + Send>>) -> Self {
        self.stdin = source;
        self
    }

    /// The same, told whether the line after a line puzzle may be its jigsaw layout: not when
    /// the options give the shape. At a terminal it may not either, so that a line typed is
    /// answered at once (a layout then goes on the puzzle's line).
    pub fn line_layouts(mut self, follow: bool) -> Self {
        self.line_layouts = follow;
        self
    }

    /// Opens the input at `path` (standard input for `-`).
    fn open(&mut self, path: &Path) -> io::Result<Input> {
        let stdin = path == Path::new("-");
        let (source, capacity): (Box<dyn Read + Send>, _) = if stdin {
            let source = self.stdin.take().unwrap_or_else(|| Box::new(io::stdin()));
            (source, STDIN_BUFFER)
        } else {
            (Box::new(File::open(path)?), FILE_BUFFER)
        };
        let counted = Counting::new(source, Arc::clone(&self.bytes));
        let mut buffered = BufReader::with_capacity(capacity, counted);
        if let Some(error) = not_text(buffered.fill_buf()?) {
            return Err(error);
        }
        let typed = stdin && io::stdin().is_terminal();
        let reader =
            Reader::new(buffered, self.options.clone()).line_layouts(self.line_layouts && !typed);
        Ok(Input { reader, stdin })
    }
}

impl Iterator for Records<'_> {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        loop {
            if let Some((number, input)) = &mut self.current {
                if let Some(record) = input.reader.next() {
                    let input = *number;
                    return Some(Job::Record { input, record });
                }
                self.current = None;
            }
            let input = self.opened;
            let path = self.files.next()?;
            self.opened += 1;
            match self.open(path) {
                Ok(opened) => self.current = Some((input, opened)),
                Err(error) => return Some(Job::Unreadable { input, error }),
            }
        }
    }
}

impl Feed for Records<'_> {
    /// Standard input (a pipe, a terminal) may keep the reader waiting; a file does not.
    fn at_hand(&self) -> bool {
        match &self.current {
            Some((_, input)) => !input.stdin || input.reader.at_hand(),
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
        if let Some((number, current)) = &mut self.current {
            if *number == input {
                current.reader.recycle(puzzle);
            }
        }
    }
}
