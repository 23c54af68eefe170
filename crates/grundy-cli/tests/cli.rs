//! End-to-end tests of the `grundy` binary: one integration test binary
//! (ripgrep's layout), one module per subcommand.

mod util;

mod allbut;
mod argv_fuzz;
mod errors;
mod files;
mod fit;
mod formats;
mod heap;
mod help;
mod laws;
mod laws_jobs;
mod laws_two;
mod octal;
mod period;
#[cfg(feature = "pictures")]
mod pictures;
mod play;
mod quotient;
mod runaway;
#[cfg(feature = "web")]
mod serve;
mod sum;
mod sweep;
mod values;
