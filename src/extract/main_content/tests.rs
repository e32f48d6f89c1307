//! The main content's tests: the finder's steps on small pages written for each rule.

use super::walk_attrs::style_hides;
use super::*;
use crate::parse_document_str;

fn main(html: &str) -> String {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, html, &ParseOptions::default());
    main_text(&doc)
}

#[test]
fn weights() {
    assert_eq!(text_weight("  ab  c "), (5.0, 0));
    assert_eq!(text_weight("a, b"), (4.0, 1));
    assert_eq!(text_weight("中文，字"), (10.0, 1));
    assert!(has_word("a share-bar", "share"));
    assert!(!has_word("shared", "share"));
    assert!(style_hides("color: red; DISPLAY : none !important"));
    assert!(!style_hides("display: block"));
    let title = words("Rain - The Daily");
    assert!(similarity(&title, "Rain") > 0.99);
    assert!(similarity(&title, "Snow and ice") < 0.1);
}

#[test]
fn content_kept_for_readers_without_scripts() {
    let posts: String = (0..30)
            .map(|i| format!("<div class=post><p>Post {i}: the update broke the grammar checks, and the reviews of our documents too.</p></div>"))
            .collect();
    let page =
        format!("<body><div id=app></div><noscript><div id=main-outlet>{posts}</div></noscript>");
    let arena = Arena::new();
    let options = ParseOptions::default();
    let doc = parse_document(&arena, page.as_bytes(), &options).expect("parses");
    assert!(MainContent::find(&doc).is_in_noscript());
    assert_eq!(main_text(&doc), "", "with scripts the page shows nothing");
    let text = with_main_content(&doc, page.as_bytes(), &options, |d, c| c.text(d));
    assert!(text.starts_with("Post 0: the update"), "{text}");
    assert!(text.contains("Post 29: the update"), "{text}");
    // A small noscript (a tracking pixel, "enable JavaScript") changes nothing.
    let small = "<body><noscript><img src=pixel.gif> Please enable JavaScript.</noscript><p>x";
    let doc = parse_document(&arena, small.as_bytes(), &options).expect("parses");
    assert!(!MainContent::find(&doc).is_in_noscript());
    // With scripting off, the noscript content is the page's own.
    let off = ParseOptions {
        scripting: false,
        ..ParseOptions::default()
    };
    let doc = parse_document(&arena, page.as_bytes(), &off).expect("parses");
    assert!(!MainContent::find(&doc).is_in_noscript());
    assert!(main_text(&doc).contains("Post 11"));
}

#[test]
fn a_page_of_sections_is_the_whole_page() {
    // A service page: a hero, features, prices and questions, each a short section that
    // scores little alone; the article rule would keep the longest one.
    let section = |h: &str, n: usize| {
        let ps: String = (0..n)
            .map(|i| format!("<p>{h} point {i}: we plan, build and run it, with care.</p>"))
            .collect();
        format!("<section><h2>{h}</h2>{ps}</section>")
    };
    let page = format!(
        "<nav><a href=/>Home</a> <a href=/a>About</a></nav><main>{}{}{}{}</main><footer>© Us</footer>",
        section("Hero", 1),
        section("Features", 3),
        section("Pricing", 2),
        section("Questions", 2)
    );
    let text = main(&page);
    for h in [
        "Hero point 0",
        "Features point 2",
        "Pricing point 1",
        "Questions point 1",
    ] {
        assert!(text.contains(h), "{h} missing from {text}");
    }
    assert!(!text.contains("Home") && !text.contains("© Us"), "{text}");
    // An article among its menus stays one block.
    let article: String = (0..8)
            .map(|i| format!("<p>Paragraph {i} of the story, which goes on, at length, with commas, clauses and the rest of what a long paragraph of prose holds for its readers.</p>"))
            .collect();
    let links: String = (0..60)
        .map(|i| format!("<li><a href=/{i}>Other story {i}</a>"))
        .collect();
    let page = format!("<div class=menu-x><ul>{links}</ul></div><div>{article}</div>");
    let text = main(&page);
    assert!(
        text.contains("Paragraph 7") && !text.contains("Other story"),
        "{text}"
    );
}

/// A forum thread whose first post holds under three quarters of its text: step 7 reads
/// it as the whole page.
fn whole_page_thread() -> String {
    let para = "<p>I painted the railing last spring with an oil-based enamel, over a rust \
                    primer, in two thin coats, and it has held through the winter.</p>";
    let replies: String = (0..3)
            .map(|i| format!("<li class=reply><p>Reply {i}: the same here, with a brush and two coats, and no flakes after the winter either.</p></li>"))
            .collect();
    format!(
        "<script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script>\
             <div class=discussion><div class=message>{para}{para}{para}</div></div>\
             <ul class=replies>{replies}</ul>"
    )
}

#[test]
fn a_choice_of_three_fifths_gives_way_to_a_page_of_short_lines() {
    // A service page: its claims in short lines beside the block the scoring chose,
    // which holds more than half of the page's text but under three fifths.
    let facts: String = [
        ("300+", "projects shipped"),
        ("90%", "senior staff"),
        ("10", "years in business"),
        ("24/7", "support desk"),
        ("12", "offices"),
        ("4.9", "client rating"),
        ("50", "countries served"),
        ("8", "languages spoken"),
        ("6", "awards won"),
        ("3", "data centres"),
    ]
    .iter()
    .map(|(n, w)| format!("<div class=fact><b>{n}</b> <span>{w}</span></div>"))
    .collect();
    let about: String = (0..6)
        .map(|i| format!("<p>Point {i}: we plan, build and run it, with care, for you.</p>"))
        .collect();
    let page = format!(
        "<div class=hero><h1>Apps your customers love</h1><span>Fast, with a native feel</span></div>\
             <div>{facts}</div><div class=about>{about}</div>\
             <div class=cta><span>Talk to us today, or write to us, or call us</span></div>"
    );
    let text = main(&page);
    assert!(
        text.contains("Point 5") && text.contains("12 offices"),
        "{text}"
    );
    // The same claims as links: a page of links around the block, which stays alone.
    let linked = page
        .replace("<span>", "<a href=/x>")
        .replace("</span>", "</a>");
    let text = main(&linked);
    assert!(
        text.contains("Point 5") && !text.contains("offices"),
        "{text}"
    );
}

