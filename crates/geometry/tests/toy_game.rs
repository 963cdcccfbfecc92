//! The generic game layer — `Game`, SAN and game records — on a toy game small enough to reason
//! about by hand: a board of 4 files (`a`–`d`) and 3 ranks, each side with men (`N`) that step to
//! any of the eight neighbouring cells, empty or enemy (a capture). A side without men has lost;
//! a side with men but no move is stalemated (a draw). Its repetition rules are C'escacs's shape:
//! a claim on the third occurrence, an automatic draw on the fifth.

use core::fmt::{self, Write};
use core::str::FromStr;

use hexvar_geometry::{
    long, san::Disambiguation, DenseCell, DrawReason, DrawRules, DynGame, Game, GameError,
    LongMoveError, MoveList, ParseSanError, RecordErrorKind, Set128, Variant, VariantColor,
    VariantEntry, VariantOutcome, VariantPiece, VariantRole,
};

const FILES: usize = 4;
const RANKS: usize = 3;
const CELLS: usize = FILES * RANKS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Sq(usize);

static ALL: [Sq; CELLS] = {
    let mut all = [Sq(0); CELLS];
    let mut i = 0;
    while i < CELLS {
        all[i] = Sq(i);
        i += 1;
    }
    all
};

impl Sq {
    fn file(self) -> char {
        (b'a' + (self.0 % FILES) as u8) as char
    }
    fn rank(self) -> usize {
        self.0 / FILES + 1
    }
    fn neighbours(self) -> impl Iterator<Item = Sq> {
        let (f, r) = ((self.0 % FILES) as i32, (self.0 / FILES) as i32);
        (-1..=1)
            .flat_map(move |df| (-1..=1).map(move |dr| (f + df, r + dr)))
            .filter(move |&(nf, nr)| {
                (nf, nr) != (f, r)
                    && (0..FILES as i32).contains(&nf)
                    && (0..RANKS as i32).contains(&nr)
            })
            .map(|(nf, nr)| Sq(nr as usize * FILES + nf as usize))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Bad(String);

impl fmt::Display for Bad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Bad {}

impl FromStr for Sq {
    type Err = Bad;
    fn from_str(text: &str) -> Result<Sq, Bad> {
        ALL.iter()
            .copied()
            .find(|c| c.to_string() == text)
            .ok_or_else(|| Bad(format!("not a cell: {text:?}")))
    }
}

impl DenseCell for Sq {
    fn from_dense(index: usize) -> Sq {
        Sq(index)
    }
    fn dense_index(self) -> usize {
        self.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Side {
    White,
    Black,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if *self == Side::White { "w" } else { "b" })
    }
}

impl VariantColor for Side {
    const ALL: &'static [Side] = &[Side::White, Side::Black];
    fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Man;

impl fmt::Display for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("N")
    }
}

impl VariantRole for Man {
    const ALL: &'static [Man] = &[Man];
    fn index(self) -> usize {
        0
    }
    fn char(self) -> char {
        'N'
    }
    fn value(self) -> i32 {
        100
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Piece(Side);

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 == Side::White { "N" } else { "n" })
    }
}

impl VariantPiece for Piece {
    type Color = Side;
    type Role = Man;
    fn color(self) -> Side {
        self.0
    }
    fn role(self) -> Man {
        Man
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum End {
    Win(Side),
    Draw(DrawReason),
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Win(side) => write!(f, "{side} wins"),
            End::Draw(reason) => write!(f, "draw by {reason}"),
        }
    }
}

impl VariantOutcome for End {
    type Color = Side;
    type Winner = Side;
    fn draw(reason: DrawReason) -> End {
        End::Draw(reason)
    }
    fn winner(&self) -> Option<Side> {
        match self {
            End::Win(side) => Some(*side),
            End::Draw(_) => None,
        }
    }
    fn is_win_for(&self, color: Side) -> bool {
        *self == End::Win(color)
    }
    fn draw_reason(&self) -> Option<DrawReason> {
        match self {
            End::Win(_) => None,
            End::Draw(reason) => Some(*reason),
        }
    }
    fn reason(&self) -> &'static str {
        match self {
            End::Win(_) => "elimination",
            End::Draw(reason) => reason.as_str(),
        }
    }
    fn result_token(&self) -> String {
        match self {
            End::Win(Side::White) => "1-0",
            End::Win(Side::Black) => "0-1",
            End::Draw(_) => "1/2-1/2",
        }
        .to_string()
    }
}

/// A step from one cell to a neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Step(Sq, Sq);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

