//! Clobber and its variants (Albert, Grossman, Nowakowski & Wolfe 2005, "An introduction
//! to Clobber", §1; the variants of CGSuite's ruleset library): a stone moves in one of
//! its `steps`, over empty cells up to its `reach`, onto an enemy stone, which is taken;
//! in Anti-Clobber a stone steps onto an adjacent empty cell instead and leaves an enemy
//! stone behind; in Hot Clobber a stone takes the first stone it meets, of either colour.
//! Left plays black, Right white.
//!
//! Boards are Konane's (`konane::Board`: two bitmasks, bit `r * width + c` is cell (r, c))
//! and are memoised as Konane's are, under the least of their eight images and of the
//! eight images with the colours exchanged (the conjugate, value negated): every step set
//! used here (orthogonal, diagonal, both) is closed under the board's symmetries.  Where
//! stones move one step onto stones, a board is the sum of its groups (stones joined by
//! steps) that hold both colours, each cropped to its box, as the Python ruleset's
//! `components` splits it (in Hot Clobber every group of two or more stones, since a
//! stone may take its own colour); stones that reach further are cropped to the box of
//! all the stones (nothing lands beyond it), and Anti-Clobber boards are played whole.

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};
use crate::konane::Board;
use crate::symmetric::{symmetric_kernel, Symmetric, Tables};

/// The most cells a board may have (one bit per cell).
pub const MAX_CELLS: usize = 64;

/// How stones move: the directions, how far (1, or any distance over empty cells),
/// whether they land on empty cells leaving an enemy stone (Anti-Clobber), and whether
/// they may take stones of their own colour (Hot Clobber).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub steps: Vec<(isize, isize)>,
    pub reach: usize,
    pub anti: bool,
    pub hot: bool,
}

/// The step sets closed under the board's eight symmetries: orthogonal, diagonal, both.
const STEP_SETS: [&[(isize, isize)]; 3] = [
    &[(-1, 0), (0, -1), (0, 1), (1, 0)],
    &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
    &[
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ],
];

/// The cells of `board` in `mask` cut to the box of rows `top..=bottom` and columns
/// `left..=right`.
fn cut(board: &Board, mask: u64, top: usize, bottom: usize, left: usize, right: usize) -> u64 {
    let (w, width) = (board.width as usize, right - left + 1);
    let mut out = 0;
    for r in top..=bottom {
        for c in left..=right {
            if mask >> (r * w + c) & 1 != 0 {
                out |= 1 << ((r - top) * width + c - left);
            }
        }
    }
    out
}

/// The stones of `board` on the cells `cells` (not empty), on the box around them.
fn crop(board: &Board, cells: u64) -> Board {
    let w = board.width as usize;
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    let mut rest = cells;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (r, c) = (cell / w, cell % w);
        (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
    }
    Board {
        height: (bottom - top + 1) as u8,
        width: (right - left + 1) as u8,
        black: cut(board, board.black & cells, top, bottom, left, right),
        white: cut(board, board.white & cells, top, bottom, left, right),
    }
}

impl Rules {
    /// The cells one step from `cells`.
    fn near(&self, board: &Board, cells: u64) -> u64 {
        let (h, w) = (board.height as isize, board.width as isize);
        let mut out = 0;
        let mut rest = cells;
        while rest != 0 {
            let cell = rest.trailing_zeros() as isize;
            rest &= rest - 1;
            for &(dr, dc) in &self.steps {
                let (r, c) = (cell / w + dr, cell % w + dc);
                if 0 <= r && r < h && 0 <= c && c < w {
                    out |= 1 << (r * w + c);
                }
            }
        }
        out
    }

