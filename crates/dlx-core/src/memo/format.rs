//! A [`Zdd`] as text, in the format of Knuth's ZDDREAD programs (which dlx6 writes): one node a
//! line, `ID: (~V?LO:HI)`, the numbers of the node and its low and high branches in hexadecimal
//! (0 and 1 are the terminals), `V` the option's number in decimal (the first option of the
//! input is 1). The root is the node with the smallest `V`; the written form ends with a node of
//! `V` 0 whose high branch is the root of the solutions, as dlx6's does.

use std::collections::HashMap;
use std::io::{self, Write};

use thiserror::Error;

use super::zdd::{Node, Zdd};

/// Why a ZDD's text was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{line}:{column}: {kind}")]
pub struct ZddParseError {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ZddParseErrorKind,
}

/// The kinds of [`ZddParseError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ZddParseErrorKind {
    /// A line is not of the form `ID: (~V?LO:HI)`.
    #[error("expected {0} (a node is written `ID: (~V?LO:HI)`, numbers in hex but V)")]
    Expected(&'static str),
    /// A number is too large.
    #[error("the number is too large (expected at most 32 bits)")]
    TooLarge,
    /// Two lines define the same node.
    #[error("node {0:x} is defined twice (expected one line a node)")]
    Twice(u32),
    /// A line defines a terminal.
    #[error("node {0:x} is a terminal (expected a number from 2: 0 and 1 are the terminals)")]
    Terminal(u32),
    /// A branch names a node no line defines.
    #[error("node {0:x} is not defined (expected a line `{0:x}: (~V?LO:HI)`)")]
    Undefined(u32),
    /// A node of variable 0 that is not the root, or the root with a low branch.
    #[error("variable 0 marks the root (expected one such node, `ID: (~0?0:ROOT)`)")]
    Root,
    /// A node reaches itself.
    #[error("node {0:x} reaches itself (expected a diagram without cycles)")]
    Cycle(u32),
    /// The text has no node.
    #[error("no node (expected lines `ID: (~V?LO:HI)`)")]
    Empty,
}

/// A node as read: its number, variable, branches, and the line and column of each branch.
struct Line {
    id: u32,
    var: u32,
    lo: u32,
    hi: u32,
    line: usize,
    columns: [usize; 2],
}

impl Zdd {
    /// Writes the ZDD in Knuth's ZDDREAD format: the nodes in order of their numbers (each
    /// after its branches), then the root line `N: (~0?0:ROOT)`, `N` one above the last node.
    pub fn write_knuth(&self, out: &mut dyn Write) -> io::Result<()> {
        for (id, node) in self.nodes().iter().enumerate() {
            writeln!(
                out,
                "{:x}: (~{}?{:x}:{:x})",
                id + 2,
                u64::from(node.option) + 1,
                node.lo,
                node.hi
            )?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.len() + 2, self.root())
    }

    /// Reads a ZDD in Knuth's ZDDREAD format (blank lines skipped). Nodes may come in any order
    /// and be numbered as they like; those the root does not reach are left out. A node of
    /// variable 0, if any, is the root of [`Zdd::write_knuth`]: its high branch is the root of
    /// the family.
    pub fn read_knuth(text: &str) -> Result<Zdd, ZddParseError> {
        let mut lines = Vec::new();
        let mut by_id = HashMap::new();
        for (number, text) in text.lines().enumerate() {
            if text.trim().is_empty() {
                continue;
            }
            let line = parse_line(text, number + 1)?;
            let at = |column| ZddParseError {
                line: number + 1,
                column,
                kind: ZddParseErrorKind::Twice(line.id),
            };
            if line.id < 2 {
                return Err(ZddParseError {
                    kind: ZddParseErrorKind::Terminal(line.id),
                    ..at(1)
                });
            }
            if by_id.insert(line.id, lines.len()).is_some() {
                return Err(at(1));
            }
            lines.push(line);
        }
        let Some(first) = lines.iter().min_by_key(|l| l.var) else {
            return Err(ZddParseError {
                line: text.lines().count().max(1),
                column: 1,
                kind: ZddParseErrorKind::Empty,
            });
        };
        let root_error = |l: &Line| ZddParseError {
            line: l.line,
            column: 1,
            kind: ZddParseErrorKind::Root,
        };
        let root = if first.var == 0 {
            if first.lo != 0 {
                return Err(root_error(first));
            }
            if let Some(other) = lines.iter().find(|l| l.var == 0 && l.id != first.id) {
                return Err(root_error(other));
            }
            first.hi
        } else {
            first.id
        };
        renumber(&lines, &by_id, root)
    }
}