#[test]
fn a_post_with_its_pictures_is_not_a_gallery() {
    let post = |i: usize, pictures: &str| {
        format!(
            "<div class=post><div class=body>Post {i}: I tried it on the old workstation, and it runs, \
                 slowly, with the window manager of the new release, after two restarts.<br>\
                 It takes a minute to open what took seconds before, and the fan runs all day \
                 long.{pictures}</div></div>"
        )
    };
    let pictures = "<img src=a.png><img src=b.png><img src=c.png>";
    let page: String = (0..5)
        .map(|i| post(i, if i == 2 { pictures } else { "" }))
        .collect();
    let text = main(&format!("<div class=thread>{page}</div>"));
    assert!(
        text.contains("Post 2:") && text.contains("Post 4:"),
        "{text}"
    );
    // Pictures with a caption's worth of text are a gallery still.
    let gallery = format!("<div class=gallery><span>Our trip</span>{pictures}</div>");
    let text = main(&format!("<div class=thread>{page}{gallery}</div>"));
    assert!(!text.contains("Our trip"), "{text}");
}

#[test]
fn the_whole_page_is_its_main_landmark() {
    // A thread read as the whole page (step 7) in a `main`, beside a promotion that no
    // class names as furniture.
    let promo = "<div class=promo><p>Members save a tenth on every tin of paint this month, \
                     in every shop of ours, with the code on their card.</p></div>";
    let page = format!("{promo}<main>{}</main>", whole_page_thread());
    let text = main(&page);
    assert!(
        text.contains("two thin coats") && text.contains("Reply 2:"),
        "{text}"
    );
    assert!(!text.contains("Members save"), "{text}");
    // Without a landmark, the whole page it is.
    let text = main(&page.replace("<main>", "<div>").replace("</main>", "</div>"));
    assert!(
        text.contains("Reply 2:") && text.contains("Members save"),
        "{text}"
    );
}

#[test]
fn a_form_of_fields_is_not_content() {
    // A thread read as the whole page (step 7), with a search box and a reply box.
    let page = format!(
        "<form><input name=q placeholder=Search><button>Search the forum</button></form>{}\
             <form><label>Write your reply</label><textarea></textarea><button>Post reply</button></form>",
        whole_page_thread()
    );
    let text = main(&page);
    assert!(
        text.contains("two thin coats") && text.contains("Reply 2:"),
        "{text}"
    );
    assert!(
        !text.contains("Write your reply") && !text.contains("Search the"),
        "{text}"
    );
    // A form that holds the page's text (a thread's posts) stays.
    let posts: String = (0..10)
            .map(|i| format!("<div class=post><p>Post {i}: I tried it too, and it works, after a restart, on both of my phones.</p></div>"))
            .collect();
    let text = main(&format!(
        "<form><input type=hidden name=t><input type=hidden name=s>{posts}</form>"
    ));
    assert!(text.contains("Post 9"), "{text}");
    // So does a form that is most of what the page says (an error page's login form).
    let text = main(
        "<p>Sorry, that board does not exist.</p><form><label>Your name and password, please, \
             so that we can take you back to where you were</label><input name=u>\
             <input type=password><button>Log in</button></form>",
    );
    assert!(text.contains("Your name and password"), "{text}");
}

#[test]
fn closed_panels_are_content_and_screen_reader_text_is_not() {
    let prose = "We clean, repair and service boilers, radiators and pipes, in homes and offices, all year round.";
    let page = format!(
        "<main><h2>Heating</h2><p>{prose} <span class=sr-only>(opens a new window)</span></p>\
             <p class='d-none d-md-block'>Wide screens see this line, with its commas, too.</p>\
             <p class=d-none>A template line, never shown.</p>\
             <h3>Questions</h3>\
             <button aria-expanded=false aria-controls=q1>How fast can you come?</button>\
             <div id=q1 role=region aria-hidden=true><p>Within a day, anywhere in town, or the visit is free.</p></div>\
             <button aria-expanded=false aria-controls=q2>Do you service every brand?</button>\
             <div id=q2 class='accordion-body' hidden><p>Yes, every brand, old or new, with parts in stock.</p></div>\
             <div><button>Is there a call-out fee?</button><div class=hidden><p>No fee at all, on weekdays, weekends or holidays.</p></div></div>\
             <div class=modal-dialog hidden><p>Sign up to our newsletter, it is free, and weekly.</p></div></main>"
    );
    let text = main(&page);
    for kept in [
        "How fast can you come?",
        "Within a day",
        "Do you service every brand?",
        "Yes, every brand",
        "No fee at all",
        "Wide screens",
    ] {
        assert!(text.contains(kept), "{kept} missing from {text}");
    }
    for gone in ["opens a new window", "template line", "newsletter"] {
        assert!(!text.contains(gone), "{gone} in {text}");
    }
}

#[test]
fn what_scripts_reveal_is_content() {
    // React's streamed segment (moved into its `template` by a script) and a body hidden
    // until the scripts run.
    let story = "<p>The story, streamed late, goes on, with commas, clauses and the rest of what a paragraph of prose holds.</p>";
    let page = format!(
        "<div style='visibility:hidden'><template id=B:0></template><p>Loading…</p>\
             <div hidden id=S:0><article>{story}{story}</article></div>\
             <template id=B:2e></template><div hidden id=S:2e><p>The specifications, streamed as segment 0x2e, with commas, clauses and figures.</p></div>\
             <div hidden id=S:x><p>Not a segment: a hidden template of a paragraph, with commas.</p></div></div>"
    );
    let text = main(&page);
    assert!(text.contains("streamed late"), "{text}");
    // React numbers its segments in hexadecimal.
    assert!(text.contains("segment 0x2e"), "{text}");
    assert!(!text.contains("Not a segment"), "{text}");
}

#[test]
fn a_block_written_twice_is_read_once() {
    let intro = "Our clinic treats sprains, fractures and sports injuries, six days a week.";
    let item = "Free parking for every patient, beside the main entrance of the clinic.";
    let page = format!(
        "<main><h2>Services</h2><div class=desktop><p>{intro}</p><ul><li>{item}</li></ul></div>\
             <div class=mobile><p>{intro}</p><ul><li>{item}</li></ul></div>\
             <h2>Services</h2><pre>let total = price * quantity + shipping_cost_per_order;\n\
             let total = price * quantity + shipping_cost_per_order;</pre>\
             <table><tr><td>{item}</td></tr><tr><td>{item}</td></tr></table>\
             <p>The clinic opened in 1998, with commas, and it has grown since, year after year.</p></main>"
    );
    let text = main(&page);
    assert_eq!(text.matches("sprains").count(), 1, "{text}");
    // Once as a list item, twice in the table's cells: tables keep their repeats.
    assert_eq!(text.matches("Free parking").count(), 3, "{text}");
    assert_eq!(text.matches("Services").count(), 2, "{text}");
    assert_eq!(text.matches("let total").count(), 2, "{text}");
    // On a thread, a post quoted inside a reply (the posts items of a list).
    let post =
        "Has anybody tried the beta of the new release? Which version of the library does it ship?";
    let page = format!(
        "<script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script>\
             <ul class=posts><li><div class=post><p>{post}</p></div></li>\
             <li><div class=post><blockquote><p>{post}</p></blockquote>\
             <p>I have: it ships the older one, sadly, and the packages lag behind by months.</p></div></li></ul>"
    );
    let text = main(&page);
    assert_eq!(text.matches("Has anybody").count(), 1, "{text}");
    assert!(text.contains("it ships the older one"), "{text}");
}

