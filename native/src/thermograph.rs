//! Thermographs of canonical games on the interned store (`canonical::Store`): walls,
//! mast (the mean) and temperature, the native counterpart of
//! `grundy.values.thermograph`, which stays the oracle the tests check this against.
//!
//! Cooling and temperature as in seed 001, Definitions 2.3.3-2.3.4
//! (`001_56c9c94dd1ec088e.wrapped.txt` L353), after Siegel: an integer never cools; any
//! other game G has the Left scaffold max over G^L of (right wall of G^L)(t) − t and the
//! Right scaffold min over G^R of (left wall of G^R)(t) + t, for t ≥ −1; the walls follow
//! the scaffolds up to the least t at which they meet, the temperature, where the mast
//! stands.  Every breakpoint of a short game's thermograph is a dyadic rational, so the
//! walls are exact.  Each game's thermograph is built once from its options', options
//! first: time linear in the canonical form times the breakpoints per wall.

use hashbrown::HashMap;

use crate::canonical::{Dyadic, Id, Store};

/// A breakpoint (temperature, value).
pub type Point = (Dyadic, Dyadic);

/// The thermograph: both walls as breakpoints from t = −1 to the temperature, where they
/// reach the mast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermograph {
    pub left: Vec<Point>,
    pub right: Vec<Point>,
    pub mast: Dyadic,
    pub temperature: Dyadic,
}

const BOTTOM: Dyadic = Dyadic { num: -1, exp: 0 };

fn sub(a: Dyadic, b: Dyadic) -> Dyadic {
    a.plus(b.negated())
}

fn mul(a: Dyadic, b: Dyadic) -> Dyadic {
    Dyadic::from_wide(a.num as i128 * b.num as i128, a.exp + b.exp)
}

/// a / b, which the geometry of thermographs keeps dyadic (slopes are integers).
fn div(a: Dyadic, b: Dyadic) -> Dyadic {
    assert!(b.num != 0, "division by zero in a thermograph");
    let twos = b.num.trailing_zeros();
    let odd = b.num >> twos;
    assert!(a.num % odd == 0, "a thermograph breakpoint is not dyadic");
    // a / b = (a.num / odd) · 2^b.exp / 2^(a.exp + twos)
    Dyadic::from_wide(((a.num / odd) as i128) << b.exp, a.exp + twos)
}

/// A continuous piecewise-linear function of t ≥ −1: breakpoints, then `slope`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    points: Vec<Point>,
    slope: Dyadic,
}

impl Line {
    fn at(&self, t: Dyadic) -> Dyadic {
        let last = self.points[self.points.len() - 1];
        if t >= last.0 {
            return last.1.plus(mul(self.slope, sub(t, last.0)));
        }
        for pair in self.points.windows(2) {
            let ((t0, v0), (t1, v1)) = (pair[0], pair[1]);
            if t <= t1 {
                return v0.plus(div(mul(sub(v1, v0), sub(t, t0)), sub(t1, t0)));
            }
        }
        panic!("a temperature below -1");
    }

    fn slope_after(&self, t: Dyadic) -> Dyadic {
        for pair in self.points.windows(2) {
            let ((t0, v0), (t1, v1)) = (pair[0], pair[1]);
            if t0 <= t && t < t1 {
                return div(sub(v1, v0), sub(t1, t0));
            }
        }
        self.slope
    }

    /// t ↦ f(t) + sign·t for the wall `points` (slope 0 after its last breakpoint).
    fn tilted(points: &[Point], sign: i64) -> Line {
        let s = Dyadic::integer(sign);
        Line {
            points: points
                .iter()
                .map(|&(t, v)| (t, v.plus(mul(s, t))))
                .collect(),
            slope: s,
        }
    }
}

/// Drop breakpoints where the slope does not change (in place).
fn simplify(mut points: Vec<Point>) -> Vec<Point> {
    let mut kept = 0;
    for i in 0..points.len() {
        let point = points[i];
        if kept >= 2 {
            let ((t0, v0), (t1, v1)) = (points[kept - 2], points[kept - 1]);
            if mul(sub(v1, v0), sub(point.0, t1)) == mul(sub(point.1, v1), sub(t1, t0)) {
                points[kept - 1] = point;
                continue;
            }
        }
        points[kept] = point;
        kept += 1;
    }
    points.truncate(kept);
    points
}

