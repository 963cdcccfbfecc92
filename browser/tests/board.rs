//! The web board in headless Chromium, as a player uses it: every variant's board, moves by
//! clicks, choices between moves sharing their cells, finished games and their banners, long move
//! lists, moving through the game, records in and out, the address that carries the game, and
//! the computer's sides. Each writes screenshots to `target/browser-screenshots/`.

use std::collections::BTreeSet;

use hexvar_browser_tests::{chromium_tests, json, long_game, urlencode, with_page, GameView, Page};

chromium_tests!(
    special_moves_are_offered_with_pictures_and_words,
    finished_games_show_their_result_in_a_banner,
    move_lists_past_100_plies,
    moving_through_the_game_and_continuing_from_a_position,
    records_out_and_in_and_the_address_carries_the_game,
    take_back_against_the_computer_returns_to_the_players_turn,
    kirby_with_computer_armies,
);

/// The checks every variant gets: the side to move named, coordinates, highlights, moves by
/// clicks, an illegal click and an illegal typed move with their errors, flip, undo, the computer,
/// and a screenshot of the start.
async fn variant_round(page: Page, variant: &'static str) {
    page.open(&format!("#variant={variant}")).await;
    let game = page.game().await;
    assert_eq!(game.variant, variant);
    assert_eq!(page.shown_position().await, game.position);
    let status = page.status().await;
    let side = if variant == "kirby" { "Black" } else { "White" };
    assert_eq!(status, format!("{side} to move"), "the side named in full");
    page.screenshot(&format!("{variant}-start")).await;

    // Coordinates: edge labels, or names on the cells, and every man drawn as a picture.
    let labels = page
        .js("return document.querySelectorAll('#board text.edge').length + document.querySelectorAll('#board text.name').length")
        .await;
    assert!(labels.as_u64().unwrap() >= 8, "{variant}: {labels} labels");
    let men = page
        .js("return document.querySelectorAll('#board g.man:not(.hand) use').length")
        .await;
    assert_eq!(men.as_u64().unwrap() as usize, game.pieces.len());

    // Every man that can move: clicking it highlights exactly its legal destinations.
    let froms: BTreeSet<String> = game.moves.iter().filter_map(|m| m.from.clone()).collect();
    assert!(!froms.is_empty());
    for from in froms.iter().take(5) {
        page.click_cell(from).await;
        let expected: BTreeSet<String> = game
            .moves
            .iter()
            .filter(|m| m.from.as_ref() == Some(from))
            .map(|m| m.to.clone())
            .collect();
        assert_eq!(page.cells_with("dest").await, expected, "{variant}: {from}");
        assert_eq!(
            page.cells_with("selected").await,
            BTreeSet::from([from.clone()])
        );
        page.click_cell(from).await; // deselects
        assert!(page.cells_with("dest").await.is_empty());
    }
    assert_eq!(page.cells_with("movable").await, froms);

    // An illegal destination: an empty cell the man cannot reach.
    let from = froms.iter().next().unwrap().clone();
    let all_cells = page
        .texts("return [...document.querySelectorAll('#board polygon[data-cell]')].map(p => p.dataset.cell)")
        .await;
    let illegal = all_cells
        .iter()
        .find(|c| {
            !froms.contains(*c)
                && !game
                    .moves
                    .iter()
                    .any(|m| m.from.as_ref() == Some(&from) && &m.to == *c)
        })
        .unwrap()
        .clone();
    page.click_cell(&from).await;
    page.click_cell(&illegal).await;
    let error = page.error().await.expect("an error for an illegal click");
    assert!(error.contains("Illegal move"), "{error}");
    assert_eq!(page.game().await.position, game.position);

    // A few moves by clicking, each side in turn.
    for ply in 0..3 {
        let now = page.game().await;
        let quiet: Vec<_> = now.moves.iter().filter(|m| m.from.is_some()).collect();
        let mv = quiet[ply * 7 % quiet.len()].notation.clone();
        page.play_by_clicks(&mv).await;
        assert!(page.error().await.is_none());
    }
    let game = page.game().await;
    let listed = page
        .texts(
            "return [...document.querySelectorAll('#movelist button.mv')].map(b => b.textContent)",
        )
        .await;
    let sans: Vec<String> = game.history.iter().map(|m| m.san.clone()).collect();
    assert_eq!(listed, sans, "the move list in SAN");

    // An illegal move typed as text: the server's error is shown, nothing changes.
    page.type_into("#move-text", "zz99-zz98").await;
    page.click("#play").await;
    let error = page.shown_error().await;
    assert!(error.starts_with("illegal move"), "{error}");
    assert_eq!(page.game().await.position, game.position);

    // Flip and back: the men stay on their cells' centres, turned round.
    page.click("#flip").await;
    let flipped = page
        .js("return !!document.querySelector('#board svg g.cells[transform^=\"rotate(180\"]')")
        .await;
    assert_eq!(flipped, json!(true));
    assert_eq!(page.cells_with("movable").await.len(), movable_count(&game));
    page.screenshot(&format!("{variant}-flipped")).await;
    page.click("#flip").await;

    // Take back (no computer: one move): the position before it is shown, the game kept.
    let plies = game.history.len();
    page.click("#undo").await;
    page.until_shown_ply(plies - 1).await;
    let (_, before) = page
        .api(
            "GET",
            &format!("/games/{}/ply/{}", game.id, plies - 1),
            None,
        )
        .await;
    assert_eq!(
        page.shown_position().await,
        before["position"].as_str().unwrap()
    );
    assert_eq!(page.game().await.history.len(), plies);
    page.click("#nav-last").await;
    page.until_shown_ply(plies).await;

    // The computer moves once.
    page.click("#opponent").await;
    page.until_plies(plies + 1).await;
    let answered = page.game().await;
    assert!(game.moves.contains(answered.last_move.as_ref().unwrap()));
    assert_eq!(page.shown_position().await, answered.position);
}

