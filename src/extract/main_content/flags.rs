//! What the finder knows of a node as bits ([`Flags`]): its own state, what its ancestors
//! are, and the signs of a table gathered up to it.

use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of per-node flags, kept in `Info.flags` and passed down the walk as the ancestor
/// flags.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Flags(u32);

impl Flags {
    // Per-node flags.
    pub(super) const INCLUDED: Flags = Flags(1);
    pub(super) const CANDIDATE: Flags = Flags(2);
    pub(super) const REMOVED: Flags = Flags(4);
    pub(super) const DATA_TABLE: Flags = Flags(8);
    /// Has a block element among its descendants (through inline elements).
    pub(super) const HAS_BLOCK: Flags = Flags(16);
    // Ancestor flags (some ancestor is…).
    pub(super) const IN_TABLE: Flags = Flags(32);
    pub(super) const IN_CODE: Flags = Flags(64);
    pub(super) const IN_FIGURE: Flags = Flags(128);
    pub(super) const IN_DATA_TABLE: Flags = Flags(256);
    pub(super) const IN_LINK: Flags = Flags(512);
    // Table signs gathered up to the nearest table.
    pub(super) const T_HEADERS: Flags = Flags(1024);
    pub(super) const T_NESTED: Flags = Flags(2048);
    pub(super) const CONTAINS_DATA_TABLE: Flags = Flags(4096);
    /// Some ancestor (or the element) is the main landmark: `main`, or ARIA role `main`.
    pub(super) const IN_MAIN: Flags = Flags(8192);
    /// The element, or an ancestor, holds a grid of cards that step 5 keeps.
    pub(super) const IN_GRID: Flags = Flags(16384);
    /// Some ancestor (or the element) names a `header` or a `footer` but holds the page's
    /// text: a wrapper of the content, not the page's header or footer.
    pub(super) const IN_WRAPPER: Flags = Flags(32768);
    /// Some ancestor (or the element) is a post of a question-and-answer page: a schema.org
    /// `Question` or `Answer` item.
    pub(super) const IN_POST: Flags = Flags(65536);
    /// Some ancestor is an `h1` or an `h2`: a heading inside it is not compared with the
    /// document's title (the outer one's text holds it).
    pub(super) const IN_TITLE_HEADING: Flags = Flags(131072);

    /// Every flag of `other` is set.
    pub(super) fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Some flag of `other` is set.
    pub(super) fn intersects(self, other: Flags) -> bool {
        self.0 & other.0 != 0
    }

    /// No flag is set.
    pub(super) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Sets the flags of `other`.
    pub(super) fn insert(&mut self, other: Flags) {
        self.0 |= other.0;
    }

    /// Clears the flags of `other`.
    pub(super) fn remove(&mut self, other: Flags) {
        self.0 &= !other.0;
    }
}

impl BitOr for Flags {
    type Output = Flags;

    fn bitor(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
}

impl BitOrAssign for Flags {
    fn bitor_assign(&mut self, other: Flags) {
        self.0 |= other.0;
    }
}

impl BitAnd for Flags {
    type Output = Flags;

    fn bitand(self, other: Flags) -> Flags {
        Flags(self.0 & other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Flags;

    #[test]
    fn contains_is_all_bits_and_intersects_any() {
        let f = Flags::INCLUDED | Flags::REMOVED;
        assert!(f.contains(Flags::INCLUDED));
        assert!(f.contains(Flags::INCLUDED | Flags::REMOVED));
        assert!(!f.contains(Flags::INCLUDED | Flags::DATA_TABLE));
        assert!(f.intersects(Flags::INCLUDED | Flags::DATA_TABLE));
        assert!(!f.intersects(Flags::DATA_TABLE | Flags::IN_GRID));
        assert!(Flags::default().is_empty());
    }

    #[test]
    fn insert_and_remove() {
        let mut f = Flags::default();
        f.insert(Flags::CANDIDATE | Flags::IN_MAIN);
        f.remove(Flags::CANDIDATE);
        assert_eq!(f, Flags::IN_MAIN);
        assert_eq!(f & Flags::IN_MAIN, Flags::IN_MAIN);
        assert!((f & Flags::CANDIDATE).is_empty());
    }
}
