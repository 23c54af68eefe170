//! The sparse-space engine and its parts: the rare/common split, the
//! engine, and its saved state.

pub mod checkpoint;
pub mod engine;
mod heap;
pub mod mask;