#[test]
fn a_main_landmark_hidden_until_the_scripts_run_is_content() {
    let story = "<p>The roast, dark and bold, with notes of cocoa and cherry, ground or whole, in bags of one to five pounds.</p>";
    let page = format!(
        "<header><a href=/>Home</a></header><main>\n<div style='display:none'>{story}{story}</div>\n\
             <script>unlock()</script></main><footer><p>Footer</p></footer>"
    );
    let text = main(&page);
    assert!(text.contains("dark and bold"), "{text}");
    // Beside content that shows, a hidden child stays hidden.
    let page = format!(
        "<main><div>{story}{story}</div><div style='display:none'><p>A size chart in a \
             popup, hidden until asked for, with commas.</p></div></main>"
    );
    let text = main(&page);
    assert!(text.contains("dark and bold"), "{text}");
    assert!(!text.contains("size chart"), "{text}");
}

#[test]
fn the_sections_of_a_document_join_the_chosen_one() {
    let long: String = (0..8)
            .map(|i| format!("<p>Step {i} of the guide, which explains, at length, with commas, clauses and examples, what the tool does.</p>"))
            .collect();
    let page = format!(
        "<nav><a href=/>Home</a> <a href=/docs>Docs</a></nav><main><section id=guide>\
             <section id=setup><h2>Setup</h2>{long}</section>\
             <section id=pull><h2>Pulling</h2><p>The <code>pull</code> command fetches a copy.</p></section>\
             <section id=more><h2>Read more</h2><ul><li><a href=/a>Another guide</a>\
             <li><a href=/b>A third guide</a></ul></section>\
             <section id=refs><h2>References</h2><ol><li>Smith, J. A book about tools. 2001.\
             <li>Jones, K. Another book about tools. 2004.</ol></section></section></main>"
    );
    let text = main(&page);
    assert!(
        text.contains("Step 7 of the guide") && text.contains("fetches a copy"),
        "{text}"
    );
    assert!(
        !text.contains("Another guide") && !text.contains("Smith"),
        "{text}"
    );
}

#[test]
fn a_sections_header_inside_main_is_content() {
    let body: String = (0..4)
            .map(|i| format!("<p>Feature {i} of the service, which saves time, money and effort, every single day of the week.</p>"))
            .collect();
    let page = format!(
        "<div class=site-header><a href=/>Acme</a> <span>Sign in to your account today</span></div>\
             <main><div class=section-header><h2>Why choose Acme</h2><p>Three reasons, \
             and one more.</p></div>{body}</main>"
    );
    let text = main(&page);
    assert!(
        text.contains("Why choose Acme") && text.contains("Feature 3"),
        "{text}"
    );
    assert!(!text.contains("Sign in"), "{text}");
}

#[test]
fn a_listing_keeps_its_grid_of_linked_cards() {
    let cards: String = (0..24)
            .map(|i| format!("<div class=thumb><a href=/pot-{i}><span class=name>Terracotta pot number {i} medium</span></a><span>$2{i}.50</span></div>"))
            .collect();
    let menu: String = (0..40)
        .map(|i| format!("<li><a href=/c{i}>Garden category number {i}</a>"))
        .collect();
    let intro = "<p>Pots for every plant in the house, glazed and plain, thrown by hand by our own \
                     potters in the village, fired twice, and sealed inside so that they hold water \
                     without a saucer, in sizes from a cup to a barrel, and in eleven colours.</p>";
    let page = format!(
        "<div class=top><ul>{menu}</ul></div><section role=main><div class=category>\
             <h1>Indoor pots</h1>{intro}{intro}{intro}<div class=grid>{cards}</div></div></section>"
    );
    let text = main(&page);
    assert!(
        text.contains("thrown by hand") && text.contains("Terracotta pot number 23"),
        "{text}"
    );
}

#[test]
fn a_grid_that_cleaning_took_from_the_choice_joins_it() {
    // A category page that says it is a product (`og:type`): step 5 keeps no grid there
    // and takes the cards, inside the chosen block, one by one as link lists; the block's
    // introduction is long enough that no laxer attempt runs.
    let cards: String = (0..24)
            .map(|i| format!("<div class=thumb><a href=/pot-{i}><img src=/p{i}.png alt=''><span>Terracotta pot number {i} medium</span></a><span>SKU: F{i}21</span></div>"))
            .collect();
    let menu: String = (0..40)
        .map(|i| format!("<li><a href=/c{i}>Garden category number {i}</a>"))
        .collect();
    let intro = "<p>Pots for every plant in the house, glazed and plain, thrown by hand by our \
                     own potters in the village, fired twice, and sealed inside so that they hold \
                     water without a saucer, in sizes from a cup to a barrel, in eleven colours, \
                     and packed in straw, so that they reach you whole, wherever you live.</p>";
    let more = "<p>Each pot is signed by the potter who threw it, dated, and numbered, and \
                    comes with a card that says, in a few lines, where its clay was dug, how \
                    long it dried, and at what heat it was fired, so that you know its story, \
                    and every order over fifty pounds is sent free, insured, within two days.</p>";
    let page = format!(
        "<meta property=og:type content=product><div class=top><ul>{menu}</ul></div>\
             <section role=main><div class=category>{intro}{more}\
             <div class=grid>{cards}</div></div></section>"
    );
    let text = main(&page);
    assert!(
        text.contains("thrown by hand")
            && text.contains("Terracotta pot number 0 ")
            && text.contains("Terracotta pot number 23"),
        "{text}"
    );
    assert!(!text.contains("Garden category"), "{text}");
}

#[test]
fn a_threads_replies_join_its_first_post() {
    let para = "<p>I painted the railing last spring with an oil-based enamel, over a rust \
                    primer, in two thin coats, and it has held through the winter, the salt, and \
                    the frost, without a single flake.</p>";
    let replies: String = (0..3)
            .map(|i| format!("<li class=reply><p>Reply {i}: the same here, with a brush and two coats, and no flakes after the winter either.</p></li>"))
            .collect();
    let page = format!(
        "<script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script>\
             <div class=discussion><div class=message>{para}{para}{para}</div></div>\
             <ul class=replies>{replies}</ul>"
    );
    let text = main(&page);
    assert!(
        text.contains("without a single flake") && text.contains("Reply 2:"),
        "{text}"
    );
}

