//! Divisors and prime factors of a period: the least period of a
//! sequence derived from a periodic one divides the latter's period, and
//! the Guy-Smith search tries the divisors of a period it found.

/// The divisors of `p` (at least 1) in increasing order, in O(sqrt p)
/// steps.
pub(crate) fn divisors(p: u64) -> Vec<u64> {
    let (mut small, mut large) = (Vec::new(), Vec::new());
    let mut d = 1;
    while d * d <= p {
        if p.is_multiple_of(d) {
            small.push(d);
            if d * d != p {
                large.push(p / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

/// The distinct prime factors of `p` (at least 1), increasing.
pub(crate) fn prime_factors(mut p: u64) -> Vec<u64> {
    let mut primes = Vec::new();
    let mut d = 2;
    while d * d <= p {
        if p.is_multiple_of(d) {
            primes.push(d);
            while p.is_multiple_of(d) {
                p /= d;
            }
        }
        d += 1;
    }
    if p > 1 {
        primes.push(p);
    }
    primes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_and_primes_against_trial_division() {
        for p in 1u64..3000 {
            let slow: Vec<u64> = (1..=p).filter(|d| p % d == 0).collect();
            assert_eq!(divisors(p), slow, "p = {p}");
            let primes: Vec<u64> = slow
                .iter()
                .copied()
                .filter(|&d| d > 1 && (2..d).all(|k| d % k != 0))
                .collect();
            assert_eq!(prime_factors(p), primes, "p = {p}");
        }
    }
}