impl FromStr for Step {
    type Err = Bad;
    fn from_str(text: &str) -> Result<Step, Bad> {
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| Bad(format!("not a step: {text:?}")))?;
        Ok(Step(from.parse()?, to.parse()?))
    }
}

/// The position: each cell empty or holding a side's man; the text is the 12 cells from a1
/// (`.`, `N`, `n`) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Grid {
    cells: [Option<Side>; CELLS],
    turn: Side,
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in self.cells {
            f.write_char(match cell {
                None => '.',
                Some(Side::White) => 'N',
                Some(Side::Black) => 'n',
            })?;
        }
        write!(f, " {}", self.turn)
    }
}

impl FromStr for Grid {
    type Err = Bad;
    fn from_str(text: &str) -> Result<Grid, Bad> {
        let bad = || Bad(format!("not a grid: {text:?}"));
        let (board, side) = text.trim().split_once(' ').ok_or_else(bad)?;
        if board.chars().count() != CELLS {
            return Err(bad());
        }
        let mut cells = [None; CELLS];
        for (cell, c) in cells.iter_mut().zip(board.chars()) {
            *cell = match c {
                '.' => None,
                'N' => Some(Side::White),
                'n' => Some(Side::Black),
                _ => return Err(bad()),
            };
        }
        let turn = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(bad()),
        };
        Ok(Grid { cells, turn })
    }
}

impl Grid {
    fn steps(&self) -> Vec<Step> {
        ALL.iter()
            .filter(|c| self.cells[c.0] == Some(self.turn))
            .flat_map(|&from| {
                from.neighbours()
                    .filter(|to| self.cells[to.0] != Some(self.turn))
                    .map(move |to| Step(from, to))
            })
            .collect()
    }
}

impl Variant for Grid {
    const NAME: &'static str = "grid";
    const START_TEXT: &'static str = "N..N....n..n w";
    const MAX_MOVES: usize = 64;
    const CELL_COUNT: usize = CELLS;
    const DRAW_RULES: DrawRules = DrawRules {
        automatic_repetition: Some(5),
        claimable_repetition: Some(3),
    };
    type Move = Step;
    type Cell = Sq;
    type Color = Side;
    type Role = Man;
    type Piece = Piece;
    type CellSet = Set128;
    type Outcome = End;
    type MoveList = MoveList<Step, 64>;
    type ParseError = Bad;
    type IllegalMove = Bad;
    type ParseMoveError = Bad;

    fn start() -> Grid {
        Self::START_TEXT.parse().unwrap()
    }
    fn cells() -> &'static [Sq] {
        &ALL
    }
    fn turn(&self) -> Side {
        self.turn
    }
    fn piece_at(&self, cell: Sq) -> Option<Piece> {
        self.cells[cell.0].map(Piece)
    }
    fn by_color(&self, color: Side) -> Set128 {
        Set128::from_cells(
            ALL.iter()
                .copied()
                .filter(|c| self.cells[c.0] == Some(color)),
        )
    }
    fn by_role(&self, _: Man) -> Set128 {
        Set128::from_cells(ALL.iter().copied().filter(|c| self.cells[c.0].is_some()))
    }
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        moves.extend(self.steps());
    }
    fn legal_move_count(&self) -> usize {
        self.steps().len()
    }
    fn move_cells(Step(from, to): Step) -> (Option<Sq>, Sq) {
        (Some(from), to)
    }
    fn captured(&self, Step(_, to): Step) -> Option<Piece> {
        self.piece_at(to)
    }
    fn is_zeroing(&self, mv: Step) -> bool {
        self.captured(mv).is_some()
    }
    fn play(&mut self, mv: Step) -> Result<(), Bad> {
        if !self.steps().contains(&mv) {
            return Err(Bad(format!("illegal move {mv}")));
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, Step(from, to): Step) {
        self.cells[to.0] = self.cells[from.0].take();
        self.turn = if self.turn == Side::White {
            Side::Black
        } else {
            Side::White
        };
    }
    fn parse_move(&self, text: &str) -> Result<Step, Bad> {
        let text = text.trim();
        self.steps()
            .into_iter()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| Bad(format!("no legal move {text:?}")))
    }
    fn long(Step(from, to): Step) -> String {
        format!("{from}{to}")
    }
    fn move_from_long(text: &str) -> Result<Step, LongMoveError> {
        long::read(
            text,
            "two cells like a1b2",
            |r| Some(Step(r.cell()?, r.cell()?)),
            Grid::long,
        )
    }
    fn is_check(&self) -> bool {
        false
    }
    fn outcome(&self) -> Option<End> {
        if !self.cells.contains(&Some(self.turn)) {
            let winner = Side::ALL[1 - self.turn.index()];
            Some(End::Win(winner))
        } else if self.steps().is_empty() {
            Some(End::Draw(DrawReason::Stalemate))
        } else {
            None
        }
    }
    fn is_repetition_of(&self, other: &Grid) -> bool {
        self == other
    }
    fn write_san(&self, Step(from, to): Step, origin: Disambiguation, out: &mut String) {
        out.push('N');
        match origin {
            Disambiguation::None => {}
            Disambiguation::File => out.push(from.file()),
            Disambiguation::Rank => write!(out, "{}", from.rank()).unwrap(),
            Disambiguation::Cell => write!(out, "{from}").unwrap(),
        }
        if self.cells[to.0].is_some() {
            out.push('x');
        }
        write!(out, "{to}").unwrap();
    }
    fn zobrist_hash(&self) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        BuildHasherDefault::<DefaultHasher>::default().hash_one(self)
    }
    fn svg(&self, _: &[Sq]) -> String {
        String::new()
    }
}

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

