//! Every label of the Encoding Standard (`spec/encodings.json`, the table 13.2.3.3 points to)
//! resolves, through the input layer's "get an encoding", to the encoding the table names.

use crate::common;

use simdhtml::input::{
    Encoding, InputOptions, extract_meta_charset, prescan, sniff, transport_charset,
};

/// (label, name) for every label in `encodings.json` (whatwg/encoding's table, in the shared
/// folder as `spec/encodings.json`); `None` after the `skipped:` line for `test` when it is
/// missing.
fn labels(test: &str) -> Option<Vec<(String, String)>> {
    let path = common::require_data(test, common::shared_dir().join("spec/encodings.json"))?;
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|err| common::missing_data(&path, err));
    let groups: serde_json::Value = serde_json::from_str(&text).expect("encodings.json is JSON");
    let mut labels = Vec::new();
    for group in groups.as_array().expect("an array of groups") {
        for encoding in group["encodings"].as_array().expect("encodings") {
            let name = encoding["name"].as_str().expect("name").to_string();
            for label in encoding["labels"].as_array().expect("labels") {
                labels.push((label.as_str().expect("label").to_string(), name.clone()));
            }
        }
    }
    assert!(!labels.is_empty(), "no labels in {}", path.display());
    Some(labels)
}

#[test]
fn every_label_resolves_to_its_encoding() {
    let Some(labels) = labels("every_label_resolves_to_its_encoding") else {
        return;
    };
    let mut wrong = Vec::new();
    for (label, name) in &labels {
        // As a transport charset: ASCII case-insensitive, surrounding whitespace ignored.
        let transport =
            transport_charset(&format!(" \t{}\n", label.to_ascii_uppercase())).map(|encoding| {
                let options = InputOptions {
                    transport_charset: Some(encoding),
                    ..InputOptions::default()
                };
                sniff(b"", &options).encoding.name()
            });
        // In a `content` attribute and through `Encoding::for_label`.
        let content = extract_meta_charset(&format!("text/html; charset={label}"));
        let direct = Encoding::for_label(label.as_bytes());
        if transport != Ok(name.as_str())
            || content.map(Encoding::name) != Some(name.as_str())
            || direct.map(Encoding::name) != Some(name.as_str())
        {
            wrong.push(format!(
                "{label}: want {name}, got {transport:?} / {content:?} / {direct:?}"
            ));
        }
    }
    println!(
        "encoding labels: {}/{} resolve",
        labels.len() - wrong.len(),
        labels.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_label_in_meta_charset_follows_the_prescan_adjustments() {
    let Some(labels) = labels("every_label_in_meta_charset_follows_the_prescan_adjustments") else {
        return;
    };
    for (label, name) in labels {
        let expected = match name.as_str() {
            "UTF-16BE" | "UTF-16LE" => "UTF-8",
            "x-user-defined" => "windows-1252",
            other => other,
        };
        let html = format!("<meta charset=\"{label}\">");
        assert_eq!(
            prescan(html.as_bytes()).map(Encoding::name),
            Some(expected),
            "{label}"
        );
    }
}
