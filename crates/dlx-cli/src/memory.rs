//! The peak memory of this process, for `--stats`: long runs over streamed input should show a
//! peak that does not grow with the input.

/// The most resident memory this process has held so far, in KiB, where the system tells it
/// (Linux's `VmHWM`); `None` elsewhere.
pub fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// ` peak-kib=N` for a statistics line, or nothing where the peak is unknown.
pub fn peak_field() -> String {
    peak_kib().map_or_else(String::new, |kib| format!(" peak-kib={kib}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn the_peak_is_known_on_linux() {
        assert!(peak_kib().expect("VmHWM") > 0);
        assert!(peak_field().starts_with(" peak-kib="));
    }
}
