//! The per-tag table of the "in body" insertion mode's common case (13.2.6.4.7).
//!
//! Most tokens of a real page are start and end tags of a few dozen ordinary elements, seen in
//! "in body". For them the standard's steps come down to very little: an ordinary start tag is
//! "reconstruct the active formatting elements" (nothing to do while the list is empty) and
//! "insert an HTML element"; an end tag whose element is the current node pops it. Which steps
//! a tag's rules take is decided once per tag here, in a table indexed by the interned [`Tag`],
//! instead of by the chain of tests of the full rules; the builder's short paths
//! ([`TreeBuilder::in_body_start_tag`](super::TreeBuilder), `in_body_end_tag`) read it and
//! hand everything else to the full rules. The scalar twin
//! ([`TreeBuilderOptions::scalar`](super::TreeBuilderOptions)) never reads it, so the full rules
//! stay the oracle the short paths are tested against.

use crate::markup::{HEAD_CONTENT, TABLE_STRUCTURE, TAG_COUNT, Tag, TagSet};

/// What the "in body" rules do for a start tag, as far as the short path needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StartRule {
    /// Any other start tag (the last entry of the rules): reconstruct the active formatting
    /// elements, insert an HTML element. Neither a scope check nor the frameset-ok flag.
    Ordinary,
    /// `address`, `article`, ..., `ul`: close a `p` element in button scope, insert an HTML
    /// element.
    ClosesP,
    /// `area`, `br`, `embed`, `img`, `keygen`, `wbr`: reconstruct the active formatting
    /// elements, insert an HTML element, pop it, frameset-ok "not ok".
    Void,
    /// Anything else: the full rules decide.
    Full,
}

/// What the "in body" rules do for an end tag whose element is the current node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EndRule {
    /// The rules pop the current node and do nothing else, with no parse error: the block end
    /// tags (its scope check finds the current node; it has no implied end tag), `p`, `li`,
    /// `dd`, `dt` (their implied end tags stop at it), the headings, and any other end tag
    /// (the walk up the stack meets it first).
    PopsCurrent,
    /// `a`, `b`, ..., `u`: the adoption agency algorithm. When the current node is not in the
    /// list of active formatting elements (its step 2), or is the list's last entry (steps
    /// 4.3 to 4.8: it is the formatting element, in scope, with no furthest block), it pops
    /// the current node and removes it from the list.
    Formatting,
    /// `template`, `body`, `html`, `form`, `applet`, `marquee`, `object`, `br`: the full rules.
    Full,
}

/// The start tags of [`StartRule::ClosesP`].
const CLOSES_P: &[Tag] = &[
    Tag::Address,
    Tag::Article,
    Tag::Aside,
    Tag::Blockquote,
    Tag::Center,
    Tag::Details,
    Tag::Dialog,
    Tag::Dir,
    Tag::Div,
    Tag::Dl,
    Tag::Fieldset,
    Tag::Figcaption,
    Tag::Figure,
    Tag::Footer,
    Tag::Header,
    Tag::Hgroup,
    Tag::Main,
    Tag::Menu,
    Tag::Nav,
    Tag::Ol,
    Tag::P,
    Tag::Search,
    Tag::Section,
    Tag::Summary,
    Tag::Ul,
];

/// The start tags of [`StartRule::Void`].
const VOID: &[Tag] = &[
    Tag::Area,
    Tag::Br,
    Tag::Embed,
    Tag::Img,
    Tag::Keygen,
    Tag::Wbr,
];

/// The start tags with rules of their own in "in body" other than those above, the formatting
/// elements ([`FORMATTING`]), the "in head" ones ([`HEAD_CONTENT`]) and the table parts
/// ([`TABLE_STRUCTURE`], ignored like `frame` and `head`): with them, they take
/// [`StartRule::Full`]; every other tag is [`StartRule::Ordinary`]. `noscript` is here
/// because its rule depends on the scripting flag.
const START_FULL: &[Tag] = &[
    Tag::Html,
    Tag::Body,
    Tag::Frameset,
    Tag::H1,
    Tag::H2,
    Tag::H3,
    Tag::H4,
    Tag::H5,
    Tag::H6,
    Tag::Pre,
    Tag::Listing,
    Tag::Form,
    Tag::Li,
    Tag::Dd,
    Tag::Dt,
    Tag::Plaintext,
    Tag::Button,
    Tag::Applet,
    Tag::Marquee,
    Tag::Object,
    Tag::Table,
    Tag::Input,
    Tag::Param,
    Tag::Source,
    Tag::Track,
    Tag::Hr,
    Tag::Image,
    Tag::Textarea,
    Tag::Xmp,
    Tag::Iframe,
    Tag::Noembed,
    Tag::Noscript,
    Tag::Select,
    Tag::Option,
    Tag::Optgroup,
    Tag::Rb,
    Tag::Rtc,
    Tag::Rp,
    Tag::Rt,
    Tag::Math,
    Tag::Svg,
    Tag::Frame,
    Tag::Head,
];

/// The formatting elements (13.2.4.3): their start tags push onto the list of active
/// formatting elements, their end tags run the adoption agency algorithm
/// ([`EndRule::Formatting`]).
const FORMATTING: &[Tag] = &[
    Tag::A,
    Tag::B,
    Tag::Big,
    Tag::Code,
    Tag::Em,
    Tag::Font,
    Tag::I,
    Tag::Nobr,
    Tag::S,
    Tag::Small,
    Tag::Strike,
    Tag::Strong,
    Tag::Tt,
    Tag::U,
];

