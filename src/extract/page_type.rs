//! What kind of page a document is ([`PageType`]): an article, a forum thread, a product, a
//! collection of products, a listing, documentation, a service or landing page, or none of
//! these. The main content is read by the page's shape (`main_content.rs`), and crawl
//! pipelines keep or route pages by their kind.
//!
//! The type comes from what the page says of itself and from its shape, in this order (the
//! first that applies):
//!
//! 1. schema.org types in JSON-LD (`"@type"`) or microdata (`itemtype`): a discussion
//!    (`DiscussionForumPosting`, `QAPage`, microdata `Comment`s) is a forum; a `Product` is a
//!    product, or a collection when the page is also an `ItemList`, `CollectionPage` or
//!    `OfferCatalog`; a `CollectionPage`, `OfferCatalog` or `SearchResultsPage` (or
//!    `og:type` `product.group`) is a collection; a `TechArticle` or `APIReference` is
//!    documentation;
//! 2. code: eight or more `pre` and `code` elements make documentation;
//! 3. the page's own URL (`<link rel=canonical>`, else `og:url`): a path segment such as
//!    `docs`, `reference` or `api` (documentation), `forum`, `thread` or `questions` (forum),
//!    `product` or `dp` (product), `collections`, `category` or `shop` (collection),
//!    `services` or `pricing` (service); or the file of a forum engine's thread
//!    (`viewtopic.php`, phpBB's and FluxBB's; `showthread.php`, vBulletin's; `viewthread`);
//! 4. an article type (`Article`, `NewsArticle`, `BlogPosting`, …, or `og:type` `article`) is
//!    an article; an `ItemList` is a listing; `Service`, `LocalBusiness`, `FAQPage` a service;
//! 5. the shape: a grid of cards in the main content (six or more children of one tag and
//!    first class, most with a link) holding three tenths of its text or more makes a
//!    collection when half its cards or more show a price, a listing when not; a page whose
//!    main content is the whole page rather than one block of it (a page of sections), or
//!    whose content's lines are short (a mean under 80 characters: headings, claims,
//!    buttons), is a service page; lines of prose make an article; a page without text is
//!    none of them ([`PageType::Other`]).
//!
//! On WCXB's development split (seven types, `docs/extraction.md`) the rules give the page's
//! labelled type for about three pages in four: most articles, forums, products and
//! documentation pages, fewer collections, services and listings (whose markup rarely says
//! what they are).

use crate::dom::{Document, NodeData, NodeId};
use crate::markup::{Namespace, Tag};

/// The kind of a page (see the module documentation for how it is told).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PageType {
    /// A text with a title: news, a blog post, a recipe, an essay.
    Article,
    /// A discussion: a forum thread, questions and answers, a comment thread.
    Forum,
    /// One product (or one product in several variants) for sale.
    Product,
    /// A shop's grid of products: a category, a search, a collection.
    Collection,
    /// A list of items that are not products: news, jobs, events, links, rankings.
    Listing,
    /// Reference and guides for software or a product: prose with code.
    Documentation,
    /// A company's page about what it offers: services, features, pricing, questions.
    Service,
    /// A page without text of its own.
    Other,
}

impl PageType {
    /// The type's name in lower case: `article`, `forum`, `product`, `collection`,
    /// `listing`, `documentation`, `service` or `other`.
    pub fn as_str(self) -> &'static str {
        match self {
            PageType::Article => "article",
            PageType::Forum => "forum",
            PageType::Product => "product",
            PageType::Collection => "collection",
            PageType::Listing => "listing",
            PageType::Documentation => "documentation",
            PageType::Service => "service",
            PageType::Other => "other",
        }
    }
}

impl std::fmt::Display for PageType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

// schema.org types the rules read (bits of `Signals::types`).
const DISCUSSION: u32 = 1;
const COMMENT: u32 = 1 << 1;
const PRODUCT: u32 = 1 << 2;
const ITEM_LIST: u32 = 1 << 3;
const COLLECTION: u32 = 1 << 4;
const TECH: u32 = 1 << 5;
const ARTICLE: u32 = 1 << 6;
const SERVICE: u32 = 1 << 7;

