//! Writes the generated pages of the repository's corpus, `corpus/generated/`.
//!
//! ```sh
//! cargo run -p xtask --bin gen_corpus            # writes corpus/generated/*.html
//! cargo run -p xtask --bin gen_corpus -- OUT_DIR # somewhere else
//! ```
//!
//! Deterministic: a fixed seed and a small xorshift generator, so the same pages come out on
//! every machine (`tests/corpus/generated.rs` checks the committed files equal this output).
//! Five kinds of page, each at two sizes (`-s`, a few KB; `-l`, tens of KB): a news article, a
//! long data table, a form-heavy page, a page with inline SVG and MathML, and a page heavy with
//! scripts and styles. All are UTF-8 with a `<meta charset>`.

use std::fmt::Write as _;
use std::path::PathBuf;

/// The seed every page's generator starts from (mixed with the page's index).
const SEED: u64 = 0x5EED_0FC0_4B05;

/// Words the prose is made of.
const WORDS: &[&str] = &[
    "the",
    "council",
    "river",
    "market",
    "said",
    "on",
    "tuesday",
    "new",
    "plan",
    "would",
    "build",
    "bridge",
    "across",
    "city",
    "residents",
    "and",
    "traders",
    "have",
    "waited",
    "for",
    "years",
    "while",
    "costs",
    "rose",
    "after",
    "a",
    "report",
    "found",
    "that",
    "water",
    "levels",
    "in",
    "spring",
    "were",
    "higher",
    "than",
    "expected",
    "engineers",
    "warned",
    "of",
    "delays",
    "but",
    "mayor",
    "promised",
    "work",
    "will",
    "start",
    "before",
    "winter",
    "école",
    "naïve",
    "café",
    "Straße",
    "über",
    "東京",
    "データ",
    "«quoted»",
    "—",
    "data",
    "system",
    "open",
    "source",
    "library",
    "parser",
    "browser",
    "standard",
    "test",
    "page",
    "results",
    "show",
];

/// A deterministic xorshift64* generator.
struct Rng(u64);

impl Rng {
    fn new(stream: u64) -> Self {
        Rng(SEED ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn word(&mut self) -> &'static str {
        WORDS[self.below(WORDS.len())]
    }

    /// A sentence of 6–20 words, capitalised, ending in a full stop.
    fn sentence(&mut self) -> String {
        let n = 6 + self.below(15);
        let mut s = String::new();
        for i in 0..n {
            let w = self.word();
            if i == 0 {
                let mut c = w.chars();
                if let Some(f) = c.next() {
                    s.extend(f.to_uppercase());
                    s.push_str(c.as_str());
                }
            } else {
                s.push(' ');
                s.push_str(w);
            }
        }
        s.push('.');
        s
    }

    /// A paragraph's inner HTML: sentences with the odd link, emphasis and reference.
    fn prose(&mut self, sentences: usize) -> String {
        let mut s = String::new();
        for i in 0..sentences {
            if i > 0 {
                s.push(' ');
            }
            match self.below(8) {
                0 => {
                    let w = self.word();
                    let id = self.below(1000);
                    let _ = write!(s, "<a href=\"/topics/{id}\">{w}</a> {}", self.sentence());
                }
                1 => {
                    let _ = write!(s, "<em>{}</em>", self.sentence());
                }
                2 => {
                    let _ = write!(
                        s,
                        "{} <strong>{} &amp; {}</strong>",
                        self.sentence(),
                        self.word(),
                        self.word()
                    );
                }
                _ => s.push_str(&self.sentence()),
            }
        }
        s
    }
}

/// The page's head: charset, title, a viewport and a stylesheet link.
fn head(title: &str, extra: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"/static/site.css\">\n{extra}</head>\n"
    )
}

/// The site's navigation bar and footer, shared by every page.
fn nav() -> &'static str {
    "<header class=\"site\"><a class=\"logo\" href=\"/\"><img src=\"/static/logo.svg\" alt=\"The Daily Parser\"></a>\n\
     <nav><ul><li><a href=\"/news/\">News</a></li><li><a href=\"/data/\">Data</a></li>\
     <li><a href=\"/forms/\">Forms</a></li><li><a href=\"https://example.org/about\">About</a></li></ul></nav></header>\n"
}

