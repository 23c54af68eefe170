//! Pictures of subtraction games, for people who would rather look than
//! read: the game graph of a heap with each position labelled by its
//! Grundy value (`graph.rs`, after the usual drawings of the 31 game) and
//! plots of Grundy sequences with their pre-period, periods and
//! P-positions marked (`plot.rs`, after the usual sequence tables), and
//! heat maps of the period tables of a sweep (`heatmap.rs`).
//!
//! Everything is drawn as SVG text in memory; [`png::svg_to_png`] turns a
//! drawing into PNG bytes with `resvg` and a bundled font. No files are
//! read or written here: the `grundy` command does that.

#![deny(missing_docs)]

pub mod graph;
pub mod heatmap;
pub mod plot;
pub mod png;