fn movable_count(game: &GameView) -> usize {
    game.moves
        .iter()
        .filter_map(|m| m.from.clone())
        .collect::<BTreeSet<_>>()
        .len()
}

/// One test a variant: `variant_round` in a page of its own.
macro_rules! variant_rounds {
    ($($name:ident: $variant:literal;)+) => {
        $(
            #[test]
            #[ignore = "needs chromium and chromedriver; run with --ignored"]
            fn $name() {
                with_page(|page| variant_round(page, $variant));
            }
        )+
    };
}

variant_rounds! {
    brusky_in_chromium: "brusky";
    chessagon_in_chromium: "chessagon";
    dagger_in_chromium: "dagger";
    cescacs_in_chromium: "cescacs";
    kirby_in_chromium: "kirby";
}

/// Opens a position by the address.
async fn open_position(page: &Page, variant: &str, position: &str) {
    page.open(&format!(
        "#variant={variant}&position={}",
        urlencode(position)
    ))
    .await;
    assert!(page.error().await.is_none(), "{:?}", page.error().await);
    // The position as the variant prints it (Kirby orders its men).
    assert_eq!(page.shown_position().await, page.game().await.start);
}

/// Clicks `from` then `to`, waits for the choice, checks that every button says something in
/// words, screenshots it, and picks `notation`.
async fn choose(
    page: &Page,
    from: &str,
    to: &str,
    notation: &str,
    screenshot: &str,
) -> Vec<String> {
    page.click_cell(from).await;
    page.click_cell(to).await;
    let words = page.choice_words().await;
    let pictures = page
        .js("return document.querySelectorAll('#choice-buttons button svg use').length")
        .await;
    assert_eq!(
        pictures.as_u64().unwrap() as usize,
        words.len(),
        "a picture each"
    );
    page.screenshot(screenshot).await;
    let before = page.game().await.history.len();
    page.click(&format!(
        "#choice-buttons button[data-notation=\"{notation}\"]"
    ))
    .await;
    page.until_plies(before + 1).await;
    assert_eq!(
        page.game().await.last_move.unwrap().notation,
        notation,
        "{words:?}"
    );
    words
}

