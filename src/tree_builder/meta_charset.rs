//! The encoding declarations the "in head" `meta` start tag rules act on (13.2.6.4.4), and the
//! tree builder's half of "changing the encoding while parsing" (13.2.3.4).
//!
//! The tree builder does not decode anything. While the driver has told it the confidence is
//! tentative ([`TreeBuilder::set_encoding_tentative`]), the first `<meta>` whose `charset` (or
//! `http-equiv=Content-Type` `content`) names an encoding is recorded and the confidence becomes
//! certain (every outcome of "change the encoding" ends certain). The driver gets it in the
//! token's [`Feedback`](super::Feedback) and decides what to do (`input::change_the_encoding`):
//! keep going, or stop and re-parse from the first byte.

use super::{TreeBuilder, TreeSink};
use crate::input::{Encoding, extract_meta_charset};
use crate::tokenizer::Attribute;

/// The tree builder's view of the document's encoding confidence.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct MetaCharset {
    /// "The confidence is currently tentative" (13.2.3): `<meta>` declarations are acted on.
    tentative: bool,
    /// The encoding a `<meta>` declared while tentative, for the driver to take.
    declared: Option<&'static Encoding>,
}

impl MetaCharset {
    /// The declared encoding, if the last token had one; taking it clears it.
    pub(crate) fn take_declared(&mut self) -> Option<&'static Encoding> {
        self.declared.take()
    }
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Tells the builder whether the confidence in the input's encoding is tentative (13.2.3):
    /// then a `<meta>` charset declaration met by the "in head" rules is recorded for
    /// the token's [`Feedback::encoding_declaration`](super::Feedback::encoding_declaration).
    /// Default: not tentative (certain or irrelevant), so
    /// `<meta>` declarations are ignored.
    pub fn set_encoding_tentative(&mut self, tentative: bool) {
        self.meta_charset.tentative = tentative;
    }

    /// The last steps of the "in head" rules for a `meta` start tag (13.2.6.4.4), after the
    /// element was inserted and popped: 1. a `charset` attribute whose value is an encoding
    /// label; 2. otherwise an `http-equiv` attribute matching `Content-Type` (ASCII
    /// case-insensitive) with a `content` attribute from which "extracting a character encoding
    /// from a meta element" gives an encoding. Either, while the confidence is tentative,
    /// changes the encoding (recorded for the driver).
    pub(crate) fn meta_encoding_declaration(&mut self, attrs: &[Attribute<'a>]) {
        if !self.meta_charset.tentative {
            return;
        }
        let attr = |name: &str| attrs.iter().find(|a| a.name == name).map(|a| a.value);
        let declared = match attr("charset") {
            Some(label) => Encoding::for_label(label.as_bytes()),
            None => None,
        }
        .or_else(|| {
            let is_content_type =
                attr("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-type"));
            if is_content_type {
                attr("content").and_then(extract_meta_charset)
            } else {
                None
            }
        });
        if let Some(encoding) = declared {
            self.meta_charset = MetaCharset {
                tentative: false,
                declared: Some(encoding),
            };
            self.more_feedback = true;
        }
    }
}
