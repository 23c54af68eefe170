//! The digits of a code, grouped by what they allow: what every engine
//! step of a take-and-break game reads instead of the code.
//!
//! For the sparse space (`mask.rs`) the parity of the splitting digits'
//! indices matters: Flammenkamp's split "in the domain" exists only when
//! every digit that splits into two heaps sits at an index of one parity.

use crate::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalGame};

/// The digits of a code, grouped by what they allow.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(crate) leave_none: Vec<usize>,
    pub(crate) leave_one: Vec<usize>,
    pub(crate) split2: Vec<usize>,
    pub(crate) split3: Vec<usize>,
    pub(crate) unequal: bool,
    /// Parity of the splitting digits' indices (for the domain split).
    pub(crate) t0: u64,
    pub(crate) domain_allowed: bool,
}

impl Plan {
    pub(crate) fn new(rules: &OctalGame) -> Plan {
        let mut plan = Plan {
            leave_none: Vec::new(),
            leave_one: Vec::new(),
            split2: Vec::new(),
            split3: Vec::new(),
            unequal: rules.unequal_split(),
            t0: 0,
            domain_allowed: false,
        };
        for i in 0..=rules.code_len() {
            let d = rules.digit(i);
            if d & LEAVE_NONE != 0 && i > 0 {
                plan.leave_none.push(i);
            }
            if d & LEAVE_ONE != 0 && i > 0 {
                plan.leave_one.push(i);
            }
            if d & LEAVE_TWO != 0 {
                plan.split2.push(i);
            }
            if d & LEAVE_THREE != 0 {
                plan.split3.push(i);
            }
        }
        if let Some(&first) = plan.split2.first() {
            plan.t0 = (first & 1) as u64;
            plan.domain_allowed =
                plan.split2.iter().all(|&i| i & 1 == first & 1);
        }
        plan
    }
}