/// The end tags of [`EndRule::Full`].
const END_FULL: &[Tag] = &[
    Tag::Template,
    Tag::Body,
    Tag::Html,
    Tag::Form,
    Tag::Applet,
    Tag::Marquee,
    Tag::Object,
    Tag::Br,
];

/// `table` with `rule` for each tag of `set`.
const fn with_set<T: Copy>(mut table: [T; TAG_COUNT], set: TagSet, rule: T) -> [T; TAG_COUNT] {
    let mut i = 0;
    while i < TAG_COUNT {
        if set.contains_index(i) {
            table[i] = rule;
        }
        i += 1;
    }
    table
}

/// `table` with `rule` for each of `tags`.
const fn with<T: Copy>(mut table: [T; TAG_COUNT], tags: &[Tag], rule: T) -> [T; TAG_COUNT] {
    let mut i = 0;
    while i < tags.len() {
        table[tags[i] as usize] = rule;
        i += 1;
    }
    table
}

/// The start tag rule of each tag, indexed by `Tag as usize`.
static START: [StartRule; TAG_COUNT] = with(
    with(
        with_set(
            with_set(
                with(
                    with(
                        [StartRule::Ordinary; TAG_COUNT],
                        START_FULL,
                        StartRule::Full,
                    ),
                    FORMATTING,
                    StartRule::Full,
                ),
                HEAD_CONTENT,
                StartRule::Full,
            ),
            TABLE_STRUCTURE,
            StartRule::Full,
        ),
        CLOSES_P,
        StartRule::ClosesP,
    ),
    VOID,
    StartRule::Void,
);

/// The end tag rule of each tag (when its element is the current node), indexed by
/// `Tag as usize`.
static END: [EndRule; TAG_COUNT] = with(
    with(
        [EndRule::PopsCurrent; TAG_COUNT],
        FORMATTING,
        EndRule::Formatting,
    ),
    END_FULL,
    EndRule::Full,
);

/// The "in body" start tag rule of `tag`.
#[inline(always)]
pub(crate) fn start_rule(tag: Tag) -> StartRule {
    START[tag as usize]
}

/// The "in body" end tag rule of `tag`, for an end tag whose element is the current node.
#[inline(always)]
pub(crate) fn end_rule(tag: Tag) -> EndRule {
    END[tag as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three start lists are disjoint, so no tag's rule depends on the order they are
    /// applied in.
    #[test]
    fn the_start_lists_are_disjoint() {
        for &t in CLOSES_P.iter().chain(VOID) {
            assert!(
                !START_FULL.contains(&t) && !FORMATTING.contains(&t),
                "{t:?}"
            );
            assert!(!t.is_in(HEAD_CONTENT) && !t.is_in(TABLE_STRUCTURE), "{t:?}");
        }
        for &t in VOID {
            assert!(!CLOSES_P.contains(&t), "{t:?}");
        }
        assert_eq!(start_rule(Tag::Div), StartRule::ClosesP);
        assert_eq!(start_rule(Tag::Img), StartRule::Void);
        assert_eq!(start_rule(Tag::Span), StartRule::Ordinary);
        assert_eq!(start_rule(Tag::Other), StartRule::Ordinary);
        assert_eq!(start_rule(Tag::A), StartRule::Full);
        assert_eq!(start_rule(Tag::Script), StartRule::Full);
        assert_eq!(start_rule(Tag::Td), StartRule::Full);
        assert_eq!(end_rule(Tag::Span), EndRule::PopsCurrent);
        assert_eq!(end_rule(Tag::B), EndRule::Formatting);
        assert_eq!(end_rule(Tag::Form), EndRule::Full);
    }

    /// Every tag, in places that reach each of its "in body" rules: the short paths the table
    /// decides give the tree and the errors the full rules (the scalar twin) give.
    #[test]
    fn the_table_agrees_with_the_full_rules_for_every_tag() {
        use crate::serialize::html5lib_dump;
        use crate::{Arena, ParseOptions, parse_document_str};
        let parse = |input: &str, scalar: bool| {
            let arena = Arena::new();
            let options = ParseOptions {
                collect_errors: true,
                scalar,
                ..ParseOptions::default()
            };
            let doc = parse_document_str(&arena, input, &options);
            let errors: Vec<String> = doc
                .errors()
                .iter()
                .map(|e| format!("{:?}@{}", e.kind, e.offset))
                .collect();
            (html5lib_dump(&doc), errors)
        };
        let names = crate::markup::known_tag_names()
            .iter()
            .copied()
            .chain(["x-custom", "Div"]);
        for name in names {
            for shape in [
                "<body>a<N>b</N>c",
                "<p>a<b>c<N>d</N>e</b>f</p><N>",
                "<div><i><N>x</i></N></div>",
                "<ul><li><N><li>x</N><p><N>y</p></N>",
                "<table><td><N>x</N></td></table><N a=1 b=2>",
                "<b><N></b></N><s><N><u></N>",
                "<select><N></select><N></N></N>",
            ] {
                let input = shape.replace('N', name);
                assert_eq!(
                    parse(&input, false),
                    parse(&input, true),
                    "{input:?} with and without the table"
                );
            }
        }
    }
}
