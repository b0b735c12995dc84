//! The instruction set the 9x9 search runs on, chosen once at run time.
//!
//! One portable binary carries the search three times: for baseline x86-64, for AVX2 with
//! BMI1/2 and POPCNT (x86-64-v3 but LZCNT, which the search has no use for), and for AVX-512
//! (x86-64-v4). The bit tricks of the
//! board (`trailing_zeros`, `x & (x - 1)`, `count_ones`, the branch-free comparisons of the
//! 27 bitboards) compile to single instructions or wider vectors on the later sets. AVX2
//! is used where the CPU has it ([`Isa::best`]) unless the environment variable [`ISA_VARIABLE`]
//! names another set; every
//! set gives the same answers and the same guesses. Other targets (wasm32) have the baseline
//! only.
//!
//! This is the crate's one module with `unsafe` code: calling a function compiled for
//! features the CPU may lack (a private `Path` token is the proof that it has them), and
//! reading the register that says which of them the OS saves.

use std::fmt;
use std::sync::OnceLock;

/// The environment variable that forces an instruction set: `baseline`, `avx2` or `avx512`.
pub const ISA_VARIABLE: &str = "DLX_FAST9_ISA";

/// An instruction set the 9x9 search is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// What every CPU of the target has (SSE2 on x86-64).
    Baseline,
    /// AVX2, BMI1, BMI2 and POPCNT.
    Avx2,
    /// AVX-512 (F, BW, CD, DQ, VL) on top of [`Isa::Avx2`].
    Avx512,
}

/// Why the instruction set named by [`ISA_VARIABLE`] cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IsaError {
    /// The value names no instruction set.
    Unknown(String),
    /// This CPU (or this target) lacks the instruction set.
    Unavailable(Isa),
}

