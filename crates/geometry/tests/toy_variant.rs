//! The trait, the generic perft and the text face exercised on a toy game small enough to count
//! by hand: two tokens on a line of five cells, each side steps its own token one or two cells
//! forward onto an empty cell; a side that cannot move loses.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::{
    divide, long, perft, perft::check_rows, perft_without_bulk, san::Disambiguation, DenseCell,
    DrawReason, DynVariant, LongMoveError, MoveList, Set128, Variant, VariantColor, VariantEntry,
    VariantOutcome, VariantPiece, VariantRole,
};

const CELLS: usize = 5;
static ALL: [Spot; CELLS] = [Spot(0), Spot(1), Spot(2), Spot(3), Spot(4)];

/// A cell of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Spot(usize);

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Spot {
    type Err = Error;
    fn from_str(text: &str) -> Result<Spot, Error> {
        text.parse::<usize>()
            .ok()
            .filter(|&c| c < CELLS)
            .map(Spot)
            .ok_or_else(|| Error(format!("not a cell: {text:?}")))
    }
}

impl DenseCell for Spot {
    fn from_dense(index: usize) -> Spot {
        Spot(index)
    }
    fn dense_index(self) -> usize {
        self.0
    }
}

/// The side: `false` White, `true` Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Side(bool);

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl VariantColor for Side {
    const ALL: &'static [Side] = &[Side(false), Side(true)];
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The one role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TokenRole;

impl fmt::Display for TokenRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("T")
    }
}

impl VariantRole for TokenRole {
    const ALL: &'static [TokenRole] = &[TokenRole];
    fn index(self) -> usize {
        0
    }
    fn char(self) -> char {
        'T'
    }
    fn value(self) -> i32 {
        100
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Toy {
    /// Token cells: White moves up from 0, Black moves down from 4.
    tokens: [usize; 2],
    black_to_move: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Token(bool);

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 { "b" } else { "w" })
    }
}

impl VariantPiece for Token {
    type Color = Side;
    type Role = TokenRole;
    fn color(self) -> Side {
        Side(self.0)
    }
    fn role(self) -> TokenRole {
        TokenRole
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Blocked(bool);

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} wins by blockade",
            if self.0 { "black" } else { "white" }
        )
    }
}

impl VariantOutcome for Blocked {
    type Color = Side;
    type Winner = bool;
    fn draw(_: DrawReason) -> Blocked {
        unreachable!("the toy game has no draws")
    }
    fn winner(&self) -> Option<bool> {
        Some(self.0)
    }
    fn is_win_for(&self, color: Side) -> bool {
        color.0 == self.0
    }
    fn draw_reason(&self) -> Option<DrawReason> {
        None
    }
    fn reason(&self) -> &'static str {
        "blockade"
    }
    fn result_token(&self) -> String {
        (if self.0 { "0-1" } else { "1-0" }).to_string()
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl fmt::Display for Toy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.black_to_move { 'b' } else { 'w' };
        write!(f, "{} {} {side}", self.tokens[0], self.tokens[1])
    }
}

impl FromStr for Toy {
    type Err = Error;
    fn from_str(text: &str) -> Result<Toy, Error> {
        let bad = || Error(format!("not a toy position: {text:?}"));
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [w, b, side] = fields.as_slice() else {
            return Err(bad());
        };
        let cell = |s: &str| s.parse::<usize>().ok().filter(|&c| c < CELLS);
        let (w, b) = (cell(w).ok_or_else(bad)?, cell(b).ok_or_else(bad)?);
        let black_to_move = match *side {
            "w" => false,
            "b" => true,
            _ => return Err(bad()),
        };
        if w == b {
            return Err(bad());
        }
        Ok(Toy {
            tokens: [w, b],
            black_to_move,
        })
    }
}

/// A move: from one cell to another, written `0-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Step(usize, usize);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

