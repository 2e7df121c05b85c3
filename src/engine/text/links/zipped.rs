//! SudokuPad's minified JSON (the `scl` payload after decompression) made plain JSON again.
//!
//! SudokuPad writes its puzzle JSON short: keys without quotes, strings in single quotes, `t` and
//! `f` for the booleans, an empty object left out between commas (`[,,{v:5}]`), colours without
//! quotes (`#0`, `#F`, or six hex digits after a colon), and common keys shortened (`ce` for
//! `cells`, `ca` for `cages`, `v` for `value`...). [`unzip`] undoes each of these, token by token,
//! and [`long_keys`] gives the keys their full names back. (Plain JSON is read as it is, before
//! this: [`unzip`] would read its `[]` as `[{}]`, as SudokuPad does for minified text.)

use serde_json::{Map, Value};

/// The shortened keys and their full names, as SudokuPad shortens them.
const SHORT_KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Plain JSON for SudokuPad's minified `text`; `None` when it is not minified JSON either (an
/// unterminated string).
pub fn unzip(text: &str) -> Option<String> {
    let text = unzip_quotes(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    // The last character written outside a string that is not white space.
    let mut previous = ' ';
    while i < chars.len() {
        let c = chars[i];
        if c == '"' {
            let end = string_end(&chars, i)?;
            out.extend(&chars[i..=end]);
            i = end + 1;
            previous = '"';
            continue;
        }
        if matches!(previous, ',' | '{' | '[') {
            // A key without quotes: letters and digits up to a colon.
            let word = chars[i..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
            if word > 0 && chars.get(i + word) == Some(&':') {
                out.push('"');
                out.extend(&chars[i..i + word]);
                out.push_str("\":");
                i += word + 1;
                previous = ':';
                continue;
            }
            // An empty object left out: `[,` `,,` `,]` (and `[]`, as SudokuPad reads it).
            if matches!(c, ',' | ']' | '}') && !(previous == '{' && c == '}') {
                out.push_str("{}");
            }
        }
        if previous == ':' {
            let token: String = chars[i..].iter().take_while(|c| !matches!(c, ',' | '}' | ']')).collect();
            let replaced = match token.as_str() {
                "t" => Some("true".to_string()),
                "f" => Some("false".to_string()),
                "#0" => Some("\"#000000\"".to_string()),
                "#F" => Some("\"#FFFFFF\"".to_string()),
                hex if hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
                    Some(format!("\"#{hex}\""))
                }
                _ => None,
            };
            if let Some(replaced) = replaced {
                out.push_str(&replaced);
                i += token.chars().count();
                previous = 'x';
                continue;
            }
        }
        out.push(c);
        if !c.is_whitespace() {
            previous = c;
        }
        i += 1;
    }
    Some(out)
}

/// SudokuPad's single quotes as JSON's double quotes (`\'` stands for a quote inside a string);
/// text with a double quote already is left as it is.
fn unzip_quotes(text: &str) -> String {
    if text.contains('"') {
        return text.to_string();
    }
    text.replace("\\'", "\u{1}").replace('\'', "\"").replace('\u{1}', "'")
}

/// The index of the quote that closes the string opened at `start`.
fn string_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// `value` with SudokuPad's shortened keys (see [`SHORT_KEYS`]) given their full names, at every
/// depth.
pub fn long_keys(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(long_keys).collect()),
        Value::Object(object) => {
            let mut long = Map::new();
            for (key, value) in object {
                let name =
                    SHORT_KEYS.iter().find(|(short, _)| *short == key).map_or(key.as_str(), |(_, long)| long);
                long.insert(name.to_string(), long_keys(value));
            }
            Value::Object(long)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> Value {
        let json = unzip(text).expect("a minified JSON");
        long_keys(serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}")))
    }

    #[test]
    fn keys_quotes_booleans_and_colours_come_back() {
        let value = plain(
            "{ce:[[{v:5},,{v:'7'}],[,]],ca:[{ce:[[0,0],[0,1]],v:12,c1:#0,c2:FFAA00,r:t}],t:'It\\'s a title'}",
        );
        assert_eq!(value["cells"][0][0]["value"], 5);
        assert_eq!(value["cells"][0][1], serde_json::json!({}));
        assert_eq!(value["cells"][0][2]["value"], "7");
        assert_eq!(value["cells"][1], serde_json::json!([{}, {}]));
        let cage = &value["cages"][0];
        assert_eq!(cage["cells"], serde_json::json!([[0, 0], [0, 1]]));
        assert_eq!(cage["value"], 12);
        assert_eq!(cage["borderColor"], "#000000");
        assert_eq!(cage["backgroundColor"], "#FFAA00");
        assert_eq!(cage["rounded"], true);
        assert_eq!(value["title"], "It's a title");
    }

    #[test]
    fn double_quotes_stay_and_an_open_string_is_refused() {
        let json = r#"{"cells":[[{"value":"it's 1"}]],"cages":[{"v":2}]}"#;
        assert_eq!(unzip(json).as_deref(), Some(json));
        assert_eq!(unzip("{t:'open}"), None);
        // `{}` stays an empty object; `f` after a colon is false.
        assert_eq!(plain("{a:{},b:f}"), serde_json::json!({"arrows": {}, "b": false}));
    }
}
