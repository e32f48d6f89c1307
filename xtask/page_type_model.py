#!/usr/bin/env python3
"""Trains the page type's model (`src/extract/page_type/model.rs`) on WCXB's development split
and writes its weights (`src/extract/page_type/model/weights.rs`).

The model is a multinomial logistic regression (scikit-learn, L2, C = 0.1, on standardised
features; the standardisation is folded into the weights written) over the numbers
`MainContent::page_type_features` gives for each page (the `page_type_features` tool of this
crate writes them). The labels are the split's reviewed page types (`category` read as
`collection`). It prints the accuracy cross-validated by domain over five folds and on the
held-out fifth of the pages by domain (the fifth whose domain's MD5 is 0 modulo 5, as
`docs/extraction.md` holds out), each type's share right, then fits every page and writes the
weights. Deterministic (the solver is; no sampling).

    pip install -r xtask/requirements-page-type-model.txt
    cargo build --release -p xtask --bin page_type_features
    target/release/page_type_features $SIMDHTML_SHARED/extraction/wcxb-dev/html/*.html.gz \\
        > /tmp/page-type-features.jsonl
    python3 xtask/page_type_model.py /tmp/page-type-features.jsonl \\
        $SIMDHTML_SHARED/extraction/wcxb-dev [--write src/extract/page_type/model/weights.rs]
"""
import argparse
import hashlib
import json
import os

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold
from sklearn.preprocessing import StandardScaler

# The order of the model's rows (`TYPES` in model.rs).
TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
C = 0.1


def load(features_path, wcxb):
    meta = json.load(open(os.path.join(wcxb, "metadata.json")))["files"]
    rows = []
    for line in open(features_path):
        r = json.loads(line)
        if r["features"] is None:
            continue
        page = r["page"].split(".")[0]
        g = json.load(open(os.path.join(wcxb, "ground-truth", page + ".json"), encoding="utf-8"))
        pt = ((g.get("_internal") or {}).get("page_type") or {})
        pt = pt.get("primary", "article") if isinstance(pt, dict) else (pt or "article")
        pt = "collection" if pt == "category" else pt
        domain = (meta.get(page) or {}).get("domain") or page
        rows.append((r["features"], TYPES.index(pt), domain))
    x = np.array([r[0] for r in rows], dtype=np.float64)
    y = np.array([r[1] for r in rows])
    domains = [r[2] for r in rows]
    return x, y, domains


def fit(x, y):
    scaler = StandardScaler().fit(x)
    model = LogisticRegression(C=C, max_iter=5000).fit(scaler.transform(x), y)
    # Folded: w·(x − μ)/σ + b = (w/σ)·x + (b − Σ wμ/σ); a constant feature (σ = 0) gets 0.
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    w = model.coef_ / scale
    b = model.intercept_ - (model.coef_ * scaler.mean_ / scale).sum(axis=1)
    return w, b


def f32(v):
    """The shortest literal that reads back as the same `f32` (clippy's `excessive_precision`)."""
    return np.format_float_scientific(np.float32(v), unique=True, exp_digits=2).replace(".e", ".0e")


def predict(w, b, x):
    return np.argmax(x @ w.T + b, axis=1)


def report(name, y, pred):
    per = " ".join(
        "%s %d/%d" % (t, int(np.sum((pred == k) & (y == k))), int(np.sum(y == k)))
        for k, t in enumerate(TYPES)
    )
    print("%s: %.3f (%d pages)  %s" % (name, np.mean(pred == y), len(y), per))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("features")
    ap.add_argument("wcxb")
    ap.add_argument("--write")
    a = ap.parse_args()
    x, y, domains = load(a.features, a.wcxb)
    pred = np.zeros(len(y), dtype=int)
    for train, test in GroupKFold(5).split(x, y, domains):
        w, b = fit(x[train], y[train])
        pred[test] = predict(w, b, x[test])
    report("cross-validated by domain, five folds", y, pred)
    print("  labelled \\ given: " + " ".join(t[:5] for t in TYPES))
    for k, t in enumerate(TYPES):
        print("  %-13s %s" % (t, " ".join("%5d" % np.sum((y == k) & (pred == j)) for j in range(len(TYPES)))))
    held = np.array([int(hashlib.md5(d.encode()).hexdigest(), 16) % 5 == 0 for d in domains])
    w, b = fit(x[~held], y[~held])
    report("held-out fifth, fitted on the rest", y[held], predict(w, b, x[held]))
    w, b = fit(x, y)
    report("every page, fitted on every page", y, predict(w, b, x))
    if a.write:
        with open(a.write, "w") as out:
            out.write(
                "//! The page type model's weights, written by `xtask/page_type_model.py` (trained on\n"
                "//! WCXB's development split: %d pages; `docs/extraction.md`, \"The page type\"). Do not\n"
                "//! edit: run the script again.\n\n"
                "use super::FEATURES;\n\n"
                "/// One row per type (`TYPES`), one weight per feature.\n"
                "#[rustfmt::skip]\n"
                "pub(super) const WEIGHTS: [[f32; FEATURES]; %d] = [\n" % (len(y), len(TYPES))
            )
            for row in w:
                vals = [f32(v) for v in row]
                out.write("    [\n")
                for i in range(0, len(vals), 6):
                    out.write("        " + ", ".join(vals[i:i + 6]) + ",\n")
                out.write("    ],\n")
            out.write("];\n\n/// One per type.\n#[rustfmt::skip]\npub(super) const BIAS: [f32; %d] = [%s];\n"
                      % (len(TYPES), ", ".join(f32(v) for v in b)))
        print("wrote", a.write)


main()