/// The schema.org type names the rules read, with their bits.
const SCHEMA_TYPES: &[(&str, u32)] = &[
    ("DiscussionForumPosting", DISCUSSION),
    ("QAPage", DISCUSSION),
    ("Comment", COMMENT),
    ("Product", PRODUCT),
    ("ProductGroup", PRODUCT),
    ("ItemList", ITEM_LIST),
    ("CollectionPage", COLLECTION),
    ("OfferCatalog", COLLECTION),
    ("SearchResultsPage", COLLECTION),
    ("TechArticle", TECH),
    ("APIReference", TECH),
    ("Article", ARTICLE),
    ("NewsArticle", ARTICLE),
    ("BlogPosting", ARTICLE),
    ("ReportageNewsArticle", ARTICLE),
    ("OpinionNewsArticle", ARTICLE),
    ("AnalysisNewsArticle", ARTICLE),
    ("LiveBlogPosting", ARTICLE),
    ("ScholarlyArticle", ARTICLE),
    ("Recipe", ARTICLE),
    ("HowTo", ARTICLE),
    ("Service", SERVICE),
    ("LocalBusiness", SERVICE),
    ("ProfessionalService", SERVICE),
    ("FAQPage", SERVICE),
];

/// What a page says of itself, gathered in one pass over its elements.
#[derive(Clone, Debug, Default)]
pub(super) struct Signals {
    /// schema.org types named in JSON-LD (bits above); microdata in `microdata`.
    types: u32,
    microdata: u32,
    og_type: Option<String>,
    url: Option<String>,
    code: u32,
}

impl Signals {
    pub(super) fn of(doc: &Document<'_>) -> Signals {
        let mut s = Signals::default();
        let mut og_url = None;
        for n in doc.descendants(doc.root()) {
            let Some(e) = doc.element(n) else { continue };
            if let Some(t) = e.attr("itemtype") {
                for name in item_type_names(t) {
                    s.microdata |= schema_bit(name);
                }
            }
            if e.ns != Namespace::Html {
                continue;
            }
            match e.tag {
                Tag::Script if e.attr("type").is_some_and(is_json_ld) => {
                    s.types |= json_ld_types(doc, n);
                }
                Tag::Meta => match e.attr("property") {
                    Some("og:type") if s.og_type.is_none() => {
                        s.og_type = e.attr("content").map(|c| c.trim().to_ascii_lowercase());
                    }
                    Some("og:url") if og_url.is_none() => {
                        og_url = e.attr("content").map(str::to_owned);
                    }
                    _ => {}
                },
                Tag::Link
                    if s.url.is_none()
                        && e.attr("rel").is_some_and(|r| {
                            r.split_ascii_whitespace()
                                .any(|w| w.eq_ignore_ascii_case("canonical"))
                        }) =>
                {
                    s.url = e.attr("href").map(str::to_owned);
                }
                Tag::Pre | Tag::Code => s.code += 1,
                _ => {}
            }
        }
        if s.url.is_none() {
            s.url = og_url;
        }
        s
    }

    /// The page says it is a discussion: a `DiscussionForumPosting` or `QAPage` in JSON-LD
    /// or microdata, or microdata `Comment`s.
    pub(super) fn is_discussion(&self) -> bool {
        (self.types | self.microdata) & DISCUSSION != 0 || self.microdata & COMMENT != 0
    }

    fn has(&self, bits: u32) -> bool {
        (self.types | self.microdata) & bits != 0
    }

    fn og(&self, value: &str) -> bool {
        self.og_type.as_deref() == Some(value)
    }

    /// The type the page's markup and URL say (rules 1–4), if any.
    pub(super) fn said(&self) -> Option<PageType> {
        if self.is_discussion() {
            return Some(PageType::Forum);
        }
        if self.has(PRODUCT) || self.og("product") {
            return Some(if self.has(ITEM_LIST | COLLECTION) {
                PageType::Collection
            } else {
                PageType::Product
            });
        }
        if self.has(COLLECTION) || self.og("product.group") {
            return Some(PageType::Collection);
        }
        if self.has(TECH) || self.code >= CODE_ELEMENTS {
            return Some(PageType::Documentation);
        }
        if let Some(t) = self.url.as_deref().and_then(type_of_url) {
            return Some(t);
        }
        if self.has(ARTICLE) || self.og("article") {
            return Some(PageType::Article);
        }
        if self.has(ITEM_LIST) {
            return Some(PageType::Listing);
        }
        if self.has(SERVICE) {
            return Some(PageType::Service);
        }
        None
    }
}

/// `pre` and `code` elements that make a page documentation.
const CODE_ELEMENTS: u32 = 8;

/// A grid of cards that holds [`GRID_CONTENT`] of the main content or more (`main_content.rs`
/// finds it, as step 7b finds a grid outside the content): whether half its cards or more
/// show a price ([`shows_price`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CardGrid {
    pub(super) priced: bool,
}

/// The share of the main content's text that a grid of cards holds for the page to be read
/// as a list of them (a collection or a listing).
pub(super) const GRID_CONTENT: f32 = 0.3;

