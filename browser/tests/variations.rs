//! Variations on the board and the page's fixes of issue 27: a move made from an earlier position
//! keeps the old line as a variation, shown indented in the move list with its comments, exported
//! and imported back; a link with a bad move, quick key presses, clicks while the computer
//! thinks, a record without a Variant tag, the status line on an earlier position, Kirby's cell
//! names and Chessagon's edge labels.

use hexvar_browser_tests::{chromium_tests, json, long_game, urlencode, Page};

chromium_tests!(
    variations_are_kept_shown_exported_and_imported,
    a_link_with_a_bad_move_keeps_the_moves_before_it,
    quick_key_presses_add_up_and_the_status_names_the_shown_side,
    clicks_while_the_computer_thinks_are_refused_with_a_message,
    a_record_without_a_variant_tag_is_read_as_the_variant_shown,
    kirby_names_every_cell_readably_and_chessagon_labels_stay_clear,
);

/// Six moves, then another third move from the position after two: the later four stay as a
/// variation, shown indented under the move they branch from, in the record and back.
async fn variation(page: &Page, variant: &str) {
    let moves = long_game(page, json!({ "variant": variant }), 6, 9).await;
    page.open_moves(variant, "", &moves).await;
    page.click("#movelist button[data-ply=\"2\"]").await;
    page.until_shown_ply(2).await;
    let (other, game) = page.play_another_than(&moves[2]).await;
    let line: Vec<String> = game.history.iter().map(|m| m.san.clone()).collect();
    assert_eq!(
        line,
        [&moves[..2], std::slice::from_ref(&other)].concat(),
        "{variant}"
    );
    let kept = page.variation_moves().await;
    assert_eq!(kept, moves[2..], "{variant}: the old line as a variation");
    // Indented under the row of the move it is an alternative to, after the game's third move.
    let placed = page
        .js("const v = document.querySelector('#movelist .variation'); const row = v.closest('tr').previousElementSibling; return [parseFloat(v.style.marginLeft) > 0, [...row.querySelectorAll('button.mv')].map(b => b.textContent)]")
        .await;
    assert_eq!(placed[0], json!(true));
    assert!(
        placed[1]
            .as_array()
            .unwrap()
            .contains(&json!(other.clone())),
        "{variant}: {placed}"
    );
    // A click on the variation's last move shows it, and the status says where the page is.
    page.click("#movelist .variation button.mv.var:last-of-type")
        .await;
    page.until_shown_ply(6).await;
    let status = page.status().await;
    assert!(
        status.contains("(a variation)") && status.contains("to move"),
        "{variant}: {status}"
    );
    // Exported with the variation, imported back as the same tree.
    page.click("#export").await;
    let record = page
        .text("return document.getElementById('record-text').value")
        .await;
    assert!(record.contains('('), "{record}");
    assert_eq!(record, page.game().await.record);
    page.click("#import").await;
    page.until(
        "the imported game",
        &format!(
            "return state.game.id !== {} && state.game.nodes.length === 8",
            json!(game.id)
        ),
    )
    .await;
    page.idle().await;
    let imported = page.game().await;
    assert_eq!(imported.nodes, game.nodes, "{variant}");
    assert_eq!(imported.record, record, "{variant}");
    // The engine's evaluations, shown as comments under the moves.
    page.js("document.getElementById('strength').value = 'd2'")
        .await;
    page.click("#annotate").await;
    page.until(
        "the engine's comments",
        "return state.game.nodes.slice(1).filter(n => n.main).every(n => n.comment.endsWith('/2'))",
    )
    .await;
    page.idle().await;
    let comments = page
        .js("return document.querySelectorAll('#movelist .comment').length")
        .await;
    assert!(comments.as_u64().unwrap() >= 3, "{variant}: {comments}");
    let old_line = page
        .text(&format!(
            "return String(state.game.nodes.find(n => !n.main && n.ply === 3 && n.san === {}).id)",
            json!(moves[2])
        ))
        .await;
    page.click(&format!(
        "#movelist button.mv.var[data-node=\"{old_line}\"]"
    ))
    .await;
    page.until_shown_ply(3).await;
    page.screenshot(&format!("{variant}-variation")).await;
}

async fn variations_are_kept_shown_exported_and_imported(page: Page) {
    for variant in ["brusky", "chessagon", "dagger", "cescacs", "kirby"] {
        variation(&page, variant).await;
    }
}

async fn a_link_with_a_bad_move_keeps_the_moves_before_it(page: Page) {
    let moves = long_game(&page, json!({ "variant": "brusky" }), 4, 3).await;
    let link = [&moves[..2], &["Qxz9".to_string()], &moves[3..]].concat();
    page.open(&format!(
        "#variant=brusky&moves={}",
        urlencode(&link.join(" "))
    ))
    .await;
    let game = page.game().await;
    let sans: Vec<String> = game.history.iter().map(|m| m.san.clone()).collect();
    assert_eq!(sans, moves[..2], "the legal moves before the bad one");
    let error = page.error().await.expect("the refused move named");
    assert!(
        error.contains("Move 3") && error.contains("Qxz9") && error.contains("2 moves"),
        "{error}"
    );
}

