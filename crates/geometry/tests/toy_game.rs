//! The generic game layer — `Game`, SAN and game records — on a toy game small enough to reason
//! about by hand: a board of 4 files (`a`–`d`) and 3 ranks, each side with men (`N`) that step to
//! any of the eight neighbouring cells, empty or enemy (a capture). A side without men has lost;
//! a side with men but no move is stalemated (a draw). Its repetition rules are C'escacs's shape:
//! a claim on the third occurrence, an automatic draw on the fifth.

use core::fmt::{self, Write};
use core::str::FromStr;

use hexvar_geometry::record::{write_records, RecordReader, RecordWarningKind, TagError};
use hexvar_geometry::{
    long, san::Disambiguation, DenseCell, DrawReason, DrawRules, DynGame, Game, GameError,
    GameTree, LongMoveError, MoveList, ParseSanError, RecordErrorKind, Set128, Variant,
    VariantColor, VariantEntry, VariantOutcome, VariantPiece, VariantRole,
};

const FILES: usize = 4;
const RANKS: usize = 3;
const CELLS: usize = FILES * RANKS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Sq(usize);

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
pub(crate) struct Bad(String);

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
pub(crate) enum Side {
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
pub(crate) struct Man;

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
pub(crate) struct Piece(Side);

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
pub(crate) enum End {
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
pub(crate) struct Step(Sq, Sq);

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

/// What a deliberately broken copy of the game gets wrong: `flawed_checks.rs` shows each shared
/// check failing on one. [`Grid`] has none.
pub(crate) mod flaw {
    /// The game as it should be.
    pub const NONE: u8 = 0;
    /// SAN never names the origin, so two men that reach one cell write the same SAN.
    pub const SAN_WITHOUT_ORIGIN: u8 = 1;
    /// The position text always says White is to move.
    pub const TEXT_SAYS_WHITE_TO_MOVE: u8 = 2;
    /// Long notation reads a text that begins with a move as that move, ignoring the rest.
    pub const LONG_READS_A_PREFIX: u8 = 3;
    /// The position text's fields are apart by any white space, not ASCII's alone.
    pub const ANY_WHITE_SPACE_SEPARATES: u8 = 4;
    /// Repetition is only ever claimed: no automatic draw.
    pub const NO_AUTOMATIC_REPETITION: u8 = 5;
}

/// The game, correct.
pub(crate) type Grid = FlawedGrid<{ flaw::NONE }>;

/// The position: each cell empty or holding a side's man; the text is the 12 cells from a1
/// (`.`, `N`, `n`) and the side to move. `FLAW` is one of [`flaw`]'s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FlawedGrid<const FLAW: u8> {
    cells: [Option<Side>; CELLS],
    turn: Side,
}

impl<const FLAW: u8> fmt::Display for FlawedGrid<FLAW> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in self.cells {
            f.write_char(match cell {
                None => '.',
                Some(Side::White) => 'N',
                Some(Side::Black) => 'n',
            })?;
        }
        if FLAW == flaw::TEXT_SAYS_WHITE_TO_MOVE {
            return write!(f, " {}", Side::White);
        }
        write!(f, " {}", self.turn)
    }
}

impl<const FLAW: u8> FromStr for FlawedGrid<FLAW> {
    type Err = Bad;
    fn from_str(text: &str) -> Result<Self, Bad> {
        let bad = || Bad(format!("not a grid: {text:?}"));
        // Fields apart by runs of ASCII white space only, as the crates' texts are.
        let fields: Vec<&str> = if FLAW == flaw::ANY_WHITE_SPACE_SEPARATES {
            text.split_whitespace().collect()
        } else {
            text.split_ascii_whitespace().collect()
        };
        let [board, side] = fields[..] else {
            return Err(bad());
        };
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
        Ok(FlawedGrid { cells, turn })
    }
}

