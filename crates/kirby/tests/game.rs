//! The generic game (`hexvar_geometry::Game<Position>`) on Kirby's rules: no draw rules, the
//! repetition draw as an option, finished games, undo, zeroing moves, team wins through the
//! trait, the order of play, and game records (written, read back, located errors).

use hexvar_geometry::checks;
use hexvar_geometry::{Variant, VariantColor, VariantOutcome, VariantRole};
use hexvar_kirby::{
    Color, DrawReason, Game, GameError, GameOptionError, Layout, Mode, Move, Outcome, Position,
    Role, Setup, WinReason,
};

/// xorshift64: a tiny generator, so that the random games are the same on every run (the
/// `props` module draws its games with it too).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Both knights of Black and White out and back: four moves that return to the position.
const SHUFFLE: [&str; 4] = ["B/12-B/33", "W/12-W/33", "B/33-B/12", "W/33-W/12"];

fn play_texts(game: &mut Game, texts: &[&str]) {
    for text in texts {
        let m = game.position().parse_move(text).unwrap();
        game.play(m).unwrap();
    }
}

/// Black mates White in one (two players): the rook runs down White's file 8 to W/18.
const MATE_IN_ONE: &str =
    "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,RQ8 W:KW/11,PW/21,PW/22";

#[test]
fn no_repetition_draw_by_default() {
    let mut game = Game::new();
    assert_eq!(game.draw_rules(), hexvar_geometry::DrawRules::NONE);
    for _ in 0..4 {
        play_texts(&mut game, &SHUFFLE);
    }
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claimable_draw(), None);
}

#[test]
fn repetition_draw_as_an_option() {
    let mut game = Game::new().with_repetition_draw(3).unwrap();
    play_texts(&mut game, &SHUFFLE);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    play_texts(&mut game, &SHUFFLE);
    assert_eq!(game.repetitions(), 3);
    let draw = Outcome::Draw {
        reason: DrawReason::ThreefoldRepetition,
    };
    assert_eq!(game.outcome(), Some(draw));
    assert_eq!(draw.to_string(), "draw by threefold repetition");
    assert_eq!(draw.result_token(), "1/2-1/2");
    // A finished game refuses moves; undo reopens it.
    let next = game.position().parse_move("B/12-B/33").unwrap();
    assert_eq!(game.play(next), Err(GameError::Finished(draw)));
    assert_eq!(
        game.undo().map(|m| m.to_string()),
        Some("W/33-W/12".to_string())
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 7);

    // Any count from 2 up: a second occurrence is enough.
    let mut game = Game::new().with_repetition_draw(2).unwrap();
    play_texts(&mut game, &SHUFFLE);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn repetition_draw_rejects_nonsense_counts() {
    assert_eq!(
        Game::new().with_repetition_draw(0).unwrap_err(),
        GameOptionError::Repetitions(0)
    );
    assert!(Game::new().with_repetition_draw(1).is_err());
    assert_eq!(Game::new().with_repetition_draw(2).unwrap().outcome(), None);
}

#[test]
fn finished_game_refuses_moves() {
    let mut game = Game::from_position(MATE_IN_ONE.parse().unwrap());
    let mate = game.position().parse_move("Q8-W/18").unwrap();
    game.play(mate).unwrap();
    let outcome = game.outcome().expect("mate");
    assert_eq!(outcome.to_string(), "Black wins by checkmate");
    assert_eq!(outcome.result_token(), "B");
    assert!(outcome.is_win_for(Color::Black) && !outcome.is_win_for(Color::White));
    assert_eq!(outcome.draw_reason(), None);
    let any: Move = "B/15-B/25".parse().unwrap();
    assert_eq!(game.play(any), Err(GameError::Finished(outcome)));
    assert_eq!(game.undo(), Some(mate));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.undo(), None);
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = Game::new();
    let wrong: Move = "W/22-Q10".parse().unwrap();
    let err = game.play(wrong).unwrap_err();
    assert_eq!(err.to_string(), "illegal move W/22-Q10");
    assert!(matches!(err, GameError::IllegalMove(e) if e.mv == wrong));
    assert!(game.moves().is_empty());
    assert_eq!(game.position(), &Position::new());
}

