//! The page type by a linear model of what the page says and what its shape is: a
//! multinomial logistic regression over [`FEATURES`] numbers of the page ([`features`]),
//! trained on WCXB's development split (`xtask/page_type_model.py`, which writes
//! `weights.rs`; `docs/extraction.md`, "The page type"). The rules of the module above are
//! its inputs, not its verdict: a page's `og:type` or URL often says less than its shape.

use super::{
    ARTICLE, COLLECTION, COMMENT, CardGrid, DISCUSSION, ITEM_LIST, PRODUCT, PageType, SERVICE,
    Signals, TECH, shows_price, url_path,
};

mod weights;

/// The types the model tells apart, in the order of its weights' rows.
const TYPES: [PageType; 7] = [
    PageType::Article,
    PageType::Forum,
    PageType::Product,
    PageType::Collection,
    PageType::Listing,
    PageType::Documentation,
    PageType::Service,
];

/// The `og:type`s the model tells apart (any other is one feature).
const OG_TYPES: [&str; 4] = ["article", "product", "product.group", "website"];

/// The words of a URL's path the model reads (each a feature: the path holds it as a word,
/// its letters and digits between other characters).
const URL_WORDS: [&str; 48] = [
    "product",
    "products",
    "p",
    "dp",
    "item",
    "collection",
    "collections",
    "category",
    "categories",
    "shop",
    "store",
    "c",
    "b",
    "s",
    "search",
    "list",
    "blog",
    "news",
    "article",
    "articles",
    "post",
    "posts",
    "story",
    "docs",
    "doc",
    "documentation",
    "reference",
    "api",
    "guide",
    "guides",
    "learn",
    "forum",
    "forums",
    "t",
    "thread",
    "threads",
    "topic",
    "questions",
    "community",
    "discussion",
    "service",
    "services",
    "solutions",
    "pricing",
    "features",
    "jobs",
    "events",
    "html",
];

/// Features that need no text: the schema.org types (8), `og:type` (5), code elements (1),
/// what the rules say (8), the URL (6 and [`URL_WORDS`]), the shape (11).
const FIXED: usize = 8 + 5 + 1 + 8 + 6 + URL_WORDS.len() + 11;
/// The features of the content's lines: how many, their mean length, the shares of lines
/// with a price, short lines and long lines.
const TEXT: usize = 5;
/// The number of features of a page.
pub(crate) const FEATURES: usize = FIXED + TEXT;

/// The page's shape, as the main content's finder measured it (`main_content.rs`).
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::extract) struct Shape {
    /// The chosen block's share of the page's text (weighted characters, step 7's counts).
    pub(in crate::extract) share: f32,
    /// The link density of the page without its furniture.
    pub(in crate::extract) link_density: f32,
    /// The content is the whole page (less its furniture), not one block.
    pub(in crate::extract) whole: bool,
    /// The page has a main landmark (`main`, role `main`).
    pub(in crate::extract) main_landmark: bool,
    /// The attempt that found the content (0: the strictest; step 6).
    pub(in crate::extract) attempt: usize,
    /// The text of the page without its furniture, and of the chosen block (weighted
    /// characters).
    pub(in crate::extract) page_text: f32,
    pub(in crate::extract) content_text: f32,
    /// The grid of cards that holds the content, if any.
    pub(in crate::extract) grid: Option<CardGrid>,
}

/// The features of a page that need no text ([`Facts::of`]), kept with its main content
/// until the type is asked for.
#[derive(Clone, Debug)]
pub(in crate::extract) struct Facts([f32; FIXED]);

fn bit(b: bool) -> f32 {
    f32::from(u8::from(b))
}

fn ln(x: f32) -> f32 {
    x.max(0.0).ln_1p()
}