impl<const FLAW: u8> FlawedGrid<FLAW> {
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

impl<const FLAW: u8> Variant for FlawedGrid<FLAW> {
    const NAME: &'static str = "grid";
    const START_TEXT: &'static str = "N..N....n..n w";
    const MAX_MOVES: usize = 64;
    const CELL_COUNT: usize = CELLS;
    const DRAW_RULES: DrawRules = DrawRules {
        automatic_repetition: if FLAW == flaw::NO_AUTOMATIC_REPETITION {
            None
        } else {
            Some(5)
        },
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

    fn start() -> Self {
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
        let read = |text: &str| {
            long::read(
                text,
                "two cells like a1b2",
                |r| Some(Step(r.cell()?, r.cell()?)),
                Self::long,
            )
        };
        match read(text) {
            Err(e) if FLAW == flaw::LONG_READS_A_PREFIX => {
                read(&text.trim().chars().take(4).collect::<String>()).map_err(|_| e)
            }
            result => result,
        }
    }
    fn attackers(&self, cell: Sq, by: Side) -> Set128 {
        // A man takes by a step to any touching cell.
        Set128::from_cells(cell.neighbours().filter(|n| self.cells[n.0] == Some(by)))
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
    fn is_repetition_of(&self, other: &Self) -> bool {
        self == other
    }
    fn write_san(&self, Step(from, to): Step, origin: Disambiguation, out: &mut String) {
        out.push('N');
        let origin = if FLAW == flaw::SAN_WITHOUT_ORIGIN {
            Disambiguation::None
        } else {
            origin
        };
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
    hexvar_geometry::checks::play_sans(game, &texts.join(" ")).unwrap();
}

#[test]
fn play_sans_plays_in_order_and_names_the_first_move_refused() {
    use hexvar_geometry::checks::play_sans;
    let first_san =
        |game: &Game<Grid>| hexvar_geometry::san::san_list(game.position())[0].1.clone();
    let mut game = Game::<Grid>::new();
    let text = format!(" {}\t", first_san(&game));
    let played = play_sans(&mut game, &text).unwrap();
    assert_eq!(game.moves(), played);
    let text = format!("{} zz {}", first_san(&game), first_san(&game));
    let refused = play_sans(&mut game, &text).unwrap_err();
    assert!(refused.starts_with("zz: "), "{refused}");
    assert_eq!(game.ply(), 2, "the moves before the refused one are played");
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
    game.set_tag("White", "Ann \"the\" Bee").unwrap();
    game.set_tag("Annotator", "toy").unwrap();
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
        "((",
        "1. Nb1 ((",
        "1. Nb1 (",
        "1. Nb1 (1. Nb2))",
        "1. Nb1 ( {x} )",
        "1. Nb1 $300",
        "!!! ?? 1. Nb1!!!",
        "[A \"\u{7}\"]",
        "1. Nb1 (1. Nq9 (((",
        "%\n[",
        "1. Nb1 * {after} (",
    ] {
        let _ = Game::<Grid>::from_record(junk);
        if let Ok(tree) = GameTree::<Grid>::from_record(junk) {
            assert_eq!(GameTree::<Grid>::from_record(&tree.to_record()), Ok(tree));
        }
        for game in RecordReader::<Grid, _>::new(junk.as_bytes()) {
            if let Err(e) = game {
                assert!(e.line >= 1 && e.column >= 1, "{e}");
            }
        }
    }
    let deep = format!("1. Nb1 {}", "(1. Nb2 ".repeat(200));
    let e = GameTree::<Grid>::from_record(&deep).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::TooDeep(hexvar_geometry::record::MAX_VARIATION_DEPTH)
    );
    let e = GameTree::<Grid>::from_record("1. Nb1 ( {x} )").unwrap_err();
    assert_eq!((e.column, e.kind), (14, RecordErrorKind::EmptyVariation));
    let e = GameTree::<Grid>::from_record("(1. Nb1)").unwrap_err();
    assert_eq!(
        (e.column, e.kind),
        (1, RecordErrorKind::VariationWithoutMove)
    );
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

#[test]
fn a_tree_keeps_comments_glyphs_variations_and_the_order_of_tags() {
    let text = "[White \"Ann\"]\n[Variant \"grid\"]\n[Event \"toy\"]\n[Annotator \"a\"]\n\
                [Annotator \"b\"]\n\n{before} 1. Nb1! {good} $14 (1. Nb2 {also} Nb3 ({deep} 2... Nc2) \
                2. Na1) (1. Nc2?) 1... Nb3 ; to the end\n2. Nbc2 {x} {y} 2... Nbxc2 1-0";
    let tree = GameTree::<Grid>::from_record(text).unwrap();
    let names: Vec<&str> = tree.tags().iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "White",
            "Variant",
            "Event",
            "Annotator",
            "Annotator",
            "Result"
        ]
    );
    assert_eq!(tree.node(tree.root()).comment, "before");
    let main: Vec<_> = tree.mainline().collect();
    assert_eq!(main.len(), 4);
    let first = tree.node(main[0]);
    assert_eq!(
        (first.comment.as_str(), first.nags.as_slice()),
        ("good", &[1, 14][..])
    );
    assert_eq!(tree.node(main[1]).comment, "to the end");
    assert_eq!(tree.node(main[2]).comment, "x y");
    let alternatives = tree.node(tree.root()).variations();
    assert_eq!(alternatives.len(), 3);
    assert_eq!(tree.node(alternatives[2]).nags, [2]);
    let deep = tree.node(tree.node(alternatives[1]).variations()[1]);
    assert_eq!(deep.starting_comment, "deep");
    assert!(tree.warnings().is_empty(), "{:?}", tree.warnings());
    let written = tree.to_record();
    assert!(
        written.starts_with("[White \"Ann\"]\n[Variant \"grid\"]\n"),
        "{written}"
    );
    assert!(
        written.contains(
            "{before} 1. Nb1 $1 $14 {good} (1. Nb2 {also} 1... Nb3 ({deep} 1... Nc2) 2. Na1)"
        ),
        "{written}"
    );
    let back = GameTree::<Grid>::from_record(&written).unwrap();
    assert_eq!(back, tree, "{written}");
    assert_eq!(back.to_record(), written);
    // The main line as a Game, and a Game as a tree.
    let game = tree.to_game().unwrap();
    assert_eq!(game.moves(), tree.mainline_moves());
    // A Game keeps one tag of a name: the last.
    assert_eq!(game.tag("Annotator"), Some("b"));
    assert_eq!(
        GameTree::from(&game).mainline_moves(),
        tree.mainline_moves()
    );
    assert_eq!(Game::<Grid>::from_record(&written).unwrap(), game);
}

#[test]
fn a_tree_is_built_by_moves_and_compared_by_its_lines() {
    let mut tree = GameTree::<Grid>::new();
    let root = tree.root();
    let first = tree
        .add_variation(root, grid_step(&tree, root, "Nb1"))
        .unwrap();
    let other = tree
        .add_variation(root, grid_step(&tree, root, "Nb2"))
        .unwrap();
    assert!(!tree.starts_variation(first) && tree.starts_variation(other));
    tree.node_mut(other).starting_comment = "or".into();
    tree.node_mut(other).comment = "a } in a comment".into();
    let reply = grid_step(&tree, other, "Nb3");
    tree.add_variation(other, reply).unwrap();
    assert!(tree.add_variation(root, reply).is_err(), "Nb3 is Black's");
    let written = tree.to_record();
    assert!(
        written.contains("1. Nb1 ({or} 1. Nb2 {a ) in a comment} 1... Nb3) *"),
        "{written}"
    );
    tree.node_mut(other).comment = "a ) in a comment".into();
    assert_eq!(GameTree::<Grid>::from_record(&written).unwrap(), tree);
    // A bad move in a variation: a warning, the variation kept up to it.
    let read =
        GameTree::<Grid>::from_record("1. Nb1 (1. Nb2 Nq9 (1... Nb3) x) (1. Nq9) Nb3 *").unwrap();
    assert!(matches!(
        read.warnings()[..],
        [
            hexvar_geometry::RecordWarning {
                line: 1,
                column: 16,
                kind: RecordWarningKind::BadVariationMove { .. },
                ..
            },
            _
        ]
    ));
    let alternatives = read.node(read.root()).variations();
    assert_eq!(alternatives.len(), 2);
    assert!(read.node(alternatives[1]).variations().is_empty());
    tree.promote_to_main(other);
    assert_eq!(tree.mainline().count(), 2);
    assert_ne!(GameTree::<Grid>::from_record(&written).unwrap(), tree);
}

fn grid_step(tree: &GameTree<Grid>, at: hexvar_geometry::NodeId, san: &str) -> Step {
    tree.position(at).parse_san(san).unwrap()
}

/// Issue 1: a file of several games was read as one (`"[Event" after the result`).
#[test]
fn a_file_of_games_is_read_game_by_game_and_a_bad_game_is_skipped() {
    let file = "[Event \"one\"]\n\n1. Nb1 Nb3 1-0\n\n[Event \"two\"]\n\n1. Nb1 Nq9 *\n\
                \n[Event \"three\"]\n{[Event \"not a tag\"]\n[in a comment]}\n1. Nb2 *\n\n\n";
    assert!(matches!(
        Game::<Grid>::from_record(file).unwrap_err().kind,
        RecordErrorKind::TagAfterMovetext(_)
    ));
    // A byte order mark first is white space.
    assert!(GameTree::<Grid>::from_record("\u{feff}[Event \"x\"]\n1. Nb1 *").is_ok());
    let games: Vec<_> = RecordReader::<Grid, _>::new(file.as_bytes()).collect();
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[0].as_ref().unwrap().tag("Event"), Some("one"));
    let error = games[1].as_ref().unwrap_err();
    assert_eq!((error.game, error.line, error.column), (2, 7, 8), "{error}");
    assert!(
        error
            .to_string()
            .starts_with("game 2, line 7, column 8: bad move"),
        "{error}"
    );
    let third = games[2].as_ref().unwrap();
    assert_eq!(
        third.node(third.root()).comment,
        "[Event \"not a tag\"]\n[in a comment]"
    );
    // Written one after another, they read back the same.
    let trees: Vec<GameTree<Grid>> = games.into_iter().filter_map(Result::ok).collect();
    let mut out = Vec::new();
    assert_eq!(write_records(&mut out, &trees).unwrap(), 2);
    let again: Vec<_> = RecordReader::<Grid, _>::new(out.as_slice())
        .map(Result::unwrap)
        .collect();
    assert_eq!(again, trees);
    // A line that is not UTF-8 spoils its game only.
    let mut bytes = b"[Event \"a\"]\n1. Nb1 \xff *\n[Event \"b\"]\n1. Nb1 *\n".to_vec();
    let read: Vec<_> = RecordReader::<Grid, _>::new(bytes.as_slice()).collect();
    assert_eq!(read[0].as_ref().unwrap_err().kind, RecordErrorKind::NotUtf8);
    assert_eq!(read[1].as_ref().unwrap().tag("Event"), Some("b"));
    bytes.clear();
}

