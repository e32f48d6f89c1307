//! The document's quirks mode.

/// The document's mode (DOM "quirks mode", set by the DOCTYPE rules of 13.2.6.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QuirksMode {
    /// "no-quirks"
    #[default]
    NoQuirks,
    /// "limited-quirks"
    LimitedQuirks,
    /// "quirks"
    Quirks,
}
