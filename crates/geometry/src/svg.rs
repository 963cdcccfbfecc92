//! Pieces of SVG every board picture is made of: the document, one polygon per cell (carrying the
//! cell's name, so that pages and tests can find it), and centred text.

use core::fmt::Write;

/// Starts an SVG document of `width` × `height` pixels on a white background.
pub fn begin(out: &mut String, width: f64, height: f64) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
}

/// Ends the document [`begin`] started.
pub fn end(out: &mut String) {
    out.push_str("</svg>\n");
}

/// One cell: a polygon through `corners`, with `data-cell="<cell>"`, the fill and stroke
/// colours, and the cell's name as its tooltip.
///
/// ```
/// let mut out = String::new();
/// hexvar_geometry::svg::cell(&mut out, "a1", &[(0.0, 0.0), (10.0, 0.0), (5.0, 8.66)], "#eee", "#333");
/// assert_eq!(
///     out,
///     "<polygon data-cell=\"a1\" points=\"0.0,0.0 10.0,0.0 5.0,8.7\" fill=\"#eee\" stroke=\"#333\" stroke-width=\"1\"><title>a1</title></polygon>\n"
/// );
/// ```
pub fn cell(out: &mut String, name: &str, corners: &[(f64, f64)], fill: &str, stroke: &str) {
    let _ = write!(out, "<polygon data-cell=\"{name}\" points=\"");
    for (i, (x, y)) in corners.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{x:.1},{y:.1}");
    }
    let _ = writeln!(
        out,
        "\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"><title>{name}</title></polygon>"
    );
}

/// A ring around a marked cell (a legal destination, a checked king).
pub fn ring(out: &mut String, (cx, cy): (f64, f64), radius: f64, colour: &str) {
    let _ = writeln!(
        out,
        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{radius:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"4\" pointer-events=\"none\"/>"
    );
}

/// Text centred on `(x, y)`'s vertical line with its baseline at `y`; it lets clicks through
/// to the cell below.
pub fn text(out: &mut String, (x, y): (f64, f64), size: f64, fill: &str, content: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.0}\" fill=\"{fill}\" text-anchor=\"middle\" pointer-events=\"none\">{content}</text>"
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_document_with_a_cell_a_ring_and_text() {
        let mut out = String::new();
        super::begin(&mut out, 100.0, 50.0);
        super::cell(
            &mut out,
            "b2",
            &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
            "#fff",
            "#000",
        );
        super::ring(&mut out, (5.0, 5.0), 3.0, "#d01010");
        super::text(&mut out, (5.0, 5.0), 12.0, "#000", "♔");
        super::end(&mut out);
        assert!(out.starts_with("<svg") && out.ends_with("</svg>\n"));
        assert_eq!(out.matches("data-cell=\"b2\"").count(), 1);
        assert_eq!(out.matches("<circle").count(), 1);
        assert!(out.contains(">♔</text>"));
    }
}
