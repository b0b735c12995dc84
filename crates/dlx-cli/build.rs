//! Embeds the web page (`web/page`: its sources and the module `web/build.sh` made, committed in
//! `web/page/pkg`) into `dlx serve`, so that the binary serves the page with no files around it
//! and no WebAssembly tools are needed to build it. Without the module (a copy of the sources
//! without it), the table is empty and `dlx serve` looks for a page at run time.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let web = manifest.join("../../web");
    let page = web.join("page");
    // The page once it is there; until then the whole folder, so that a page made after this
    // binary is embedded by the next build (a path that does not exist would rerun this script,
    // and rebuild the CLI, on every build).
    let watched = if page.is_dir() { &page } else { &web };
    println!("cargo:rerun-if-changed={}", watched.display());
    let mut files = Vec::new();
    if page.join("index.html").is_file() && page.join("pkg").is_dir() {
        collect(&page, &page, &mut files);
    }
    files.sort();
    let mut table = String::from("&[\n");
    for (name, path) in &files {
        writeln!(table, "    ({name:?}, include_bytes!({path:?}) as &[u8]),").expect("a String");
    }
    table.push_str("]\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("site.rs");
    fs::write(out, table).expect("OUT_DIR is writable");
}

/// Every file under `dir`, as its path relative to `root` with `/` separators and its full path.
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if let (Ok(relative), Some(full)) = (path.strip_prefix(root), path.to_str()) {
            let name: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push((name.join("/"), full.to_string()));
        }
    }
}
