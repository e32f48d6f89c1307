//! Parse a page's bytes as a browser does and walk the tree with node handles: the title, the
//! headings with their text, and every link with its text and `href`.
//!
//! `cargo run --example walk -- page.html` (any encoding: sniffed as a browser does).

use simdhtml::{Arena, ParseOptions, parse_document};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: walk PAGE.html")?;
    let bytes = std::fs::read(&path)?;
    let arena = Arena::new();
    let doc = parse_document(&arena, &bytes, &ParseOptions::default())?;
    println!("encoding: {}", doc.encoding().name());
    println!("title: {}", doc.title().unwrap_or_default());
    let Some(body) = doc.body() else {
        return Ok(());
    };
    for node in body.descendants().filter(|n| n.is_element()) {
        let name = node.name().unwrap_or_default();
        if matches!(name, "h1" | "h2" | "h3") {
            println!("{name}: {}", node.text().trim_end());
        } else if name == "a"
            && let Some(href) = node.attr("href")
        {
            println!("link: {href} ({})", node.text().trim_end());
        }
    }
    Ok(())
}