#[test]
fn the_elements_around_the_main_landmark_are_not_furniture_or_hidden() {
    let article = "<main><h2>Frost</h2><p>The frost came early this year, in the first week \
                       of October, and took the last of the beans, the squash and the dahlias, \
                       which had flowered, until then, as if summer would never end.</p></main>";
    // A theme hides the page by a class until its scripts run.
    let text = main(&format!(
        "<div class='root hide'><nav><a href=/>Home</a></nav>{article}</div>"
    ));
    assert!(text.contains("took the last of the beans"), "{text}");
    assert!(!text.contains("Home"), "{text}");
    // An `aside` left open holds the rest of the page; an `aside` beside `main` is still out.
    let text = main(&format!(
        "<aside class=announcement>News: we moved.<div class=has-sidebar>\
             <aside class=sidebar><a href=/a>Archive</a> <a href=/b>Tags</a></aside>{article}</div>"
    ));
    assert!(text.contains("took the last of the beans"), "{text}");
    assert!(!text.contains("Archive"), "{text}");
    // The landmark itself hidden by a class (a template's copy) stays hidden.
    let text = main(&format!(
        "<div><main class=hide><p>Template copy of the article, never shown to a reader.</p></main>\
             <div class=post>{}</div></div>",
        article.replace("main>", "div>")
    ));
    assert!(!text.contains("Template copy"), "{text}");
}

#[test]
fn a_products_reviews_are_not_its_description() {
    let reviews: String = (0..5)
            .map(|i| format!("<div class=review-item><p>Review {i}: I bought two of these last spring, and they have held up well, though the colour faded a little in the sun.</p></div>"))
            .collect();
    let page = format!(
        "<script type=application/ld+json>{{\"@type\": \"Product\"}}</script>\
             <main><h1>Garden chair</h1><p>A folding chair of oiled oak, with brass hinges, \
             that seats one, weighs four kilograms, and packs flat for the winter.</p>\
             <p>Dimensions: 80 by 50 by 45 centimetres, and a seat 44 centimetres high.</p>\
             <p>The oak comes from forests within a day's drive of the workshop, is dried for \
             two years, and is finished with linseed oil, which you can renew each spring.</p>\
             <p>Each chair is made to order, by one of four carpenters, and leaves the workshop \
             within three weeks, with a guarantee of ten years on the joints and hinges.</p>\
             <div class=product-reviews>{reviews}</div></main>"
    );
    let text = main(&page);
    assert!(
        text.contains("oiled oak") && text.contains("Dimensions"),
        "{text}"
    );
    assert!(!text.contains("Review 0"), "{text}");
}

#[test]
fn a_products_carousel_is_not_its_description() {
    let others: String = (0..6)
            .map(|i| format!("<div class=slide><p>Oak stool {i}: a three-legged stool of oiled oak, for the kitchen or the workshop, in stock now.</p></div>"))
            .collect();
    let page = |itemtype: &str| {
        format!(
            "<script type=application/ld+json>{{\"@type\": \"{itemtype}\"}}</script>\
                 <main><h1>Garden chair</h1><p>A folding chair of oiled oak, with brass hinges, \
                 that seats one, weighs four kilograms, and packs flat for the winter.</p>\
                 <p>The oak comes from forests within a day's drive of the workshop, is dried \
                 for two years, and is finished with linseed oil, renewed each spring.</p>\
                 <p>Each chair is made to order, by one of four carpenters, and leaves the \
                 workshop within three weeks, with a guarantee of ten years on its joints.</p>\
                 <p>Dimensions: 80 by 50 by 45 centimetres, a seat 44 centimetres high, and \
                 arms wide enough for a cup of tea or a book left open.</p>\
                 <div class=product-carousel>{others}</div></main>"
        )
    };
    let text = main(&page("Product"));
    assert!(text.contains("oiled oak, with brass"), "{text}");
    assert!(!text.contains("Oak stool 0"), "{text}");
    // On a page that does not say it is a product, a carousel is content like any block.
    let text = main(&page("WebPage"));
    assert!(text.contains("Oak stool 0"), "{text}");
}

#[test]
fn what_else_to_read_and_the_authors_card_are_furniture() {
    let para = "<p>The river rose two metres overnight, and by the morning the lower town \
                    was under water, its streets closed and its schools shut for the week.</p>";
    for (class, extra) in [
        (
            "recommended-posts",
            "Read next: five bridges worth a detour this summer, and why.",
        ),
        (
            "author-bio",
            "Jane Doe is a reporter who has covered the valley for ten years.",
        ),
        (
            "product-upsell",
            "Complete the look with our waterproof boots, now half price.",
        ),
    ] {
        let page = format!(
            "<article><h1>Flood</h1>{para}{para}{para}\
                 <div class={class}><p>{extra}</p></div></article>"
        );
        let text = main(&page);
        assert!(text.contains("The river rose"), "{class}: {text}");
        assert!(!text.contains(extra), "{class}: {text}");
    }
}

/// An article's four paragraphs (over 500 characters: enough for the strict attempt).
const FLOOD: &str = "<p>The river rose two metres overnight, and by the morning the lower town \
    was under water, its streets closed and its schools shut for the week.</p>\
    <p>Volunteers filled sandbags at the church hall, and the council opened the sports centre \
    to the families who had to leave their homes.</p>\
    <p>Forecasters expect more rain on Thursday, though the river, they say, should fall below \
    its banks again by the weekend.</p>\
    <p>The bridge on the old road stays closed until engineers have checked it, which the \
    county says could take a fortnight or more.</p>";

#[test]
fn an_articles_long_author_element_is_its_authors_card() {
    let para = FLOOD;
    let bio = "Jane Doe is a reporter who has covered the valley, its rivers and its \
               towns for ten years, and writes about floods and the people who clean up after them.";
    let page = |head: &str, class: &str| {
        format!(
            "<head>{head}</head><body><article><h1>Flood</h1><div class=entry>{para}\
             <div class='{class}'><a href=/jane>Jane Doe</a><p>{bio}</p></div></div></article>"
        )
    };
    let article = "<meta property=og:type content=article>";
    // On a page that says it is an article, a container named for its author that holds
    // more than a byline is the author's card.
    let text = main(&page(article, "entry__author-info"));
    assert!(text.contains("The river rose"), "{text}");
    assert!(!text.contains("Jane Doe is a reporter"), "{text}");
    // A page that does not say so keeps it, as does an element that also names content.
    for (head, class) in [("", "entry__author-info"), (article, "author-content")] {
        let text = main(&page(head, class));
        assert!(text.contains("Jane Doe is a reporter"), "{class}: {text}");
    }
    // A byline (under 100 characters) is not a card: the first one is left out as the
    // page's metadata, the card rule leaves the next alone.
    let short = format!(
        "<head>{article}</head><body><article><h1>Flood</h1><div class=entry>\
         <div class=byline>By Jane Doe</div>{para}\
         <div class=author-note>Jane Doe reports from the valley.</div></div></article>"
    );
    assert!(main(&short).contains("Jane Doe reports from the valley."));
}

