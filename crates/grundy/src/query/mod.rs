//! The questions people ask, on top of the rule sets: values, periods,
//! single heaps, sums, perfect play, the FES steps, misère quotients.
//!
//! Every function here takes a [`Rules`](crate::Rules) handle (or a
//! concrete set where only one kind makes sense, as for the FES
//! explanation) and a [`Budget`](crate::Budget), and returns plain data
//! that front ends serialise. This is the top layer: nothing below
//! imports it.

pub(crate) mod explain;
pub(crate) mod heap;
pub(crate) mod misere_answer;
pub(crate) mod moves;
pub(crate) mod period;
pub(crate) mod quotient;
pub(crate) mod run;
pub(crate) mod solver;
pub(crate) mod strategy;
pub(crate) mod sum;
pub(crate) mod values;
