//! The words of a page's interface that the main-content finder reads by their text, not
//! by the markup around them: the titles of boxes of links to other pages (step 10b) and
//! the labels of controls (step 9b). Whole, exact phrases (white space runs as one, case and
//! a final colon or arrow aside), mostly English: a list of common words, not a model of
//! language.

/// Whether a heading's text titles other pages: related articles, what to read or buy next
/// (white space runs as one, case and a final colon aside). English, with the common titles of
/// a few other languages.
pub(super) fn titles_other_pages(heading: &str) -> bool {
    let t = heading
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let t = t.trim_end_matches([':', '：']);
    if let Some(rest) = t.strip_prefix("more from ") {
        // "More from Bershka", "More from this brand".
        return rest.chars().count() <= 40;
    }
    matches!(
        t,
        "related"
            | "related articles"
            | "related posts"
            | "related stories"
            | "related content"
            | "related reading"
            | "related topics"
            | "related products"
            | "related links"
            | "related news"
            | "you may also like"
            | "you might also like"
            | "recent posts"
            | "popular posts"
            | "more stories"
            | "more articles"
            | "more like this"
            | "read next"
            | "most popular"
            | "ähnliche artikel"
            | "weitere artikel"
            | "articles similaires"
            | "à lire aussi"
            | "artículos relacionados"
            | "articoli correlati"
            | "相关文章"
            | "相关阅读"
            | "関連記事"
    )
}

/// Whether a block's text (white space runs as one, trimmed) is all a control's label: a
/// button or link of the page's interface ("Share", "Add to cart", "Sort by", "Read more"),
/// not its text, or an advertisement's. English, and the advertisement's label in a few
/// other languages; case and what follows the last letter or digit ("Read more »", "Sort
/// by:") aside.
pub(super) fn is_interface_label(text: &str) -> bool {
    if text.len() > INTERFACE_LABEL {
        return false;
    }
    let t = text
        .trim_end_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    matches!(
        t.as_str(),
        "share"
            | "email"
            | "subscribe"
            | "advertisement"
            | "anzeige"
            | "werbung"
            | "publicité"
            | "publicidad"
            | "pubblicità"
            | "广告"
            | "広告"
            | "광고"
            | "sponsored"
            | "loading"
            | "close"
            | "back"
            | "search"
            | "sort by"
            | "sorted by"
            | "compare"
            | "add to cart"
            | "add to bag"
            | "add to wishlist"
            | "shop now"
            | "view all"
            | "see all"
            | "read more"
            | "continue reading"
            | "learn more"
            | "see more"
            | "view more"
            | "load more"
    )
}

/// The longest text (bytes) that [`is_interface_label`] reads.
const INTERFACE_LABEL: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_and_labels_are_whole_phrases() {
        assert!(titles_other_pages("Related  Articles:"));
        assert!(titles_other_pages("More from Bershka"));
        assert!(titles_other_pages("関連記事"));
        assert!(!titles_other_pages("Related work on floods"));
        assert!(!titles_other_pages(&format!(
            "More from {}",
            "x".repeat(41)
        )));
        assert!(is_interface_label("Read more »"));
        assert!(is_interface_label("SORT BY:"));
        assert!(is_interface_label("广告"));
        assert!(!is_interface_label("Read more about the floods"));
        assert!(!is_interface_label("Next"));
    }
}
