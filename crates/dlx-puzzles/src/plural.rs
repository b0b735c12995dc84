//! Counts in messages: `1 cell`, `2 cells`.

/// `count` and `noun`, with the noun in the plural unless the count is one. For nouns whose
/// plural adds an `s` (cell, region).
pub(crate) fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(0, "cell"), "0 cells");
        assert_eq!(plural(1, "cell"), "1 cell");
        assert_eq!(plural(2, "region"), "2 regions");
    }
}
