//! [`Zdd`]: the family of a problem's solutions as a zero-suppressed decision diagram, as the
//! memoised search builds it: its count, its solutions one by one.

use super::Natural;

/// One node of a [`Zdd`]: the family of the sets of `lo`, and of the sets of `hi` with `option`
/// added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The option (0-based, in input order) the high branch takes.
    pub option: u32,
    /// The node of the sets without `option`.
    pub lo: u32,
    /// The node of the sets with `option` (without it).
    pub hi: u32,
}

impl Node {
    /// What stands in the places of the two terminals.
    pub(super) const TERMINAL: Node = Node {
        option: u32::MAX,
        lo: 0,
        hi: 0,
    };
}

/// The solutions of a problem as a ZDD (after Knuth's dlx6): nodes numbered from 2, each node's
/// branches numbered below it; [`Zdd::EMPTY`] (0) is the family with no set, [`Zdd::UNIT`] (1)
/// the family of the empty set. Each path from the root to [`Zdd::UNIT`] is one solution: the
/// options of the nodes it leaves by their high branch, in the order a search chose them.
///
/// ```
/// use dlx_core::{knuth, memo::Memo};
///
/// let text = "a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n";
/// let problem = knuth::parse(text).unwrap().problem;
/// let (zdd, counted) = Memo::new(&problem).zdd().unwrap();
/// assert_eq!(zdd.count(), counted.count);
/// assert_eq!(zdd.solutions().count(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zdd {
    /// The nodes by number; the first two stand for the terminals.
    nodes: Vec<Node>,
    root: u32,
}

impl Zdd {
    /// The terminal of the family with no set: no solution.
    pub const EMPTY: u32 = 0;
    /// The terminal of the family of the empty set: a solution complete.
    pub const UNIT: u32 = 1;
    /// The most nodes a ZDD holds, terminals included (node numbers are 32 bits, and the
    /// written form numbers its root one above the last node).
    pub const MAX_NODES: usize = u32::MAX as usize - 1;

    /// The ZDD of `nodes` (the terminals first, then each node after its branches) from `root`.
    pub(super) fn from_parts(nodes: Vec<Node>, root: u32) -> Zdd {
        debug_assert!(nodes.len() >= 2);
        debug_assert!(nodes
            .iter()
            .enumerate()
            .skip(2)
            .all(|(k, n)| (n.lo as usize) < k && (n.hi as usize) < k));
        Zdd { nodes, root }
    }

    /// The root: the node of the whole family (a terminal when there are no nodes).
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The nodes other than the terminals.
    pub fn len(&self) -> usize {
        self.nodes.len() - 2
    }

    /// Whether the ZDD has no node but its terminals.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Node `id`, for `id` from 2 below `len() + 2`; `None` for the terminals and beyond.
    pub fn node(&self, id: u32) -> Option<Node> {
        (id >= 2)
            .then(|| self.nodes.get(id as usize).copied())
            .flatten()
    }

    /// The nodes in order of their numbers, from 2: each after its branches.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes[2..]
    }

    /// The bytes the nodes take.
    pub fn bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()) as u64
    }

    /// The number of sets in the family of each node, by number (the terminals 0 and 1).
    pub(super) fn counts(&self) -> Vec<Natural> {
        let mut counts: Vec<Natural> = Vec::with_capacity(self.nodes.len());
        counts.push(Natural::ZERO);
        counts.push(Natural::from(1));
        for node in self.nodes() {
            let mut sum = counts[node.lo as usize].clone();
            sum += &counts[node.hi as usize];
            counts.push(sum);
        }
        counts
    }

    /// The number of solutions: of paths from the root to [`Zdd::UNIT`].
    pub fn count(&self) -> Natural {
        // Only the counts of the nodes below the root are needed, and each node's branches
        // come before it.
        let mut counts = self.counts();
        std::mem::take(&mut counts[self.root as usize])
    }

    /// Every solution, once each, as its options in the order a search chose them (the first
    /// option of an item before the later ones).
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions {
            zdd: self,
            stack: vec![(self.root, 0, None)],
            path: Vec::new(),
        }
    }
}

/// The solutions of a [`Zdd`], by a walk of its paths: [`Zdd::solutions`].
#[derive(Debug)]
pub struct Solutions<'z> {
    zdd: &'z Zdd,
    /// Nodes still to visit: the node, the length of the path there, and the option the last
    /// step added.
    stack: Vec<(u32, usize, Option<u32>)>,
    path: Vec<usize>,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        while let Some((id, len, option)) = self.stack.pop() {
            self.path.truncate(len);
            if let Some(option) = option {
                self.path.push(option as usize);
            }
            match id {
                Zdd::EMPTY => {}
                Zdd::UNIT => return Some(self.path.clone()),
                _ => {
                    let node = self.zdd.nodes[id as usize];
                    let len = self.path.len();
                    // The low branch holds the options tried first: it is visited first.
                    self.stack.push((node.hi, len, Some(node.option)));
                    self.stack.push((node.lo, len, None));
                }
            }
        }
        None
    }
}