fn footer() -> &'static str {
    "<footer><p>&copy; 2026 The Daily Parser &middot; <a href=\"/privacy\">Privacy</a> &middot; \
     <a href=\"mailto:desk@example.org\">Contact</a></p></footer>\n</body>\n</html>\n"
}

/// A news article: headline, byline, figure, paragraphs with sub-headings, an aside and
/// related links.
fn news(rng: &mut Rng, paragraphs: usize) -> String {
    let headline = rng.sentence();
    let mut s = head(
        &headline,
        "<meta property=\"og:type\" content=\"article\">\n",
    );
    s.push_str("<body class=\"article\">\n");
    s.push_str(nav());
    let _ = write!(
        s,
        "<main>\n<article>\n<h1>{headline}</h1>\n<p class=\"byline\">By <a rel=\"author\" \
         href=\"/people/ana-li\">Ana Li</a> &middot; <time datetime=\"2026-03-{:02}\">March {}, \
         2026</time></p>\n<figure><img src=\"../img/bridge-{}.jpg\" alt=\"{}\" width=\"640\" \
         height=\"360\"><figcaption>{}</figcaption></figure>\n",
        1 + rng.below(28),
        1 + rng.below(28),
        rng.below(100),
        rng.word(),
        rng.sentence()
    );
    for i in 0..paragraphs {
        if i > 0 && i % 6 == 0 {
            let _ = writeln!(s, "<h2>{}</h2>", rng.sentence());
        }
        if i == 3 {
            let _ = writeln!(
                s,
                "<blockquote cite=\"https://example.org/statement\"><p>{}</p></blockquote>",
                rng.sentence()
            );
        }
        let n = 2 + rng.below(5);
        let _ = writeln!(s, "<p>{}</p>", rng.prose(n));
    }
    s.push_str("</article>\n<aside><h2>Related</h2><ul>\n");
    for _ in 0..5 {
        let id = rng.below(10_000);
        let _ = writeln!(s, "<li><a href=\"/news/{id}\">{}</a></li>", rng.sentence());
    }
    s.push_str("</ul></aside>\n</main>\n");
    s.push_str(footer());
    s
}

/// A long data table with a caption, a header row, numeric cells and a footer row.
fn table(rng: &mut Rng, rows: usize) -> String {
    let mut s = head("Station readings", "");
    s.push_str("<body>\n");
    s.push_str(nav());
    s.push_str(
        "<main>\n<h1>Station readings</h1>\n<p>Daily readings from river stations; values in \
         metres and &deg;C.</p>\n<table class=\"data\">\n<caption>Readings, spring 2026</caption>\n\
         <thead><tr><th scope=\"col\">Station</th><th scope=\"col\">Date</th>\
         <th scope=\"col\">Level (m)</th><th scope=\"col\">Temp (&deg;C)</th>\
         <th scope=\"col\">Note</th></tr></thead>\n<tbody>\n",
    );
    let mut total = 0u64;
    for r in 0..rows {
        let level = rng.below(900) as u64;
        total += level;
        let note = if rng.below(5) == 0 { rng.word() } else { "" };
        let _ = writeln!(
            s,
            "<tr><th scope=\"row\"><a href=\"/stations/{}\">S-{:03}</a></th><td>2026-04-{:02}</td>\
             <td>{}.{:02}</td><td>{}</td><td>{note}</td></tr>",
            r % 40,
            r % 40,
            1 + r % 30,
            level / 100,
            level % 100,
            rng.below(25),
        );
    }
    let _ = write!(
        s,
        "</tbody>\n<tfoot><tr><th>Total</th><td></td><td>{}.{:02}</td><td colspan=\"2\">{rows} \
         readings</td></tr></tfoot>\n</table>\n</main>\n",
        total / 100,
        total % 100
    );
    s.push_str(footer());
    s
}

