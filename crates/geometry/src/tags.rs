//! The tags of a game record: the seven every record carries, the ones that say the start, and
//! what a tag's name and value may be. Below [`Game`](crate::Game) and
//! [`GameTree`](crate::GameTree), which keep tags, and the record reader and writer.

use core::fmt;

use crate::san_text::cut;

/// The seven tags every record carries, in their order, with their unknown values.
pub(crate) const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The tags that say the start, which a game determines itself.
const START_TAGS: [&str; 4] = ["Variant", "Position", "FEN", "SetUp"];

/// Why a tag cannot be set. Quoted texts are cut to 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TagError {
    /// The name is no PGN symbol: an ASCII letter or digit, then letters, digits and
    /// `_ + # = : -`, at most 255 characters.
    Name(String),
    /// The value holds a control character (a newline, a tab, …), which no record can hold.
    Value {
        /// The tag's name.
        name: String,
        /// The value, cut.
        value: String,
    },
    /// `Variant`, `Position`, `FEN` and `SetUp` say the start, which the game determines.
    Reserved(String),
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagError::Name(name) => write!(
                f,
                "tag name {name:?} is no PGN symbol (ASCII letters, digits and _+#=:-, \
                 a letter or digit first)"
            ),
            TagError::Value { name, value } => {
                write!(f, "tag {name}: value {value:?} holds a control character")
            }
            TagError::Reserved(name) => {
                write!(f, "tag {name} says the start, which the game determines")
            }
        }
    }
}

impl std::error::Error for TagError {}

/// Whether a record can hold a tag: its name a PGN symbol (an ASCII letter or digit, then letters,
/// digits and `_ + # = : -`, at most 255 characters), its value free of control characters. The
/// reader refuses what this refuses, and the writer escapes `"` and `\`.
///
/// ```
/// use hexvar_geometry::record::{check_tag, TagError};
/// assert!(check_tag("White", "Ann \"the\" Bee").is_ok());
/// assert!(matches!(check_tag("My Tag", "x"), Err(TagError::Name(_))));
/// assert!(matches!(check_tag("Event", "line1\nline2"), Err(TagError::Value { .. })));
/// ```
pub fn check_tag(name: &str, value: &str) -> Result<(), TagError> {
    let symbol = |c: char| c.is_ascii_alphanumeric() || "_+#=:-".contains(c);
    let good_name = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && name.len() <= 255
        && name.chars().all(symbol);
    if !good_name {
        return Err(TagError::Name(cut(name, 40)));
    }
    if value.chars().any(char::is_control) {
        return Err(TagError::Value {
            name: name.to_string(),
            value: cut(value, 40),
        });
    }
    Ok(())
}

/// The first value of tag `name` among `tags` (a game's or a tree's).
pub(crate) fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Sets tag `name` among `tags` (a game's or a tree's): the first of that name is replaced, or a
/// new one goes last, if [`check_tag`] allows it and it is not a tag of the start.
pub(crate) fn set_tag(
    tags: &mut Vec<(String, String)>,
    name: &str,
    value: &str,
) -> Result<(), TagError> {
    check_tag(name, value)?;
    if START_TAGS.contains(&name) {
        return Err(TagError::Reserved(name.to_string()));
    }
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some(tag) => tag.1 = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
    Ok(())
}

/// The tag methods [`Game`](crate::Game) and [`GameTree`](crate::GameTree) share over their
/// `tags` field: `tags`, `tag` and `set_tag`, with each type's own words for what its tags hold.
macro_rules! tag_methods {
    (tags: $tags_doc:expr, set_tag: $set_doc:expr,) => {
        #[doc = $tags_doc]
        pub fn tags(&self) -> &[(String, String)] {
            &self.tags
        }

        /// The first value of a tag.
        pub fn tag(&self, name: &str) -> Option<&str> {
            $crate::tags::tag_value(&self.tags, name)
        }

        #[doc = $set_doc]
        pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), $crate::TagError> {
            $crate::tags::set_tag(&mut self.tags, name, value)
        }
    };
}
pub(crate) use tag_methods;