/// Issue 3: the writer wrote tags the reader refused.
#[test]
fn set_tag_refuses_what_a_record_cannot_hold_and_the_rest_reads_back() {
    let mut game = Game::<Grid>::new();
    for (name, value) in [("Event", "line1\nline2"), ("Event", "tab\there")] {
        assert!(matches!(
            game.set_tag(name, value),
            Err(TagError::Value { .. })
        ));
    }
    for name in ["My Tag", "", "A]", "Ünï", "_x", "x\"y"] {
        assert!(
            matches!(game.set_tag(name, "v"), Err(TagError::Name(_))),
            "{name:?}"
        );
    }
    for name in ["Variant", "Position", "FEN", "SetUp"] {
        assert_eq!(
            game.set_tag(name, "v"),
            Err(TagError::Reserved(name.into()))
        );
    }
    for (name, value) in [
        ("Event", "A]"),
        ("White", "\\ \"q\" {c} (v) ;"),
        ("Time+Zone:x-1#=", "é ü"),
    ] {
        game.set_tag(name, value).unwrap();
    }
    assert_eq!(game.tags().len(), 3);
    let back = Game::<Grid>::from_record(&game.to_record()).unwrap();
    assert_eq!(back.tags(), game.tags());
    let mut tree = GameTree::<Grid>::new();
    assert!(tree.set_tag("Event", "a\rb").is_err());
    assert!(tree.set_tag("Position", "N..N....n..n w").is_err());
}