impl fmt::Display for IsaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IsaError::Unknown(value) => write!(
                f,
                "{ISA_VARIABLE}={value:?} names no instruction set (expected baseline, avx2 or avx512)"
            ),
            IsaError::Unavailable(isa) => write!(
                f,
                "{ISA_VARIABLE}={isa}: this CPU lacks that instruction set (it has {})",
                Isa::available().map(Isa::name).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::error::Error for IsaError {}

impl fmt::Display for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Isa {
    /// Every instruction set, from the baseline up.
    pub const ALL: [Isa; 3] = [Isa::Baseline, Isa::Avx2, Isa::Avx512];

    /// The name [`ISA_VARIABLE`] takes.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Baseline => "baseline",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }

    /// The instruction set of a name, as [`ISA_VARIABLE`] takes it.
    pub fn parse(name: &str) -> Result<Isa, IsaError> {
        Isa::ALL
            .into_iter()
            .find(|isa| isa.name() == name.trim().to_ascii_lowercase())
            .ok_or_else(|| IsaError::Unknown(name.to_owned()))
    }

    /// Whether this CPU can run the search compiled for this set.
    pub fn is_available(self) -> bool {
        match self {
            Isa::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => {
                static AVX2: OnceLock<bool> = OnceLock::new();
                *AVX2.get_or_init(x86::has_avx2)
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                Isa::Avx2.is_available()
                    && std::arch::is_x86_feature_detected!("lzcnt")
                    && std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512cd")
                    && std::arch::is_x86_feature_detected!("avx512dq")
                    && std::arch::is_x86_feature_detected!("avx512vl")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Isa::Avx2 | Isa::Avx512 => false,
        }
    }

    /// The instruction sets this CPU can run, from the baseline up.
    pub fn available() -> impl Iterator<Item = Isa> {
        Isa::ALL.into_iter().filter(|isa| isa.is_available())
    }

    /// The instruction set new solvers use by default: AVX2 where the CPU has it, else the
    /// baseline. AVX-512 runs the same instructions on this search but measured no faster than
    /// AVX2 (slower on hard puzzles), so it is used only when asked for.
    pub fn best() -> Isa {
        if Isa::Avx2.is_available() {
            Isa::Avx2
        } else {
            Isa::Baseline
        }
    }

    /// The instruction set new solvers use: the one [`ISA_VARIABLE`] names, or [`Isa::best`]
    /// when it is unset. Read once per process; an error says why the named one cannot
    /// be used (new solvers then use [`Isa::best`]; a program should report the error and stop).
    pub fn chosen() -> Result<Isa, IsaError> {
        static CHOSEN: OnceLock<Result<Isa, IsaError>> = OnceLock::new();
        CHOSEN
            .get_or_init(|| match std::env::var(ISA_VARIABLE) {
                Ok(name) if !name.trim().is_empty() => {
                    let isa = Isa::parse(&name)?;
                    if isa.is_available() {
                        Ok(isa)
                    } else {
                        Err(IsaError::Unavailable(isa))
                    }
                }
                _ => Ok(Isa::best()),
            })
            .clone()
    }
}

/// An instruction set this CPU was found to have: the only way to reach the search compiled for
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Path(Isa);

impl Path {
    /// The path of `isa`, or `None` when this CPU lacks it.
    pub fn new(isa: Isa) -> Option<Path> {
        isa.is_available().then_some(Path(isa))
    }

    /// The path of [`Isa::best`].
    pub fn best() -> Path {
        Path(Isa::best())
    }

    /// The instruction set of the path.
    pub fn isa(self) -> Isa {
        self.0
    }

    /// Runs `state.search(arg, self)` compiled for this path's instruction set.
    #[inline(always)]
    pub fn run<S: Search>(self, state: &mut S, arg: S::Arg) -> bool {
        match self.0 {
            Isa::Baseline => state.search(arg, self),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Path` is only made by `Path::new`, which checked that the CPU has
            // every feature the function is compiled for.
            Isa::Avx2 => unsafe { x86::avx2(state, arg, self) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Isa::Avx512 => unsafe { x86::avx512(state, arg, self) },
            #[cfg(not(target_arch = "x86_64"))]
            Isa::Avx2 | Isa::Avx512 => state.search(arg, self),
        }
    }
}

/// A search compiled once per instruction set.
pub(super) trait Search {
    /// Where the search starts.
    type Arg;

    /// Searches from `arg`. Must be `#[inline(always)]` (so that it is compiled into each
    /// caller in [`Path::run`]) and recurse through [`Path::run`] with `path`, so that the whole
    /// search runs on one set. True when the search must stop.
    fn search(&mut self, arg: Self::Arg, path: Path) -> bool;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Path, Search};
    use std::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};

    /// Whether the CPU has the features [`avx2`] is compiled for and the OS saves the AVX
    /// registers, read from three `cpuid` leaves. The standard library's detection reads every
    /// leaf it knows the first time it is asked, and on a virtual machine each `cpuid` traps to
    /// the host: that was the largest part of starting `dlx solve` after the dynamic loader.
    pub fn has_avx2() -> bool {
        // `cpuid` is safe to execute on every x86-64 CPU; the intrinsics are only marked
        // `unsafe` on older compilers.
        #[allow(unused_unsafe)]
        let (max, leaf1) = unsafe { (__cpuid(0).eax, __cpuid(1).ecx) };
        let bit = |x: u32, n: u32| x >> n & 1 == 1;
        let (popcnt, xsave, osxsave, avx) = (
            bit(leaf1, 23),
            bit(leaf1, 26),
            bit(leaf1, 27),
            bit(leaf1, 28),
        );
        if max < 7 || !(popcnt && xsave && osxsave && avx) {
            return false;
        }
        // SAFETY: `xgetbv` needs the XSAVE feature, and reading XCR0 needs the OS to have
        // enabled it: CPUID.1:ECX bits 26 (XSAVE) and 27 (OSXSAVE), both checked just above.
        let xcr0 = unsafe { _xgetbv(0) };
        // The SSE and AVX register states (bits 1 and 2) are saved on a context switch.
        if xcr0 & 0b110 != 0b110 {
            return false;
        }
        #[allow(unused_unsafe)]
        // SAFETY: as `__cpuid` above; leaf 7 exists (`max >= 7`).
        let leaf7 = unsafe { __cpuid_count(7, 0).ebx };
        bit(leaf7, 3) && bit(leaf7, 5) && bit(leaf7, 8)
    }

    /// The search compiled with x86-64-v3's features (LZCNT aside).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    pub fn avx2<S: Search>(state: &mut S, arg: S::Arg, path: Path) -> bool {
        state.search(arg, path)
    }

    /// The search compiled with x86-64-v4's features.
    #[target_feature(
        enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
    )]
    pub fn avx512<S: Search>(state: &mut S, arg: S::Arg, path: Path) -> bool {
        state.search(arg, path)
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    #[test]
    fn the_direct_check_agrees_with_the_standard_detection() {
        let standard = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt");
        assert_eq!(super::x86::has_avx2(), standard);
    }
}