/// A form-heavy page: fieldsets, labelled inputs of many types, selects, a textarea, buttons.
fn forms(rng: &mut Rng, groups: usize) -> String {
    let mut s = head("Apply for a permit", "");
    s.push_str("<body>\n");
    s.push_str(nav());
    s.push_str(
        "<main>\n<h1>Apply for a permit</h1>\n<form action=\"/permits/apply\" method=\"post\" \
         enctype=\"multipart/form-data\">\n<input type=\"hidden\" name=\"csrf\" value=\"c0ffee\">\n",
    );
    const TYPES: &[&str] = &[
        "text", "email", "tel", "number", "date", "url", "password", "checkbox", "radio",
    ];
    for g in 0..groups {
        let _ = writeln!(
            s,
            "<fieldset>\n<legend>Section {}: {}</legend>",
            g + 1,
            rng.word()
        );
        for f in 0..4 {
            let t = TYPES[rng.below(TYPES.len())];
            let id = format!("f{g}-{f}");
            let _ = writeln!(
                s,
                "<p><label for=\"{id}\">{} {}</label> <input type=\"{t}\" id=\"{id}\" \
                 name=\"{id}\"{}></p>",
                rng.word(),
                rng.word(),
                if rng.below(2) == 0 { " required" } else { "" }
            );
        }
        let _ = writeln!(s, "<p><label>Choice <select name=\"c{g}\">");
        for o in 0..5 {
            let _ = writeln!(
                s,
                "<option value=\"{o}\"{}>{}</option>",
                if o == 0 { " selected" } else { "" },
                rng.word()
            );
        }
        s.push_str("</select></label></p>\n");
        let _ = writeln!(
            s,
            "<p><label for=\"t{g}\">Details</label><br><textarea id=\"t{g}\" name=\"t{g}\" \
             rows=\"4\">\n{}</textarea></p>\n</fieldset>",
            rng.sentence()
        );
    }
    s.push_str(
        "<p><input type=\"file\" name=\"docs\" multiple> <input type=\"image\" \
         src=\"/static/send.png\" alt=\"Send\"></p>\n<p><button type=\"submit\">Apply</button> \
         <button type=\"submit\" formaction=\"/permits/draft\">Save draft</button> \
         <button type=\"reset\">Clear</button></p>\n</form>\n</main>\n",
    );
    s.push_str(footer());
    s
}

/// A page with inline SVG charts (with `foreignObject`, camel-case elements and attributes) and
/// MathML formulas (with `annotation-xml`).
fn svg_math(rng: &mut Rng, figures: usize) -> String {
    let mut s = head("Flow and level: the maths", "");
    s.push_str("<body>\n");
    s.push_str(nav());
    s.push_str("<main>\n<h1>Flow and level: the maths</h1>\n");
    for i in 0..figures {
        let _ = writeln!(s, "<p>{}</p>", rng.prose(3));
        let _ = write!(
            s,
            "<figure>\n<svg viewBox=\"0 0 200 100\" width=\"400\" height=\"200\" role=\"img\" \
             aria-labelledby=\"t{i}\"><title id=\"t{i}\">Chart {i}</title>\n\
             <defs><linearGradient id=\"g{i}\" gradientUnits=\"userSpaceOnUse\"><stop \
             offset=\"0\" stop-color=\"#06c\"/><stop offset=\"1\" stop-color=\"#fff\"/>\
             </linearGradient></defs>\n<path fill=\"url(#g{i})\" d=\"M0 100"
        );
        for x in (0..=200).step_by(20) {
            let _ = write!(s, " L{x} {}", rng.below(100));
        }
        let _ = write!(
            s,
            " L200 100 Z\"/>\n<text x=\"4\" y=\"12\">{}</text>\n<foreignObject x=\"120\" y=\"0\" \
             width=\"80\" height=\"30\"><p>{}</p></foreignObject>\n</svg>\n",
            rng.word(),
            rng.word()
        );
        let (a, b) = (1 + rng.below(9), 1 + rng.below(9));
        let _ = writeln!(
            s,
            "<figcaption>Level against time, station {i}.</figcaption>\n</figure>\n\
             <p>The flow is <math display=\"inline\"><mi>Q</mi><mo>=</mo><mfrac><mn>{a}</mn>\
             <mn>{b}</mn></mfrac><msup><mi>h</mi><mn>2</mn></msup></math> and in full:</p>\n\
             <math display=\"block\"><semantics><mrow><msqrt><mi>g</mi><mi>h</mi></msqrt><mo>&lt;\
             </mo><mi mathvariant=\"normal\">&pi;</mi></mrow><annotation-xml \
             encoding=\"text/html\"><span>sqrt(gh) &lt; pi</span></annotation-xml></semantics>\
             </math>"
        );
    }
    s.push_str("</main>\n");
    s.push_str(footer());
    s
}