/// The nodes `root` reaches, numbered so that each comes after its branches.
fn renumber(lines: &[Line], by_id: &HashMap<u32, usize>, root: u32) -> Result<Zdd, ZddParseError> {
    /// A line not reached yet, on the path being followed, or numbered.
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        New,
        Open,
        Done(u32),
    }
    let mut state = vec![State::New; lines.len()];
    let mut nodes = vec![Node::TERMINAL; 2];
    // The number a branch gets: a terminal's own, a numbered node's, or `None` while to do.
    let number = |id: u32, state: &[State]| -> Option<u32> {
        if id < 2 {
            return Some(id);
        }
        match state[by_id[&id]] {
            State::Done(n) => Some(n),
            _ => None,
        }
    };
    // Lines to visit, and whether their branches were pushed.
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let root_index = match root {
        0 | 1 => None,
        id => Some(*by_id.get(&id).ok_or(ZddParseError {
            line: lines.iter().find(|l| l.hi == id).map_or(1, |l| l.line),
            column: 1,
            kind: ZddParseErrorKind::Undefined(id),
        })?),
    };
    stack.extend(root_index.map(|k| (k, false)));
    while let Some((k, expanded)) = stack.pop() {
        let line = &lines[k];
        if expanded {
            let (lo, hi) = (number(line.lo, &state), number(line.hi, &state));
            let (Some(lo), Some(hi)) = (lo, hi) else {
                unreachable!("both branches are numbered before their node");
            };
            state[k] = State::Done(nodes.len() as u32);
            nodes.push(Node {
                option: line.var - 1,
                lo,
                hi,
            });
            continue;
        }
        match state[k] {
            State::Done(_) => continue,
            State::Open => {
                return Err(ZddParseError {
                    line: line.line,
                    column: 1,
                    kind: ZddParseErrorKind::Cycle(line.id),
                })
            }
            State::New => {}
        }
        if line.var == 0 {
            return Err(ZddParseError {
                line: line.line,
                column: 1,
                kind: ZddParseErrorKind::Root,
            });
        }
        state[k] = State::Open;
        stack.push((k, true));
        for (branch, column) in [line.hi, line.lo]
            .into_iter()
            .zip([line.columns[1], line.columns[0]])
        {
            if branch < 2 {
                continue;
            }
            let Some(&j) = by_id.get(&branch) else {
                return Err(ZddParseError {
                    line: line.line,
                    column,
                    kind: ZddParseErrorKind::Undefined(branch),
                });
            };
            match state[j] {
                State::Done(_) => {}
                State::Open => {
                    return Err(ZddParseError {
                        line: line.line,
                        column,
                        kind: ZddParseErrorKind::Cycle(branch),
                    })
                }
                State::New => stack.push((j, false)),
            }
        }
    }
    let root = match root_index {
        Some(k) => match state[k] {
            State::Done(n) => n,
            _ => unreachable!("the root is numbered last"),
        },
        None => root,
    };
    Ok(Zdd::from_parts(nodes, root))
}

/// Reads `ID: (~V?LO:HI)` from `text`, line `line`.
fn parse_line(text: &str, line: usize) -> Result<Line, ZddParseError> {
    let mut cursor = Cursor {
        chars: text.char_indices().peekable(),
        column: 1,
        line,
    };
    cursor.blanks();
    let id = cursor.number(16, "a node's number in hex")?;
    cursor.literal(':', "`:` after the node's number")?;
    cursor.blanks();
    cursor.literal('(', "`(`")?;
    cursor.literal('~', "`~`")?;
    let var = cursor.number(10, "the variable in decimal")?;
    cursor.literal('?', "`?`")?;
    let lo_column = cursor.column;
    let lo = cursor.number(16, "the low branch in hex")?;
    cursor.literal(':', "`:` after the low branch")?;
    let hi_column = cursor.column;
    let hi = cursor.number(16, "the high branch in hex")?;
    cursor.literal(')', "`)`")?;
    cursor.blanks();
    if cursor.chars.peek().is_some() {
        return Err(cursor.error(ZddParseErrorKind::Expected("the end of the line")));
    }
    Ok(Line {
        id,
        var,
        lo,
        hi,
        line,
        columns: [lo_column, hi_column],
    })
}

