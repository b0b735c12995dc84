//! `dlx serve`: the web page (built by `web/build.sh`) on 127.0.0.1, by a small static
//! HTTP/1.1 server.
//!
//! It serves only the page's folder: request paths are decoded, and any that would leave the
//! folder (`..`, encoded or not, a backslash, a hidden name, a link that points outside) is
//! not found. One thread serves every connection: the sockets are non-blocking and looked at in
//! turn, so a browser's idle pre-opened connection never holds up the others; each answer closes
//! its connection. Ctrl-C stops the server (the default action of the signal).

use std::borrow::Cow;
use std::fs;
use std::io::{self, ErrorKind, Read, Write};
use std::net::{Ipv4Addr, Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;

use crate::outcome::Outcome;

/// The page as embedded at build time: `(path, content)`, empty when `web/dist` was not built.
static EMBEDDED: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/site.rs"));

/// The most bytes of request head read; a longer one is refused.
const MAX_HEAD: usize = 16 * 1024;

/// How long a connection may stay open without sending a whole request.
const IDLE: Duration = Duration::from_secs(10);

/// How long the server sleeps when no socket had anything to do.
const NAP: Duration = Duration::from_millis(2);

// Arguments of `dlx serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0 picks a free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Serve this folder (a page built by `web/build.sh`) instead of the embedded page or the
    /// one beside the binary.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Where the files come from.
#[derive(Debug)]
enum Site {
    /// Compiled into the binary.
    Embedded,
    /// A folder on disk (its canonical path).
    Folder(PathBuf),
}

impl Site {
    /// The folder given, else the embedded page, else a built page beside the binary.
    fn find(dir: Option<&Path>) -> Result<Site> {
        if let Some(dir) = dir {
            let root = dir
                .canonicalize()
                .with_context(|| format!("--dir {}", dir.display()))?;
            if !root.is_dir() {
                bail!("--dir {}: not a folder", dir.display());
            }
            return Ok(Site::Folder(root));
        }
        if !EMBEDDED.is_empty() {
            return Ok(Site::Embedded);
        }
        let exe = std::env::current_exe().context("where is this program?")?;
        let beside = exe.parent().map(|bin| {
            // A release laid out as `dlx` next to `web/`, or a checkout's `target/PROFILE/dlx`.
            [bin.join("web"), bin.join("../../web/dist")]
        });
        for candidate in beside.into_iter().flatten() {
            if candidate.join("index.html").is_file() {
                return Ok(Site::Folder(candidate.canonicalize()?));
            }
        }
        bail!(
            "no web page to serve: build it with web/build.sh (a dlx built after that embeds it), \
             or give --dir DIR"
        )
    }

    fn describe(&self) -> String {
        match self {
            Site::Embedded => "the embedded page".to_string(),
            Site::Folder(root) => root.display().to_string(),
        }
    }

    /// The file at `path` (relative, `/`-separated, checked by [`resolve`]).
    fn get(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        match self {
            Site::Embedded => EMBEDDED
                .iter()
                .find(|(name, _)| *name == path)
                .map(|(_, bytes)| Cow::Borrowed(*bytes)),
            Site::Folder(root) => {
                let file = root.join(path).canonicalize().ok()?;
                // A link inside the folder may point anywhere: only what stays inside is served.
                if !file.starts_with(root) || !file.is_file() {
                    return None;
                }
                fs::read(file).ok().map(Cow::Owned)
            }
        }
    }
}

/// Runs `dlx serve` until it is interrupted.
pub fn run(args: &ServeArgs) -> Result<Outcome> {
    let site = Site::find(args.dir.as_deref())?;
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, args.port))
        .with_context(|| format!("cannot listen on 127.0.0.1:{}", args.port))?;
    let port = listener.local_addr()?.port();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "dlx: serving {} at http://127.0.0.1:{port}/ (Ctrl-C stops)",
        site.describe()
    )?;
    out.flush()?;
    drop(out);
    serve(&listener, &site)?;
    Ok(Outcome::Solved)
}

/// One open connection and the request bytes read from it so far.
struct Connection {
    stream: TcpStream,
    head: Vec<u8>,
    opened: Instant,
}

/// Whether a connection stays open after it was looked at.
enum Next {
    Wait,
    Close,
}

