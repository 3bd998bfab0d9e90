//! Heap games: Nim, subtraction games and octal games, as nim-sequences.
//!
//! A heap game's position is a sum of heaps, so its value is the XOR of the heaps'
//! values (seed 002, `002_8bc4c30c443a0021.txt` L63); these kernels compute the value
//! of every heap size up to a bound once.

use crate::budget::{Budget, Stop};
use crate::mex::ValueSet;

/// The Grundy values of heaps 0..=n of the subtraction game with this set
/// (a move takes s tokens from one heap, s in the set).
pub fn subtraction_sequence(set: &[u64], n: usize, budget: &mut Budget) -> Result<Vec<u32>, Stop> {
    let mut values = Vec::new(); // grown as computed: a budget may stop long before n
    for heap in 0..=n {
        budget.tick()?;
        let mut seen = ValueSet::new();
        for &take in set {
            if take >= 1 && (take as usize) <= heap {
                seen.insert(values[heap - take as usize]);
            }
        }
        values.push(seen.mex());
    }
    Ok(values)
}

/// An octal code's digits d0, d1, d2, ... (d0 before the point).
///
/// Digit d_k says what removing k tokens from one heap may leave (Berlekamp, Conway &
/// Guy, Winning Ways, ch. 4): bit 1 no heap, bit 2 one heap, bit 4 two heaps.  d0 may
/// only be 0 or 4 (splitting a heap without taking from it).
pub fn parse_octal(code: &str) -> Result<Vec<u8>, String> {
    let fix = "write an octal code like 0.137 or 4.07";
    let (whole, fraction) = code.trim().split_once('.').unwrap_or((code.trim(), ""));
    if whole.len() != 1 {
        return Err(format!(
            "octal code {code:?} needs one digit before the point: {fix}"
        ));
    }
    let mut digits = Vec::new();
    for ch in whole.chars().chain(fraction.chars()) {
        match ch.to_digit(8) {
            Some(d) => digits.push(d as u8),
            None => {
                return Err(format!(
                    "octal code {code:?} has a non-octal digit {ch:?}: {fix}"
                ))
            }
        }
    }
    if digits[0] & 3 != 0 {
        return Err(format!(
            "octal code {code:?}: the digit before the point may only be 0 or 4 (taking no token \
             must split the heap)"
        ));
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(digits)
}

/// The Grundy values of heaps 0..=n of the octal game with these digits.
pub fn octal_sequence(digits: &[u8], n: usize, budget: &mut Budget) -> Result<Vec<u32>, Stop> {
    let mut values: Vec<u32> = Vec::new(); // as above: not sized by n up front
    for heap in 0..=n {
        budget.tick()?;
        let mut seen = ValueSet::new();
        for (take, &digit) in digits.iter().enumerate().take(heap + 1) {
            let left = heap - take;
            if digit & 1 != 0 && left == 0 {
                seen.insert(0);
            }
            if digit & 2 != 0 && left > 0 && take > 0 {
                seen.insert(values[left]);
            }
            if digit & 4 != 0 {
                for a in 1..=left / 2 {
                    seen.insert(values[a] ^ values[left - a]);
                }
            }
        }
        values.push(seen.mex());
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    #[test]
    fn subtraction_one_two_three_is_heap_mod_four() {
        let values = unlimited(|b| subtraction_sequence(&[1, 2, 3], 20, b)).unwrap();
        assert!(values.iter().enumerate().all(|(h, &v)| v as usize == h % 4));
    }

    #[test]
    fn nim_as_octal_0_333() {
        // Taking any number (up to 3 here) leaving one heap or none: heaps 0..3 are *h.
        let digits = parse_octal("0.333").unwrap();
        let values = unlimited(|b| octal_sequence(&digits, 3, b)).unwrap();
        assert_eq!(values, vec![0, 1, 2, 3]);
    }

    #[test]
    fn dawsons_kayles_0_07_and_dawsons_chess_0_137() {
        // Winning Ways: Dawson's Kayles 0.07 begins 0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,
        // and Dawson's Chess 0.137 is the same sequence shifted by one heap.
        let kayles = unlimited(|b| octal_sequence(&parse_octal("0.07").unwrap(), 200, b)).unwrap();
        assert_eq!(
            kayles[..20],
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
        );
        let chess = unlimited(|b| octal_sequence(&parse_octal("0.137").unwrap(), 199, b)).unwrap();
        assert_eq!(chess[..], kayles[1..]);
        // Period 34 from heap 53 on (Guy & Smith 1956).
        assert!((53..166).all(|h| kayles[h] == kayles[h + 34]));
    }

    #[test]
    fn kayles_0_77() {
        // Kayles 0.77 begins 0,1,2,3,1,4,3,2,1,4,2,6
        let digits = parse_octal("0.77").unwrap();
        let values = unlimited(|b| octal_sequence(&digits, 11, b)).unwrap();
        assert_eq!(values, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }

    #[test]
    fn bad_codes_are_refused() {
        assert!(parse_octal("0.19").is_err());
        assert!(parse_octal("1.07").is_err());
        assert!(parse_octal("07").is_err());
    }
}
