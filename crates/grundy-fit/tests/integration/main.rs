//! One integration binary for the fitter: laws from the literature
//! rediscovered from sweep output alone, laws whose modulus is a linear
//! form of the parameters, data with no law, bad input, and
//! the printed formulas re-evaluated by evalexpr (the `--check` language).

mod util;

mod bad_input;
mod check_language;
mod known;
mod moduli;
mod no_law;
mod synthetic;
