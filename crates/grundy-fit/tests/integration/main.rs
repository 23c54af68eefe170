//! One integration binary for the fitter: laws from the literature
//! rediscovered from sweep output alone, data with no law, bad input, and
//! the printed formulas re-evaluated by evalexpr (the `--check` language).

mod util;

mod bad_input;
mod check_language;
mod known;
mod no_law;
mod synthetic;
