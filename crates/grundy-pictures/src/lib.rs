//! Pictures of subtraction games, for people who would rather look than
//! read: the game graph of a heap with each position labelled by its
//! Grundy value (`graph.rs`, after the drawings in muzudho's notes on the
//! 31 game, "31game とは何か") and plots of Grundy sequences with their
//! pre-period, periods and P-positions marked (`plot.rs`, after the
//! sequence tables of the note "ニム和とGrundy数に関するメモ", 2024), and
//! heat maps of the period tables of a sweep (`heatmap.rs`), and the
//! multiplication tables of misère quotients as coloured grids
//! (`product.rs`).
//!
//! Everything is drawn as SVG text in memory; [`png::svg_to_png`] turns a
//! drawing into PNG bytes with `resvg` and a bundled font. No files are
//! read or written here: the `grundy` command does that.
//!
//! Drawing fails with this crate's [`Error`] (an [`ErrorKind`] and a
//! one-line message); computing what a picture shows fails with the
//! library's [`grundy::Error`].

#![deny(missing_docs)]

mod error;
pub mod graph;
pub mod heatmap;
mod legend;
pub mod plot;
pub mod png;
pub mod product;

pub use error::{Error, ErrorKind, Result};
