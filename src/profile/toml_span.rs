//! Finding where things are in a TOML text: the line and column of a byte offset, the key path at an
//! offset (to name the key a serde error is about), the place of a key path (to point at a key a later
//! check rejects).

use std::ops::Range;

use toml::de::{DeTable, DeValue};

/// 1-based line and column of byte `offset` in `text`.
pub(crate) fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The dotted path of the deepest key whose name or value covers byte `offset`.
pub(crate) fn key_path_at(table: &DeTable<'_>, offset: usize) -> Option<String> {
    for (key, value) in table {
        let covers = |span: Range<usize>| span.contains(&offset);
        let nested = match value.get_ref() {
            DeValue::Table(inner) => key_path_at(inner, offset),
            _ => None,
        };
        if let Some(rest) = nested {
            return Some(format!("{}.{rest}", key.get_ref()));
        }
        if covers(key.span()) || covers(value.span()) {
            return Some(key.get_ref().to_string());
        }
    }
    None
}

/// Where the key at `path` is written (its value when it has one), if it is in the document.
pub(crate) fn span_of(table: &DeTable<'_>, path: &[&str]) -> Option<Range<usize>> {
    let (first, rest) = path.split_first()?;
    let (key, value) = table.iter().find(|(key, _)| key.get_ref() == first)?;
    match (rest.is_empty(), value.get_ref()) {
        (true, _) => Some(key.span()),
        (false, DeValue::Table(inner)) => span_of(inner, rest).or(Some(key.span())),
        (false, _) => Some(key.span()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_lines_and_key_paths() {
        assert_eq!(line_and_column("ab\ncd", 4), (2, 2));
        let text = "a = 1\n[b]\nc = \"x\"\n";
        let table = DeTable::parse(text).expect("valid").into_inner();
        let offset = text.find("\"x").expect("value");
        assert_eq!(key_path_at(&table, offset).as_deref(), Some("b.c"));
        let span = span_of(&table, &["b", "c"]).expect("found");
        assert_eq!(line_and_column(text, span.start).0, 3);
    }
}