#[test]
fn an_articles_buttons_are_not_a_forms_fields() {
    // A round-up: each item a title, a line of text and a button to the maker's page.
    let items: String = ["Coat hooks", "A plant stand", "A mirror frame"]
        .iter()
        .map(|name| {
            format!(
                "<div class=item><h3><a href=/x>{name}</a></h3><div class=desc><p>{name} for \
                 the hall, made in an afternoon from offcuts and painted to match.</p></div>\
                 <button>Continue reading</button></div>"
            )
        })
        .collect();
    let page = |head: &str| {
        main(&format!(
            "<head>{head}</head><body><article><h1>Ten projects</h1><div class=entry>{FLOOD}\
             <div class=list>{items}</div></div></article>"
        ))
    };
    let text = page("<meta property=og:type content=article>");
    assert!(text.contains("A plant stand for the hall"), "{text}");
    // Elsewhere a button still counts as a field: a box of a line and a button is a widget.
    let text = page("");
    assert!(text.contains("The bridge on the old road"), "{text}");
    assert!(!text.contains("A plant stand for the hall"), "{text}");
}

#[test]
fn a_section_of_links_titled_as_other_pages_is_left_out() {
    let para = FLOOD;
    let links = "<ul><li><a href=/a>Five bridges worth a detour this summer</a> (June)\
                 <li><a href=/b>The valley's wettest winters, ranked</a> (March)</ul>";
    let page = |section: &str| {
        main(&format!(
            "<body><article><h1>Flood</h1><div class=entry>{para}{section}</div></article>"
        ))
    };
    // A heading and its list, in a flat text; a box that a heading opens; in another language.
    for section in [
        format!("<h2>Related articles</h2>{links}<h2>Clean-up</h2><p>Crews start Monday.</p>"),
        format!("<div><header><h3>You may also like:</h3></header><div>{links}</div></div>"),
        format!("<h2>関連記事</h2>{links}"),
    ] {
        let text = page(&section);
        assert!(
            text.contains("The bridge on the old road"),
            "{section}: {text}"
        );
        assert!(!text.contains("Five bridges"), "{section}: {text}");
        assert!(!text.contains("Related") && !text.contains("like") && !text.contains("関連"));
        // The section after the next heading of the same rank stays.
        assert_eq!(
            text.contains("Crews start Monday."),
            section.contains("Crews")
        );
    }
    // Prose under such a heading (an essay's related work), or links under another title,
    // stay.
    for (section, kept) in [
        (
            "<h2>Related</h2><p>An earlier study of the valley, by the county's engineers, \
             measured the same river in 1998 and found it rose faster after each new housing \
             estate, as <a href=/s>the survey</a> says.</p>"
                .to_owned(),
            "An earlier study",
        ),
        (format!("<h2>Where to get help</h2>{links}"), "Five bridges"),
    ] {
        let text = page(&section);
        assert!(text.contains(kept), "{section}: {text}");
    }
}

/// A landing page's prose: eight steps of a garden designer's service.
fn garden_steps() -> String {
    (0..8)
        .map(|i| format!("<p>Step {i}: we walk the garden with you, listen to how you use it, measure the light, the soil and the slope, and draw a plan that grows with you.</p>"))
        .collect()
}

#[test]
fn a_heading_that_opens_a_root_titles_it_not_a_box_in_it() {
    // Step 7 joins a landing page's section whole, as a root: step 10b's section is inside
    // a root, never one, so that no root is marked left out while its text is written.
    let prose = garden_steps();
    let links: String = (0..12)
        .map(|i| format!("<li><a href=/p{i}>Planting plan {i} for a small town garden</a></li>"))
        .collect();
    let page = format!(
        "<script type=application/ld+json>{{\"@type\": \"Service\"}}</script>\
         <main><section><div class=body>{prose}</div></section>\
         <div class=page-hero><h2>Related</h2><ul>{links}</ul></div></main>"
    );
    let arena = Arena::new();
    let doc = parse_document_str(&arena, &page, &ParseOptions::default());
    let content = MainContent::find(&doc);
    assert!(content.roots().len() > 1, "{:?}", content.roots());
    for &r in content.roots() {
        assert!(!content.is_left_out(r), "root {r:?} left out");
    }
    let text = content.text(&doc);
    assert!(text.contains("Step 7: we walk"), "{text}");
    assert!(text.contains("Planting plan 11"), "{text}");
}

#[test]
fn a_root_that_repeats_one_before_it_is_not_written() {
    // Step 7 joins a landing page's sections as roots; step 10 leaves out the ones that
    // repeat one before them, and a root left out is no root: the text and the Markdown write
    // the section once, and no root is marked left out.
    let section = "<section class=feature><a href=/f>Our feature does many useful things for \
                   you, with commas, and more, and then some more of them, and again, and again, \
                   with commas, and more, and then some more of them, and again, and more, and \
                   more of it, to read.</a></section>";
    let page = format!("<body><div id=content>{FLOOD}</div>{}", section.repeat(3));
    let arena = Arena::new();
    let doc = parse_document_str(&arena, &page, &ParseOptions::default());
    let content = MainContent::find(&doc);
    for &r in content.roots() {
        assert!(!content.is_left_out(r), "root {r:?} left out");
    }
    let text = content.text(&doc);
    assert!(text.contains("The bridge on the old road"), "{text}");
    assert_eq!(text.matches("Our feature does").count(), 1, "{text}");
    let markdown = content.markdown(&doc, &MarkdownOptions::new(true));
    assert_eq!(
        markdown.matches("Our feature does").count(),
        1,
        "{markdown}"
    );
}

#[test]
fn the_sections_of_a_landing_page_join_the_block() {
    let prose = garden_steps();
    let hero: String = (0..12)
        .map(|i| format!("<li>Planting plan {i} for a small town garden</li>"))
        .collect();
    let faq: String = (0..8)
        .map(|i| format!("<details><summary>Question {i}?</summary>Answer {i}, yes.</details>"))
        .collect();
    let page = |itemtype: &str| {
        format!(
            "<script type=application/ld+json>{{\"@type\": \"{itemtype}\"}}</script>\
                 <main><div class=page-hero><h1>Gardens by design</h1><ul>{hero}</ul></div>\
                 <section><div class=body>{prose}</div></section>\
                 <div id=faq-block><h2>Questions</h2>{faq}</div></main>"
        )
    };
    let text = main(&page("Service"));
    assert!(text.contains("Step 0: we walk"), "{text}");
    assert!(text.contains("Planting plan 11"), "{text}");
    assert!(text.contains("Answer 7, yes."), "{text}");
    assert!(
        text.find("Planting plan 0") < text.find("Step 0")
            && text.find("Step 7") < text.find("Question 0"),
        "in tree order: {text}"
    );
    // An article's block does not take them in.
    let text = main(&page("Article"));
    assert!(text.contains("Step 0: we walk"), "{text}");
    assert!(!text.contains("Answer 7"), "{text}");
}