    /// The independent parts of `board`, each cropped to its box (see the module's
    /// comment).
    fn split(&self, board: &Board, parts: &mut Vec<Board>) {
        let stones = board.black | board.white;
        if stones == 0 {
            return;
        }
        if self.anti {
            parts.push(*board);
            return;
        }
        if self.reach != 1 {
            parts.push(crop(board, stones));
            return;
        }
        let mut rest = stones;
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let grown = group | self.near(board, group) & rest;
                if grown == group {
                    break;
                }
                group = grown;
            }
            rest &= !group;
            let live = if self.hot {
                group.count_ones() > 1
            } else {
                group & board.black != 0 && group & board.white != 0
            };
            if live {
                parts.push(crop(board, group));
            }
        }
    }

    /// The rules, if `steps` (in any order) is one of the symmetric step sets (the
    /// memo's keys take the board's symmetries for granted), `reach` is at least 1,
    /// Anti-Clobber's stones step a single cell, and the variant is not both Anti and Hot.
    pub fn new(
        steps: &[(isize, isize)],
        reach: usize,
        anti: bool,
        hot: bool,
    ) -> Result<Rules, String> {
        let mut sorted = steps.to_vec();
        sorted.sort_unstable();
        if !STEP_SETS.contains(&sorted.as_slice()) {
            return Err(format!(
                "clobber steps {steps:?} are not the orthogonal, diagonal or king steps: \
                 give one of those sets (each step once)"
            ));
        }
        if reach == 0 || (anti && reach != 1) {
            return Err(format!(
                "clobber reach {reach} (anti: {anti}): stones move 1 or more cells, \
                 Anti-Clobber's exactly 1"
            ));
        }
        if anti && hot {
            return Err("clobber rules both anti and hot: choose one variant".to_string());
        }
        Ok(Rules {
            steps: sorted,
            reach,
            anti,
            hot,
        })
    }

    /// The boards after each move of the player whose stones are `mine` (the other
    /// colour is `theirs`), as (mine, theirs) after the move.
    fn moves(&self, board: &Board, mine: u64, theirs: u64, out: &mut Vec<(u64, u64)>) {
        let (h, w) = (board.height as isize, board.width as isize);
        let mut rest = mine;
        while rest != 0 {
            let start = rest.trailing_zeros() as isize;
            rest &= rest - 1;
            let from = 1u64 << start;
            let (r0, c0) = (start / w, start % w);
            for &(dr, dc) in &self.steps {
                let (mut r, mut c) = (r0, c0);
                for k in 1..=self.reach {
                    (r, c) = (r + dr, c + dc);
                    if r < 0 || r >= h || c < 0 || c >= w {
                        break;
                    }
                    let to = 1u64 << (r * w + c);
                    if self.anti {
                        if (mine | theirs) & to == 0 {
                            out.push((mine & !from | to, theirs | from));
                        }
                        break;
                    }
                    if theirs & to != 0 || self.hot && mine & to != 0 {
                        out.push((mine & !from | to, theirs & !to));
                    }
                    if (mine | theirs) & to != 0 || k == self.reach {
                        break;
                    }
                }
            }
        }
    }
}

/// Values of one variant's boards, keeping the boards solved so far and their canonical
/// games.
pub struct Clobber {
    pub store: Store,
    rules: Rules,
    tables: Tables<Board>,
}

symmetric_kernel!(Clobber, Board);

impl Clobber {
    pub fn new(rules: Rules) -> Self {
        Clobber {
            store: Store::new(),
            rules,
            tables: Tables::default(),
        }
    }

    /// Boards solved so far.
    pub fn table_size(&self) -> usize {
        self.tables.size()
    }

    /// The value of a `height` by `width` board with black (Left's) stones on `black`
    /// and white (Right's) on `white`.
    pub fn value(
        &mut self,
        height: usize,
        width: usize,
        black: u64,
        white: u64,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        assert!(height * width <= MAX_CELLS, "board too large");
        assert!(black & white == 0, "a cell holds two stones");
        let board = Board {
            height: height as u8,
            width: width as u8,
            black,
            white,
        };
        self.sum(&board, budget)
    }

    /// The sum of the values of `board`'s independent parts.
    fn sum(&mut self, board: &Board, budget: &mut Budget) -> Result<Id, Stop> {
        let mut parts = Vec::new();
        self.rules.split(board, &mut parts);
        let mut total = Store::ZERO;
        for part in &parts {
            let value = self.solve(part, budget)?;
            total = self.store.add(total, value);
        }
        Ok(total)
    }

    /// {values after each black move | values after each white move}.
    fn expand(&mut self, board: &Board, budget: &mut Budget) -> Result<Id, Stop> {
        let mut children = Vec::new();
        self.rules
            .moves(board, board.black, board.white, &mut children);
        let count = children.len();
        self.rules
            .moves(board, board.white, board.black, &mut children);
        let mut sides = [Vec::with_capacity(count), Vec::new()];
        for (i, &(mine, theirs)) in children.iter().enumerate() {
            let (black, white) = if i < count {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            let child = Board {
                black,
                white,
                ..*board
            };
            sides[usize::from(i >= count)].push(self.sum(&child, budget)?);
        }
        let [lefts, rights] = sides;
        Ok(self.store.of(lefts, rights))
    }
}

#[cfg(test)]
mod tests {
    use super::{Clobber, Rules};
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Id, Store};