#[test]
fn teams_win_together_through_the_trait() {
    // Six players in three teams: Black wins with White, its crossboard partner.
    let six = Position::start_mode(Mode::SixPlayerThreeTeams);
    assert!(Variant::same_team(&six, Color::Black, Color::White));
    assert!(!Variant::same_team(&six, Color::Black, Color::Red));
    let two = Position::new();
    assert!(!Variant::same_team(&two, Color::Black, Color::White));
    assert!(Variant::same_team(&two, Color::White, Color::White));
    let win = Outcome::Decisive {
        winner: six.team(Color::White),
        reason: WinReason::Checkmate,
    };
    assert!(VariantOutcome::is_win_for(&win, Color::Black));
    assert!(VariantOutcome::is_win_for(&win, Color::White));
    assert!(!VariantOutcome::is_win_for(&win, Color::Gold));
    assert_eq!(VariantOutcome::result_token(&win), "B+W");
    let dark = Position::start_mode(Mode::SixPlayerTwoTeams);
    let win = Outcome::Decisive {
        winner: dark.team(Color::Silver),
        reason: WinReason::Checkmate,
    };
    assert_eq!(win.result_token(), "B+S+R");
    let draw = <Outcome as VariantOutcome>::draw(DrawReason::Agreement);
    assert_eq!(draw.draw_reason(), Some(DrawReason::Agreement));
    assert!(!draw.is_win_for(Color::Black));
}

#[test]
fn colors_are_listed_in_the_order_of_play() {
    // The record writer numbers rounds by `VariantColor::index`: `ALL` must be the order of
    // play, clockwise from Black.
    let mut pos = Position::start_mode(Mode::SixPlayer);
    let mut seen = Vec::new();
    for _ in 0..12 {
        seen.push(pos.turn());
        let m = pos.legal_moves()[0];
        pos.play(m).unwrap();
    }
    let all = <Color as VariantColor>::ALL;
    assert_eq!(all, Color::ALL);
    assert_eq!(&seen[..6], all);
    assert_eq!(&seen[6..], all);
    for (i, &color) in all.iter().enumerate() {
        assert_eq!(VariantColor::index(color), i);
    }
    // With seats empty, the order skips them but keeps ALL's order.
    let mut pos = Position::start_mode(Mode::ThreePlayer);
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(pos.turn());
        let m = pos.legal_moves()[0];
        pos.play(m).unwrap();
    }
    assert_eq!(seen, [Color::Black, Color::Silver, Color::Red]);
}

#[test]
fn roles_index_in_the_order_of_all() {
    let all = <Role as VariantRole>::ALL;
    assert_eq!(all, &Role::ALL);
    for (i, &role) in all.iter().enumerate() {
        assert_eq!(VariantRole::index(role), i);
        assert_eq!(VariantRole::char(role), role.char());
    }
}

/// A random game of at most `plies` moves from `start`.
fn random_game(start: Position, rng: &mut Rng, plies: usize) -> Game {
    checks::random_game(start, plies, |n| rng.below(n))
}

/// Start positions for random games: every mode in both layouts, and T1.
fn starts() -> Vec<Position> {
    let mut out: Vec<Position> = Mode::ALL
        .into_iter()
        .flat_map(|mode| {
            [Layout::QueenLeft, Layout::QueenRight]
                .map(|layout| Position::from_setup(Setup::start_mode(mode, layout)).unwrap())
        })
        .collect();
    out.push("layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27".parse().unwrap());
    out.push(MATE_IN_ONE.parse().unwrap());
    out
}

/// A random game of at most `plies` moves from each of [`starts`] (one generator for all, seeded
/// by `seed`), as its positions (the start first) and its moves.
fn random_games(seed: u64, plies: usize) -> Vec<(Vec<Position>, Vec<Move>)> {
    let mut rng = Rng(seed);
    starts()
        .into_iter()
        .map(|start| {
            let game = random_game(start, &mut rng, plies);
            (game.positions_iter().collect(), game.moves().to_vec())
        })
        .collect()
}

