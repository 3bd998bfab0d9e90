//! Node and time budgets for native searches, and the hook that lets the caller
//! interrupt them (Python's Ctrl-C).

use std::time::{Duration, Instant};

/// Why a search stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// More positions expanded than the node budget allows.
    Nodes,
    /// The time budget ran out.
    Seconds,
    /// The interrupt hook asked to stop (a pending Python signal).
    Interrupted,
}

/// How many expansions pass between clock and interrupt checks.
pub const CHECK_EVERY: u64 = 1 << 12;

/// The largest time budget of a native search, in seconds: a day, as on the Python side
/// (`grundy.search.budget.MAX_SECONDS`).
pub const MAX_SECONDS: f64 = 86_400.0;

/// `max_seconds` if it is None or a number of seconds from 0 to `MAX_SECONDS`, else the
/// one-line message the bindings raise as ValueError (NaN and the infinities are out of
/// range), checked before any arithmetic on it.
pub fn check_seconds(max_seconds: Option<f64>) -> Result<Option<f64>, String> {
    match max_seconds {
        Some(s) if !(0.0..=MAX_SECONDS).contains(&s) => Err(format!(
            "max_seconds {s} is out of range: give a finite number of seconds from 0 to \
             {MAX_SECONDS} (a day), or None for no limit"
        )),
        checked => Ok(checked),
    }
}

/// Counts expanded positions and stops a search at its limits.
pub struct Budget<'a> {
    /// Positions expanded so far.
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    next_check: u64,
    interrupted: &'a mut dyn FnMut() -> bool,
}

impl<'a> Budget<'a> {
    /// A budget of `max_nodes` expansions (None: unlimited) and `max_seconds` from now;
    /// `interrupted` is polled now and then and stops the search when it returns true.
    /// Callers check `max_seconds` first (`check_seconds`); a deadline past what the clock
    /// can hold would be no deadline, never a panic.
    pub fn new(
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
        interrupted: &'a mut dyn FnMut() -> bool,
    ) -> Self {
        let deadline = max_seconds
            .and_then(|s| Duration::try_from_secs_f64(s.max(0.0)).ok())
            .and_then(|d| Instant::now().checked_add(d));
        Budget {
            nodes: 0,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            deadline,
            next_check: 1, // the first expansion checks at once (a zero time budget stops it)
            interrupted,
        }
    }

    /// Count one expanded position that is slow to expand (a millisecond or so), checking
    /// the clock and the interrupt hook every time; Err when a limit is reached.
    pub fn tick_slow(&mut self) -> Result<(), Stop> {
        self.next_check = self.nodes + 1;
        self.tick()
    }

    /// Check the clock and the interrupt hook without counting a position (a thread
    /// that waits for workers polls this); Err when a limit is reached.
    pub fn poll(&mut self) -> Result<(), Stop> {
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(Stop::Seconds);
        }
        if (self.interrupted)() {
            return Err(Stop::Interrupted);
        }
        Ok(())
    }

    /// Positions this budget still allows (u64::MAX: unlimited).
    pub fn nodes_left(&self) -> u64 {
        self.max_nodes.saturating_sub(self.nodes)
    }

    /// Count positions expanded elsewhere (by workers); Err past the node budget.
    pub fn charge(&mut self, nodes: u64) -> Result<(), Stop> {
        self.nodes = self.nodes.saturating_add(nodes);
        if self.nodes > self.max_nodes {
            return Err(Stop::Nodes);
        }
        Ok(())
    }

    /// Count one expanded position; Err when a limit is reached.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Stop::Nodes);
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            if self.deadline.is_some_and(|d| Instant::now() > d) {
                return Err(Stop::Seconds);
            }
            if (self.interrupted)() {
                return Err(Stop::Interrupted);
            }
        }
        Ok(())
    }
}

/// Run `f` with an unlimited budget (tests and closed-form callers).
pub fn unlimited<T>(f: impl FnOnce(&mut Budget) -> T) -> T {
    let mut never = || false;
    let mut budget = Budget::new(None, None, &mut never);
    f(&mut budget)
}

#[cfg(test)]
mod tests {
    use super::{check_seconds, Budget, Stop, MAX_SECONDS};

    #[test]
    fn seconds_out_of_range_are_refused() {
        for bad in [
            -1.0,
            -0.5,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e300,
        ] {
            assert!(check_seconds(Some(bad)).is_err(), "{bad}");
        }
        for good in [None, Some(0.0), Some(1.5), Some(MAX_SECONDS)] {
            assert_eq!(check_seconds(good), Ok(good));
        }
    }

    #[test]
    fn unrepresentable_deadline_is_none_not_a_panic() {
        let mut never = || false;
        for huge in [1e300, f64::MAX, f64::INFINITY] {
            let mut budget = Budget::new(Some(5), Some(huge), &mut never);
            assert!((0..5).all(|_| budget.tick().is_ok()));
        }
    }

    #[test]
    fn node_budget_stops_after_the_limit() {
        let mut never = || false;
        let mut budget = Budget::new(Some(3), None, &mut never);
        assert!((0..3).all(|_| budget.tick().is_ok()));
        assert_eq!(budget.tick(), Err(Stop::Nodes));
    }

    #[test]
    fn interrupt_hook_is_polled() {
        let mut always = || true;
        let mut budget = Budget::new(None, None, &mut always);
        let stopped = (0..1 << 13).map(|_| budget.tick()).find(|r| r.is_err());
        assert_eq!(stopped, Some(Err(Stop::Interrupted)));
    }

    #[test]
    fn time_budget_stops() {
        let mut never = || false;
        let mut budget = Budget::new(None, Some(0.0), &mut never);
        std::thread::sleep(std::time::Duration::from_millis(2));
        let stopped = (0..1 << 13).map(|_| budget.tick()).find(|r| r.is_err());
        assert_eq!(stopped, Some(Err(Stop::Seconds)));
    }
}
