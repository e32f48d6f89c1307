//! The lists of `class`/`id` pieces the finder's rules read ([`Names`]), matched all at once:
//! one Aho-Corasick automaton over every piece of every list (ASCII case-insensitive, a piece
//! anywhere in the value) gives the set of lists a value names in one pass over its bytes,
//! however many rules then ask of it.

use std::ops::BitOr;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};

/// A set of the lists of pieces below, one bit each; [`Names::of`] a `class` or `id` value is
/// the lists with a piece in it.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Names(u16);

impl Names {
    /// Pieces that name page furniture.
    pub(super) const FURNITURE: Names = Names(1 << 0);
    /// Pieces that keep an element whose name also matches [`FURNITURE`](Self::FURNITURE).
    pub(super) const MAYBE_CONTENT: Names = Names(1 << 1);
    /// Furniture outside the main landmark (`Flags::IN_MAIN`).
    pub(super) const HEADER: Names = Names(1 << 2);
    /// Furniture on a page that says it is a product: its customers' reviews, and its
    /// carousels (other products, or its own pictures).
    pub(super) const NOT_THE_PRODUCT: Names = Names(1 << 3);
    /// Pieces of [`FURNITURE`](Self::FURNITURE) that are content on a discussion page (its
    /// posts and replies).
    pub(super) const DISCUSSION: Names = Names(1 << 4);
    /// Pieces that stay furniture there all the same.
    pub(super) const NOT_DISCUSSION: Names = Names(1 << 5);
    /// `class` pieces of a tab, accordion or disclosure panel (`WalkAttrs::is_panel`).
    pub(super) const PANEL: Names = Names(1 << 6);
    /// Pieces of overlays that share [`PANEL`](Self::PANEL)'s words (a collapsing menu, a cart
    /// drawer).
    pub(super) const NOT_PANEL: Names = Names(1 << 7);
    /// Pieces that add 25 to a container's score.
    pub(super) const POSITIVE: Names = Names(1 << 8);
    /// Pieces that take 25 from a container's score.
    pub(super) const NEGATIVE: Names = Names(1 << 9);
    /// Pieces of a byline's `class`/`id`.
    pub(super) const BYLINE: Names = Names(1 << 10);
    /// Step 7c: `class`/`id` pieces that name a section of a landing page ...
    pub(super) const LANDING_SECTION: Names = Names(1 << 11);
    /// ... but not a list of featured items (posts, products).
    pub(super) const NOT_LANDING_SECTION: Names = Names(1 << 12);
    /// Pieces of [`FURNITURE`](Self::FURNITURE) that name a footer: a region of the page's
    /// layout, which may wrap its content as a `header` may ([`HEADER`](Self::HEADER)).
    pub(super) const FOOTER: Names = Names(1 << 13);

    /// The lists that `value` names: those with a piece anywhere in it, ASCII
    /// case-insensitively (`NavMenu` names [`FURNITURE`](Self::FURNITURE): `menu`). One pass
    /// over the bytes of `value`.
    pub(super) fn of(value: &str) -> Names {
        let (automaton, lists) = &*AUTOMATON;
        automaton
            .find_overlapping_iter(value)
            .fold(Names::default(), |names, m| {
                names | lists[m.pattern().as_usize()]
            })
    }

    /// Whether any list of `lists` is in `self`.
    pub(super) fn any(self, lists: Names) -> bool {
        self.0 & lists.0 != 0
    }
}

impl BitOr for Names {
    type Output = Names;
    fn bitor(self, other: Names) -> Names {
        Names(self.0 | other.0)
    }
}