async fn special_moves_are_offered_with_pictures_and_words(page: Page) {
    // Brusky: a pawn capturing onto the last rank offers the four promotions.
    open_position(
        &page,
        "brusky",
        "9/B2b6/5NP3k/B2P2P5/1P10/11/p6K2/1N7 b - - 1 99",
    )
    .await;
    let words = choose(&page, "a2", "b1", "a2xb1=N", "brusky-choice").await;
    assert_eq!(words.len(), 4);
    for role in ["Queen", "Rook", "Bishop", "Knight"] {
        assert!(
            words
                .iter()
                .any(|w| w.contains(&format!("becomes a {role}"))),
            "{words:?}"
        );
    }
    assert!(
        words
            .iter()
            .all(|w| w.contains("takes the White Knight on b1")),
        "{words:?}"
    );

    // Chessagon: no two moves share their cells, but castling shows its rook.
    open_position(
        &page,
        "chessagon",
        "qk/bd2/r1pp1r/pppppb1p/2p5/4p1p1/1np1Q3/P1nPp3/3B1p2/N3P2d/3PNPP1/PPPPPPPP/5R/RDDB/1K b Kkq - 2 13",
    )
    .await;
    page.click_cell("e15").await;
    let rooks = page.cells_with("rook").await;
    assert!(!rooks.is_empty(), "the castling rook is marked");
    page.screenshot("chessagon-choice").await;
    page.click_cell("e15").await;

    // Dagger: two knights may enter on the same cell.
    open_position(
        &page,
        "dagger",
        "k/2/3/rrp1/bp1/1PPp/nB1p1/PP2/2p/3R/1R1/K1/1 w LR/R - 2 25",
    )
    .await;
    page.click_cell("a1").await;
    let words = page.choice_words().await;
    assert_eq!(words.len(), 2, "{words:?}");
    page.screenshot("dagger-choice").await;
    page.click("#choice-buttons button[data-notation=\"NR@a1\"]")
        .await;
    page.until_plies(1).await;

    // C'escacs: the king's leap and castling share their cells; the words tell them apart.
    let castling = "/28:v/27:dk/26:g1j/25:rnnr/24:peje1/23:ppee2/22:4pp1/21:5p2/19:3p4/18:2p1Jp1/17:6g1/15:3p4/13:3P4/10:1P5/8:3PP2/7:1PP2Nj1/6:1DP1P2/5:2EEPP/4:1EJEP/3:R2R/2:GJG/1:VK/ b RKRrkr E13@9-11 0 17";
    open_position(&page, "cescacs", castling).await;
    let game = page.game().await;
    let castle = game
        .moves
        .iter()
        .find(|m| m.notation.contains("KRK-IK"))
        .expect("the castling")
        .clone();
    let words = choose(
        &page,
        castle.from.as_deref().unwrap(),
        &castle.to,
        &castle.notation,
        "cescacs-choice",
    )
    .await;
    assert!(
        words.iter().any(|w| w.starts_with("Castling:")),
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| !w.starts_with("Castling:")),
        "{words:?}"
    );
    let last = page.game().await.last_move.unwrap();
    assert!(!last.also.is_empty(), "the castling rook moved too");
    assert!(
        page.cells_with("last").await.len() >= 4,
        "king and rook highlighted as the last move"
    );

    // Kirby: a stalemated king relocates, and chooses the man it reclaims.
    open_position(
        &page,
        "kirby",
        "layout=QL turn=S teams=B/S/R castling=- dead=- waiting=- B:KK25,QP/26,RS/36 S:KP/38 R:KW/25,RB13",
    )
    .await;
    let words = choose(&page, "P/38", "B/12", "P/38>B/12=N", "kirby-choice").await;
    assert!(words.len() >= 2, "{words:?}");
}

/// Plays SAN moves through the address and checks the page shows them.
/// Moves written one after another with a space between.
fn sans(text: &str) -> Vec<String> {
    text.split(' ').map(str::to_string).collect()
}