fn play(game: &mut Game<Grid>, texts: &[&str]) {
    for text in texts {
        let mv = game.position().parse_san(text).unwrap();
        game.play(mv).unwrap();
    }
}

#[test]
fn san_names_the_least_of_the_origin_that_makes_it_unique() {
    let step = |from: &str, to: &str| Step(from.parse().unwrap(), to.parse().unwrap());
    // White men on a1 and c1 both reach b1 and b2; men on a1 and a3 both reach a2.
    let pos = grid("N.N......... w");
    assert_eq!(pos.san(step("a1", "b2")), "Nab2");
    assert_eq!(pos.san(step("c1", "b2")), "Ncb2");
    assert_eq!(pos.san(step("c1", "d1")), "Nd1");
    let pos = grid("N.......N... w");
    assert_eq!(pos.san(step("a1", "a2")), "N1a2");
    assert_eq!(pos.san(step("a3", "a2")), "N3a2");
    // b2 is reached from a1, c1 and a3: a1's file clashes with a3's, its rank with c1's.
    let crowded = grid("N.N.....N..n w");
    assert_eq!(crowded.san(step("a1", "b2")), "Na1b2");
    assert_eq!(crowded.san(step("c1", "b2")), "Ncb2");
    assert_eq!(crowded.san(step("a3", "b2")), "N3b2");
    // Every legal move's SAN is unique and parses back, in every position of a random game.
    let mut game = Game::<Grid>::new();
    for i in 0..60 {
        let pos = game.position().clone();
        let list = hexvar_geometry::san::san_list(&pos);
        let mut texts: Vec<&str> = list.iter().map(|(_, s)| s.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), list.len(), "{pos}");
        for (mv, san) in &list {
            assert_eq!(&pos.san(*mv), san, "the list writes what san writes");
            assert_eq!(pos.parse_san(san), Ok(*mv));
            let mut full = String::new();
            pos.write_san(*mv, Disambiguation::Cell, &mut full);
            assert_eq!(pos.parse_san(&full), Ok(*mv));
        }
        if list.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play(list[(i * 7) % list.len()].0).unwrap();
    }
}

#[test]
fn parse_san_forgives_and_refuses_with_typed_errors() {
    let pos = grid("N.N.....N..n w");
    let b2 = |from: &str| Step(from.parse().unwrap(), "b2".parse().unwrap());
    assert_eq!(pos.parse_san(" Nc1b2+! "), Ok(b2("c1")));
    assert_eq!(
        pos.parse_san("Nc-b2"),
        Err(ParseSanError::NotLegal {
            text: "Nc-b2".into()
        })
    );
    assert_eq!(
        pos.parse_san("a1-b2"),
        Ok(b2("a1")),
        "the move notation is taken too"
    );
    assert_eq!(pos.parse_san(" +# "), Err(ParseSanError::Empty));
    match pos.parse_san("Nb2") {
        Err(ParseSanError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec!["Na1b2", "Ncb2", "N3b2"]);
        }
        other => panic!("{other:?}"),
    }
    // A capture sign forgiven when missing, or given where there is none.
    let capture = grid("N.........n. w");
    let mut game = Game::from_position(capture);
    play(&mut game, &["Nb2", "Nxb2"]);
    assert_eq!(game.outcome(), Some(End::Win(Side::Black)));
    let long = "N".repeat(500);
    let error = pos.parse_san(&long).unwrap_err().to_string();
    assert!(error.len() < 80, "{error}");
}

