//! [`Natural`]: an exact count of any size, with addition as its one operation.

use std::fmt;

/// A natural number of any size: the exact count of a memoised search.
///
/// Counts up to `u64::MAX` are held inline; larger ones as 64-bit limbs, least significant
/// first. Addition is all a count needs; [`Display`](fmt::Display) writes it in decimal.
///
/// ```
/// use dlx_core::memo::Natural;
///
/// let mut n = Natural::from(u64::MAX);
/// n += &Natural::from(1);
/// assert_eq!(n.to_string(), "18446744073709551616");
/// assert_eq!(n.to_u64(), None);
/// assert_eq!(n.to_u128(), Some(1 << 64));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Natural(Repr);

/// A count inline, or (only above `u64::MAX`) as limbs without zeros at the top.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Small(u64),
    Big(Box<[u64]>),
}

impl Natural {
    /// Zero.
    pub const ZERO: Natural = Natural(Repr::Small(0));

    /// The number, if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(n) => Some(*n),
            Repr::Big(_) => None,
        }
    }

    /// The number, if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs() {
            [] => Some(0),
            [low] => Some(u128::from(*low)),
            [low, high] => Some(u128::from(*high) << 64 | u128::from(*low)),
            _ => None,
        }
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.0 == Repr::Small(0)
    }

    /// The bytes this number holds on the heap (none unless it exceeds `u64::MAX`).
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
            Repr::Small(_) => 0,
            Repr::Big(limbs) => limbs.len() * 8,
        }
    }

    /// The number of these limbs, least significant first (zeros at the top allowed).
    pub(super) fn from_limbs(mut limbs: Vec<u64>) -> Natural {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Natural(match limbs.as_slice() {
            [] => Repr::Small(0),
            [n] => Repr::Small(*n),
            _ => Repr::Big(limbs.into_boxed_slice()),
        })
    }

    /// The limbs, least significant first, without zeros at the top.
    pub(super) fn limbs(&self) -> &[u64] {
        match &self.0 {
            Repr::Small(0) => &[],
            Repr::Small(n) => std::slice::from_ref(n),
            Repr::Big(limbs) => limbs,
        }
    }
}

impl Default for Natural {
    fn default() -> Self {
        Natural::ZERO
    }
}

impl From<u64> for Natural {
    fn from(n: u64) -> Self {
        Natural(Repr::Small(n))
    }
}

impl std::ops::AddAssign<&Natural> for Natural {
    fn add_assign(&mut self, other: &Natural) {
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &other.0) {
            if let Some(sum) = a.checked_add(*b) {
                *a = sum;
                return;
            }
        }
        let (a, b) = (self.limbs(), other.limbs());
        let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        let mut sum = Vec::with_capacity(long.len() + 1);
        let mut carry = false;
        for (k, &x) in long.iter().enumerate() {
            let (s, c1) = x.overflowing_add(short.get(k).copied().unwrap_or(0));
            let (s, c2) = s.overflowing_add(u64::from(carry));
            sum.push(s);
            carry = c1 || c2;
        }
        if carry {
            sum.push(1);
        }
        *self = Natural::from_limbs(sum);
    }
}

impl std::ops::SubAssign<&Natural> for Natural {
    /// Subtracts `other`.
    ///
    /// # Panics
    ///
    /// If `other` is larger than `self` (a natural number has no negative).
    fn sub_assign(&mut self, other: &Natural) {
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &other.0) {
            *a = a
                .checked_sub(*b)
                .expect("a natural number minus a larger one");
            return;
        }
        assert!(*other <= *self, "a natural number minus a larger one");
        let (a, b) = (self.limbs(), other.limbs());
        let mut difference = Vec::with_capacity(a.len());
        let mut borrow = false;
        for (k, &x) in a.iter().enumerate() {
            let (d, b1) = x.overflowing_sub(b.get(k).copied().unwrap_or(0));
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            difference.push(d);
            borrow = b1 || b2;
        }
        *self = Natural::from_limbs(difference);
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Natural) -> std::cmp::Ordering {
        let (a, b) = (self.limbs(), other.limbs());
        a.len()
            .cmp(&b.len())
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Natural) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// The largest power of ten below 2^64.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut limbs = self.limbs().to_vec();
        if limbs.len() <= 1 {
            return write!(f, "{}", limbs.first().copied().unwrap_or(0));
        }
        // Groups of 19 decimal digits, least significant first, by long division.
        let mut chunks = Vec::new();
        while !limbs.is_empty() {
            let mut rest = 0u128;
            for limb in limbs.iter_mut().rev() {
                let value = rest << 64 | u128::from(*limb);
                // Below 2^64, as `rest` is below CHUNK.
                *limb = (value / u128::from(CHUNK)) as u64;
                rest = value % u128::from(CHUNK);
            }
            chunks.push(rest as u64);
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        let mut chunks = chunks.iter().rev();
        if let Some(first) = chunks.next() {
            write!(f, "{first}")?;
        }
        for chunk in chunks {
            write!(f, "{chunk:019}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(n: u128) -> Natural {
        let mut sum = Natural::from(n as u64);
        let mut high = Natural::from((n >> 64) as u64);
        // high * 2^64, by doubling.
        for _ in 0..64 {
            let copy = high.clone();
            high += &copy;
        }
        sum += &high;
        sum
    }

    /// Numbers around the limbs' edges, for the arithmetic against `u128`'s.
    const VALUES: [u128; 6] = [
        0,
        1,
        u64::MAX as u128,
        u64::MAX as u128 + 1,
        12_345_678_901_234_567_890_123_456_789,
        u128::MAX / 3,
    ];

    #[test]
    fn sums_agree_with_u128() {
        for a in VALUES {
            for b in VALUES {
                let mut sum = of(a);
                sum += &of(b);
                let expected = a.checked_add(b);
                assert_eq!(sum.to_u128(), expected, "{a} + {b}");
                if let Some(expected) = expected {
                    assert_eq!(sum.to_string(), expected.to_string());
                    assert_eq!(sum.to_u64().is_some(), expected <= u64::MAX as u128);
                }
            }
        }
    }

    #[test]
    fn differences_and_order_agree_with_u128() {
        for a in VALUES {
            for b in VALUES {
                assert_eq!(of(a).cmp(&of(b)), a.cmp(&b), "{a} vs {b}");
                if b <= a {
                    let mut difference = of(a);
                    difference -= &of(b);
                    assert_eq!(difference.to_u128(), Some(a - b), "{a} - {b}");
                    assert_eq!(difference, of(a - b));
                }
            }
        }
    }

    #[test]
    fn large_numbers_print_in_decimal() {
        // 2^192 by doubling, against its known decimal expansion.
        let mut n = Natural::from(1);
        for _ in 0..192 {
            let copy = n.clone();
            n += &copy;
        }
        assert_eq!(
            n.to_string(),
            "6277101735386680763835789423207666416102355444464034512896"
        );
        assert_eq!(n.to_u128(), None);
        assert_eq!(n.heap_bytes(), 32);
        assert!(!n.is_zero() && Natural::ZERO.is_zero());
        assert_eq!(Natural::default().to_string(), "0");
    }
}
