//! Running an external program as a whole process and measuring it: the wall time, and the
//! processor time (user + system) that the child used, which a shared machine disturbs less.

use std::ffi::OsStr;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// A process that ran to its end, with what it printed.
#[derive(Debug)]
pub struct Finished {
    /// The program that ran, for messages.
    pub program: String,
    /// Its standard output and error, and its exit status.
    pub output: Output,
    /// Wall time from spawning to reaping it.
    pub wall: Duration,
    /// Processor time it used (user + system, its threads and children included), where the
    /// platform reports it.
    pub cpu: Option<Duration>,
}

impl Finished {
    /// The processor time, or the wall time where the platform does not report it.
    pub fn time(&self) -> Duration {
        self.cpu.unwrap_or(self.wall)
    }

    /// Itself if it exited successfully, else an error quoting the last line of its standard
    /// error.
    pub fn succeeded(self) -> Result<Finished> {
        if !self.output.status.success() {
            let stderr = self.stderr();
            let last = stderr.lines().last().unwrap_or("").trim();
            bail!("{} failed ({}): {last}", self.program, self.output.status);
        }
        Ok(self)
    }

    /// Standard output as text (invalid UTF-8 replaced).
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    /// Standard error as text (invalid UTF-8 replaced).
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }
}

/// Runs `program` with `args`, its standard input read from `stdin` (else empty), capturing its
/// output; an error if it cannot start. Its exit status is the caller's to judge (see
/// [`Finished::succeeded`]): `dlx cover --count` exits with 1 when it counts no solution.
///
/// Processes run one at a time: the processor time is the growth of this process's reaped
/// children's usage across the run, which is the one child's alone as long as nothing else
/// reaps a child meanwhile (the benchmarks start none in parallel with this).
pub fn run<S: AsRef<OsStr>>(program: &Path, args: &[S], stdin: Option<&Path>) -> Result<Finished> {
    let mut command = Command::new(program);
    command.args(args);
    let input = match stdin {
        Some(path) => {
            Stdio::from(File::open(path).with_context(|| format!("opening {}", path.display()))?)
        }
        None => Stdio::null(),
    };
    command.stdin(input);
    let before = children_cpu();
    let start = Instant::now();
    let output = command
        .output()
        .with_context(|| format!("running {}", program.display()))?;
    let wall = start.elapsed();
    let cpu = match (before, children_cpu()) {
        (Some(before), Some(after)) => Some(after.saturating_sub(before)),
        _ => None,
    };
    Ok(Finished {
        program: program.display().to_string(),
        output,
        wall,
        cpu,
    })
}

/// The processor time (user + system) of every reaped child of this process so far.
#[cfg(unix)]
fn children_cpu() -> Option<Duration> {
    // SAFETY: `getrusage` only writes the struct it is given, which is plain data.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) != 0 {
            return None;
        }
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    Some(time(usage.ru_utime) + time(usage.ru_stime))
}

/// Not reported off Unix: callers fall back to wall time.
#[cfg(not(unix))]
fn children_cpu() -> Option<Duration> {
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn measures_a_child_and_reports_failures() {
        let sh = Path::new("/bin/sh");
        let done = run(sh, &["-c", "echo out; echo err >&2"], None).unwrap();
        assert_eq!(done.stdout(), "out\n");
        assert_eq!(done.stderr(), "err\n");
        assert!(done.cpu.is_some());
        let done = run(sh, &["-c", "echo broken >&2; exit 3"], None).unwrap();
        assert_eq!(done.output.status.code(), Some(3));
        let err = done.succeeded().unwrap_err();
        assert!(format!("{err:#}").contains("broken"), "{err:#}");
        assert!(run(Path::new("/nonexistent/program"), &[] as &[&str], None).is_err());
    }
}