impl FromStr for Step {
    type Err = Error;
    fn from_str(text: &str) -> Result<Step, Error> {
        let bad = || Error(format!("not a step: {text:?}"));
        let (from, to) = text.split_once('-').ok_or_else(bad)?;
        let cell = |t: &str| t.parse::<Spot>().map(|s| s.0);
        Ok(Step(cell(from)?, cell(to)?))
    }
}

impl Toy {
    fn side(&self) -> usize {
        usize::from(self.black_to_move)
    }

    fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        let from = self.tokens[self.side()];
        let forward = |n: usize| {
            if self.black_to_move {
                from.checked_sub(n)
            } else {
                Some(from + n).filter(|&c| c < CELLS)
            }
        };
        // A token steps onto empty cells only, and does not jump the other token.
        let one = forward(1).filter(|c| !self.tokens.contains(c));
        let two = one
            .and_then(|_| forward(2))
            .filter(|c| !self.tokens.contains(c));
        one.into_iter().chain(two).map(move |to| Step(from, to))
    }
}

impl Variant for Toy {
    const NAME: &'static str = "toy";
    const START_TEXT: &'static str = "0 4 w";
    const MAX_MOVES: usize = 2;
    const CELL_COUNT: usize = CELLS;
    type Move = Step;
    type Cell = Spot;
    type Color = Side;
    type Role = TokenRole;
    type Piece = Token;
    type CellSet = Set128;
    type Outcome = Blocked;
    type MoveList = MoveList<Step, 2>;
    type ParseError = Error;
    type IllegalMove = Error;
    type ParseMoveError = Error;

    fn start() -> Toy {
        Self::START_TEXT.parse().unwrap()
    }
    fn cells() -> &'static [Spot] {
        &ALL
    }
    fn turn(&self) -> Side {
        Side(self.black_to_move)
    }
    fn piece_at(&self, cell: Spot) -> Option<Token> {
        self.tokens
            .iter()
            .position(|&t| t == cell.0)
            .map(|i| Token(i == 1))
    }
    fn by_color(&self, color: Side) -> Set128 {
        Set128::single(self.tokens[usize::from(color.0)])
    }
    fn by_role(&self, _: TokenRole) -> Set128 {
        Set128::single(self.tokens[0]).with(self.tokens[1])
    }
    fn captured(&self, _: Step) -> Option<Token> {
        None
    }
    fn is_zeroing(&self, _: Step) -> bool {
        true
    }
    fn is_repetition_of(&self, other: &Toy) -> bool {
        self == other
    }
    fn write_san(&self, Step(_, to): Step, origin: Disambiguation, out: &mut String) {
        use core::fmt::Write;
        // Only one token per side: no disambiguation ever needed, but the levels must differ.
        if origin == Disambiguation::Cell {
            let _ = write!(out, "T{}{to}", self.tokens[self.side()]);
        } else {
            let _ = write!(out, "T{to}");
        }
    }
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        moves.extend(self.steps());
    }
    fn legal_move_count(&self) -> usize {
        self.steps().count()
    }
    fn move_cells(Step(from, to): Step) -> (Option<Spot>, Spot) {
        (Some(Spot(from)), Spot(to))
    }
    fn play(&mut self, mv: Step) -> Result<(), Error> {
        if !self.steps().any(|m| m == mv) {
            return Err(Error(format!("illegal move {mv:?}")));
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, Step(_, to): Step) {
        let side = self.side();
        self.tokens[side] = to;
        self.black_to_move = !self.black_to_move;
    }
    fn parse_move(&self, text: &str) -> Result<Step, Error> {
        let text = text.trim();
        self.steps()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| Error(format!("no legal move {text:?}")))
    }
    fn long(Step(from, to): Step) -> String {
        format!("{from}{to}")
    }
    fn move_from_long(text: &str) -> Result<Step, LongMoveError> {
        let spot = |r: &mut long::LongReader<'_>| Some(usize::from(r.digit()?));
        long::read(
            text,
            "two digits like 01",
            |r| Some(Step(spot(r)?, spot(r)?)),
            Toy::long,
        )
    }
    fn attackers(&self, _: Spot, _: Side) -> Set128 {
        // Tokens never capture: nothing attacks.
        Set128::EMPTY
    }
    fn is_check(&self) -> bool {
        false
    }
    fn outcome(&self) -> Option<Blocked> {
        (Variant::legal_move_count(self) == 0).then_some(Blocked(!self.black_to_move))
    }
    fn zobrist_hash(&self) -> u64 {
        (self.tokens[0] * 10 + self.tokens[1] * 2 + self.side()) as u64
    }
    fn svg(&self, marked: &[Spot]) -> String {
        let mut out = String::new();
        hexvar_geometry::svg::begin(&mut out, 50.0 * CELLS as f64, 50.0);
        for Spot(cell) in ALL {
            let x = 50.0 * cell as f64;
            let corners = [(x, 0.0), (x + 50.0, 0.0), (x + 50.0, 50.0), (x, 50.0)];
            hexvar_geometry::svg::cell(&mut out, &cell.to_string(), &corners, "#eee", "#333");
            if marked.contains(&Spot(cell)) {
                hexvar_geometry::svg::ring(&mut out, (x + 25.0, 25.0), 15.0, "#d01010");
            }
        }
        hexvar_geometry::svg::end(&mut out);
        out
    }
}