/// Issue 6: an agreed draw at the start could not be withdrawn, and a result that contradicts
/// the moves was read without a word.
#[test]
fn undo_withdraws_a_draw_and_a_contradicting_result_is_said() {
    let mut game = Game::<Grid>::new();
    assert!(game.agree_draw());
    assert!(game.outcome().is_some());
    assert_eq!(game.undo(), None);
    assert_eq!(game.outcome(), None);
    // Black's men are all taken: 1-0 by the rules; the record says 0-1.
    let text = "[FEN \"N.....n..... b\"]\n[Result \"0-1\"]\n1... Nb2 2. Nxb2 0-1";
    let error = Game::<Grid>::from_record(text).unwrap_err();
    assert_eq!((error.line, error.column), (2, 1), "{error}");
    assert_eq!(
        error.kind,
        RecordErrorKind::ResultContradicts {
            result: "0-1".into(),
            outcome: "1-0".into()
        }
    );
    let tree = GameTree::<Grid>::from_record(text).unwrap();
    let kinds: Vec<_> = tree
        .warnings()
        .iter()
        .map(|w| (w.line, w.column, &w.kind))
        .collect();
    assert_eq!(kinds.len(), 2, "the tag and the movetext: {kinds:?}");
    assert!(matches!(
        kinds[1],
        (3, 18, RecordWarningKind::ResultContradicts { .. })
    ));
    assert_eq!(
        tree.to_game().unwrap().outcome(),
        Some(End::Win(Side::White))
    );
    // The tag and the movetext disagree: a warning, the tag kept.
    let tree = GameTree::<Grid>::from_record("[Result \"1-0\"]\n1. Nb1 0-1").unwrap();
    assert!(matches!(
        tree.warnings()[0].kind,
        RecordWarningKind::ResultsDisagree { .. }
    ));
    assert_eq!(tree.result(), "1-0");
    // `0-0` is no result: where no move matches it, it is a bad move.
    let error = Game::<Grid>::from_record("1. Nb1 0-0").unwrap_err();
    assert!(
        matches!(error.kind, RecordErrorKind::BadMove { .. }),
        "{error}"
    );
}

