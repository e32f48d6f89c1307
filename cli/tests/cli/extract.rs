//! The extraction options of `simdhtml text` and the extraction fields of `batch`, run as the
//! built binary: `text --main` and `batch --fields main_text`.

use crate::common;

use common::cli::simdhtml;

/// An article page with the furniture around it: navigation, a share bar, related links, a
/// comment section and a footer.
const ARTICLE: &str = "<!doctype html><html lang=en><title>Rain falls - The Daily</title>\
    <body><header class=site-header><a href=/>The Daily</a></header>\
    <nav><ul><li><a href=/news>News</a><li><a href=/sport>Sport</a></ul></nav>\
    <main><article><h1>Rain falls</h1><p class=byline>By A. Writer</p>\
    <p>It rained all day, and then, in the evening, it rained a good deal more.</p>\
    <div class=share><a href=/s/fb>Share</a> <a href=/s/tw>Tweet</a></div>\
    <h2>What next</h2>\
    <p>Tomorrow, forecasters say, the sun will come out, at least for a while, and dry things.</p>\
    <p>Umbrellas, they add, should stay near the door all the same, just in case it turns.</p>\
    </article><aside><h3>Related</h3><ul><li><a href=/a>Snow</a><li><a href=/b>Hail</a></ul>\
    </aside><section id=comments><p>First!</p></section></main>\
    <footer>© The Daily, all rights reserved</footer></body></html>";

const ARTICLE_TEXT: &str = "It rained all day, and then, in the evening, it rained a good deal more.\n\
    What next\n\
    Tomorrow, forecasters say, the sun will come out, at least for a while, and dry things.\n\
    Umbrellas, they add, should stay near the door all the same, just in case it turns.\n";

#[test]
fn text_main_prints_the_article_without_the_furniture() {
    let (code, out, err) = simdhtml(&["text", "--main", "-"], ARTICLE.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, ARTICLE_TEXT);
    // Without --main: everything visible.
    let (_, all, _) = simdhtml(&["text", "-"], ARTICLE.as_bytes());
    assert!(all.contains("Sport") && all.contains("First!"), "{all}");
}

#[test]
fn batch_main_text_field() {
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("a.html");
    std::fs::write(&page, ARTICLE).unwrap();
    let path = page.display().to_string();
    let (code, out, err) = simdhtml(&["batch", &path, "--fields", "title,main_text"], b"");
    assert_eq!(code, 0, "{err}");
    let rec: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(rec["title"], "Rain falls - The Daily");
    assert_eq!(rec["main_text"], ARTICLE_TEXT);
}

#[test]
fn batch_language_field_reads_the_main_text_not_the_declared_lang() {
    let tmp = tempfile::tempdir().unwrap();
    // Declared English, written in German; its furniture in English.
    let de = ARTICLE.replace(
        "It rained all day, and then, in the evening, it rained a good deal more.",
        "Es hat den ganzen Tag geregnet, und am Abend hat es noch viel mehr geregnet, so \
         dass die Straßen der Stadt unter Wasser standen und niemand mehr nach draußen ging.",
    );
    let pages = [
        ("en.html", ARTICLE.to_owned()),
        ("de.html", de),
        ("none.html", "<p>1 2 3".into()),
    ];
    let mut paths = Vec::new();
    for (name, html) in &pages {
        let p = tmp.path().join(name);
        std::fs::write(&p, html).unwrap();
        paths.push(p.display().to_string());
    }
    let mut args = vec!["batch", "--fields", "lang,language,title"];
    args.extend(paths.iter().map(String::as_str));
    let (code, out, err) = simdhtml(&args, b"");
    assert_eq!(code, 0, "{err}");
    let recs = common::cli::json_lines(&out);
    let got: Vec<(&str, Option<&str>)> = recs
        .iter()
        .map(|r| (r["lang"].as_str().unwrap_or("-"), r["language"].as_str()))
        .collect();
    assert_eq!(got, [("en", Some("en")), ("en", Some("de")), ("-", None)]);
    for r in &recs[..2] {
        let score = r["language_score"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&score), "{r}");
        // `language` and its score come where `--fields` puts `language`.
        let keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "path",
                "bytes",
                "encoding",
                "lang",
                "language",
                "language_score",
                "title"
            ]
        );
    }
    assert!(recs[2]["language_score"].is_null());
    // Not asked, not there.
    let (_, out, _) = simdhtml(&["batch", &paths[0], "--fields", "title,text,links"], b"");
    assert!(!out.contains("language"), "{out}");
}

