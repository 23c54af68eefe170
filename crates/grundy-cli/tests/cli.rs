//! End-to-end tests of the `grundy` binary: one integration test binary
//! (ripgrep's layout), one module per subcommand.

mod util;

mod allbut;
mod errors;
mod files;
mod heap;
mod period;
mod pictures;
mod play;
mod serve;
mod sum;
mod sweep;
mod values;
