//! `exp`, written here for the review's two formulas. It is the one function the
//! program would otherwise take from the C maths library: linking `libm` for it costs
//! about 430 KB of resident memory from the first instant (the library's pages, touched
//! as it is loaded), more than the whole game uses.

/// ln 2 split in two, the high part with trailing zero bits so that `k * LN_2_HI` is
/// exact for every `k` used here (fdlibm's constants).
const LN_2_HI: f64 = 6.931_471_803_691_238e-1;
const LN_2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// e to the power `x`, within a few units in the last place.
///
/// `x` is reduced to `k ln 2 + r` with `|r| <= ln 2 / 2`; e^r is its Taylor series
/// (18 terms: the next is below 1e-25 of the sum), scaled by 2^k.
pub(super) fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.7 {
        return f64::INFINITY;
    }
    if x < -745.2 {
        return 0.0;
    }
    // The nearest integer to x / ln 2, by a cast (rounding functions may call libm).
    let half = if x < 0.0 { -0.5 } else { 0.5 };
    #[allow(clippy::cast_possible_truncation)] // |x / ln 2| < 1076 here.
    let twos = (x * std::f64::consts::LOG2_E + half) as i32;
    let rest = (x - f64::from(twos) * LN_2_HI) - f64::from(twos) * LN_2_LO;
    let (mut term, mut sum) = (1.0, 1.0);
    for n in 1..=18 {
        term *= rest / f64::from(n);
        sum += term;
    }
    // 2^twos in two steps, so that neither factor overflows or goes subnormal early.
    let half_twos = twos / 2;
    sum * power_of_two(half_twos) * power_of_two(twos - half_twos)
}

/// 2^`k` for `k` in -1022..=1023, from its bits.
fn power_of_two(k: i32) -> f64 {
    let biased = u64::try_from(k + 1023).unwrap_or(0);
    f64::from_bits(biased << 52)
}

#[cfg(test)]
mod tests {
    use super::exp;

    #[test]
    #[allow(clippy::float_cmp)]
    fn agrees_with_the_c_library_across_the_range() {
        let mut x = -745.0;
        while x < 709.0 {
            let (ours, theirs) = (exp(x), x.exp());
            let error = if theirs == 0.0 { ours } else { (ours - theirs).abs() / theirs };
            assert!(error < 1e-14, "exp({x}) = {ours}, the C library says {theirs}");
            x += 0.137;
        }
        for x in [0.0, 1.0, -1.0, 0.5, -3.68208, 3.68208, -4.354, 1e-10, -1e-10] {
            let (ours, theirs) = (exp(x), x.exp());
            assert!((ours - theirs).abs() <= 2.0 * f64::EPSILON * theirs, "exp({x}) = {ours} vs {theirs}");
        }
    }

    #[test]
    #[allow(clippy::float_cmp)]
    fn the_ends_and_nan() {
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(exp(1000.0), f64::INFINITY);
        assert_eq!(exp(-1000.0), 0.0);
        assert!(exp(f64::NAN).is_nan());
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert_eq!(exp(f64::INFINITY), f64::INFINITY);
    }
}
