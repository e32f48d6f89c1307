//! `selectedcontent` (HTML Standard 4.10.10, "maybe clone an option into selectedcontent"): the
//! parser clones the selected option's children into the select's `selectedcontent` when it
//! pops that option, the selected option being the one the selectedness setting algorithm picks
//! from the attributes: the last option with `selected`, else the first option that is not
//! disabled (its own `disabled`, or a disabled optgroup parent); nothing for `multiple`.

use simdhtml::{Arena, ParseOptions, parse_document_str};

/// The text inside the first `selectedcontent` after parsing `select_body` inside
/// `<select>` with a `<button><selectedcontent>` first (the customizable select's shape).
fn selected_text(select_attrs: &str, options: &str) -> String {
    let arena = Arena::new();
    let html = format!(
        "<select{select_attrs}><button><selectedcontent></selectedcontent></button>{options}</select>"
    );
    let doc = parse_document_str(&arena, arena.alloc_str(&html), &ParseOptions::default());
    let sc = doc
        .document_node()
        .descendants()
        .find(|n| n.is_html_element("selectedcontent"))
        .expect("a selectedcontent");
    sc.text_content()
}

#[test]
fn the_last_option_with_selected_wins() {
    assert_eq!(
        selected_text("", "<option>a<option selected>b<option selected>c<option>d"),
        "c"
    );
    assert_eq!(
        selected_text("", "<option>a<option selected>b<option>c"),
        "b"
    );
}

#[test]
fn without_selected_the_first_option_that_is_not_disabled() {
    assert_eq!(selected_text("", "<option>a<option>b"), "a");
    assert_eq!(selected_text("", "<option disabled>a<option>b"), "b");
    // A disabled optgroup disables its option children.
    assert_eq!(
        selected_text("", "<optgroup disabled><option>a</optgroup><option>b"),
        "b"
    );
    assert_eq!(
        selected_text("", "<optgroup><option>a</optgroup><option>b"),
        "a"
    );
    // A disabled option with `selected` is still the selected one.
    assert_eq!(
        selected_text("", "<option>a<option disabled selected>b"),
        "b"
    );
}

#[test]
fn the_option_content_is_cloned_with_its_markup() {
    let arena = Arena::new();
    let html = "<select><button><selectedcontent></selectedcontent></button>\
                <option><b>bold</b> <img alt=x>text</option></select>";
    let doc = parse_document_str(&arena, html, &ParseOptions::default());
    let sc = doc
        .document_node()
        .descendants()
        .find(|n| n.is_html_element("selectedcontent"))
        .unwrap();
    assert_eq!(sc.inner_html(), "<b>bold</b> <img alt=\"x\">text");
}

#[test]
fn a_multiple_select_clones_nothing() {
    assert_eq!(
        selected_text(" multiple", "<option>a<option selected>b"),
        ""
    );
}

#[test]
fn a_long_select_stays_linear_and_correct() {
    // 20,000 options: the walk is remembered, not repeated per option.
    let mut options = String::new();
    for i in 0..20_000 {
        options.push_str(&format!("<option>{i}"));
    }
    assert_eq!(selected_text("", &options), "0");
    options.push_str("<option selected>last");
    assert_eq!(selected_text("", &options), "last");
}