/// The pointwise max (`left`) or min of piecewise-linear functions, exactly: merged two
/// at a time, each merge linear in their breakpoints (options often share a thermograph,
/// as *n's do: a line equal to the envelope so far is skipped).
fn envelope(mut lines: impl Iterator<Item = Line>, left: bool) -> Line {
    let first = lines.next().expect("a line");
    lines.fold(first, |f, g| if f == g { f } else { merge(&f, &g, left) })
}

/// The max (`left`) or min of two lines: both are linear between consecutive breakpoints
/// of either, so they cross inside such a piece (or after the last breakpoint) only
/// where their difference changes sign.
fn merge(f: &Line, g: &Line, left: bool) -> Line {
    let pick = |x: Dyadic, y: Dyadic| if left { x.max(y) } else { x.min(y) };
    let mut ts: Vec<Dyadic> = f
        .points
        .iter()
        .chain(&g.points)
        .map(|p| p.0)
        .chain([BOTTOM])
        .collect();
    ts.sort_unstable();
    ts.dedup();
    let mut points: Vec<Point> = Vec::with_capacity(2 * ts.len());
    // (t, f(t) − g(t)) at the breakpoint before
    let mut before: Option<(Dyadic, Dyadic)> = None;
    for &t in &ts {
        let (a, b) = (f.at(t), g.at(t));
        let d = sub(a, b);
        if let Some((t0, d0)) = before {
            if (d0.num > 0 && d.num < 0) || (d0.num < 0 && d.num > 0) {
                let crossing = t0.plus(div(mul(d0, sub(t, t0)), sub(d0, d)));
                points.push((crossing, f.at(crossing)));
            }
        }
        points.push((t, pick(a, b)));
        before = Some((t, d));
    }
    let (end, d) = before.expect("a breakpoint");
    let ds = sub(f.slope, g.slope);
    if (d.num > 0 && ds.num < 0) || (d.num < 0 && ds.num > 0) {
        let crossing = sub(end, div(d, ds));
        points.push((crossing, f.at(crossing)));
    }
    // past every crossing the line with the larger (smaller) slope is on top (below)
    Line {
        points: simplify(points),
        slope: pick(f.slope, g.slope),
    }
}

/// The least t ≥ −1 at which the Left scaffold is at or below the Right scaffold.
fn meeting(left: &Line, right: &Line) -> Dyadic {
    let mut ts: Vec<Dyadic> = left
        .points
        .iter()
        .chain(right.points.iter())
        .map(|p| p.0)
        .chain([BOTTOM])
        .collect();
    ts.sort_unstable();
    ts.dedup();
    let height: Vec<Dyadic> = ts.iter().map(|&t| sub(left.at(t), right.at(t))).collect();
    if height[0] <= Dyadic::ZERO {
        return BOTTOM;
    }
    for i in 0..ts.len() - 1 {
        let (a, b, ha, hb) = (ts[i], ts[i + 1], height[i], height[i + 1]);
        if hb <= Dyadic::ZERO {
            return a.plus(div(mul(ha, sub(b, a)), sub(ha, hb)));
        }
    }
    let end = ts[ts.len() - 1];
    let descent = sub(left.slope_after(end), right.slope_after(end));
    assert!(
        descent < Dyadic::ZERO,
        "the scaffolds of a short game always meet"
    );
    end.plus(div(height[height.len() - 1], descent.negated()))
}

/// The thermographs computed so far, by game id.
#[derive(Default)]
pub struct Thermographs(HashMap<Id, Thermograph>);

impl Thermographs {
    pub fn new() -> Self {
        Self::default()
    }

    /// The thermograph of `root`, built options first (no deep recursion), walking the
    /// store's options directly.
    pub fn of(&mut self, store: &Store, root: Id) -> &Thermograph {
        let mut stack = vec![(root, false)];
        while let Some((g, expanded)) = stack.pop() {
            if self.0.contains_key(&g) {
                continue;
            }
            let (left, right) = (store.left(g), store.right(g));
            if expanded {
                let made = self.build(store.number_value(g), left, right);
                self.0.insert(g, made);
            } else {
                stack.push((g, true));
                stack.extend(left.iter().chain(right).map(|&o| (o, false)));
            }
        }
        &self.0[&root]
    }