async fn finished_games_show_their_result_in_a_banner(page: Page) {
    // Dagger: bishops back and forth by clicks; the third time is a draw, declared.
    page.open("#variant=dagger").await;
    for mv in [
        "df1", "g2", "Bd1", "Bj1", "Bc2", "Bl1", "Bd1", "Bj1", "Bc2", "Bl1",
    ] {
        page.play_by_clicks(mv).await;
    }
    let game = page.game().await;
    let outcome = game.outcome.clone().expect("a repetition draw");
    assert_eq!(outcome.reason, "threefold repetition");
    let banner = page.banner_naming("threefold repetition").await;
    assert!(banner.contains("1/2-1/2"), "{banner}");
    assert!(page.status().await.starts_with("Game over"));
    assert!(page.cells_with("movable").await.is_empty());
    let result_row = page
        .text("return document.querySelector('#movelist tr.result').textContent")
        .await;
    assert!(result_row.contains("1/2-1/2"), "{result_row}");
    page.click_cell("a1").await;
    assert!(page.error().await.unwrap().contains("over"));
    page.screenshot("dagger-finished").await;
    // Taking back shows the position before the last move, where play can go on; the
    // game itself stays as it is until a move is made there.
    page.click("#undo").await;
    page.until_shown_ply(9).await;
    assert!(page.banner().await.is_none());
    let status = page.status().await;
    assert!(
        status.starts_with("After 5. Bc2") && status.contains("Black to move"),
        "{status}"
    );
    let other = page
        .texts("return state.view.board.moves.filter(m => m.from !== null && m.san !== 'Bl1').map(m => m.san)")
        .await;
    page.play_by_clicks(&other[0]).await;
    let game = page.game().await;
    assert!(game.outcome.is_none(), "a new line: no repetition yet");
    assert_eq!(game.history.len(), 10);
    assert!(page.banner().await.is_none());

    // Brusky: a quick mate.
    page.open("#variant=brusky").await;
    for mv in ["d1-e3", "g8-f6", "e3-e4"] {
        page.play_by_clicks(mv).await;
    }
    let banner = page.banner_naming("checkmate").await;
    assert!(banner.contains("1-0"), "{banner}");
    assert_eq!(
        page.cells_with("check").await,
        BTreeSet::from(["f6".to_string()])
    );
    page.screenshot("brusky-finished").await;

    // Knights back and forth: Chessagon's repetition and Kirby's optional one (on by default on
    // the board) draw by themselves.
    for (variant, moves) in [
        ("chessagon", "Nd5 Nb9 Nc3 Nc13 Nd5 Nb9 Nc3 Nc13"),
        ("kirby", "NB/31 NW/31 NB/12 NW/12 NB/31 NW/31 NB/12 NW/12"),
    ] {
        page.open_moves(variant, "", &sans(moves)).await;
        page.banner_naming("repetition").await;
        page.screenshot(&format!("{variant}-repetition")).await;
    }

    // C'escacs: the third time may be claimed (the fifth draws by itself).
    page.open_moves(
        "cescacs",
        "",
        &sans("ED4-C7 EE23-D20 EC7-D4 ED20-E23 ED4-C7 EE23-D20 EC7-D4 ED20-E23"),
    )
    .await;
    assert!(page.banner().await.is_none());
    page.until(
        "the claim button",
        "return !document.getElementById('claim').hidden",
    )
    .await;
    page.click("#claim").await;
    page.until("the claimed draw", "return !!state.game.outcome")
        .await;
    page.idle().await;
    page.banner_naming("repetition").await;
    page.screenshot("cescacs-finished").await;
    // The claim survives a reload: the address says so.
    page.reload().await;
    assert!(
        page.banner().await.is_some(),
        "the claimed draw after a reload"
    );

    // Kirby: Black's queen mates White.
    page.open("#variant=kirby").await;
    for mv in ["B/23-B/33", "W/26-W/36", "B/14-A8", "W/27-Q10", "A8-Q8"] {
        page.play_by_clicks(mv).await;
    }
    page.banner_naming("checkmate").await;
    page.screenshot("kirby-finished").await;
}