#[test]
fn a_grid_of_cards_joins_a_short_introduction() {
    let intro = "<p>Our oak chairs are made in the workshop by hand, from wood of local forests, \
                     finished with oil, and built to last a lifetime, or two, with a little care.</p>\
                     <p>Every chair comes with a ten-year guarantee, free delivery, and assembly.</p>";
    let cards: String = (0..12)
            .map(|i| {
                format!("<div class='card c{i}'><a href=/chair-{i}>Oak chair model {i}</a><span>From ${i}20, in stock</span></div>")
            })
            .collect();
    let page = format!(
        "<nav><a href=/>Home</a></nav><div class=intro>{intro}</div><div class=grid>{cards}</div>"
    );
    let text = main(&page);
    assert!(text.contains("made in the workshop"), "{text}");
    assert!(
        text.contains("Oak chair model 0") && text.contains("Oak chair model 11"),
        "{text}"
    );
    // A shop's list of products.
    let items = cards
        .replace("<div class=", "<li class=")
        .replace("</div>", "</li>");
    let text = main(&format!(
        "<div class=intro>{intro}</div><ul class=products>{items}</ul>"
    ));
    assert!(
        text.contains("made in the workshop") && text.contains("Oak chair model 11"),
        "{text}"
    );
    // Links in list items beside an article are its own list or a menu, not cards.
    let article: String = (0..6)
            .map(|i| format!("<p>Paragraph {i} of the story, which goes on, at length, with commas, clauses and the rest of what a long paragraph holds.</p>"))
            .collect();
    let links: String = (0..12)
        .map(|i| format!("<li><a href=/{i}>Another story of the week, number {i}, read on</a>"))
        .collect();
    let text = main(&format!("<div>{article}</div><ul>{links}</ul>"));
    assert!(
        text.contains("Paragraph 5") && !text.contains("Another story"),
        "{text}"
    );
}

#[test]
fn comments_are_the_content_of_a_discussion() {
    let post = "<p>I tried the new release, and the battery, the screen and the radio all work as they did before.</p>";
    let answers: String = (0..4)
            .map(|i| format!("<div class=comment-body><p>Answer {i}: it works here too, on two phones, with the same settings, after a restart.</p>\
                <div class=user-info><a href=/u/{i}>Member {i}</a> 1,234 posts</div><div class=signature>Sent from my phone, {i}</div></div>"))
            .collect();
    let body = format!(
        "<div class=question>{}</div><div class=comments>{answers}</div>",
        post.repeat(6)
    );
    let article = main(&body);
    assert!(
        !article.contains("Answer 0"),
        "comments of an article: {article}"
    );
    let thread = main(&format!(
        "<script type=application/ld+json>{{\"@type\": \"QAPage\"}}</script>{body}"
    ));
    for i in 0..4 {
        assert!(thread.contains(&format!("Answer {i}:")), "{thread}");
    }
    // Without the user cards and signatures around the posts.
    assert!(
        !thread.contains("Member 0") && !thread.contains("Sent from"),
        "{thread}"
    );
    let md = main(&format!(
        "<div itemscope itemtype=https://schema.org/DiscussionForumPosting>{body}</div>"
    ));
    assert!(md.contains("Answer 3:"), "{md}");
}

#[test]
fn the_chrome_each_post_or_card_repeats_is_left_out() {
    let post = |i: usize| {
        format!(
            "<div class=post><dl class=profile><dt><a href=/u/{i}>user{i}</a></dt>\
                 <dd>Member</dd><dd>Posts: {}</dd><dd>Joined: May 20{i:02}</dd></dl>\
                 <div class=body><p>Reply {i}: the driver from the vendor's site fixed the \
                 sound for me after a restart, and the microphone works again too.</p></div>\
                 <p><a href=/r/{i}>Quote</a></p></div>",
            100 + i
        )
    };
    let posts: String = (0..5).map(post).collect();
    let thread = main(&format!(
        "<script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script>\
             <div class=thread>{posts}</div>"
    ));
    for i in 0..5 {
        assert!(thread.contains(&format!("Reply {i}:")), "{thread}");
        assert!(thread.contains(&format!("user{i}")), "names stay: {thread}");
    }
    for chrome in ["Posts:", "Joined:", "Member", "Quote"] {
        assert!(!thread.contains(chrome), "{chrome}: {thread}");
    }
    // A page that does not say it is a thread keeps them (an article's "Note: …" lines),
    // but not the links each card repeats; a repeated link with a digit is a value.
    let page = main(&format!("<div class=thread>{posts}</div>"));
    assert!(
        page.contains("Posts: 101") && page.contains("Member"),
        "{page}"
    );
    assert!(!page.contains("Quote"), "{page}");
    let cards: String = (0..6)
        .map(|i| {
            format!(
                "<div class=card><h3>Plan {i}</h3><p>Everything a team of {i} needs to \
                     start, with support by mail and a shared calendar.</p>\
                     <div><a href=/p/{i}>Learn more</a></div><div><a href=/r>4.5</a></div></div>"
            )
        })
        .collect();
    let plans = main(&format!("<main><h1>Plans</h1>{cards}</main>"));
    assert!(plans.contains("Plan 5") && plans.contains("4.5"), "{plans}");
    assert!(!plans.contains("Learn more"), "{plans}");
    // A link alone between a card's blocks is a line of its own, as a browser lays it out:
    // the chrome each card repeats all the same. Inside a line of text it is the text's.
    let cards: String = (0..6)
        .map(|i| {
            format!(
                "<div class=card><h3>Plan {i}</h3><p>Everything a team of {i} needs to \
                 start, with support by mail and a shared calendar.</p>\
                 <a href=/p/{i}>Book now</a> <div>From $1{i} a month</div></div>"
            )
        })
        .collect();
    let plans = main(&format!(
        "<main><h1>Plans</h1>{cards}<p>Not sure? <a href=/c>Book now</a> \
        and cancel within a month.</p></main>"
    ));
    assert!(plans.contains("From $15 a month"), "{plans}");
    assert!(!plans.contains("\nBook now\n"), "{plans}");
    assert!(plans.contains("Not sure? Book now and cancel"), "{plans}");
    // A block that is all a control's label is the page's interface, even once; a label
    // inside a line of text is the text's.
    let page = main(&format!(
        "<article><h1>Flood</h1><div class=entry>{FLOOD}<div><span>Share</span></div>\
         <p><a href=/more>Read more »</a></p><p>Read more about the floods of 1953.</p>\
         <div>Anzeige</div><div>广告</div></div></article>"
    ));
    assert!(page.contains("The bridge on the old road"), "{page}");
    assert!(page.contains("Read more about the floods"), "{page}");
    assert!(
        !page.contains("Share") && !page.contains("Read more »"),
        "{page}"
    );
    assert!(
        !page.contains("Anzeige") && !page.contains("广告"),
        "{page}"
    );
}

