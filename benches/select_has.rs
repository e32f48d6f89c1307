//! `:has()` and the combinators on the page shapes that make a naive matcher quadratic
//! (issue 26), each at a size and at twice that size: how much doubling the page costs
//! (linear: 2x; quadratic: 4x).
//!
//! - `deep`: `div`s nested N deep around one link, `div:has(a)` (each `div` looks at its
//!   whole subtree);
//! - `wide`: one list of N items, `li:has(~ li:last-child)` (each item looks at every later
//!   one);
//! - `mixed`: N `div`s in levels of ten siblings, each level inside the last `div` of the one
//!   above, `.s:has(~ .s a)` (each `div` looks at its later siblings' subtrees);
//! - `deep-chain`: N levels of `<div><p><a>`, each inside the last, `section :not(div) a` (a
//!   matcher from the right walks every link's ancestors to the root: no `section`);
//! - `wide-chain`: one list of N items, `.x ~ li` (each item's earlier siblings: no `.x`);
//! - `mixed-chain`: the `mixed` levels with a link in each `div`, `.t ~ .s a` (each link's
//!   ancestors and their earlier siblings: no `.t`).
//!
//! Each group times `doc.select(&s).count()` on the parsed page at both sizes. Before the
//! groups, a short interleaved run (the two sizes in turn, the median of each) prints the
//! doubled-input ratio per shape, which wall-clock noise on a shared machine moves less than
//! it moves two separate measurements. Results: `docs/performance.md`, "CSS selectors".
//! Short run: `cargo bench --bench select_has -- --warm-up-time 1 --measurement-time 3`.

mod doubling;

use criterion::Criterion;
use doubling::Shape;

const SHAPES: &[Shape] = &[
    ("deep", "div:has(a)", deep),
    ("wide", "li:has(~ li:last-child)", wide),
    ("mixed", ".s:has(~ .s a)", mixed),
    ("deep-chain", "section :not(div) a", deep_chain),
    ("wide-chain", ".x ~ li", wide),
    ("mixed-chain", ".t ~ .s a", mixed_chain),
];

/// The smaller size of each shape; the larger is twice it.
const N: usize = 20_000;

fn deep(n: usize) -> String {
    format!("{}<a href=x>a</a>", "<div>".repeat(n))
}

fn wide(n: usize) -> String {
    format!("<ul>{}</ul>", "<li>x".repeat(n))
}

fn mixed(n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n / 10 {
        s.push_str(&"<div class=s></div>".repeat(9));
        s.push_str("<div class=s>");
    }
    s.push_str("<a>a</a>");
    s
}

fn deep_chain(n: usize) -> String {
    "<div><p><a href=x>a</a></p>".repeat(n / 3)
}

fn mixed_chain(n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n / 20 {
        s.push_str(&"<div class=s><a>a</a></div>".repeat(9));
        s.push_str("<div class=s><a>a</a>");
    }
    s
}

fn bench(c: &mut Criterion) {
    doubling::run(c, "select", SHAPES, N, (3, 31), None);
}

criterion::criterion_group!(benches, bench);
criterion::criterion_main!(benches);