    const ORTHOGONAL: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const KING: [(isize, isize); 8] = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];

    fn rules(steps: &[(isize, isize)], reach: usize, anti: bool) -> Rules {
        Rules::new(steps, reach, anti, false).expect("valid rules")
    }

    fn hot() -> Rules {
        Rules::new(&ORTHOGONAL, 1, false, true).expect("valid rules")
    }

    /// The board written as rows of 'x', 'o' and '.' joined by '/'.
    fn parse(text: &str) -> (usize, usize, u64, u64) {
        let rows: Vec<&str> = text.split('/').collect();
        let (mut black, mut white) = (0, 0);
        for (i, cell) in rows.concat().chars().enumerate() {
            match cell {
                'x' => black |= 1 << i,
                'o' => white |= 1 << i,
                _ => {}
            }
        }
        (rows.len(), rows[0].len(), black, white)
    }

    fn value(game: &mut Clobber, text: &str) -> Id {
        let (h, w, black, white) = parse(text);
        unlimited(|b| game.value(h, w, black, white, b)).expect("unlimited")
    }

    #[test]
    fn small_boards() {
        let mut g = Clobber::new(rules(&ORTHOGONAL, 1, false));
        let star = g.store.nimber(1);
        assert_eq!(value(&mut g, "xo"), star); // {0 | 0}
        assert_eq!(value(&mut g, "x.o"), Store::ZERO);
        let mut rooks = Clobber::new(rules(&ORTHOGONAL, usize::MAX, false));
        assert_eq!(value(&mut rooks, "x.o"), star); // rooks reach over the gap
        let mut anti = Clobber::new(rules(&ORTHOGONAL, 1, true));
        // x. : Left steps right leaving o (ox, where nobody can step: 0); Right has no
        // stone: {0 | } = 1.
        let one = anti.store.number(Dyadic::integer(1));
        assert_eq!(value(&mut anti, "x."), one);
        let mut hot = Clobber::new(hot());
        // xx : Left takes her own stone (to a lone x, 0); Right has no stone: {0 | } = 1.
        let one = hot.store.number(Dyadic::integer(1));
        assert_eq!(value(&mut hot, "xx"), one);
        // xo : each side may take the other's stone: {0 | 0} = *.
        let star = hot.store.nimber(1);
        assert_eq!(value(&mut hot, "xo"), star);
    }

    #[test]
    fn groups_are_a_sum() {
        let mut g = Clobber::new(rules(&ORTHOGONAL, 1, false));
        let star = g.store.nimber(1);
        // two xo groups (* + * = 0) and a lone x (dead)
        assert_eq!(value(&mut g, "xo../...x/ox.."), Store::ZERO);
        assert_eq!(value(&mut g, "xo../...x/...."), star);
        assert_eq!(value(&mut g, "x./.o"), Store::ZERO); // not a group for Clobber
        let mut kings = Clobber::new(rules(&KING, 1, false));
        assert_eq!(value(&mut kings, "x./.o"), star); // but one for kings
    }

    #[test]
    fn moves_of_each_variant() {
        let (h, w, black, white) = parse("x..o/.x../o..o");
        let board = crate::konane::Board {
            height: h as u8,
            width: w as u8,
            black,
            white,
        };
        let mut out = Vec::new();
        rules(&KING, usize::MAX, false).moves(&board, black, white, &mut out);
        // queens: (0,0) takes (0,3) and (2,0); (1,1) takes (2,0) diagonally
        assert_eq!(out.len(), 3);
        out.clear();
        rules(&KING, 1, false).moves(&board, black, white, &mut out);
        assert_eq!(out, [(0b1 | 1 << 8, white & !(1 << 8))]); // kings: (1,1) takes (2,0)
    }

    #[test]
    fn rules_are_checked() {
        assert!(Rules::new(&[(0, 1)], 1, false, false).is_err()); // not symmetric
        assert!(Rules::new(&ORTHOGONAL, 0, false, false).is_err());
        assert!(Rules::new(&ORTHOGONAL, 2, true, false).is_err());
        assert!(Rules::new(&ORTHOGONAL, 1, true, true).is_err());
        assert!(Rules::new(&[(0, 1), (0, 1), (1, 0), (-1, 0)], 1, false, false).is_err());
    }

    /// Exchanging the colours gives the conjugate, for every variant (Hot Clobber too)
    /// and every 2 by 3 board (all 3^6 of them).
    #[test]
    fn exchanged_colours_are_conjugates() {
        for (steps, reach, anti) in [
            (&ORTHOGONAL[..], 1, false),
            (&KING[..], 1, false),
            (&ORTHOGONAL[..], usize::MAX, false),
            (&KING[..], usize::MAX, false),
            (&ORTHOGONAL[..], 1, true),
        ] {
            let mut g = Clobber::new(rules(steps, reach, anti));
            check_conjugates(&mut g);
        }
        check_conjugates(&mut Clobber::new(hot()));
    }

    fn check_conjugates(g: &mut Clobber) {
        for code in 0..729u32 {
            let (mut black, mut white, mut rest) = (0u64, 0u64, code);
            for i in 0..6 {
                match rest % 3 {
                    1 => black |= 1 << i,
                    2 => white |= 1 << i,
                    _ => {}
                }
                rest /= 3;
            }
            let id = unlimited(|b| g.value(2, 3, black, white, b)).expect("unlimited");
            let other = unlimited(|b| g.value(2, 3, white, black, b)).expect("unlimited");
            assert_eq!(g.store.neg(id), other);
        }
    }
}