/// A page heavy with scripts and styles: inline CSS, JSON-LD, scripts holding `<!--`,
/// `</scr' + 'ipt>` and `<\/script>`, a `<noscript>` fallback, a `<template>`, async and module
/// scripts.
fn scripts(rng: &mut Rng, blocks: usize) -> String {
    let extra = String::from(
        "<style>\nbody{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:42rem}\n\
         .card>h2::before{content:\"</style-not-closed>\"}\n@media (prefers-color-scheme:dark)\
         {body{background:#111;color:#eee}}\n</style>\n\
         <script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\
         \"NewsArticle\",\"headline\":\"Scripts & styles\",\"author\":{\"name\":\"A <b>Li</b>\"}}\
         </script>\n<script async src=\"https://cdn.example.net/analytics.js\"></script>\n\
         <script type=\"module\">import { start } from \"/static/app.mjs\"; start();</script>\n",
    );
    let mut s = head("Scripts & styles", &extra);
    s.push_str("<body>\n<noscript><p class=\"warn\">This page works better with JavaScript.</p></noscript>\n");
    s.push_str(nav());
    s.push_str("<main>\n<h1>Scripts &amp; styles</h1>\n");
    for i in 0..blocks {
        let _ = writeln!(
            s,
            "<section class=\"card\" id=\"c{i}\"><h2>{}</h2><p>{}</p></section>",
            rng.sentence(),
            rng.prose(2)
        );
        let _ = match i % 4 {
            0 => writeln!(
                s,
                "<script>\n<!--\nvar cards = cards || [];\ncards.push({{id: {i}, \
                 w: {}}});\nif (cards.length > 1 && cards[0].w < {}) {{ \
                 document.write('<p>' + cards.length + '</scr' + 'ipt>'); }}\n//-->\n</script>",
                rng.below(100),
                rng.below(100)
            ),
            1 => writeln!(
                s,
                "<script>var html{i} = \"<script>x()<\\/script>\"; /* </p> not a tag */</script>"
            ),
            2 => writeln!(
                s,
                "<style>#c{i}{{border:1px solid #{:03x}}} #c{i} p:after{{content:'&lt;'}}</style>",
                rng.below(4096)
            ),
            _ => writeln!(
                s,
                "<template id=\"tpl{i}\"><li class=\"row\"><a href=\"/item/{i}\">{}</a></li>\
                 </template>",
                rng.word()
            ),
        };
    }
    s.push_str(
        "<script src=\"/static/app.js\" defer></script>\n\
         <script>window.addEventListener('load', () => { for (const t of \
         document.querySelectorAll('template')) t.remove(); });</script>\n</main>\n",
    );
    s.push_str(footer());
    s
}

/// Every generated page: (file name, contents), in a fixed order.
pub fn pages() -> Vec<(String, String)> {
    type Gen = fn(&mut Rng, usize) -> String;
    let kinds: [(&str, Gen, usize, usize); 5] = [
        ("news", news, 8, 70),
        ("table", table, 40, 400),
        ("forms", forms, 2, 22),
        ("svg-math", svg_math, 2, 22),
        ("scripts", scripts, 6, 80),
    ];
    let mut out = Vec::new();
    for (k, (name, generate, small, large)) in kinds.into_iter().enumerate() {
        for (size, n) in [("s", small), ("l", large)] {
            let mut rng = Rng::new(2 * k as u64 + u64::from(size == "l"));
            out.push((format!("{name}-{size}.html"), generate(&mut rng, n)));
        }
    }
    out
}

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("corpus/generated"), PathBuf::from);
    std::fs::create_dir_all(&dir)?;
    let mut total = 0;
    for (name, html) in pages() {
        total += html.len();
        std::fs::write(dir.join(&name), html)?;
    }
    eprintln!(
        "wrote {} pages, {total} bytes, to {}",
        pages().len(),
        dir.display()
    );
    Ok(())
}