/// A long game for each variant (Kirby with three armies) through the address: the list in
/// rounds, every move there past 100 plies, the last in sight, a click shows its position.
async fn long_list(page: &Page, variant: &str, start: Option<&str>, screenshot: &str) {
    let mut body = json!({ "variant": variant });
    let mut extra = String::new();
    if let Some(start) = start {
        body["start"] = json!(start);
        extra = format!("&start={}", urlencode(start));
    }
    let moves = long_game(page, body, 120, 7).await;
    let game = page.open_moves(variant, &extra, &moves).await;
    let buttons = page
        .texts(
            "return [...document.querySelectorAll('#movelist button.mv')].map(b => b.textContent)",
        )
        .await;
    assert_eq!(buttons, moves, "every move, in SAN");
    let rows = page
        .js("return document.querySelectorAll('#movelist tbody tr').length")
        .await;
    let sides = game.sides.len();
    assert_eq!(rows.as_u64().unwrap() as usize, 120_usize.div_ceil(sides));
    let numbers = page
        .texts(
            "return [...document.querySelectorAll('#movelist td.number')].map(t => t.textContent)",
        )
        .await;
    assert_eq!(numbers.first().unwrap(), "1.");
    assert_eq!(
        numbers.last().unwrap(),
        &format!("{}.", 120_usize.div_ceil(sides))
    );
    // The newest move is in sight inside the list.
    let visible = page
        .js("const box = document.getElementById('moves-box'); const b = box.querySelector('button.last'); const r = b.getBoundingClientRect(), o = box.getBoundingClientRect(); return r.top >= o.top - 1 && r.bottom <= o.bottom + 1")
        .await;
    assert_eq!(visible, json!(true), "the last move is in sight");
    page.screenshot(screenshot).await;
    // A click on the 101st move shows the position after it.
    page.click("#movelist button[data-ply=\"101\"]").await;
    page.until("ply 101", "return state.view && state.view.ply === 101")
        .await;
    page.idle().await;
    let id = page.game_id().await;
    let (_, board) = page.api("GET", &format!("/games/{id}/ply/101"), None).await;
    assert_eq!(
        page.shown_position().await,
        board["position"].as_str().unwrap()
    );
}

async fn move_lists_past_100_plies(page: Page) {
    for variant in ["brusky", "chessagon", "dagger", "cescacs"] {
        long_list(&page, variant, None, &format!("{variant}-120")).await;
    }
    long_list(&page, "kirby", Some("3p QL"), "kirby-120").await;
}

async fn moving_through_the_game_and_continuing_from_a_position(page: Page) {
    let moves = long_game(&page, json!({ "variant": "brusky" }), 12, 3).await;
    let game = page.open_moves("brusky", "", &moves).await;
    let id = game.id.clone();
    let position_at = |ply: usize| {
        let page = page.clone();
        let id = id.clone();
        async move {
            let (_, board) = page
                .api("GET", &format!("/games/{id}/ply/{ply}"), None)
                .await;
            board["position"].as_str().unwrap().to_string()
        }
    };
    // A click on the fourth move.
    page.click("#movelist button[data-ply=\"4\"]").await;
    page.until("ply 4", "return state.view && state.view.ply === 4")
        .await;
    page.idle().await;
    assert_eq!(page.shown_position().await, position_at(4).await);
    let viewing = page
        .text("return document.getElementById('viewing').hidden ? '' : document.getElementById('viewing-text').textContent")
        .await;
    assert!(viewing.contains(&moves[3]), "{viewing}");
    let current = page
        .text("return document.querySelector('#movelist button.current').dataset.ply")
        .await;
    assert_eq!(current, "4");
    // While looking at it, the status line says so and names its side to move.
    let status = page.status().await;
    let mover = if game.history[3].side == "w" {
        "Black"
    } else {
        "White"
    };
    assert!(
        status.starts_with("After 2… ") && status.contains(&format!("{mover} to move")),
        "{status}"
    );
    // The arrows and the buttons.
    page.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")
        .await;
    page.until("ply 3", "return state.view && state.view.ply === 3")
        .await;
    page.idle().await;
    assert_eq!(page.shown_position().await, position_at(3).await);
    page.click("#nav-forward").await;
    page.until("ply 4", "return state.view && state.view.ply === 4")
        .await;
    page.idle().await;
    page.click("#nav-first").await;
    page.until("the start", "return state.view && state.view.ply === 0")
        .await;
    page.idle().await;
    assert_eq!(page.shown_position().await, game.start);
    page.screenshot("brusky-navigation").await;
    page.click("#nav-last").await;
    page.until("the game", "return state.view === null").await;
    page.idle().await;
    assert_eq!(page.shown_position().await, game.position);

    // A move from the sixth position: that line is the game, the six later moves a
    // variation, and the address carries the new line.
    page.click("#movelist button[data-ply=\"6\"]").await;
    page.until_shown_ply(6).await;
    let (_, game) = page.play_another_than(&moves[6]).await;
    assert_eq!(game.history.len(), 7);
    let kept = page.variation_moves().await;
    assert_eq!(kept, moves[6..], "the later moves, as a variation");
    let carried = page
        .text("return new URLSearchParams(window.location.hash.slice(1)).get('moves')")
        .await;
    let line: Vec<String> = game.history.iter().map(|m| m.san.clone()).collect();
    assert_eq!(carried, line.join(" "), "the address carries the new line");
}

