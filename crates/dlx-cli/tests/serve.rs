//! `dlx serve` over real sockets: files with their media types, 404s, no way out of the folder,
//! bounded request heads, slow connections closed, and clients that stop reading let go.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `dlx serve --port 0 --dir DIR`, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(dir: &PathBuf) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["serve", "--port", "0", "--dir"])
            .arg(dir)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, port }
    }

    /// Sends `request` as it is and returns the response's head and body (read up to its
    /// `Content-Length`: the connection may stay open for another request).
    fn send(&self, request: &str) -> (String, Vec<u8>) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        read_response(&mut stream, request.starts_with("HEAD "))
    }

    fn get(&self, target: &str) -> (String, Vec<u8>) {
        self.send(&format!("GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n"))
    }
}

/// One response from `stream`: its head, then the body (none for a HEAD).
fn read_response(stream: &mut TcpStream, head_only: bool) -> (String, Vec<u8>) {
    let mut response = Vec::new();
    let mut byte = [0u8];
    while !response.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("a response head");
        response.push(byte[0]);
    }
    let head = String::from_utf8(response[..response.len() - 4].to_vec()).unwrap();
    let length: usize = head
        .lines()
        .find_map(|line| line.strip_prefix("Content-Length: "))
        .map_or(0, |n| n.parse().unwrap());
    let mut body = vec![0; if head_only { 0 } else { length }];
    stream.read_exact(&mut body).unwrap();
    (head, body)
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A site folder with a secret file beside it, under the system's temporary folder.
fn site(name: &str) -> (PathBuf, PathBuf) {
    let base = std::env::temp_dir().join(format!("dlx-serve-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&base);
    let root = base.join("site");
    fs::create_dir_all(root.join("pkg")).unwrap();
    fs::write(root.join("index.html"), "<!doctype html><p>page</p>").unwrap();
    fs::write(root.join("pkg/app.wasm"), b"\0asm\x01\0\0\0").unwrap();
    fs::write(root.join("pkg/app.js"), "export {};").unwrap();
    fs::write(base.join("secret.txt"), "SECRET").unwrap();
    (base, root)
}

#[test]
fn serves_the_folder_with_media_types() {
    let (base, root) = site("types");
    let server = Server::start(&root);
    let (head, body) = server.get("/");
    assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
    assert!(head.contains("Content-Type: text/html; charset=utf-8"));
    assert_eq!(body, b"<!doctype html><p>page</p>");
    let (head, body) = server.get("/pkg/app.wasm?v=1");
    assert!(head.contains("Content-Type: application/wasm"), "{head}");
    assert!(head.contains("Content-Length: 8"));
    assert_eq!(body, b"\0asm\x01\0\0\0");
    let (head, _) = server.get("/pkg/app.js");
    assert!(head.contains("Content-Type: text/javascript"));
    let (head, body) = server.send("HEAD /pkg/app.js HTTP/1.1\r\n\r\n");
    assert!(
        head.contains("Content-Length: 10") && body.is_empty(),
        "{head}"
    );
    let (head, _) = server.get("/missing.js");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    let (head, _) = server.send("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 405") && head.contains("Allow: GET, HEAD"));
    let (head, _) = server.send("nonsense\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 400"), "{head}");
    // A version other than HTTP/1.x is a malformed request to hyper (the hand-written server
    // answered 505).
    let (head, _) = server.send("GET / HTTP/2\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 400"), "{head}");
    // One connection, two requests: HTTP/1.1 keeps it open.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    for _ in 0..2 {
        stream
            .write_all(b"GET /pkg/app.js HTTP/1.1\r\n\r\n")
            .unwrap();
        let (head, body) = read_response(&mut stream, false);
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert_eq!(body, b"export {};");
    }
    drop(server);
    fs::remove_dir_all(base).unwrap();
}

#[test]
fn nothing_outside_the_folder_is_served() {
    let (base, root) = site("traversal");
    #[cfg(unix)]
    std::os::unix::fs::symlink(base.join("secret.txt"), root.join("link.txt")).unwrap();
    let server = Server::start(&root);
    for target in [
        "/../secret.txt",
        "/pkg/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2e%2e%2fsecret.txt",
        "/pkg/..%2F..%2Fsecret.txt",
        "/..%5csecret.txt",
        "/....//secret.txt",
        "/link.txt",
        "/pkg",
    ] {
        let (head, body) = server.get(target);
        assert!(head.starts_with("HTTP/1.1 404"), "{target}: {head}");
        assert!(
            !String::from_utf8_lossy(&body).contains("SECRET"),
            "{target}"
        );
    }
    // An idle connection (as browsers open ahead) does not hold up the others.
    let idle = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let (head, _) = server.get("/");
    assert!(head.starts_with("HTTP/1.1 200"));
    drop(idle);
    drop(server);
    fs::remove_dir_all(base).unwrap();
}

#[test]
fn long_and_slow_request_heads_are_refused() {
    let (base, root) = site("heads");
    let server = Server::start(&root);
    // A 100 kB head is refused once 16 kB of it have arrived.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let long = format!("GET / HTTP/1.1\r\nX-Long: {}\r\n\r\n", "a".repeat(100_000));
    let _ = stream.write_all(long.as_bytes());
    let (head, _) = read_response(&mut stream, false);
    assert!(head.starts_with("HTTP/1.1 431"), "{head}");
    // Connections holding half-sent heads do not hold up the others.
    let slow: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\nHost: loc").unwrap();
            stream
        })
        .collect();
    let started = Instant::now();
    let (head, _) = server.get("/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(started.elapsed() < Duration::from_secs(2));
    // ... and are closed when their head is not whole after 10 seconds.
    for mut stream in slow {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut rest = Vec::new();
        let _ = stream.read_to_end(&mut rest);
        assert!(started.elapsed() < Duration::from_secs(25));
    }
    drop(server);
    fs::remove_dir_all(base).unwrap();
}

#[test]
fn a_missing_folder_is_an_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["serve", "--port", "0", "--dir", "/nonexistent/dlx/site"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--dir /nonexistent/dlx/site"));
}

#[test]
fn a_client_that_stops_reading_its_answer_is_let_go() {
    let (base, root) = site("stalled");
    // Far more than the two sockets' buffers hold, so the server's writes have to wait.
    let size = 64 << 20;
    fs::write(root.join("big.bin"), vec![7u8; size]).unwrap();
    let server = Server::start(&root);
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .write_all(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    // Read nothing for longer than the server waits for a write to make progress.
    std::thread::sleep(Duration::from_secs(12));
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut received = Vec::new();
    stream
        .read_to_end(&mut received)
        .expect("the server closed the connection");
    assert!(received.starts_with(b"HTTP/1.1 200"));
    assert!(received.len() < size, "{} bytes arrived", received.len());
    // The server goes on serving others.
    let (head, _) = server.get("/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    drop(server);
    fs::remove_dir_all(base).unwrap();
}