/// Each list's pieces (ASCII, lower case).
const LISTS: [(Names, &[&str]); 14] = [
    (
        Names::FURNITURE,
        &[
            "-ad-",
            "ai2html",
            "banner",
            "breadcrumb",
            "combx",
            "comment",
            "community",
            "consent",
            "cookie",
            "cover-wrap",
            "disqus",
            "extra",
            "footer",
            "gdpr",
            "legends",
            "menu",
            "related",
            "remark",
            "replies",
            "rss",
            "shoutbox",
            "sidebar",
            "skyscraper",
            "social",
            "sponsor",
            "supplemental",
            "ad-break",
            "agegate",
            "pagination",
            "pager",
            "popup",
            "yom-remote",
            "signature",
            "user-info",
            "userinfo",
            "user-details",
            "usercard",
            "user-card",
            "votecell",
            "vote-count",
            // What else to read or buy.
            "recommend",
            "upsell",
            "cross-sell",
            "crosssell",
            "also-bought",
            "also-viewed",
            "similar",
            "recently-viewed",
            "recentlyviewed",
            // The author's card below an article.
            "author-bio",
            "author_bio",
            "authorbio",
            "about-author",
            "about_author",
            "author-box",
            "author_box",
            "saboxplugin",
        ],
    ),
    (
        Names::MAYBE_CONTENT,
        &[
            "and", "article", "body", "column", "content", "main", "mathjax", "shadow",
        ],
    ),
    (Names::HEADER, &["header"]),
    (Names::FOOTER, &["footer"]),
    (Names::NOT_THE_PRODUCT, &["review", "carousel"]),
    (
        Names::DISCUSSION,
        &["comment", "replies", "remark", "community"],
    ),
    (
        Names::NOT_DISCUSSION,
        &[
            "sidebar",
            "footer",
            "header",
            "menu",
            "related",
            "social",
            "sponsor",
            "breadcrumb",
            "banner",
            "pagination",
            "pager",
            "popup",
            "-ad-",
        ],
    ),
    (
        Names::PANEL,
        &[
            "accordion",
            "faq",
            "answer",
            "tab-content",
            "tab-pane",
            "tabpanel",
            "collapse",
            "expand",
        ],
    ),
    (
        Names::NOT_PANEL,
        &[
            "modal", "dialog", "menu", "cart", "drawer", "popup", "overlay", "search", "nav",
        ],
    ),
    (
        Names::POSITIVE,
        &[
            "article",
            "body",
            "content",
            "entry",
            "hentry",
            "h-entry",
            "main",
            "page",
            "pagination",
            "post",
            "text",
            "blog",
            "story",
        ],
    ),
    (
        Names::NEGATIVE,
        &[
            "-ad-",
            "banner",
            "combx",
            "comment",
            "com-",
            "contact",
            "footer",
            "gdpr",
            "masthead",
            "media",
            "meta",
            "outbrain",
            "promo",
            "related",
            "scroll",
            "share",
            "shoutbox",
            "sidebar",
            "skyscraper",
            "sponsor",
            "shopping",
            "tags",
            "widget",
        ],
    ),
    (
        Names::BYLINE,
        &["byline", "author", "dateline", "writtenby", "p-author"],
    ),
    (
        Names::LANDING_SECTION,
        &["hero", "feature", "faq", "testimonial"],
    ),
    (Names::NOT_LANDING_SECTION, &["featured"]),
];

/// The automaton over the pieces of all the lists (each piece once), and the lists each
/// piece is in, by pattern number.
static AUTOMATON: LazyLock<(AhoCorasick, Vec<Names>)> = LazyLock::new(|| {
    let mut pieces: Vec<&str> = Vec::new();
    let mut lists: Vec<Names> = Vec::new();
    for (list, list_pieces) in LISTS {
        for &piece in list_pieces {
            match pieces.iter().position(|&p| p == piece) {
                Some(i) => lists[i] = lists[i] | list,
                None => {
                    pieces.push(piece);
                    lists.push(list);
                }
            }
        }
    }
    let automaton = AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .kind(Some(AhoCorasickKind::DFA))
        .build(&pieces)
        .expect("a few hundred short pieces build a DFA");
    (automaton, lists)
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_names_the_lists_of_the_pieces_in_it() {
        assert_eq!(Names::of(""), Names::default());
        assert_eq!(
            Names::of("post-body"),
            Names::POSITIVE | Names::MAYBE_CONTENT
        );
        let sidebar = Names::of("Left-SideBar widget");
        assert!(sidebar.any(Names::FURNITURE) && sidebar.any(Names::NEGATIVE));
        assert!(sidebar.any(Names::NOT_DISCUSSION) && !sidebar.any(Names::POSITIVE));
        // Overlapping pieces all count: `featured` holds `feature`.
        let featured = Names::of("featured-posts");
        assert!(featured.any(Names::LANDING_SECTION) && featured.any(Names::NOT_LANDING_SECTION));
        // A piece in two lists sets both.
        assert!(Names::of("comment-list").any(Names::DISCUSSION));
        assert!(Names::of("comment-list").any(Names::FURNITURE));
    }

    #[test]
    fn each_piece_names_its_lists_in_any_case() {
        for (list, pieces) in LISTS {
            for piece in pieces {
                assert!(Names::of(piece).any(list), "{piece}");
                assert!(
                    Names::of(&format!("x{}y", piece.to_ascii_uppercase())).any(list),
                    "{piece}"
                );
            }
        }
    }
}