mod trees {
    use super::*;
    use proptest::prelude::*;

    const COMMENTS: [&str; 5] = ["", "a", "two words", "x ) y", "line\nbreak ; [Event \"z\"]"];

    /// A random tree: each choice picks a legal move, whether it opens a variation, and what
    /// comments and glyphs it carries.
    fn build(choices: &[(u8, u8, u8, u8, u8)]) -> GameTree<Grid> {
        let mut tree = GameTree::<Grid>::new();
        tree.node_mut(tree.root()).comment = COMMENTS[choices.len() % 5].into();
        let mut at = tree.root();
        let mut branch_points = vec![at];
        for &(pick, branch, comment, start_comment, nag) in choices {
            if branch % 4 == 0 {
                at = branch_points[usize::from(branch) % branch_points.len()];
            }
            let moves = tree.position(at).legal_moves();
            let main_end = tree.mainline().last().unwrap_or(tree.root());
            let ended = at == main_end && tree.to_game().unwrap().outcome().is_some();
            if moves.is_empty() || ended {
                break;
            }
            let id = tree
                .add_variation(at, moves[usize::from(pick) % moves.len()])
                .unwrap();
            let starts = tree.starts_variation(id);
            let node = tree.node_mut(id);
            node.comment = COMMENTS[usize::from(comment) % 5].into();
            if starts {
                node.starting_comment = COMMENTS[usize::from(start_comment) % 5].replace(')', "(");
            }
            node.nags = (0..nag % 3).map(|i| nag.wrapping_mul(i + 7)).collect();
            branch_points.push(id);
            at = id;
        }
        tree
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn read_write_read_is_identity(choices in prop::collection::vec(any::<(u8, u8, u8, u8, u8)>(), 0..40)) {
            let tree = build(&choices);
            let written = tree.to_record();
            let read = GameTree::<Grid>::from_record(&written);
            prop_assert!(read.is_ok(), "{:?}\n{}", read, written);
            let read = read.unwrap();
            prop_assert_eq!(&read, &tree);
            let again = read.to_record();
            prop_assert_eq!(&again, &written);
            prop_assert_eq!(GameTree::<Grid>::from_record(&again).unwrap(), read);
        }
    }
}
/// What one step of a random walk through a game does.
#[derive(Clone, Debug)]
enum Act {
    /// Plays the legal move with this index (modulo their number), checked or not.
    Play { choice: usize, checked: bool },
    /// Takes back this many moves (as many as there are, at most).
    Undo(usize),
}