async fn quick_key_presses_add_up_and_the_status_names_the_shown_side(page: Page) {
    let moves = long_game(&page, json!({ "variant": "chessagon" }), 7, 5).await;
    let game = page.open_moves("chessagon", "", &moves).await;
    // Three keys at once, before any answer: Home, →, → is the position after two moves.
    page.js("for (const key of ['Home', 'ArrowRight', 'ArrowRight']) \
         document.dispatchEvent(new KeyboardEvent('keydown', {key}))")
        .await;
    page.until_shown_ply(2).await;
    let (_, two) = page
        .api("GET", &format!("/games/{}/ply/2", game.id), None)
        .await;
    assert_eq!(
        page.shown_position().await,
        two["position"].as_str().unwrap()
    );
    // The game has Black to move (7 moves); the position shown has White to move.
    assert_eq!(game.turn, "b");
    let status = page.status().await;
    assert_eq!(
        status,
        format!("After 1… {}: White to move", moves[1]),
        "the shown position's side"
    );
    let turn = page
        .text("return document.getElementById('status').dataset.turn")
        .await;
    assert_eq!(turn, "w");
}

async fn clicks_while_the_computer_thinks_are_refused_with_a_message(page: Page) {
    page.open("#variant=dagger&computer=b&strength=t3000").await;
    let game = page.game().await;
    let mv = page.click_first_board_move().await;
    page.until(
        "the computer thinking",
        "return document.body.classList.contains('busy') && state.game.history.length === 1",
    )
    .await;
    page.click("#new").await;
    let error = page.error().await.expect("a message, not silence");
    assert!(
        error.contains("Please wait") && error.contains("thinking"),
        "{error}"
    );
    page.click_cell(mv.from.as_ref().unwrap()).await;
    assert!(page.error().await.unwrap().contains("thinking"));
    page.until_plies(2).await;
    assert_eq!(page.game_id().await, game.id, "the same game goes on");
}

async fn a_record_without_a_variant_tag_is_read_as_the_variant_shown(page: Page) {
    page.open("#variant=dagger").await;
    page.js("document.getElementById('record-text').value = '1. df1 g2 *'")
        .await;
    page.click("#import").await;
    page.until("the pasted game", "return state.game.history.length === 2")
        .await;
    page.idle().await;
    assert!(page.error().await.is_none(), "{:?}", page.error().await);
    let game = page.game().await;
    assert_eq!(game.variant, "dagger");
    let sans: Vec<&str> = game.history.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["df1", "g2"]);
}

async fn kirby_names_every_cell_readably_and_chessagon_labels_stay_clear(page: Page) {
    page.client.set_window_size(1400, 900).await.unwrap();
    page.open("#variant=kirby").await;
    page.until(
        "the cell names",
        "return document.getElementById('names').checked",
    )
    .await;
    // Every cell named, the sideboard's squares too, in letters of 10 px or more.
    let named = page
        .js("const cells = [...document.querySelectorAll('#board polygon[data-cell]')].map(p => p.dataset.cell); \
             const names = [...document.querySelectorAll('#board text.name')]; \
             const shown = new Set(names.map(t => t.textContent)); \
             const scale = document.querySelector('#board svg').getScreenCTM().a; \
             const smallest = Math.min(...names.map(t => parseFloat(t.getAttribute('font-size')) * scale)); \
             return [cells.filter(c => !shown.has(c)), smallest, cells.length]")
        .await;
    assert_eq!(named[0], json!([]), "cells without a name");
    let smallest = named[1].as_f64().unwrap();
    assert!(smallest >= 10.0, "the smallest name is {smallest:.1} px");
    page.screenshot("kirby-names-1400").await;

    // Chessagon: no edge label on a cell or on a cell's name.
    page.open("#variant=chessagon").await;
    page.js("const n = document.getElementById('names'); if (!n.checked) n.click();")
        .await;
    let labels = page
        .texts("return [...document.querySelectorAll('#board text.edge')].map(t => t.textContent)")
        .await;
    assert!(
        labels.len() >= 20 && labels.contains(&"15".to_string()),
        "{labels:?}"
    );
    let clashes = page
        .js("const svg = document.querySelector('#board svg'); \
             const polygons = [...svg.querySelectorAll('polygon[data-cell]')]; \
             const names = [...svg.querySelectorAll('text.name')].map(t => t.getBoundingClientRect()); \
             const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; \
             const out = []; \
             for (const label of svg.querySelectorAll('text.edge')) { \
               const r = label.getBoundingClientRect(); \
               if (names.some(n => meet(n, r))) out.push(label.textContent + ' on a name'); \
               const corners = [[r.left, r.top], [r.right, r.top], [r.left, r.bottom], [r.right, r.bottom]]; \
               for (const p of polygons) { \
                 const m = p.getScreenCTM().inverse(); \
                 const inside = corners.some(([x, y]) => { const q = new DOMPoint(x, y).matrixTransform(m); return p.isPointInFill(q); }); \
                 if (inside) out.push(label.textContent + ' on ' + p.dataset.cell); \
               } \
             } \
             return out")
        .await;
    assert_eq!(clashes, json!([]), "edge labels on cells or names");
    page.screenshot("chessagon-labels").await;
}
