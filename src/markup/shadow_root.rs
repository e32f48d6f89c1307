//! Declarative shadow roots: the mode and flags a `<template shadowrootmode>` gives its shadow
//! root.

/// A shadow root's mode (DOM Standard: "open" or "closed").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShadowRootMode {
    /// `shadowrootmode=open`.
    Open,
    /// `shadowrootmode=closed`.
    Closed,
}

/// A shadow root's flags, as the parser read them from the template's attributes (HTML
/// Standard 13.2.6.4.4, the "in head" rules for a `template` start tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShadowRootData {
    /// `shadowrootmode`.
    pub mode: ShadowRootMode,
    /// `shadowrootclonable` present.
    pub clonable: bool,
    /// `shadowrootserializable` present: the serialiser writes it with
    /// `SerializeOptions::serializable_shadow_roots`.
    pub serializable: bool,
    /// `shadowrootdelegatesfocus` present.
    pub delegates_focus: bool,
    /// `shadowrootslotassignment=manual` (else "named").
    pub manual_slot_assignment: bool,
    /// `shadowrootcustomelementregistry` present: the shadow root's custom element registry is
    /// null and its "keep custom element registry null" flag is set.
    pub keep_custom_element_registry_null: bool,
}