#[test]
fn comments_on_a_question_or_an_answer_are_not_posts() {
    let comment = |who: &str| {
        format!(
            "<ul class=comments><li itemprop=comment itemscope itemtype=https://schema.org/Comment>\
                 Did you try it with the {who} settings, and did the radio come back after that?</li></ul>"
        )
    };
    let post = |item: &str, text: &str| {
        format!(
            "<div itemscope itemtype=https://schema.org/{item}><p>{}</p>{}</div>",
            text.repeat(3),
            comment(item)
        )
    };
    let page = format!(
        "<script type=application/ld+json>{{\"@type\": \"QAPage\"}}</script>\
             <div class=thread>{}{}{}</div>",
        post(
            "Question",
            "Why does the radio stop after the update, on both of my phones? "
        ),
        post(
            "Answer",
            "Answer one: turn the radio off and on, then restart the phone twice. "
        ),
        post(
            "Answer",
            "Answer two: the update resets the band; choose it again in the settings. "
        ),
    );
    let text = main(&page);
    assert!(text.contains("Why does the radio stop"), "{text}");
    assert!(
        text.contains("Answer one") && text.contains("Answer two"),
        "{text}"
    );
    assert!(!text.contains("Did you try it"), "{text}");
    // A comment outside a question or an answer (a blog's) is read as before.
    let blog = main(
        &page
            .replace("schema.org/Question", "schema.org/Thing")
            .replace("schema.org/Answer", "schema.org/Thing"),
    );
    assert!(blog.contains("Did you try it"), "{blog}");
}

#[test]
fn a_header_or_footer_that_holds_the_page_is_its_wrapper() {
    let prose: String = (0..24)
            .map(|i| format!("<p>Point {i}: we test the software, by hand and by machine, before every release, and we say what we found.</p>"))
            .collect();
    // A theme's wrapper named for the header, or a layout's region named for the page's foot
    // (beside the page's own header or footer, which stays out).
    for (own, wrapper) in [
        ("<div class=site-header>", "section class=headerWrapper"),
        ("<div class=site-footer>", "div class=page-footer"),
    ] {
        let own =
            format!("{own}<p>Acme Testing, since 1999, in Oslo, Bergen and Trondheim.</p></div>");
        let tag = wrapper.split(' ').next().unwrap_or_default();
        let text = main(&format!("<{wrapper}>{prose}</{tag}>{own}"));
        assert!(
            text.contains("Point 0:") && text.contains("Point 23:"),
            "{text}"
        );
        assert!(!text.contains("Acme"), "{text}");
        // Without the text, the wrapper is a header or a footer too.
        let short = main(&format!(
            "{own}<{wrapper}><p>Short.</p></{tag}><p>{}</p>",
            "The page's own text, at some length, with commas, clauses and more. ".repeat(8)
        ));
        assert!(
            !short.contains("Short.") && short.contains("own text"),
            "{short}"
        );
    }
}

#[test]
fn a_threads_quoted_posts_are_left_out_of_the_replies() {
    let first = "<article class=post><p>Which paint holds best on an old steel railing, outside, through the winter frost?</p></article>";
    let replies: String = (0..4)
            .map(|i| format!("<article class=post><blockquote class=\"bbCodeBlock--quote\"><div>Ann said:</div>\
                Which paint holds best on an old steel railing, outside?</blockquote>\
                Reply {i}: an oil-based enamel over a rust primer, brushed on in two thin coats.</article>"))
            .collect();
    let thread = format!(
        "<script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script>\
             <div class=posts>{first}{replies}</div>"
    );
    let text = main(&thread);
    for i in 0..4 {
        assert!(text.contains(&format!("Reply {i}:")), "{text}");
    }
    assert!(!text.contains("Ann said"), "{text}");
    assert_eq!(text.matches("Which paint").count(), 1, "{text}");
    // A post that is all quote, with no reply of its own beside it, stays.
    let alone = main(&thread.replace(
            "</article></div>",
            "</article><article class=post><blockquote class=quote>Bob wrote: a primer first, always.</blockquote></article></div>",
        ));
    assert!(alone.contains("Bob wrote"), "{alone}");
    // A `blockquote` class is an editor's block quotation (a letter quoted in the first
    // post), not a quoted post.
    let letter = main(&thread.replace(
        "<article class=post><p>Which",
        "<article class=post><blockquote class=blockquote>Dear owners, the railing will be \
             painted in May.</blockquote><p>Which",
    ));
    assert!(letter.contains("Dear owners"), "{letter}");
    // Not on a page that does not say it is a thread: an article's quotes are its text.
    let article = main(&format!("<div class=posts>{first}{replies}</div>"));
    assert!(article.contains("Ann said"), "{article}");
}

#[test]
fn the_page_type_comes_with_the_content() {
    let find = |html: &str| {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        MainContent::find(&doc).page_type(&doc)
    };
    let prose = "<p>It rained all day, and then, in the evening, it rained more, as the forecasters had said.</p>";
    assert_eq!(find(&prose.repeat(10)), PageType::Article);
    assert_eq!(find(""), PageType::Other);
    assert_eq!(
        find(&format!(
            "<meta property=og:type content=product>{}",
            prose.repeat(3)
        )),
        PageType::Product
    );
    // One paragraph among many small cards: the whole page, not an article.
    let cards: String = (0..20)
        .map(|i| format!("<div class=card><h3>Item {i}</h3><span>A short blurb, {i}</span></div>"))
        .collect();
    let page = format!(
        "<p>{}</p><div class=grid>{cards}</div>",
        &prose[3..prose.len() - 4]
    );
    let arena = Arena::new();
    let doc = parse_document_str(&arena, &page, &ParseOptions::default());
    let content = MainContent::find(&doc);
    assert_eq!(content.page_type(&doc), PageType::Service);
    assert!(content.text(&doc).contains("A short blurb, 19"));
    // Cards with links: a listing; with prices too, a shop's collection.
    let grid = |price: &str| {
        let cards: String = (0..20)
                .map(|i| {
                    format!(
                        "<li class=item><a href=/i/{i}>Item {i}: a walk along the river to the old mill</a>\
                         <p>A blurb of the item, which says what it is and why it is worth a look, {i}{price}</p></li>"
                    )
                })
                .collect();
        format!("<h1>Items</h1><ul class=items>{cards}</ul>")
    };
    assert_eq!(find(&grid("")), PageType::Listing);
    assert_eq!(find(&grid(" <b>$12.50</b>")), PageType::Collection);
}