#[test]
fn zeroing_moves_make_earlier_positions_unrepeatable() {
    let mut zeroing = 0;
    for (positions, moves) in random_games(0x5eed_2017, 120) {
        for (i, &m) in moves.iter().enumerate() {
            if !positions[i].is_zeroing(m) {
                continue;
            }
            zeroing += 1;
            for later in &positions[i + 1..] {
                for earlier in &positions[..=i] {
                    assert!(!later.is_repetition_of(earlier), "{m} at ply {i}");
                }
            }
        }
    }
    assert!(zeroing > 100, "only {zeroing} zeroing moves");
}

#[test]
fn captured_names_the_man_taken() {
    let mut captures = 0;
    for (positions, moves) in random_games(99, 80) {
        for (pair, &m) in positions.windows(2).zip(&moves) {
            let (before, after) = (&pair[0], &pair[1]);
            let taken = before.captured(m);
            let on_target = match m {
                Move::Normal { to, .. } => before.piece_at(to),
                _ => None,
            };
            assert_eq!(taken, on_target, "{m}");
            if let Some(piece) = taken {
                captures += 1;
                assert!(before.is_zeroing(m));
                assert_ne!(piece.role, Role::King);
                assert!(
                    after.by_color(piece.color).len() < before.by_color(piece.color).len(),
                    "{m}: one man fewer"
                );
            }
        }
    }
    assert!(captures > 10, "only {captures} captures");
}

#[test]
fn by_color_and_by_role_partition_the_men() {
    let mut rng = Rng(5);
    for start in starts() {
        let game = random_game(start, &mut rng, 40);
        let pos = game.position();
        let mut count = 0;
        for &color in Color::ALL {
            for cell in pos.by_color(color).iter() {
                assert_eq!(
                    pos.piece_at(hexvar_kirby::Cell::from_index(cell).unwrap())
                        .map(|p| p.color),
                    Some(color)
                );
            }
            count += pos.by_color(color).len();
        }
        let roles: u32 = Role::ALL.iter().map(|&r| pos.by_role(r).len()).sum();
        assert_eq!(count, roles);
        assert_eq!(count, pos.occupied().len());
    }
}

#[test]
fn records_round_trip_for_random_games() {
    let mut rng = Rng(0x2017);
    let mut games = 0;
    let mut plies = 0;
    let mut finished = 0;
    for round in 0..3 {
        for start in starts() {
            let game = random_game(start, &mut rng, 40 + 40 * round);
            checks::check_record_round_trip(&game).unwrap();
            games += 1;
            plies += game.moves().len();
        }
    }
    // Games with an elimination: the two-player mate ends the game; in the three-army game
    // White is eliminated and Black and Red play on, skipping White's seat.
    let three = MATE_IN_ONE.replace("teams=B/W", "teams=B/W/R") + " R:KR/15,RH1";
    for (i, start) in [MATE_IN_ONE.to_string(), three].iter().enumerate() {
        let mut game = Game::from_position(start.parse().unwrap());
        play_texts(&mut game, &["Q8-W/18"]);
        let mut rng = Rng(i as u64 + 1);
        for _ in 0..30 {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves[rng.below(moves.len())]).unwrap();
        }
        let record = game.to_record();
        let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(
            back.positions_iter().collect::<Vec<_>>(),
            game.positions_iter().collect::<Vec<_>>(),
            "{record}"
        );
        assert_eq!(back.outcome(), game.outcome(), "{record}");
        finished += usize::from(game.outcome().is_some());
        plies += game.moves().len();
    }
    assert!(
        games >= 48 && plies > 2000 && finished == 1,
        "{games} {plies} {finished}"
    );
}