/// A position in a line being read.
struct Cursor<'t> {
    chars: std::iter::Peekable<std::str::CharIndices<'t>>,
    column: usize,
    line: usize,
}

impl Cursor<'_> {
    fn error(&self, kind: ZddParseErrorKind) -> ZddParseError {
        ZddParseError {
            line: self.line,
            column: self.column,
            kind,
        }
    }

    fn bump(&mut self) {
        self.chars.next();
        self.column += 1;
    }

    fn blanks(&mut self) {
        while self.chars.peek().is_some_and(|(_, c)| c.is_whitespace()) {
            self.bump();
        }
    }

    fn literal(&mut self, want: char, what: &'static str) -> Result<(), ZddParseError> {
        match self.chars.peek() {
            Some(&(_, c)) if c == want => {
                self.bump();
                Ok(())
            }
            _ => Err(self.error(ZddParseErrorKind::Expected(what))),
        }
    }

    fn number(&mut self, radix: u32, what: &'static str) -> Result<u32, ZddParseError> {
        let start = self.column;
        let mut value: Option<u32> = Some(0);
        let mut digits = 0;
        while let Some(digit) = self.chars.peek().and_then(|(_, c)| c.to_digit(radix)) {
            value = value
                .and_then(|v| v.checked_mul(radix))
                .and_then(|v| v.checked_add(digit));
            digits += 1;
            self.bump();
        }
        if digits == 0 {
            return Err(self.error(ZddParseErrorKind::Expected(what)));
        }
        value.ok_or(ZddParseError {
            line: self.line,
            column: start,
            kind: ZddParseErrorKind::TooLarge,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_knuths_lines_in_any_order() {
        // Two solutions: {1, 2} and {3}; the root line last, as dlx6 writes it.
        let text = "5: (~0?0:4)\n2: (~2?0:1)\n3: (~1?0:2)\n\n4: (~3?3:1)\n";
        let zdd = Zdd::read_knuth(text).unwrap();
        assert_eq!(zdd.count().to_u64(), Some(2));
        let mut solutions: Vec<_> = zdd.solutions().collect();
        solutions.sort();
        assert_eq!(solutions, [vec![0, 1], vec![2]]);
        let mut written = Vec::new();
        zdd.write_knuth(&mut written).unwrap();
        let again = Zdd::read_knuth(std::str::from_utf8(&written).unwrap()).unwrap();
        assert_eq!(again, zdd);
    }

    #[test]
    fn bad_text_is_refused_where_it_is_wrong() {
        let error = |text: &str| Zdd::read_knuth(text).unwrap_err();
        let e = error("2: (~1?0:1)\n3: (~2?0;1)\n");
        assert_eq!((e.line, e.column), (2, 9));
        assert_eq!(
            e.kind,
            ZddParseErrorKind::Expected("`:` after the low branch")
        );
        let e = error("2: (~1?0:5)\n");
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 10, ZddParseErrorKind::Undefined(5))
        );
        let e = error("2: (~1?3:1)\n3: (~2?2:1)\n");
        assert!(matches!(e.kind, ZddParseErrorKind::Cycle(_)), "{e}");
        let e = error("1: (~1?0:1)\n");
        assert_eq!(e.kind, ZddParseErrorKind::Terminal(1));
        let e = error("2: (~1?0:1)\n2: (~2?0:1)\n");
        assert_eq!((e.line, e.kind), (2, ZddParseErrorKind::Twice(2)));
        let e = error("2: (~0?1:1)\n");
        assert_eq!(e.kind, ZddParseErrorKind::Root);
        let e = error("2: (~1?0:100000000)\n");
        assert_eq!((e.column, e.kind), (10, ZddParseErrorKind::TooLarge));
        assert_eq!(error("\n").kind, ZddParseErrorKind::Empty);
        assert_eq!(
            error("2: (~1?0:1) x\n").kind,
            ZddParseErrorKind::Expected("the end of the line")
        );
    }

    #[test]
    fn terminal_roots_are_the_empty_family_and_the_unit() {
        assert_eq!(
            Zdd::read_knuth("2: (~0?0:0)\n").unwrap().count().to_u64(),
            Some(0)
        );
        assert_eq!(
            Zdd::read_knuth("2: (~0?0:1)\n").unwrap().count().to_u64(),
            Some(1)
        );
    }
}
