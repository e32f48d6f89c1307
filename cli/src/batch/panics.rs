//! A worker's panic (a bug) as its input's error record, and the tests' fault injection that
//! makes one; shared by the page and archive pipelines.

/// The error message of a worker that panicked (a bug in simdhtml) with `payload`.
pub(crate) fn internal_error(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic");
    format!("internal error: {what} (a bug in simdhtml: please report it with this input)")
}

/// Fault injection for the tests: a panic for every page or record whose path or URL contains
/// `SIMDHTML_BATCH_PANIC_FOR` (read once; unset, nothing happens), so that they can check that
/// a worker's panic becomes that input's error record and the others still come.
pub(crate) fn inject_panic(name: &str) {
    static MARKER: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let marker = MARKER.get_or_init(|| std::env::var("SIMDHTML_BATCH_PANIC_FOR").ok());
    if let Some(m) = marker
        && name.contains(m.as_str())
    {
        panic!("injected for {name}");
    }
}