#[test]
fn a_game_draws_by_repetition_as_the_variant_says_and_undo_reopens_it() {
    let mut game = Game::<Grid>::new();
    let shuffle = ["Nb1", "Nb3", "Na1", "Na3"];
    play(&mut game, &shuffle);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.claimable_draw(), None);
    play(&mut game, &shuffle);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        None,
        "the third occurrence only allows a claim"
    );
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    let mut claimed = game.clone();
    assert_eq!(claimed.claim_draw(), Some(DrawReason::ThreefoldRepetition));
    assert_eq!(
        claimed.outcome(),
        Some(End::Draw(DrawReason::ThreefoldRepetition))
    );
    let next = claimed.position().parse_san("Nb1").unwrap();
    assert!(matches!(claimed.play(next), Err(GameError::Finished(_))));
    assert_eq!(claimed.moves().len(), 8);
    claimed.undo();
    assert_eq!(claimed.outcome(), None, "undo takes the claim back");

    play(&mut game, &shuffle);
    play(&mut game, &shuffle);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(
        game.outcome(),
        Some(End::Draw(DrawReason::FivefoldRepetition))
    );
    assert_eq!(
        game.undo().map(|m| m.to_string()),
        Some("b3-a3".to_string())
    );
    assert_eq!(game.outcome(), None);
    assert!(game.agree_draw());
    assert_eq!(game.outcome(), Some(End::Draw(DrawReason::Agreement)));
    assert!(!game.agree_draw());

    // An option replaces the rules: a draw at the second occurrence.
    let mut quick = Game::<Grid>::new().with_repetition_draw(2).unwrap();
    play(&mut quick, &shuffle);
    assert_eq!(quick.outcome(), Some(End::Draw(DrawReason::Repetition)));
    assert!(Game::<Grid>::new().with_repetition_draw(1).is_err());
}

#[test]
fn a_capture_makes_earlier_positions_unrepeatable() {
    // The men shuffle, one capture, then the same shuffle: the positions before the capture
    // no longer count.
    let mut game = Game::from_position(grid("N..N.....n.n w"));
    play(&mut game, &["Nb1", "Na3", "Na1", "Nb3"]);
    assert_eq!(game.repetitions(), 2);
    play(&mut game, &["Nc2", "Nbxc2"]);
    assert_eq!(game.repetitions(), 1);
    let illegal = Step("a1".parse().unwrap(), "c3".parse().unwrap());
    assert!(matches!(game.play(illegal), Err(GameError::IllegalMove(_))));
    assert_eq!(game.moves().len(), 6);
}

#[test]
fn records_round_trip_and_read_what_people_write() {
    let mut game = Game::<Grid>::new();
    game.set_tag("White", "Ann \"the\" Bee");
    game.set_tag("Annotator", "toy");
    play(&mut game, &["Nb1", "Nb3", "Nbc2", "Nbxc2", "Nxc2"]);
    let record = game.to_record();
    assert!(record.starts_with("[Event \"?\"]\n"), "{record}");
    assert!(
        record.contains("[White \"Ann \\\"the\\\" Bee\"]\n"),
        "{record}"
    );
    assert!(
        record.contains("[Variant \"grid\"]\n[Annotator \"toy\"]\n"),
        "{record}"
    );
    assert!(!record.contains("[Position"), "{record}");
    assert!(
        record.ends_with("\n\n1. Nb1 Nb3 2. Nbc2 Nbxc2 3. Nxc2 *\n"),
        "{record}"
    );
    let back = Game::<Grid>::from_record(&record).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.to_record(), record);

    // From a position with Black to move; comments, variations, glyphs and numbers skipped.
    let start = grid("N.....n..... b");
    let text = "[Variant \"Grid Chess\"]\n[FEN \"N.....n..... b\"]\n\n\
                1... Nb2 {a comment} (1... Nb1 2. Na2) 2. Nxb2 $1 ; the end\n1-0";
    let read = Game::<Grid>::from_record(text).unwrap();
    assert_eq!(read.start_position(), &start);
    assert_eq!(read.moves().len(), 2);
    assert_eq!(read.outcome(), Some(End::Win(Side::White)));
    let written = read.to_record();
    assert!(
        written.contains("[Position \"N.....n..... b\"]"),
        "{written}"
    );
    assert!(written.contains("\n1... Nb2 2. Nxb2 1-0\n"), "{written}");
    assert_eq!(Game::<Grid>::from_record(&written).unwrap(), read);

    // A result the rules did not reach: a draw is agreed, a win kept as the tag.
    let drawn = Game::<Grid>::from_record("1. Nb1 Nb3 1/2-1/2").unwrap();
    assert_eq!(drawn.outcome(), Some(End::Draw(DrawReason::Agreement)));
    let resigned = Game::<Grid>::from_record("[Result \"0-1\"]\n1. Nb1 0-1").unwrap();
    assert_eq!(resigned.outcome(), None);
    assert!(resigned.to_record().ends_with("1. Nb1 0-1\n"));

    // A `Result` tag that is no movetext token (found by fuzzing: it was written as the last
    // token and read back as a tag) ends the movetext as unknown, and the record reads back.
    for value in ["[Eve*", "a b", "{x", "1-0;"] {
        let text = format!("[Result \"{value}\"]\n\n1. Nb1");
        let read = Game::<Grid>::from_record(&text).unwrap();
        let written = read.to_record();
        assert!(written.ends_with("1. Nb1 *\n"), "{written}");
        let back = Game::<Grid>::from_record(&written).unwrap();
        assert_eq!(
            (back.moves(), back.outcome()),
            (read.moves(), read.outcome())
        );
    }
}

