//! Item names with base-36 numbers, as Knuth's generators write them (`0`–`9`, then `a`–`z`).

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// How many base-36 digits it takes to write every number up to `max`.
pub(crate) fn width(max: usize) -> usize {
    let mut width = 1;
    let mut rest = max / 36;
    while rest > 0 {
        width += 1;
        rest /= 36;
    }
    width
}

/// Appends `value` to `out` in base 36, padded with zeros to `width` digits.
pub(crate) fn push(out: &mut String, value: usize, width: usize) {
    let mut digits = Vec::with_capacity(width);
    let mut rest = value;
    loop {
        digits.push(DIGITS[rest % 36]);
        rest /= 36;
        if rest == 0 {
            break;
        }
    }
    for _ in digits.len()..width {
        out.push('0');
    }
    out.extend(digits.iter().rev().map(|&d| char::from(d)));
}

/// `prefix` followed by `value` in base 36, padded to `width` digits: `name("r", 10, 1)` is `ra`.
pub(crate) fn name(prefix: &str, value: usize, width: usize) -> String {
    let mut out = String::with_capacity(prefix.len() + width);
    out.push_str(prefix);
    push(&mut out, value, width);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_digits_and_letters() {
        assert_eq!(name("r", 0, 1), "r0");
        assert_eq!(name("a", 10, 1), "aa");
        assert_eq!(name("b", 35, 1), "bz");
        assert_eq!(name("c", 36, 2), "c10");
        assert_eq!(name("c", 5, 2), "c05");
        assert_eq!(name("", 36 * 36, 3), "100");
    }

    #[test]
    fn width_fits_the_largest_number() {
        assert_eq!(width(0), 1);
        assert_eq!(width(35), 1);
        assert_eq!(width(36), 2);
        assert_eq!(width(36 * 36 - 1), 2);
        assert_eq!(width(36 * 36), 3);
    }
}
