//! Arithmetic modulo the Mersenne prime 2^61 - 1, for the Karp-Rabin
//! fingerprints of the period finders: the run-length engine's windows
//! (`period/runs.rs`) and the FES boundary patterns
//! (`engine/pattern_hash.rs`). A product of two residues fits in 122 bits
//! and reduces with a shift and an add.

/// The modulus, 2^61 - 1.
pub(crate) const P: u64 = (1 << 61) - 1;

/// a + b mod P (a, b < P).
pub(crate) fn add(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= P { s - P } else { s }
}

/// a - b mod P (a, b < P).
pub(crate) fn sub(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + P - b }
}

/// a * b mod P (a, b < P).
pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    add((p as u64) & P, (p >> 61) as u64)
}

/// base^exp mod P.
pub(crate) fn pow(mut base: u64, mut exp: u64) -> u64 {
    let mut result = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul(result, base);
        }
        base = mul(base, base);
        exp >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_mod_the_mersenne_prime() {
        assert_eq!(mul(P - 1, P - 1), 1);
        assert_eq!(mul(pow(3, P - 2), 3), 1);
        assert_eq!(sub(0, 1), P - 1);
        assert_eq!(add(P - 1, 1), 0);
        assert_eq!(pow(7, 0), 1);
    }
}
