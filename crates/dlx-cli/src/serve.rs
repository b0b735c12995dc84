//! `dlx serve`: the web page (`web/page`, its module built by `web/build.sh`) on 127.0.0.1,
//! by hyper's HTTP/1.1 server on a tokio runtime.
//!
//! It serves only the page's folder: request paths are decoded, and any that would leave the
//! folder (`..`, encoded or not, a backslash, a hidden name, a link that points outside) is
//! not found. Every connection is a task of its own, so a slow or idle one never holds up the
//! others; a request head larger than [`MAX_HEAD`] is refused (431), and a connection that has
//! not sent a whole head within [`IDLE`] (a new one, or a kept-alive one between requests) is
//! closed, as is one whose client has read nothing of its answer for as long. Ctrl-C stops the
//! server (the default action of the signal).

use std::convert::Infallible;
use std::fs;
use std::io::{self, Write};
use std::net::{Ipv4Addr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Args;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, ALLOW, CACHE_CONTROL, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};

use crate::outcome::Outcome;

mod write_timeout;
use write_timeout::WriteTimeout;

/// The page as embedded at build time: `(path, content)`, empty when `web/page` was missing.
static EMBEDDED: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/site.rs"));

/// The largest request head (request line and headers) read; a longer one is refused (431).
const MAX_HEAD: usize = 16 * 1024;

/// How long a connection may stay open without sending a whole request head, or without reading
/// any of its answer.
const IDLE: Duration = Duration::from_secs(10);

/// How long the server waits before accepting again when accepting failed (out of files).
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
            [bin.join("web"), bin.join("../../web/page")]
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

    /// The file at `path` (relative, `/`-separated, checked by [`resolve`]). A folder's files
    /// are small and local: they are read in the task that answers.
    fn get(&self, path: &str) -> Option<Bytes> {
        match self {
            Site::Embedded => EMBEDDED
                .iter()
                .find(|(name, _)| *name == path)
                .map(|(_, bytes)| Bytes::from_static(bytes)),
            Site::Folder(root) => {
                let file = root.join(path).canonicalize().ok()?;
                // A link inside the folder may point anywhere: only what stays inside is served.
                if !file.starts_with(root) || !file.is_file() {
                    return None;
                }
                fs::read(file).ok().map(Bytes::from)
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "dlx: serving {} at http://127.0.0.1:{port}/ (Ctrl-C stops)",
        site.describe()
    )?;
    out.flush()?;
    drop(out);
    runtime.block_on(serve(listener, Arc::new(site)))?;
    Ok(Outcome::Solved)
}

/// Accepts connections for ever, each served by a task of its own.
async fn serve(listener: TcpListener, site: Arc<Site>) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(IDLE)
        .max_header_size(MAX_HEAD)
        .title_case_headers(true);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection that failed before it was accepted (reset, out of files): the next
            // ones may do better.
            Err(_) => {
                tokio::time::sleep(NAP).await;
                continue;
            }
        };
        let site = Arc::clone(&site);
        let service = service_fn(move |request: Request<Incoming>| {
            let reply = answer(request.method(), request.uri().path(), &site);
            async move { Ok::<_, Infallible>(reply) }
        });
        let connection =
            http.serve_connection(TokioIo::new(WriteTimeout::new(stream, IDLE)), service);
        tokio::spawn(async move {
            // A connection that ends in an error (reset, too large a head, too slow) is simply
            // over: hyper has answered what could be answered.
            let _ = connection.await;
        });
    }
}

/// The response to a request (hyper leaves out the body of a HEAD's).
fn answer(method: &Method, path: &str, site: &Site) -> Response<Full<Bytes>> {
    if method != Method::GET && method != Method::HEAD {
        let mut reply = error(StatusCode::METHOD_NOT_ALLOWED);
        reply
            .headers_mut()
            .insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
        return reply;
    }
    let Some((path, body)) = resolve(path).and_then(|path| {
        let body = site.get(&path)?;
        Some((path, body))
    }) else {
        return error(StatusCode::NOT_FOUND);
    };
    reply(StatusCode::OK, content_type(&path), body)
}

/// An error response, its status as the text.
fn error(status: StatusCode) -> Response<Full<Bytes>> {
    let text = format!("{status}\n");
    reply(status, "text/plain; charset=utf-8", Bytes::from(text))
}

/// A response with the headers every answer carries.
fn reply(status: StatusCode, content_type: &'static str, body: Bytes) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
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
    fn other_methods_and_missing_files_are_refused() {
        let site = Site::Folder(PathBuf::from("/nonexistent-dlx-site"));
        let reply = answer(&Method::DELETE, "/", &site);
        assert_eq!(reply.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(reply.headers()[ALLOW], "GET, HEAD");
        assert_eq!(
            answer(&Method::GET, "/", &site).status(),
            StatusCode::NOT_FOUND
        );
    }
}
