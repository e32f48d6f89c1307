//! What kind of page a document is ([`PageType`]): an article, a forum thread, a product, a
//! collection of products, a listing, documentation, a service or landing page, or none of
//! these. The main content is read by the page's shape (`main_content.rs`), and crawl
//! pipelines keep or route pages by their kind.
//!
//! The type is read from what the page says of itself and from its shape. What it says, by
//! these rules, the first that applies (`Signals::said`):
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
//!    an article; an `ItemList` is a listing; `Service`, `LocalBusiness`, `FAQPage` a service.
//!
//! The main content's finder uses what the page says (a discussion's comments are content, a
//! product's reviews are not). The type itself is a linear model's (`model.rs`, a
//! multinomial logistic regression trained on WCXB's development split): its 92 features are
//! what the rules above say, the schema.org types, `og:type` and the code elements behind
//! them, the URL's path (its length, segments, a year, a run of digits, 48 words such as
//! `products`, `blog`, `docs`, `t`, `jobs`), the page's shape as the finder measured it (the
//! chosen block's share of the page's text, the page's link density, whether the content is
//! the whole page, a grid of cards and whether its cards show prices, a main landmark) and
//! the content's lines (how many, their mean length, the shares of short and long lines and
//! of lines with a price). A page without text is none of the kinds ([`PageType::Other`]).
//!
//! On WCXB's development split (seven types, `docs/extraction.md`) the model gives the
//! labelled type for 0.82 of the pages when each fifth by domain is typed by a model fitted
//! on the other four (the rules alone, with a grid of cards, the whole page and the lines'
//! length as the shape's verdict, gave 0.745): most articles, forums, products and
//! documentation pages, fewer services, collections and listings, whose markup rarely says
//! what they are.

use crate::dom::{Document, NodeData, NodeId};
use crate::markup::{Namespace, Tag};

mod model;

pub(super) use model::{Facts, Shape, classify};

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

/// Currency signs and the codes shops write beside a price.
const CURRENCIES: &[&str] = &[
    "$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₫", "₱", "₪", "USD", "EUR", "GBP", "CHF",
];

/// Whether a text shows a price: a currency sign or code and a digit.
pub(super) fn shows_price(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_digit()) && CURRENCIES.iter().any(|c| text.contains(c))
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

/// A URL's path: after the scheme and host when there are some; without query and fragment.
fn url_path(url: &str) -> &str {
    let path = match url.find("://") {
        Some(i) => url[i + 3..].find('/').map_or("", |j| &url[i + 3 + j..]),
        None => url,
    };
    path.split(['?', '#']).next().unwrap_or("")
}

/// The type a URL's path says (`/docs/…`, `/forum/…`, `/product/…`, …, or a forum engine's
/// thread page: `/viewtopic.php?t=…`), if any.
fn type_of_url(url: &str) -> Option<PageType> {
    let path = url_path(url);
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

    fn typed(html: &str) -> PageType {
        let arena = crate::Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        crate::extract::MainContent::find(&doc).page_type(&doc)
    }

    #[test]
    fn the_model_reads_what_the_page_says_and_its_shape() {
        let prose = "<p>The rain came down all day, and then, in the evening, it came down \
                     harder still, filling the gutters and the streets of the old town.</p>"
            .repeat(12);
        let article = format!(
            "<meta property=og:type content=article>\
             <link rel=canonical href=https://news.example/2024/05/rain.html>\
             <nav><a href=/>Home</a></nav><article><h1>Rain</h1>{prose}</article>"
        );
        assert_eq!(typed(&article), PageType::Article);
        let replies: String = (0..6)
            .map(|i| {
                format!(
                    "<div class=post><p>Reply {i}: I had the same trouble with the \
                 driver, and a clean install of the last version fixed it for me.</p></div>"
                )
            })
            .collect();
        let thread = format!(
            "<script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script>\
             <link rel=canonical href=https://forum.example/t/driver-trouble/123>{replies}"
        );
        assert_eq!(typed(&thread), PageType::Forum);
        let code = "<h2>Install</h2><p>Run the installer, then check the version.</p>\
                    <pre><code>pip install thing</code></pre>"
            .repeat(6);
        let docs = format!("<link rel=canonical href=https://thing.example/docs/install/>{code}");
        assert_eq!(typed(&docs), PageType::Documentation);
        let product = "<script type=application/ld+json>{\"@type\": \"Product\"}</script>\
            <link rel=canonical href=https://shop.example/products/blue-mug>\
            <h1>Blue mug</h1><p>$12.00</p><p>A stoneware mug, glazed by hand, that holds \
            350 ml of coffee and keeps it warm.</p><button>Add to cart</button>";
        assert_eq!(typed(product), PageType::Product);
        // Without text, none of them.
        assert_eq!(typed("<title>Empty</title>"), PageType::Other);
        assert!(shows_price("from $12.00") && shows_price("129,00 €") && shows_price("USD 5"));
        assert!(!shows_price("Item 12") && !shows_price("$ sign"));
        assert_eq!(PageType::Documentation.to_string(), "documentation");
    }

    #[test]
    fn the_features_read_the_urls_words_and_the_og_type() {
        let arena = crate::Arena::new();
        let html = "<meta property=og:type content=product.group>\
                    <link rel=canonical href=https://shop.example/Collections/Mugs-2024?page=2>";
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        let signals = Signals::of(&doc);
        let f = Facts::of(&signals, &Shape::default()).features("");
        let on = |name: &str| f[model::feature_index(name).expect(name)];
        assert_eq!(on("og:product.group"), 1.0);
        assert_eq!(on("og:article"), 0.0);
        assert_eq!(on("url:collections"), 1.0);
        assert!(
            model::feature_index("url:mugs").is_none(),
            "not a word the model reads"
        );
        assert_eq!(on("url:query"), 1.0);
        assert_eq!(on("url:segments"), 2.0);
        assert_eq!(on("said:collection"), 1.0);
    }
}