/// The page type as far as the page's markup and shape tell it: [`PageType::Other`] without
/// text, what the page says ([`Signals::said`]), a collection when the content is a grid of
/// priced cards and a listing when a grid of other cards, a service page when the main
/// content is the whole page rather than one block of it; `None` when only the content's
/// lines can tell ([`by_lines`]).
pub(super) fn classify(
    signals: &Signals,
    whole_page: bool,
    has_text: bool,
    grid: Option<CardGrid>,
) -> Option<PageType> {
    if !has_text {
        return Some(PageType::Other);
    }
    signals
        .said()
        .or(grid.map(|g| {
            if g.priced {
                PageType::Collection
            } else {
                PageType::Listing
            }
        }))
        .or(whole_page.then_some(PageType::Service))
}

/// Currency signs and the codes shops write beside a price.
const CURRENCIES: &[&str] = &[
    "$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₫", "₱", "₪", "USD", "EUR", "GBP", "CHF",
];

/// Whether a text shows a price: a currency sign or code and a digit.
pub(super) fn shows_price(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_digit()) && CURRENCIES.iter().any(|c| text.contains(c))
}

/// The mean length (characters) of a content's lines from which it reads as prose.
const PROSE_LINE: f32 = 80.0;

/// The type of a page that says nothing of itself, by the mean length of its content's
/// lines: an article's are paragraphs of prose, a service page's headings, claims and
/// buttons.
pub(super) fn by_lines(mean_line: f32) -> PageType {
    if mean_line >= PROSE_LINE {
        PageType::Article
    } else {
        PageType::Service
    }
}

/// The type names of a microdata `itemtype` (URLs, white space between): each URL's last
/// segment (`https://schema.org/Answer`: `Answer`).
pub(super) fn item_type_names(itemtype: &str) -> impl Iterator<Item = &str> {
    itemtype
        .split_ascii_whitespace()
        .map(|url| url.rsplit('/').next().unwrap_or(url))
}

fn is_json_ld(t: &str) -> bool {
    t.trim().eq_ignore_ascii_case("application/ld+json")
}

fn schema_bit(name: &str) -> u32 {
    SCHEMA_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(0, |&(_, b)| b)
}

/// The bits of the schema.org types a JSON-LD script names as `"@type": "T"` or
/// `"@type": ["T", …]` (read as text: a script that is not valid JSON still names them).
fn json_ld_types(doc: &Document<'_>, script: NodeId) -> u32 {
    let mut bits = 0;
    for c in doc.children(script) {
        let NodeData::Text(text) = doc.data(c) else {
            continue;
        };
        let mut rest: &str = text;
        while let Some(at) = rest.find("\"@type\"") {
            rest = rest[at + 7..].trim_start();
            let Some(r) = rest.strip_prefix(':') else {
                continue;
            };
            rest = r.trim_start();
            let list = rest.starts_with('[');
            if list {
                rest = &rest[1..];
            }
            // One string, or the strings of the list up to its `]`.
            loop {
                rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
                let Some(r) = rest.strip_prefix('"') else {
                    break;
                };
                let Some(end) = r.find('"') else {
                    return bits;
                };
                let name = &r[..end];
                bits |= schema_bit(name.rsplit('/').next().unwrap_or(name));
                rest = &r[end + 1..];
                if !list {
                    break;
                }
            }
        }
    }
    bits
}