    /// The thermograph of a game from its options' (already built).
    fn build(&self, number: Option<Dyadic>, left: &[Id], right: &[Id]) -> Thermograph {
        if let Some(x) = number.filter(|x| x.exp == 0) {
            return Thermograph {
                left: vec![(BOTTOM, x)],
                right: vec![(BOTTOM, x)],
                mast: x,
                temperature: BOTTOM,
            };
        }
        let scaffold_left = envelope(
            left.iter().map(|g| Line::tilted(&self.0[g].right, -1)),
            true,
        );
        let scaffold_right = envelope(
            right.iter().map(|g| Line::tilted(&self.0[g].left, 1)),
            false,
        );
        let temperature = meeting(&scaffold_left, &scaffold_right);
        let mast = scaffold_left.at(temperature);
        assert!(
            mast == scaffold_right.at(temperature),
            "a short game's scaffolds cross, never jump"
        );
        let wall = |line: &Line| {
            let mut below: Vec<Point> = line
                .points
                .iter()
                .copied()
                .filter(|p| p.0 < temperature)
                .collect();
            below.push((temperature, mast));
            simplify(below)
        };
        Thermograph {
            left: wall(&scaffold_left),
            right: wall(&scaffold_right),
            mast,
            temperature,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, Thermographs, BOTTOM};
    use crate::canonical::{Dyadic, Id, Store};

    fn d(num: i64, exp: u32) -> Dyadic {
        Dyadic::new(num, exp)
    }

    #[test]
    fn a_switch_and_its_walls() {
        // {4 | 2}: mean 3, temperature 1, the left wall from (−1, 5) to (1, 3)
        let mut s = Store::new();
        let (four, two) = (s.number(d(4, 0)), s.number(d(2, 0)));
        let g = s.of(vec![four], vec![two]);
        let mut t = Thermographs::new();
        let made = t.of(&s, g).clone();
        assert_eq!((made.mast, made.temperature), (d(3, 0), d(1, 0)));
        assert_eq!(made.left, vec![(BOTTOM, d(5, 0)), (d(1, 0), d(3, 0))]);
        assert_eq!(made.right, vec![(BOTTOM, d(1, 0)), (d(1, 0), d(3, 0))]);
        // a number m/2^k cools to its mast at −1/2^k; an integer is frozen at −1
        let half = s.number(d(3, 2));
        assert_eq!(t.of(&s, half).temperature, d(-1, 2));
        assert_eq!(t.of(&s, four).temperature, BOTTOM);
        // ↑ and * are tepid: temperature 0, mean 0
        let star = s.nimber(1);
        let up = s.of(vec![Store::ZERO], vec![star]);
        assert_eq!(
            (t.of(&s, up).mast, t.of(&s, up).temperature),
            (d(0, 0), d(0, 0))
        );
    }

    /// Random games (options drawn from games built before), by a fixed xorshift.
    fn random_games(count: usize, seed: u64) -> (Store, Vec<Id>) {
        let mut s = Store::new();
        let mut state = seed;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut games: Vec<Id> = [d(1, 0), d(-1, 0), d(1, 1), d(-3, 2), d(2, 0)]
            .iter()
            .map(|&x| s.number(x))
            .collect();
        games.push(Store::ZERO);
        for _ in 0..count {
            let mut side = |n: u64| -> Vec<Id> {
                (0..1 + next() % n)
                    .map(|_| games[(next() % games.len() as u64) as usize])
                    .collect()
            };
            let (left, right) = (side(3), side(3));
            let g = s.of(left, right);
            games.push(g);
        }
        (s, games)
    }

    #[test]
    fn walls_at_zero_are_the_stops_and_meet_at_the_mast() {
        let (mut s, games) = random_games(400, 0x9e37_79b9_7f4a_7c15);
        let mut t = Thermographs::new();
        for &g in &games {
            let made = t.of(&s, g).clone();
            let (left, right) = (
                Line {
                    points: made.left.clone(),
                    slope: Dyadic::ZERO,
                },
                Line {
                    points: made.right.clone(),
                    slope: Dyadic::ZERO,
                },
            );
            assert_eq!((left.at(Dyadic::ZERO), right.at(Dyadic::ZERO)), s.stops(g));
            assert_eq!(made.left.last().map(|p| p.1), Some(made.mast));
            assert_eq!(made.right.last().map(|p| p.1), Some(made.mast));
            // G − G = 0 and a sum's mean is the sum of the means
            let negative = s.neg(g);
            let back = t.of(&s, negative).mast;
            assert_eq!(back, made.mast.negated());
            let doubled = s.add(g, g);
            assert_eq!(t.of(&s, doubled).mast, made.mast.plus(made.mast));
        }
    }
}