/// Gives each feature of the page that needs no text to `put`, in order: a group's name, the
/// feature's name in it, its value.
fn fixed_features(signals: &Signals, shape: &Shape, put: &mut impl FnMut(&str, &str, f32)) {
    for (b, name) in [
        (DISCUSSION, "DiscussionForumPosting"),
        (COMMENT, "Comment"),
        (PRODUCT, "Product"),
        (ITEM_LIST, "ItemList"),
        (COLLECTION, "CollectionPage"),
        (TECH, "TechArticle"),
        (ARTICLE, "Article"),
        (SERVICE, "Service"),
    ] {
        put("schema", name, bit(signals.has(b)));
    }
    let og = signals.og_type.as_deref();
    for t in OG_TYPES {
        put("og", t, bit(og == Some(t)));
    }
    put(
        "og",
        "other",
        bit(og.is_some_and(|o| !OG_TYPES.contains(&o))),
    );
    put("code", "elements", ln(signals.code as f32));
    let said = signals.said();
    for t in TYPES {
        put("said", t.as_str(), bit(said == Some(t)));
    }
    put("said", "none", bit(said.is_none()));
    let url = signals.url.as_deref().unwrap_or("");
    let path = url_path(url);
    put("url", "present", bit(!url.is_empty()));
    put(
        "url",
        "segments",
        path.split('/').filter(|s| !s.is_empty()).count() as f32,
    );
    put("url", "digits", bit(has_digit_run(path, 4)));
    put("url", "year", bit(path.split('/').any(is_year)));
    put("url", "length", ln(path.len() as f32));
    put("url", "query", bit(url.contains('?')));
    // The path's words read once, each marking the word of `URL_WORDS` it is.
    let mut words = [false; URL_WORDS.len()];
    for p in path.split(|c: char| !c.is_ascii_alphanumeric()) {
        if let Some(k) = URL_WORDS.iter().position(|w| p.eq_ignore_ascii_case(w)) {
            words[k] = true;
        }
    }
    for (w, has) in URL_WORDS.into_iter().zip(words) {
        put("url", w, bit(has));
    }
    put("shape", "share", shape.share);
    put("shape", "link_density", shape.link_density);
    put("shape", "whole", bit(shape.whole));
    // A forum thread by what the page says (as the finder's thread rules read it).
    let thread = signals.is_discussion() || said == Some(PageType::Forum);
    put("shape", "thread", bit(thread));
    put("shape", "main_landmark", bit(shape.main_landmark));
    put("shape", "attempt", shape.attempt as f32);
    put("shape", "page_text", ln(shape.page_text));
    put("shape", "content_text", ln(shape.content_text));
    put("grid", "plain", bit(shape.grid.is_some_and(|g| !g.priced)));
    put("grid", "priced", bit(shape.grid.is_some_and(|g| g.priced)));
    put("grid", "none", bit(shape.grid.is_none()));
}

/// The names of the features of the content's lines, in order.
#[cfg(test)]
const TEXT_FEATURES: [&str; TEXT] = ["lines", "mean_line", "priced", "short", "long"];

/// Where the feature `group:name` is (`url:collections`, `shape:whole`, `text:lines`), if
/// the model reads one of that name.
#[cfg(test)]
pub(super) fn feature_index(name: &str) -> Option<usize> {
    let mut names = Vec::new();
    fixed_features(&Signals::default(), &Shape::default(), &mut |g, n, _| {
        names.push(format!("{g}:{n}"));
    });
    names.extend(TEXT_FEATURES.iter().map(|n| format!("text:{n}")));
    names.iter().position(|n| n == name)
}

impl Facts {
    pub(in crate::extract) fn of(signals: &Signals, shape: &Shape) -> Facts {
        let mut f = [0.0; FIXED];
        let mut k = 0;
        fixed_features(signals, shape, &mut |_, _, v| {
            f[k] = v;
            k += 1;
        });
        debug_assert_eq!(k, FIXED);
        Facts(f)
    }

    /// The page's features: these and those of the content's `text` (one line per block).
    pub(in crate::extract) fn features(&self, text: &str) -> [f32; FEATURES] {
        let mut f = [0.0; FEATURES];
        f[..FIXED].copy_from_slice(&self.0);
        let (mut lines, mut chars, mut priced, mut short, mut long) = (0usize, 0usize, 0, 0, 0);
        for l in text.lines().filter(|l| !l.trim().is_empty()) {
            let n = l.chars().count();
            lines += 1;
            chars += n;
            priced += usize::from(shows_price(l));
            short += usize::from(n < 30);
            long += usize::from(n > 150);
        }
        let share = |x: usize| x as f32 / lines.max(1) as f32;
        // In the order of `TEXT_FEATURES`.
        f[FIXED..].copy_from_slice(&[
            ln(lines as f32),
            share(chars) / 100.0,
            share(priced),
            share(short),
            share(long),
        ]);
        f
    }
}

/// The type whose score is highest for `features` (ties: the first in [`TYPES`]).
pub(in crate::extract) fn classify(features: &[f32; FEATURES]) -> PageType {
    let mut best = (f32::NEG_INFINITY, PageType::Article);
    for (t, (w, b)) in TYPES.iter().zip(weights::WEIGHTS.iter().zip(weights::BIAS)) {
        let score = b + w.iter().zip(features).map(|(w, x)| w * x).sum::<f32>();
        if score > best.0 {
            best = (score, *t);
        }
    }
    best.1
}

fn has_digit_run(s: &str, n: usize) -> bool {
    let mut run = 0;
    for b in s.bytes() {
        run = if b.is_ascii_digit() { run + 1 } else { 0 };
        if run >= n {
            return true;
        }
    }
    false
}

/// A path segment that is a year of this or the last century (`/2024/05/…`).
fn is_year(seg: &str) -> bool {
    seg.len() == 4
        && (seg.starts_with("19") || seg.starts_with("20"))
        && seg.bytes().all(|b| b.is_ascii_digit())
}