// The tree from "0 4 w", counted by hand: White has 0-1 and 0-2 (2 nodes at ply 1). After 0-1,
// Black at 4 steps to 3 or 2; after 0-2 only to 3, as 2 is taken (3 nodes at ply 2).
#[test]
fn perft_counts_the_hand_made_tree() {
    let start = Toy::start();
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 2);
    assert_eq!(perft(&start, 2), 3);
    for depth in 0..6 {
        assert_eq!(perft(&start, depth), perft_without_bulk(&start, depth));
    }
    assert_eq!(divide(&start, 2), vec![(Step(0, 1), 2), (Step(0, 2), 1)]);
    assert!(divide(&start, 0).is_empty());
}

#[test]
fn perft_is_the_sum_over_children() {
    let start = Toy::start();
    for depth in 1..6 {
        let sum: u64 = divide(&start, depth).iter().map(|(_, n)| n).sum();
        assert_eq!(sum, perft(&start, depth));
    }
}

#[test]
fn check_rows_reports_every_wrong_row_by_file_and_line() {
    let file = "# toy\n1 2 0 4 w\n2 3 0 4 w\n2 4 0 4 w\n1 1 9 9 w\n";
    let failures = check_rows::<Toy>("toy.txt", file, u64::MAX).unwrap_err();
    assert!(
        failures.contains("toy.txt:4: depth 2 gives 3, expected 4"),
        "{failures}"
    );
    assert!(failures.contains("toy.txt:5:"), "{failures}");
    assert_eq!(failures.lines().count(), 2);
    assert_eq!(
        check_rows::<Toy>("toy.txt", "1 2 0 4 w\n2 3 0 4 w\n", u64::MAX),
        Ok(2)
    );
    // Rows above the node cap are not run.
    assert_eq!(
        check_rows::<Toy>("toy.txt", "1 2 0 4 w\n2 99 0 4 w\n", 50),
        Ok(1)
    );
}