/// The type a URL's path says (`/docs/…`, `/forum/…`, `/product/…`, …, or a forum engine's
/// thread page: `/viewtopic.php?t=…`), if any.
fn type_of_url(url: &str) -> Option<PageType> {
    // The path: after the scheme and host when there are some; without query and fragment.
    let path = match url.find("://") {
        Some(i) => url[i + 3..].find('/').map_or("", |j| &url[i + 3 + j..]),
        None => url,
    };
    let path = path.split(['?', '#']).next().unwrap_or("");
    let mut found = None;
    // The last directory segment that names a type decides (`/shop/product/x`: a product).
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let dirs = segments.len().saturating_sub(1);
    for seg in &segments[..dirs] {
        let seg = seg.to_ascii_lowercase();
        let t = match seg.as_str() {
            "docs" | "doc" | "documentation" | "reference" | "api" | "manual" | "guide"
            | "guides" => PageType::Documentation,
            "forum" | "forums" | "thread" | "threads" | "topic" | "t" | "questions"
            | "community" | "discussion" | "discussions" => PageType::Forum,
            "product" | "products" | "p" | "dp" | "item" => PageType::Product,
            "collection" | "collections" | "category" | "categories" | "shop" | "c" => {
                PageType::Collection
            }
            "service" | "services" | "solutions" | "pricing" | "features" => PageType::Service,
            _ => continue,
        };
        found = Some(t);
    }
    // The file (the last segment, after a directory or none) of a forum engine's thread.
    let file = segments.get(dirs).filter(|_| !path.ends_with('/'));
    let stem = file.and_then(|f| f.split('.').next()).unwrap_or("");
    if ["viewtopic", "showthread", "viewthread"]
        .iter()
        .any(|t| stem.eq_ignore_ascii_case(t))
    {
        return Some(PageType::Forum);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ParseOptions, parse_document_str};

    fn said(html: &str) -> Option<PageType> {
        let arena = crate::Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        Signals::of(&doc).said()
    }

    #[test]
    fn types_from_json_ld_microdata_og_and_urls() {
        let ld = |t: &str| format!("<script type=application/ld+json>{{\"@type\": {t}}}</script>");
        assert_eq!(said(&ld("\"Product\"")), Some(PageType::Product));
        assert_eq!(
            said(&ld("[\"ItemList\", \"Product\"]")),
            Some(PageType::Collection)
        );
        assert_eq!(said(&ld("\"QAPage\"")), Some(PageType::Forum));
        assert_eq!(said(&ld("\"NewsArticle\"")), Some(PageType::Article));
        assert_eq!(said(&ld("\"TechArticle\"")), Some(PageType::Documentation));
        assert_eq!(said(&ld("\"FAQPage\"")), Some(PageType::Service));
        assert_eq!(said(&ld("\"ItemList\"")), Some(PageType::Listing));
        assert_eq!(said(&ld("\"WebPage\"")), None);
        assert_eq!(
            said("<div itemscope itemtype=https://schema.org/Comment></div>"),
            Some(PageType::Forum)
        );
        assert_eq!(
            said("<meta property=og:type content=product.group>"),
            Some(PageType::Collection)
        );
        let canonical = |u: &str| format!("<link rel=canonical href='{u}'>");
        assert_eq!(
            said(&canonical("https://example.com/docs/install")),
            Some(PageType::Documentation)
        );
        assert_eq!(
            said(&canonical("https://example.com/t/why-is-it-slow/931828")),
            Some(PageType::Forum)
        );
        for thread in [
            "https://forums.example.org/viewtopic.php?f=20&t=487157",
            "https://example.com/forum/showthread.php?t=1930933",
            "viewtopic.php?id=309936",
        ] {
            assert_eq!(said(&canonical(thread)), Some(PageType::Forum), "{thread}");
        }
        assert_eq!(
            said(&canonical("https://example.com/viewtopic/")),
            None,
            "a directory, not the engine's file"
        );
        assert_eq!(
            said(&canonical("https://example.com/shop/product/blue-mug?x=1")),
            Some(PageType::Product)
        );
        assert_eq!(
            said(&canonical("https://example.com/docs")),
            None,
            "no directory"
        );
        assert_eq!(said(&canonical("https://example.com/news/rain")), None);
        assert_eq!(
            said(&"<pre>x</pre>".repeat(8)),
            Some(PageType::Documentation)
        );
        // Broken JSON-LD still names its types; an unterminated one ends the scan.
        assert_eq!(said(&ld("\"Product\", }}")), Some(PageType::Product));
        assert_eq!(said(&ld("[\"Prod")), None);
    }

    #[test]
    fn the_shape_decides_when_the_page_says_nothing() {
        let s = Signals::default();
        assert_eq!(classify(&s, true, true, None), Some(PageType::Service));
        assert_eq!(classify(&s, false, true, None), None);
        assert_eq!(classify(&s, false, false, None), Some(PageType::Other));
        // A grid of cards in the content: a collection when priced, else a listing, before
        // the whole page's guess; what the page says comes first.
        let priced = Some(CardGrid { priced: true });
        let plain = Some(CardGrid { priced: false });
        assert_eq!(classify(&s, true, true, priced), Some(PageType::Collection));
        assert_eq!(classify(&s, false, true, plain), Some(PageType::Listing));
        assert_eq!(classify(&s, false, false, plain), Some(PageType::Other));
        let arena = crate::Arena::new();
        let html = "<meta property=og:type content=article>";
        let article = Signals::of(&parse_document_str(&arena, html, &ParseOptions::default()));
        assert_eq!(
            classify(&article, false, true, plain),
            Some(PageType::Article)
        );
        assert!(shows_price("from $12.00") && shows_price("129,00 €") && shows_price("USD 5"));
        assert!(!shows_price("Item 12") && !shows_price("$ sign"));
        assert_eq!(by_lines(120.0), PageType::Article);
        assert_eq!(by_lines(30.0), PageType::Service);
        assert_eq!(PageType::Documentation.to_string(), "documentation");
    }
}
