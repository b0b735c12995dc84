//! Indexing without bounds checks, for the few loops that do nearly all of the engines' work,
//! where the checks cost a quarter to a third of the instructions. Each caller proves its
//! indices in range from the invariant of its arena (see `links` and `cells::sets`), and the
//! `checked` feature turns every access back into a checked one, so that the whole suite can
//! run with bounds checks.

/// `slice[i]`, unchecked unless the `checked` feature is on.
///
/// # Safety
/// `i < slice.len()`.
#[inline(always)]
pub(crate) unsafe fn get<T: Copy>(slice: &[T], i: usize) -> T {
    debug_assert!(i < slice.len());
    #[cfg(feature = "checked")]
    return slice[i];
    // SAFETY: the caller promises `i < slice.len()`.
    #[cfg(not(feature = "checked"))]
    unsafe {
        *slice.get_unchecked(i)
    }
}

/// `&mut slice[i]`, unchecked unless the `checked` feature is on.
///
/// # Safety
/// `i < slice.len()`.
#[inline(always)]
pub(crate) unsafe fn get_mut<T>(slice: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < slice.len());
    #[cfg(feature = "checked")]
    return &mut slice[i];
    // SAFETY: the caller promises `i < slice.len()`.
    #[cfg(not(feature = "checked"))]
    unsafe {
        slice.get_unchecked_mut(i)
    }
}