#[test]
fn bad_records_name_the_line_and_column_of_the_first_bad_token() {
    let error = |text: &str| Game::<Grid>::from_record(text).unwrap_err();
    let e = error("[Event \"x\"]\n\n1. Nb1 Nb3\n2. Nbc2 Nq9 Nc1");
    assert_eq!((e.line, e.column), (4, 9), "{e}");
    assert!(matches!(e.kind, RecordErrorKind::BadMove { .. }));
    assert!(
        e.to_string()
            .starts_with("line 4, column 9: bad move \"Nq9\""),
        "{e}"
    );
    let e = error("[Variant \"brusky\"]\n1. Nb1");
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 1, RecordErrorKind::WrongVariant("brusky".into()))
    );
    let e = error("[Position \"nonsense\"]");
    assert!(matches!(e.kind, RecordErrorKind::BadPosition(_)));
    let e = error("[Event x]");
    assert_eq!((e.line, e.column, e.kind), (1, 1, RecordErrorKind::BadTag));
    let e = error("1. Nb1 {never closed");
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 8, RecordErrorKind::Unterminated('{'))
    );
    let e = error("1. Nb1 (2. Nb2");
    assert_eq!(e.kind, RecordErrorKind::Unterminated('('));
    let e = error("1. Nb1 ) Nb3");
    assert_eq!((e.column, e.kind), (8, RecordErrorKind::Unopened(')')));
    let e = error("1. Nb1 * Nb3");
    assert_eq!(
        (e.column, e.kind),
        (10, RecordErrorKind::AfterResult("Nb3".into()))
    );
    let e = error("[FEN \"N.....n..... b\"]\n1... Nb2 2. Nxb2 Nb3");
    assert!(matches!(e.kind, RecordErrorKind::AfterEnd { .. }), "{e}");
    // Nothing panics on junk.
    for junk in [
        "[",
        "[\"",
        "[A \"\\",
        "1.",
        "...",
        "}",
        "\u{feff}é 1-0 x",
        "$",
        "1-0-1",
    ] {
        let _ = Game::<Grid>::from_record(junk);
    }
}

#[test]
fn the_game_face_plays_san_undoes_and_writes_records() {
    let entry = VariantEntry::of::<Grid>();
    let mut game: Box<dyn DynGame> = (entry.new_game)(None).unwrap();
    assert_eq!(game.name(), "grid");
    assert_eq!(game.moves().len(), 6);
    let played = game.play_text("Nb1").unwrap();
    assert_eq!(
        (played.san.as_str(), played.notation.as_str()),
        ("Nb1", "a1-b1")
    );
    assert!(game.play_text("Nq9").is_err());
    assert_eq!(game.history().len(), 1);
    assert_eq!(game.position().position_text(), ".N.N....n..n b");
    let undone = game.undo().unwrap();
    assert_eq!(undone.san, "Nb1");
    assert!(game.undo().is_none());
    game.play_text("a1-b1").unwrap();
    let copy = (entry.read_record)(&game.record()).unwrap();
    assert_eq!(copy.record(), game.record());
    assert!(game.agree_draw());
    assert_eq!(game.status().outcome.unwrap().reason, "agreement");
    assert!(game.moves().is_empty());
    assert!((entry.new_game)(Some("nonsense")).is_err());
}
