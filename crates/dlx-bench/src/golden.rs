//! Known figures for the exact-cover instances: solutions, nodes and updates as Knuth's dlx1
//! reports them on the same files (from the data set's `GOLDEN.md`).

use crate::case::Expected;

/// `(file stem, solutions, nodes, updates)`.
const TABLE: &[(&str, u64, u64, u64)] = &[
    ("queens10", 724, 11_578, 198_264),
    ("queens11", 2_680, 45_393, 783_140),
    ("queens12", 14_200, 211_716, 3_594_752),
    ("queens13", 73_712, 1_046_319, 17_463_157),
    ("langford8", 300, 2_789, 37_241),
    ("langford11", 35_584, 439_747, 5_974_979),
    ("langford12", 216_288, 2_831_065, 38_673_459),
    ("pento3x20", 8, 32_978, 10_986_975),
    ("pento6x10-sym", 2_339, 909_153, 310_816_489),
    ("pento6x10", 9_356, 3_637_261, 1_242_377_480),
    ("scott", 520, 293_045, 102_179_915),
    ("sudoku-inkala", 1, 4_361, 81_178),
];

/// The known figures of the instance stored as `<name>.dlx`, if any.
pub fn lookup(name: &str) -> Option<Expected> {
    TABLE
        .iter()
        .find(|row| row.0 == name)
        .map(|&(_, solutions, nodes, updates)| Expected {
            solutions,
            nodes: Some(nodes),
            updates: Some(updates),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_known_instances_only() {
        assert_eq!(lookup("queens12").unwrap().solutions, 14_200);
        assert_eq!(lookup("scott").unwrap().nodes, Some(293_045));
        assert_eq!(lookup("nonesuch"), None);
    }
}
