//! The pseudo-classes that read an element's ancestors or its form, on pages 100,000 levels
//! deep and on twice that (issue 26): how much doubling the page costs (linear: 2x; an
//! ancestor walk per element: 4x).
//!
//! - `fieldsets`: one `fieldset disabled` around N nested `fieldset`s, `:disabled` (each is
//!   disabled by the outermost: 4.10.18.2);
//! - `fieldset-validity`: N nested `fieldset`s around a `required` input, `fieldset:invalid`
//!   (each is invalid by a control at the bottom);
//! - `controls`: N/2 levels of `<div><input required>`, `:invalid` (each input is barred if
//!   in a `datalist` or a disabled fieldset);
//! - `radios`: a `form` around N/2 levels of `<div><input type=radio name=g>`,
//!   `:indeterminate` (each radio's group: its form owner);
//! - `options`: a `select` around N/2 levels of `<div><option>`, `option:checked`
//!   (each option's select and the select's list of options);
//! - `lang`, `dir`, `editable`: N nested `div`s under a `<meta http-equiv=content-language>`,
//!   a `dir=rtl`, a `contenteditable`: `:lang(fr)`, `:dir(rtl)`, `:read-write`.
//!
//! As `benches/select_has.rs`: a short interleaved run prints the doubled-input ratio per
//! shape, then criterion times each size. Results: `docs/performance.md`, "CSS selectors".
//! Short run: `cargo bench --bench select_states -- --warm-up-time 1 --measurement-time 3`.

mod doubling;

use criterion::Criterion;
use doubling::Shape;

const SHAPES: &[Shape] = &[
    ("fieldsets", ":disabled", fieldsets),
    ("fieldset-validity", "fieldset:invalid", fieldset_validity),
    ("controls", ":invalid", controls),
    ("radios", ":indeterminate", radios),
    ("options", "option:checked", options),
    ("lang", ":lang(fr)", lang),
    ("dir", ":dir(rtl)", dir),
    ("editable", ":read-write", editable),
];

/// The smaller depth of each shape; the larger is twice it.
const N: usize = 100_000;

fn fieldsets(n: usize) -> String {
    format!("<fieldset disabled>{}", "<fieldset>".repeat(n))
}

fn fieldset_validity(n: usize) -> String {
    format!("{}<input required>", "<fieldset>".repeat(n))
}

fn controls(n: usize) -> String {
    "<div><input required>".repeat(n / 2)
}

fn radios(n: usize) -> String {
    format!("<form>{}", "<div><input type=radio name=g>".repeat(n / 2))
}

fn options(n: usize) -> String {
    format!("<select>{}", "<div><option>x</option>".repeat(n / 2))
}

fn lang(n: usize) -> String {
    format!(
        "<meta http-equiv=content-language content=fr>{}",
        "<div>".repeat(n)
    )
}

fn dir(n: usize) -> String {
    format!("<div dir=rtl>{}", "<div>".repeat(n))
}

fn editable(n: usize) -> String {
    format!("<div contenteditable>{}", "<div>".repeat(n))
}

fn bench(c: &mut Criterion) {
    doubling::run(c, "select-states", SHAPES, N, (2, 11), Some(10));
}

criterion::criterion_group!(benches, bench);
criterion::criterion_main!(benches);