#[test]
fn the_text_face_plays_by_notation_and_leaves_the_position_on_error() {
    let entry = VariantEntry::of::<Toy>();
    assert_eq!(entry.name, "toy");
    let mut pos: Box<dyn DynVariant> = (entry.start)();
    let moves = pos.moves();
    assert_eq!(moves.len(), 2);
    assert_eq!(
        (moves[0].from.as_deref(), moves[0].to.as_str()),
        (Some("0"), "1")
    );
    let before = pos.position_text();
    assert!(pos.play_text("4-0").is_err());
    assert_eq!(pos.position_text(), before);
    let played = pos.play_text(" 0-2 ").unwrap();
    assert_eq!(played.notation, "0-2");
    assert_eq!(played.san, "T2");
    assert_eq!(pos.position_text(), "2 4 b");
    let status = pos.status();
    assert_eq!(
        (status.turn.as_str(), status.check, status.outcome),
        ("true", false, None)
    );
    pos.play_text("4-3").unwrap();
    // White at 2, Black at 3: White is blocked and loses.
    let outcome = pos.status().outcome.unwrap();
    assert_eq!(outcome.winner.as_deref(), Some("true"));
    assert_eq!(outcome.reason, "blockade");
    assert_eq!(outcome.text, "black wins by blockade");
    assert_eq!(pos.perft(3), 0);
    let copy = pos.clone();
    assert_eq!(copy.position_text(), pos.position_text());
    assert!(pos.svg_marked(&["1", "x"]).matches("<circle").count() == 1);
    assert!(pos.parse_same_variant("1 1 w").is_err());
    assert_eq!(pos.parse_same_variant("1 3 w").unwrap().divide(1).len(), 1);
    assert_eq!(
        (entry.parse)("nonsense").unwrap_err().to_string(),
        "not a toy position: \"nonsense\""
    );
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_perft_agrees() {
    let start = Toy::start();
    for depth in 0..6 {
        assert_eq!(
            hexvar_geometry::perft_parallel(&start, depth),
            perft(&start, depth)
        );
        assert_eq!(
            hexvar_geometry::divide_parallel(&start, depth),
            divide(&start, depth)
        );
    }
}

#[test]
fn parse_long_reads_the_legal_moves_and_says_why_not() {
    let start = Toy::start();
    assert_eq!(start.parse_long(" 01\t"), Ok(Step(0, 1)));
    assert_eq!(Toy::long(Step(0, 2)), "02");
    assert_eq!(
        start.parse_long("03"),
        Err(LongMoveError::NotLegal {
            text: "03".to_string()
        })
    );
    let bad = start.parse_long("0-1").unwrap_err();
    assert!(matches!(bad, LongMoveError::Notation { .. }));
    assert_eq!(
        bad.to_string(),
        "\"0-1\" is not a move in long notation (expected two digits like 01)"
    );
    // Two sides that always take part: the default.
    assert!(Side::ALL.iter().all(|&side| start.in_play(side)));
    assert_eq!(TokenRole.value(), 100);
}

#[test]
fn hash_perft_and_split_perft_agree_with_perft() {
    use hexvar_geometry::hash_perft::{
        hash_perft, split_perft, split_positions, PerftTable, Split,
    };
    let start = Toy::start();
    // One bucket (0 MB) forces replacements; 1 MB keeps everything.
    for table in [PerftTable::with_megabytes(0), PerftTable::with_megabytes(1)] {
        for depth in 0..8 {
            let expected = perft(&start, depth);
            assert_eq!(hash_perft(&start, depth, &table), expected, "depth {depth}");
            for plies in 0..4 {
                for threads in [0, 1, 3] {
                    let split = Split { plies, threads };
                    assert_eq!(split_perft(&start, depth, split, Some(&table)), expected);
                    assert_eq!(split_perft(&start, depth, split, None), expected);
                }
            }
        }
    }
    // "0 4 w": after 0-1 4-3 and 0-2 4-3 … the multiplicities add up to the perft.
    let level = split_positions(&start, 2);
    assert_eq!(level.iter().map(|(_, m)| m).sum::<u64>(), perft(&start, 2));
}

#[test]
#[should_panic(expected = "perft depth 100000 is above MAX_PERFT_DEPTH (64)")]
fn perft_refuses_a_depth_above_the_bound() {
    perft(&Toy::start(), 100_000);
}

#[test]
#[should_panic(expected = "above MAX_PERFT_DEPTH")]
fn hash_perft_refuses_a_depth_above_the_bound() {
    let table = hexvar_geometry::PerftTable::with_megabytes(0);
    hexvar_geometry::hash_perft(&Toy::start(), hexvar_geometry::MAX_PERFT_DEPTH + 1, &table);
}

#[test]
fn every_perft_function_takes_the_bound_itself() {
    // The toy's games end within a few plies, so the deepest allowed perft finishes.
    let depth = hexvar_geometry::MAX_PERFT_DEPTH;
    assert_eq!(
        perft(&Toy::start(), depth),
        perft_without_bulk(&Toy::start(), depth)
    );
    assert_eq!(divide(&Toy::start(), depth).len(), 2);
}

#[test]
fn the_long_notation_check_passes_on_the_truth_and_names_each_wrong_claim() {
    use hexvar_geometry::checks::{check_long_notation, LongNotation};
    let kind = |Step(from, to): Step| {
        if from.abs_diff(to) == 2 {
            "double"
        } else {
            "single"
        }
    };
    let conformance = "1 2 0 4 w\n1 1 1 3 b\n";
    let truth = LongNotation::<Toy>::read(
        "min-moves 4\nkinds \"double\" \"single\"\nspelling \"0-1\" \"01\"\n\
         spelling \"0-2\" \"02\"\nbad \"\" \"0-1\" \"012\" \"a1\"\nillegal \"03\"\nletters \"0123-\"",
        kind,
    )
    .unwrap();
    check_long_notation(conformance, &truth).unwrap();
    let wrong = LongNotation::<Toy> {
        kinds: ["double", "single", "triple"].map(String::from).to_vec(),
        min_moves: 1_000,
        spellings: vec![("0-2".into(), "20".into())],
        bad: vec!["01".into()],
        illegal: "01".into(),
        ..truth
    };
    let failures = check_long_notation(conformance, &wrong).unwrap_err();
    for claim in [
        "triple",
        "1000",
        "\"20\"",
        "no spelling of a move of the kind \"single\"",
        "\"01\" is not a notation error",
        "not legal at the start",
    ] {
        assert!(failures.contains(claim), "{claim}: {failures}");
    }
}

#[test]
fn the_perft_data_checks_pass_on_the_truth_and_name_each_wrong_row() {
    use hexvar_geometry::checks::{check_perft_agrees, check_perft_files, PerftData};
    let truth = PerftData {
        perft: "1 2 0 4 w\n2 3 0 4 w\n",
        conformance: "1 1 1 3 b\n",
        bench: "# none: a toy position has at most two moves\n",
    };
    assert_eq!(check_perft_files::<Toy>(&truth, 2), Ok([1, 1]));
    assert_eq!(check_perft_agrees::<Toy>(&truth), Ok(3));
    let wrong = PerftData {
        perft: "1 2 0 4 w\n2 4 0 4 w\n",
        bench: "0 4 w\n",
        ..truth
    };
    let files = check_perft_files::<Toy>(&wrong, u64::MAX).unwrap_err();
    assert!(
        files.contains("perft.txt:2: depth 2 gives 3, expected 4"),
        "{files}"
    );
    let agrees = check_perft_agrees::<Toy>(&wrong).unwrap_err();
    assert!(agrees.contains("fewer than 10 legal moves"), "{agrees}");
    let agrees = check_perft_agrees::<Toy>(&PerftData { bench: "", ..wrong }).unwrap_err();
    assert!(
        agrees.contains("perft.txt:2: depth 2, expected 4"),
        "{agrees}"
    );
}

#[test]
fn the_null_move_check_fails_where_a_pass_is_refused_out_of_check() {
    // The toy keeps the trait's default: it never passes, so its null move is wrong for a
    // search and the check says so.
    let failure = hexvar_geometry::null_move::check_null_moves::<Toy>(
        "1 2 0 4 w\n",
        |_| None,
        |_| false,
        |pos| pos.play_null(),
    )
    .unwrap_err();
    assert!(
        failure.contains("a pass was refused out of check"),
        "{failure}"
    );
}