async fn records_out_and_in_and_the_address_carries_the_game(page: Page) {
    let moves = long_game(&page, json!({ "variant": "dagger" }), 15, 5).await;
    let game = page.open_moves("dagger", "", &moves).await;
    // Export: the record the server writes.
    page.click("#export").await;
    let record = page
        .text("return document.getElementById('record-text').value")
        .await;
    assert_eq!(record, game.record);
    assert!(record.contains("[Variant \"dagger\"]"), "{record}");
    let href = page
        .text("return document.getElementById('download').href")
        .await;
    assert!(href.starts_with("blob:"), "{href}");

    // A reload shows the same game: the server's while it holds it, else one made again
    // from the moves the address carries (a shared link, a restarted server).
    page.reload().await;
    let again = page.game().await;
    assert_eq!(again.id, game.id, "the server's game");
    let url = page.client.current_url().await.unwrap().to_string();
    let elsewhere = url.replace(&format!("game={}", game.id), "game=0000000000000000");
    assert_ne!(elsewhere, url);
    page.open(&elsewhere[page.base.len() + 1..]).await;
    let again = page.game().await;
    assert_ne!(again.id, game.id, "a new game from the address");
    assert_eq!(again.history, game.history);
    assert_eq!(again.position, game.position);

    // Import another variant's record: the page switches to it.
    let chessagon = long_game(&page, json!({ "variant": "chessagon" }), 9, 11).await;
    let (_, other) = page
        .api(
            "POST",
            "/games",
            Some(json!({ "variant": "chessagon", "moves": chessagon })),
        )
        .await;
    let record = other["record"].as_str().unwrap().to_string();
    page.js(&format!(
        "document.getElementById('record-text').value = {};",
        json!(record)
    ))
    .await;
    page.click("#import").await;
    page.until(
        "the imported game",
        "return state.game.variant === 'chessagon' && state.game.history.length === 9",
    )
    .await;
    page.idle().await;
    let imported = page.game().await;
    let sans: Vec<String> = imported.history.iter().map(|m| m.san.clone()).collect();
    assert_eq!(sans, chessagon);
    assert_eq!(
        page.text("return document.getElementById('variant').value")
            .await,
        "chessagon"
    );
    page.screenshot("chessagon-imported").await;

    // A bad record: a located error, and the game stays.
    page.js("document.getElementById('record-text').value = '[Variant \"chessagon\"]\\n\\n1. Nd5 Qxz9';")
        .await;
    page.click("#import").await;
    let error = page.shown_error().await;
    assert!(error.contains("line 3"), "{error}");
    assert_eq!(page.game().await.history.len(), 9);

    // Older links (a query with a position) still open.
    let drop = "k/rr/bbb/pppp/1p1/1p1p/3P1/4/PPP/PP1P/BBB/RR/K w LR/LR - 0 3";
    page.open(&format!("?variant=dagger&position={}", urlencode(drop)))
        .await;
    assert_eq!(page.shown_position().await, drop);
    // Knights in hand: buttons that say what they do.
    let drops = page
        .texts(
            "return [...document.querySelectorAll('#drops button .words')].map(b => b.textContent)",
        )
        .await;
    assert!(
        !drops.is_empty() && drops.iter().all(|d| d.contains("from the hand")),
        "{drops:?}"
    );
    // A bad position and an unknown variant in the address.
    page.open("#variant=chessagon&position=garbage").await;
    assert!(page.error().await.is_some());
    assert_eq!(page.game().await.position, page.game().await.start);
    page.open("#variant=shogi").await;
    assert!(page.error().await.unwrap().contains("shogi"));
}