#[test]
fn an_undeclared_utf8_file_is_read_as_utf8_unless_no_guess_utf8() {
    let page = "<p>Un café, s'il vous plaît, et une crème brûlée.</p>".repeat(20);
    let (code, out, err) = simdhtml(&["text", "-"], page.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Un café, s'il vous plaît"), "{out}");
    // As a page from the network: the guess is never UTF-8.
    let (code, out, err) = simdhtml(&["text", "--no-guess-utf8", "-"], page.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Un cafÃ©"), "{out}");
    // The same rule in every page command and in batch.
    let (_, out, _) = simdhtml(&["html", "-"], page.as_bytes());
    assert!(out.contains("Un café"), "{out}");
    let (_, out, _) = simdhtml(&["tree", "--no-guess-utf8", "-"], page.as_bytes());
    assert!(out.contains("Un cafÃ©"), "{out}");
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("cafe.html");
    std::fs::write(&path, &page).unwrap();
    let path = path.to_str().unwrap();
    for (flags, want) in [
        (&[][..], "UTF-8"),
        (&["--no-guess-utf8"][..], "windows-1252"),
    ] {
        let mut args = vec!["batch", path, "--fields", "text"];
        args.extend_from_slice(flags);
        let (code, out, err) = simdhtml(&args, b"");
        assert_eq!(code, 0, "{err}");
        let rec: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
        assert_eq!(rec["encoding"], want, "{flags:?}");
    }
    let (_, out, _) = simdhtml(&["encoding", path], b"");
    assert!(out.ends_with("\tUTF-8\tutf8\n"), "{out}");
    let (_, out, _) = simdhtml(&["encoding", "--no-guess-utf8", path], b"");
    assert!(out.ends_with("\twindows-1252\tguess\n"), "{out}");
}

#[test]
fn text_alt_and_links_write_alt_text_and_urls_inline() {
    let page = b"<p>A <img src=c.png alt=cat> and <a href='/dogs'>dogs</a>.\
        <table><tr><th>Day<th>Rain<tr><td>Mon<td>2 mm</table>";
    let (_, out, _) = simdhtml(&["text", "-"], page);
    assert_eq!(out, "A and dogs.\nDay\tRain\nMon\t2 mm\n");
    let (code, out, err) = simdhtml(&["text", "--alt", "--links", "-"], page);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "A cat and dogs (/dogs).\nDay\tRain\nMon\t2 mm\n");
}

/// The `meta` field of `batch --fields meta --base https://example.org/a/` for `page` (a file),
/// as written: the text after `"meta":`, without the record's closing brace and newline.
fn batch_meta(page: &str) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("m.html");
    std::fs::write(&file, page).unwrap();
    let path = file.display().to_string();
    let args = [
        "batch",
        &path,
        "--fields",
        "meta",
        "--base",
        "https://example.org/a/",
    ];
    let (code, out, err) = simdhtml(&args, b"");
    assert_eq!(code, 0, "{err}");
    let (_, meta) = out.split_once(r#""meta":"#).expect("a meta field");
    meta.trim_end().strip_suffix('}').unwrap().to_owned()
}

#[test]
fn batch_meta_field() {
    let meta = batch_meta(
        "<html lang=fr><head><meta name=description content='Pluie.'>\
         <link rel=canonical href=/pluie><meta name=robots content='noindex'>\
         <meta property=og:type content=article><meta name=twitter:card content=summary>\
         <meta http-equiv=refresh content='10'></head><body>\
         <article><time datetime=2024-05-01>1er mai</time></article>",
    );
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    assert_eq!(
        meta,
        serde_json::json!({
            "description": "Pluie.",
            "canonical": "https://example.org/pluie",
            "robots": {"noindex": true, "nofollow": false, "directives": ["noindex"]},
            "og": {"title": null, "description": null, "image": null, "type": "article"},
            "twitter": {"title": null, "description": null, "image": null, "card": "summary"},
            "published": "2024-05-01",
            "modified": null,
            "author": null,
            "lang": "fr",
            "refresh": {"delay": 10, "url": null},
        })
    );
}

/// The `meta` object's bytes: the keys in their order, strings escaped as JSON escapes them
/// (quotes, backslashes, control characters; other characters as they are).
#[test]
fn batch_meta_field_bytes() {
    let meta = batch_meta(
        "<meta charset=utf-8><meta name=author content='Zo\u{e9} \"Z\" \\ <b>&#1;&#9;'>\
         <meta property=og:image content=i.png><meta name=robots content='NOFOLLOW, max-snippet:5'>\
         <meta http-equiv=refresh content='0; url=/b'>",
    );
    assert_eq!(
        meta,
        concat!(
            r#"{"description":null,"canonical":null,"#,
            r#""robots":{"noindex":false,"nofollow":true,"directives":["nofollow","max-snippet:5"]},"#,
            r#""og":{"title":null,"description":null,"image":"https://example.org/a/i.png","type":null},"#,
            r#""twitter":{"title":null,"description":null,"image":null,"card":null},"#,
            r#""published":null,"modified":null,"#,
            "\"author\":\"Zo\u{e9} \\\"Z\\\" \\\\ <b>\\u0001\",",
            r#""lang":null,"#,
            r#""refresh":{"delay":0,"url":"https://example.org/b"}}"#,
        )
    );
}

#[test]
fn text_markdown_of_the_page_and_of_the_main_content() {
    let (code, out, err) = simdhtml(&["text", "--markdown", "--main", "-"], ARTICLE.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "It rained all day, and then, in the evening, it rained a good deal more.\n\n\
         ## What next\n\n\
         Tomorrow, forecasters say, the sun will come out, at least for a while, and dry things.\n\n\
         Umbrellas, they add, should stay near the door all the same, just in case it turns.\n"
    );
    let (_, out, _) = simdhtml(&["text", "--markdown", "-"], ARTICLE.as_bytes());
    assert!(
        out.contains("- [News](/news)\n- [Sport](/sport)\n"),
        "{out}"
    );
    let (_, out, _) = simdhtml(
        &["text", "--markdown", "--alt", "-"],
        b"<p>a <img src=i.png alt=I>",
    );
    assert_eq!(out, "a ![I](i.png)\n");
    // batch: the main content's Markdown.
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("a.html");
    std::fs::write(&page, ARTICLE).unwrap();
    let path = page.display().to_string();
    let (code, out, err) = simdhtml(&["batch", &path, "--fields", "markdown"], b"");
    assert_eq!(code, 0, "{err}");
    let rec: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert!(
        rec["markdown"]
            .as_str()
            .unwrap()
            .contains("\n\n## What next\n\n"),
        "{rec}"
    );
}

/// A page whose first 16 KiB are ASCII (a long `<head>` of scripts) and whose text is UTF-8 is
/// UTF-8 (valid UTF-8 throughout), in `text`, `encoding` and `batch`, and through the streaming
/// parser (`tree --chunk-size`); an invalid byte after the text gives the guess's answer (the
/// default, windows-1252); `--no-guess-utf8` keeps windows-1252.
#[test]
fn utf8_after_16_kib_of_ascii_is_utf8() {
    let mut page = b"<!doctype html><title>t</title><script>var x = 1;".to_vec();
    page.resize(simdhtml::input::GUESS_LIMIT + 100, b' ');
    page.extend_from_slice("</script><p>A dash \u{2014} here.</p>".as_bytes());
    let (code, out, err) = simdhtml(&["text", "-"], &page);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "A dash \u{2014} here.\n");
    let (_, out, _) = simdhtml(&["text", "--no-guess-utf8", "-"], &page);
    assert_eq!(out, "A dash \u{e2}\u{20ac}\u{201d} here.\n");
    let whole = simdhtml(&["tree", "-"], &page).1;
    assert!(whole.contains("\"A dash \u{2014} here.\""), "{whole}");
    for chunk in ["1", "1000", "16384", "65536"] {
        let (_, out, _) = simdhtml(&["tree", "--chunk-size", chunk, "-"], &page);
        assert_eq!(out, whole, "chunk {chunk}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let utf8 = tmp.path().join("utf8.html");
    std::fs::write(&utf8, &page).unwrap();
    let mut invalid_page = page.clone();
    invalid_page.extend_from_slice(b"<p>\xFF");
    let invalid = tmp.path().join("invalid.html");
    std::fs::write(&invalid, &invalid_page).unwrap();
    let (utf8, invalid) = (utf8.to_str().unwrap(), invalid.to_str().unwrap());
    let (_, out, _) = simdhtml(&["encoding", utf8, invalid], b"");
    assert_eq!(
        out,
        format!("{utf8}\tUTF-8\tutf8\n{invalid}\twindows-1252\tdefault\n")
    );
    let (_, out, _) = simdhtml(&["encoding", "--no-guess-utf8", utf8], b"");
    assert_eq!(out, format!("{utf8}\twindows-1252\tdefault\n"));
    let (_, out, _) = simdhtml(&["text", "-"], &invalid_page);
    assert!(
        out.starts_with("A dash \u{e2}\u{20ac}\u{201d} here."),
        "{out}"
    );
    for (flags, want) in [
        (&[][..], ["UTF-8", "windows-1252"]),
        (&["--no-guess-utf8"][..], ["windows-1252", "windows-1252"]),
    ] {
        let mut args = vec!["batch", utf8, invalid, "--fields", "text"];
        args.extend_from_slice(flags);
        let (code, out, err) = simdhtml(&args, b"");
        assert_eq!(code, 0, "{err}");
        let recs: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(recs[0]["encoding"], want[0], "{flags:?}");
        assert_eq!(recs[1]["encoding"], want[1], "{flags:?}");
        if want[0] == "UTF-8" {
            assert_eq!(recs[0]["text"], "A dash \u{2014} here.\n");
        }
    }
}