#[test]
fn a_finished_record_names_the_winning_team() {
    let mut game = Game::from_position(MATE_IN_ONE.parse().unwrap());
    game.set_tag("Event", "Kirby's HexChess test").unwrap();
    play_texts(&mut game, &["Q8-W/18"]);
    let record = game.to_record();
    assert!(record.contains("[Result \"B\"]"), "{record}");
    assert!(record.contains("[Variant \"kirby\"]"), "{record}");
    assert!(
        record.contains(&format!("[Position \"{MATE_IN_ONE}\"]")),
        "{record}"
    );
    assert!(record.contains("\n1. RW/18"), "{record}");
    assert!(record.trim_end().ends_with(" B"), "{record}");
    let back = Game::from_record(&record).unwrap();
    assert_eq!(back.outcome(), game.outcome());
    assert_eq!(back.tag("Event"), Some("Kirby's HexChess test"));
}

#[test]
fn a_record_of_a_team_game() {
    // Six players in three teams, read from SAN typed by hand; a resignation result naming a
    // team is kept.
    let text = "[Variant \"Kirby\"]\n[Result \"B+W\"]\n\n1. A10 H1 Q8 Q22 H29 A22 2. NB/33 {a knight} B+W\n";
    let start = Position::start_mode(Mode::SixPlayerThreeTeams);
    let err = Game::from_record(text).unwrap_err();
    // Without a Position tag the record starts from the two-player start, where H1 is no move.
    assert_eq!((err.line, err.column), (4, 8), "{err}");
    let tagged = text.replace("\n\n", &format!("\n[Position \"{start}\"]\n\n"));
    let game = Game::from_record(&tagged).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves().len(), 7);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.result_token(), "B+W");
    assert_eq!(game.position().turn(), Color::Pink);
}

#[test]
fn bad_records_give_located_errors() {
    use hexvar_geometry::RecordErrorKind;
    let good = Game::new().to_record();
    // A bad move on line 3.
    let text = "[Variant \"kirby\"]\n\n1. A10 Q20 2. NB/34 *\n";
    let err = Game::from_record(text).unwrap_err();
    assert_eq!((err.line, err.column), (3, 15), "{err}");
    assert!(matches!(err.kind, RecordErrorKind::BadMove { ref text, .. } if text == "NB/34"));
    // Another variant's record.
    let err = Game::from_record(&good.replace("kirby", "brusky")).unwrap_err();
    assert!(
        matches!(err.kind, RecordErrorKind::WrongVariant(_)),
        "{err}"
    );
    assert_eq!(err.line, 8);
    // A bad position tag.
    let err = Game::from_record("[Position \"layout=QL turn=B\"]\n*").unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::BadPosition(_)), "{err}");
    assert_eq!((err.line, err.column), (1, 1));
    // A move after the end of the game.
    let text = format!("[Position \"{MATE_IN_ONE}\"]\n\n1. RW/18 2. KW/25\n");
    let err = Game::from_record(&text).unwrap_err();
    assert!(
        matches!(err.kind, RecordErrorKind::AfterEnd { .. }),
        "{err}"
    );
    assert_eq!((err.line, err.column), (3, 13));
    // An unterminated comment.
    let err = Game::from_record("1. A10 {no end").unwrap_err();
    assert_eq!((err.line, err.column), (1, 8));
}

#[cfg(feature = "serde")]
#[test]
fn moves_and_outcomes_survive_serde() {
    let mut rng = Rng(17);
    let mut moves = 0;
    for start in starts() {
        let game = random_game(start, &mut rng, 60);
        for (pos, &m) in game.positions_iter().zip(game.moves()) {
            let json = serde_json::to_string(&m).unwrap();
            let back: Move = serde_json::from_str(&json).unwrap();
            assert_eq!(back, m, "{json}");
            assert!(pos.legal_moves().contains(&back));
            moves += 1;
        }
        if let Some(outcome) = game.outcome() {
            let json = serde_json::to_string(&outcome).unwrap();
            assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
        }
    }
    let draw = Outcome::Draw {
        reason: DrawReason::Repetition,
    };
    let json = serde_json::to_string(&draw).unwrap();
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), draw);
    assert!(moves > 500, "{moves}");
}