async fn take_back_against_the_computer_returns_to_the_players_turn(page: Page) {
    page.open("#variant=brusky&computer=b&strength=t100").await;
    let checked = page
        .js("return document.querySelector('#computer-sides input[data-side=\"b\"]').checked")
        .await;
    assert_eq!(checked, json!(true));
    let game = page.game().await;
    let mv = page.click_first_board_move().await;
    page.until_plies(2).await;
    let answered = page.game().await;
    assert_eq!(answered.history[0], mv);
    assert_eq!(answered.turn, "w");
    assert!(page.status().await.starts_with("White to move"));
    // One more pair, then take back: to White's turn before White's last move.
    let next = answered
        .moves
        .iter()
        .find(|m| m.from.is_some())
        .unwrap()
        .clone();
    page.play_by_clicks(&next.notation).await;
    page.until_plies(4).await;
    page.click("#undo").await;
    page.until_shown_ply(2).await;
    assert_eq!(page.shown_position().await, answered.position);
    assert!(page.status().await.contains("White to move"));
    page.click("#undo").await;
    page.until_shown_ply(0).await;
    assert!(page.status().await.starts_with("The start: White to move"));
    // The computer's turn never comes while an earlier position is shown.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(page.game().await.history.len(), 4);
    // A move there: the new line is the game, the computer answers, the old line is kept.
    let other = game
        .moves
        .iter()
        .find(|m| m.from.is_some() && m.notation != mv.notation)
        .unwrap()
        .clone();
    page.play_by_clicks(&other.notation).await;
    page.until_plies(2).await;
    let game = page.game().await;
    assert_eq!(game.history[0].notation, other.notation);
    assert_eq!(game.nodes.iter().filter(|n| !n.main).count(), 4);

    // The computer plays White: it opens the game.
    page.open("#variant=chessagon&computer=w&strength=t100")
        .await;
    page.until_plies(1).await;
    assert_eq!(page.game().await.turn, "b");
    assert!(page.status().await.starts_with("Black to move"));
    // Nothing of Black's to take back: the button is off.
    let disabled = page
        .js("return document.getElementById('undo').disabled")
        .await;
    assert_eq!(disabled, json!(true));
}

async fn kirby_with_computer_armies(page: Page) {
    page.open("#variant=kirby&start=3p%20QL&strength=t100")
        .await;
    let game = page.game().await;
    assert_eq!(game.sides.len(), 3, "{:?}", game.sides);
    let header = page
        .texts(
            "return [...document.querySelectorAll('#movelist th')].map(t => t.textContent.trim())",
        )
        .await;
    assert_eq!(header.len(), 4, "{header:?}");
    // The computer plays the second and third armies.
    let (first, computer) = (game.sides[0].clone(), game.sides[1..].to_vec());
    for s in &computer {
        page.click(&format!("#computer-sides input[data-side=\"{s}\"]"))
            .await;
    }
    assert!(page
        .client
        .current_url()
        .await
        .unwrap()
        .as_str()
        .contains("computer="));
    let mv = game
        .moves
        .iter()
        .find(|m| m.from.is_some())
        .unwrap()
        .clone();
    page.click_cell(mv.from.as_ref().unwrap()).await;
    page.click_cell(&mv.to).await;
    page.until_plies(3).await;
    let after = page.game().await;
    let movers: Vec<&str> = after.history.iter().map(|m| m.side.as_str()).collect();
    assert_eq!(
        movers,
        [first.as_str(), computer[0].as_str(), computer[1].as_str()]
    );
    assert_eq!(after.turn, first);
    let status = page.status().await;
    assert!(
        status.ends_with("to move") && !status.contains("computer"),
        "{status}"
    );
    let rows = page
        .js("return document.querySelectorAll('#movelist tbody tr').length")
        .await;
    assert_eq!(rows, json!(1), "one row per round");
    page.screenshot("kirby-computer").await;
    // Take back: to before the first army's move and both answers.
    page.click("#undo").await;
    page.until_shown_ply(0).await;
    assert_eq!(page.shown_position().await, game.position);
    // A narrow window: the status stays in sight at the top.
    page.client.set_window_size(480, 800).await.unwrap();
    let top = page
        .js("return document.getElementById('status').getBoundingClientRect().top")
        .await;
    assert!(top.as_f64().unwrap() < 200.0, "{top}");
    page.screenshot("kirby-narrow").await;
}