#[test]
fn a_footer_is_never_the_content() {
    // A short page of form fields: every attempt is short, and the laxer ones must not
    // fall back to the footer.
    let page = "<nav><a href=/>Home</a></nav><main><h1>Apply</h1><form><p>Section 1: spring</p>\
            <label>Name <input></label></form></main><footer>© 2026 The Daily · Privacy</footer>";
    let text = main(page);
    assert!(text.contains("Section 1: spring"), "{text}");
    assert!(!text.contains("©"), "{text}");
}

#[test]
fn empty_and_bodiless_pages() {
    assert_eq!(main(""), "");
    assert_eq!(main("<p>x"), "x\n");
    assert_eq!(
        main("<frameset><frame src=a></frameset>"),
        "",
        "a frameset has no text"
    );
}

#[test]
fn a_page_of_furniture_only_has_no_main_content() {
    // A shop's page whose products a script renders: its only text is its header's menu and
    // its footer's links.
    let shell = "<title>Down jackets</title><header><div class=menu-drawer>\
        <span class=small-links><a href=/a>Provisions</a> <a href=/b>Action Works</a> \
        <a href=/c>The Cleanest Line</a></span></div></header><div id=root></div>\
        <div class=site-footer><a href=/help>Help</a> <a href=/returns>Returns</a></div>";
    let arena = Arena::new();
    let doc = parse_document_str(&arena, shell, &ParseOptions::default());
    let content = MainContent::find(&doc);
    assert_eq!(content.text(&doc), "");
    assert_eq!(content.page_type(&doc), PageType::Other);
    // With a short text of its own, outside the furniture, the page has content.
    let own = shell.replace(
        "<div id=root></div>",
        "<div id=root><p>No jackets match these filters.</p></div>",
    );
    let text = main(&own);
    assert!(text.contains("No jackets match these filters.\n"), "{text}");
}

#[test]
fn a_page_of_furniture_only_that_hides_its_content_shows_it() {
    // A shop's product page, written out and hidden by an inline style until its scripts
    // have laid it out; beside it a hidden menu with less text.
    let about: String = (0..24)
        .map(|i| format!("<p>Fact {i}: baked in small batches from almonds, flour and egg whites, with no added fat.</p>"))
        .collect();
    let page = format!(
        "<header class=site-header><a href=/>Shop</a> <a href=/sale>Sale</a></header>\
         <div class=mega-menu style='display:none'><p>Snacks, baking, flour and mixes</p></div>\
         <div class=defer-block style='display: none'><h2>Product overview</h2>{about}</div>"
    );
    let text = main(&page);
    assert!(
        text.starts_with("Product overview\nFact 0:") && text.contains("Fact 23:"),
        "{text}"
    );
    assert!(!text.contains("Snacks") && !text.contains("Sale"), "{text}");
    // With less than 2,000 bytes hidden, the page has no content.
    let short = page.replace(&about, "<p>Baked in small batches.</p>");
    assert_eq!(main(&short), "");
}

#[test]
fn hidden_content_is_what_the_walk_would_show() {
    // Step 13 reads as shown the hidden element the walk would keep: a hidden block with
    // more text where the walk never shows it (a menu, a side panel, an element hidden by an
    // attribute or a class, a closed dialog, an `svg`, a form control) does not take its
    // place.
    let about: String = (0..30)
        .map(|i| {
            format!("<p>Fact {i}: baked in small batches from almonds, flour and egg whites.</p>")
        })
        .collect();
    let other: String = (0..50)
        .map(|i| format!("<p>Policy {i}: returns are accepted within thirty days of delivery.</p>"))
        .collect();
    let words = "Policy words on returns and deliveries, in full. ".repeat(80);
    for decoy in [
        format!("<nav><div style='display:none'>{other}</div></nav>"),
        format!("<aside><div style='display:none'>{other}</div></aside>"),
        format!("<div class=mega-menu style='display:none'>{other}</div>"),
        format!("<div hidden><div style='display:none'>{other}</div></div>"),
        format!("<div aria-hidden=true><div style='display:none'>{other}</div></div>"),
        format!("<div class=sr-only><div style='display:none'>{other}</div></div>"),
        format!("<dialog><div style='display:none'>{other}</div></dialog>"),
        format!("<svg style='display:none'><text>{words}</text></svg>"),
        format!("<select><option style='display:none'>{words}</option></select>"),
        format!("<div style='display:none' hidden>{other}</div>"),
        // A hidden wrapper whose bigger part stays hidden once it is shown.
        format!(
            "<div style='display:none'><p>Policy.</p><div style='display:none'>{other}</div></div>"
        ),
        format!("<div style='display:none'><p>Policy.</p><div hidden>{other}</div></div>"),
    ] {
        let page = format!(
            "<header class=site-header><a href=/>Shop</a> <a href=/sale>Sale</a></header>\
             {decoy}<div class=defer-block style='display:none'>{about}</div>"
        );
        let text = main(&page);
        assert!(
            text.starts_with("Fact 0:") && text.contains("Fact 29:"),
            "{decoy}: {text}"
        );
        assert!(!text.contains("Policy"), "{decoy}: {text}");
    }
}

#[test]
fn prose_is_what_an_element_shows() {
    // A header whose 2,000 bytes of text are a menu hidden by its style does not hold the
    // page's text (it is not a wrapper); shown, the same text is prose.
    let words = "Our menu of every product line, every service and every store. ".repeat(40);
    for (inside, shows) in [
        (format!("<div style='display: none'>{words}</div>"), false),
        (format!("<div hidden>{words}</div>"), false),
        (format!("<div>{words}</div>"), true),
    ] {
        let page = format!("<header><a href=/>Home</a>{inside}</header>");
        let arena = Arena::new();
        let doc = parse_document_str(&arena, &page, &ParseOptions::default());
        let header = doc
            .document_node()
            .descendants()
            .find(|n| n.is_html_element("header"))
            .expect("the header")
            .node_id();
        assert_eq!(
            holds_prose(&doc, header, WRAPPER_TEXT),
            shows,
            "{inside:.40}"
        );
    }
}