fn serve(listener: &TcpListener, site: &Site) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let mut open: Vec<Connection> = Vec::new();
    loop {
        let mut worked = false;
        loop {
            match listener.accept() {
                Ok((stream, _)) => {
                    worked = true;
                    if stream.set_nonblocking(true).is_ok() {
                        open.push(Connection {
                            stream,
                            head: Vec::new(),
                            opened: Instant::now(),
                        });
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                // A connection that failed before it was accepted (reset, out of files): the
                // next ones may do better.
                Err(_) => break,
            }
        }
        open.retain_mut(|connection| match connection.poll(site) {
            Next::Wait => true,
            Next::Close => {
                worked = true;
                false
            }
        });
        if !worked {
            thread::sleep(NAP);
        }
    }
}

impl Connection {
    /// Reads what has arrived; answers once the request head is complete.
    fn poll(&mut self, site: &Site) -> Next {
        let mut buffer = [0u8; 4096];
        loop {
            match self.stream.read(&mut buffer) {
                Ok(0) => return Next::Close,
                Ok(n) => self.head.extend_from_slice(&buffer[..n]),
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return Next::Close,
            }
            if self.head.len() > MAX_HEAD {
                break;
            }
        }
        let complete = self.head.windows(4).any(|w| w == b"\r\n\r\n");
        if !complete && self.head.len() <= MAX_HEAD {
            return if self.opened.elapsed() > IDLE {
                Next::Close
            } else {
                Next::Wait
            };
        }
        let reply = if complete {
            answer(&self.head, site)
        } else {
            Reply::error(431, "Request Header Fields Too Large")
        };
        // The answer is written in one go; a client that stops reading is given up on.
        let _ = self.stream.set_nonblocking(false);
        let _ = self.stream.set_write_timeout(Some(Duration::from_secs(10)));
        let _ = self.stream.write_all(&reply.bytes());
        let _ = self.stream.shutdown(Shutdown::Write);
        Next::Close
    }
}

/// A response.
struct Reply {
    status: u16,
    reason: &'static str,
    content_type: &'static str,
    body: Cow<'static, [u8]>,
    /// HEAD: the headers of the body, without it.
    head_only: bool,
    allow: bool,
}

impl Reply {
    fn error(status: u16, reason: &'static str) -> Reply {
        Reply {
            status,
            reason,
            content_type: "text/plain; charset=utf-8",
            body: Cow::Owned(format!("{status} {reason}\n").into_bytes()),
            head_only: false,
            allow: status == 405,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n",
            self.status,
            self.reason,
            self.content_type,
            self.body.len()
        )
        .into_bytes();
        if self.allow {
            out.extend_from_slice(b"Allow: GET, HEAD\r\n");
        }
        out.extend_from_slice(b"\r\n");
        if !self.head_only {
            out.extend_from_slice(&self.body);
        }
        out
    }
}

/// The response to a complete request head.
fn answer(head: &[u8], site: &Site) -> Reply {
    let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut words = line.split_whitespace();
    let (Some(method), Some(target), Some(version), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Reply::error(400, "Bad Request");
    };
    if !version.starts_with("HTTP/1.") {
        return Reply::error(505, "HTTP Version Not Supported");
    }
    if method != "GET" && method != "HEAD" {
        return Reply::error(405, "Method Not Allowed");
    }
    let Some(body) = resolve(target).and_then(|path| {
        let body = site.get(&path)?;
        Some((content_type(&path), body))
    }) else {
        return Reply::error(404, "Not Found");
    };
    Reply {
        status: 200,
        reason: "OK",
        content_type: body.0,
        body: body.1,
        head_only: method == "HEAD",
        allow: false,
    }
}

/// The file a request target names, relative to the site's root with `/` separators:
/// `index.html` for a folder. `None` for anything that could name a file outside the root or a
/// hidden one: `..` or `.` segments (after percent-decoding), backslashes, NUL, names starting
/// with `.`, or a target that is not an absolute path.
fn resolve(target: &str) -> Option<String> {
    let path = target.split(['?', '#']).next()?;
    let path = percent_decode(path)?;
    let rest = path.strip_prefix('/')?;
    let mut segments = Vec::new();
    for segment in rest.split('/') {
        if segment.is_empty() {
            continue;
        }
        if segment.starts_with('.') || segment.contains(['\\', '\0', ':']) {
            return None;
        }
        segments.push(segment);
    }
    if rest.is_empty() || rest.ends_with('/') {
        segments.push("index.html");
    }
    Some(segments.join("/"))
}

/// `%XX` escapes decoded; `None` when one is malformed or the result is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The media type of a file, by its extension.
fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_stay_inside_the_folder() {
        assert_eq!(resolve("/").as_deref(), Some("index.html"));
        assert_eq!(resolve("/?x=1").as_deref(), Some("index.html"));
        assert_eq!(resolve("/src/main.js").as_deref(), Some("src/main.js"));
        assert_eq!(
            resolve("//src//main.js#top").as_deref(),
            Some("src/main.js")
        );
        assert_eq!(resolve("/pkg/").as_deref(), Some("pkg/index.html"));
        assert_eq!(resolve("/a%20b.txt").as_deref(), Some("a b.txt"));
        for bad in [
            "/../secret",
            "/src/../../secret",
            "/%2e%2e/secret",
            "/%2E%2E%2Fsecret",
            "/src/..%2f..%2fsecret",
            "/..\\secret",
            "/src%5c..%5c..%5csecret",
            "/.git/config",
            "/./index.html",
            "/%00",
            "/%zz",
            "/%",
            "/%c0%ae%c0%ae/secret",
            "/C:/Windows",
            "index.html",
            "http://example.com/index.html",
            "*",
        ] {
            assert_eq!(resolve(bad), None, "{bad}");
        }
    }

    #[test]
    fn media_types_by_extension() {
        assert_eq!(content_type("pkg/dlx_wasm_bg.wasm"), "application/wasm");
        assert_eq!(
            content_type("src/main.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("style.CSS"), "text/css; charset=utf-8");
        assert_eq!(content_type("README"), "application/octet-stream");
    }

    #[test]
    fn bad_requests_are_answered() {
        let site = Site::Folder(PathBuf::from("/nonexistent-dlx-site"));
        assert_eq!(answer(b"GET\r\n\r\n", &site).status, 400);
        assert_eq!(answer(b"GET / HTTP/2\r\n\r\n", &site).status, 505);
        assert_eq!(answer(b"DELETE / HTTP/1.1\r\n\r\n", &site).status, 405);
        assert_eq!(answer(b"GET / HTTP/1.1\r\n\r\n", &site).status, 404);
        let reply = Reply::error(405, "Method Not Allowed").bytes();
        assert!(String::from_utf8_lossy(&reply).contains("Allow: GET, HEAD\r\n"));
    }
}