fn act() -> impl proptest::strategy::Strategy<Value = Act> {
    use proptest::prelude::*;
    prop_oneof![
        4 => (any::<usize>(), any::<bool>()).prop_map(|(choice, checked)| Act::Play { choice, checked }),
        1 => (1usize..20).prop_map(Act::Undo),
    ]
}

/// The game against every position kept whole and compared by `is_repetition_of`.
fn check_against_kept_positions(game: &Game<Grid>, kept: &[Grid]) {
    let ply = kept.len() - 1;
    assert_eq!(game.ply(), ply);
    assert_eq!(game.position(), &kept[ply]);
    let hashes: Vec<u64> = kept.iter().map(Grid::zobrist_hash).collect();
    assert_eq!(game.hashes(), &hashes[..]);
    let since = (1..=ply)
        .rev()
        .find(|&i| kept[i - 1].is_zeroing(game.moves()[i - 1]))
        .unwrap_or(0);
    assert_eq!(game.plies_since_zeroing(), ply - since);
    let repetitions = kept[since..]
        .iter()
        .filter(|p| p.is_repetition_of(&kept[ply]))
        .count();
    assert_eq!(game.repetitions(), repetitions);
    let expected = kept[ply]
        .outcome()
        .or_else(|| (repetitions >= 5).then_some(End::Draw(DrawReason::FivefoldRepetition)));
    assert_eq!(game.outcome(), expected);
    let claim = (expected.is_none() && repetitions >= 3).then_some(DrawReason::ThreefoldRepetition);
    assert_eq!(game.claimable_draw(), claim);
    for (i, position) in kept.iter().enumerate() {
        assert_eq!(&game.position_at(i), position, "position_at({i})");
    }
    assert!(game.positions_iter().eq(kept.iter().cloned()));
}

proptest::proptest! {
    #[test]
    fn a_game_answers_as_one_that_kept_every_position(
        acts in proptest::collection::vec(act(), 0..300),
    ) {
        let mut game = Game::<Grid>::new();
        let mut kept = vec![Grid::start()];
        for act in acts {
            match act {
                Act::Play { choice, checked } => {
                    let moves = game.position().legal_moves();
                    if moves.is_empty() {
                        continue;
                    }
                    let mv = moves[choice % moves.len()];
                    let mut next = kept.last().unwrap().clone();
                    next.play_unchecked(mv);
                    if !checked {
                        game.play_unchecked(mv);
                    } else if game.play(mv).is_err() {
                        proptest::prop_assert!(game.outcome().is_some());
                        continue;
                    }
                    kept.push(next);
                }
                Act::Undo(n) => {
                    for _ in 0..n {
                        let undone = game.undo();
                        proptest::prop_assert_eq!(undone.is_some(), kept.len() > 1);
                        if undone.is_some() {
                            kept.pop();
                        }
                    }
                }
            }
            check_against_kept_positions(&game, &kept);
        }
        // The same moves played afresh make an equal game.
        let mut again = Game::<Grid>::new();
        for &mv in game.moves() {
            again.play_unchecked(mv);
        }
        proptest::prop_assert_eq!(&again, &game);
        proptest::prop_assert_eq!(again.hashes(), game.hashes());
    }
}

#[test]
fn position_at_names_the_ply_it_cannot_reach() {
    let game = Game::<Grid>::new();
    assert_eq!(game.position_at(0), Grid::start());
    let beyond = std::panic::catch_unwind(|| game.position_at(1));
    assert!(
        beyond.is_err(),
        "a ply beyond the game is a caller's bug, as a slice index is"
    );
}
