//! Plain words for problems in the files a player writes or keeps: the messages `serde` and `toml`
//! give ("invalid type: integer `3`, expected struct GameplayConfig", "`99999999999999999999` as
//! i128") said again without Rust's words, naming what was found and what is allowed; and values
//! echoed in messages cut to a readable length.

/// The longest value or key name echoed in a message, in characters.
pub const ECHO_LIMIT: usize = 32;

/// `text` cut to [`ECHO_LIMIT`] characters (with `…` when cut), and without control characters.
pub fn shortened(text: &str) -> String {
    let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if clean.chars().count() > ECHO_LIMIT {
        format!("{}…", clean.chars().take(ECHO_LIMIT - 1).collect::<String>())
    } else {
        clean
    }
}

/// A parser's `message` in plain words; `allowed` says what the key takes, when the caller knows.
pub fn plain(message: &str, allowed: Option<&str>) -> String {
    let message = message.trim();
    let expected_allowed = |expected: &str| allowed.map_or_else(|| plain_expected(expected), str::to_string);
    for prefix in ["invalid type: ", "invalid value: ", "invalid length: "] {
        if let Some(rest) = message.strip_prefix(prefix) {
            let (found, expected) = rest.rsplit_once(", expected ").unwrap_or((rest, ""));
            return format!("{} is not allowed here: use {}", plain_found(found), expected_allowed(expected));
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!("unknown value {}: use {}", echoed(found), expected_allowed(expected));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let known = plain_list(expected.trim_start_matches("one of "), "and");
        return if known.is_empty() {
            format!("unknown key {}: this table takes no keys", echoed(found))
        } else {
            format!("unknown key {}: the keys here are {known}", echoed(found))
        };
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("the key {} is missing", echoed(rest));
    }
    if let Some(rest) = message.strip_prefix("duplicate key ") {
        return format!("the key {} is written twice", echoed(rest));
    }
    message.to_string()
}

/// What was found, as `serde` says it (`integer \`3\``, `string "yes"`), in plain words.
fn plain_found(found: &str) -> String {
    let found = found.replace(" as i128", "").replace(" as u128", "");
    let (kind, value) = found.split_once(' ').unwrap_or((&found, ""));
    let kind = match kind {
        "integer" => "the number",
        "floating" => "the number",
        "string" => "the text",
        "boolean" => "the value",
        "map" => "a table",
        "sequence" => "a list",
        other => other,
    };
    let value = value.trim_start_matches("point ").trim_matches(['`', '"']);
    if value.is_empty() { kind.to_string() } else { format!("{kind} `{}`", shortened(value)) }
}

/// What `serde` expected, in plain words.
fn plain_expected(expected: &str) -> String {
    let expected = expected.trim();
    if let Some(list) = expected.strip_prefix("one of ") {
        return plain_list(list, "or");
    }
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "a boolean" => "true or false".into(),
        "a string" | "path string" => "text in quotes".into(),
        "a map" => "a table (a `[section]` with its keys)".into(),
        "a sequence" => "a list in brackets".into(),
        other if other.starts_with("struct ") => "a table (a `[section]` with its keys)".into(),
        "" => "another value".into(),
        other => other.to_string(),
    }
}

/// `` `a`, `b`, `c` `` as `a, b or c` (with `and` for `or` when told).
fn plain_list(list: &str, or: &str) -> String {
    let items: Vec<String> =
        list.split(", ").map(|i| i.trim().trim_matches('`').to_string()).filter(|i| !i.is_empty()).collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {or} {last}", rest.join(", ")),
    }
}

/// A name `serde` quoted in backquotes, shortened and quoted again.
fn echoed(quoted: &str) -> String {
    format!("`{}`", shortened(quoted.trim().trim_matches('`')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_words_become_plain_ones() {
        let cases = [
            (
                "invalid type: integer `3`, expected struct GameplayConfig",
                None,
                "the number `3` is not allowed here: use a table (a `[section]` with its keys)",
            ),
            (
                "invalid type: integer `99999999999999999999` as i128, expected u64",
                None,
                "the number `99999999999999999999` is not allowed here: use a whole number, 0 or more",
            ),
            (
                "invalid value: integer `-1`, expected u64",
                Some("a whole number from 50 to 10000"),
                "the number `-1` is not allowed here: use a whole number from 50 to 10000",
            ),
            (
                "invalid type: string \"yes\", expected a boolean",
                None,
                "the text `yes` is not allowed here: use true or false",
            ),
            (
                "unknown variant `sometimes`, expected one of `ladder`, `direct`, `off`",
                None,
                "unknown value `sometimes`: use ladder, direct or off",
            ),
            (
                "unknown field `show_conflict`, expected one of `a`, `b`",
                None,
                "unknown key `show_conflict`: the keys here are a and b",
            ),
            ("missing field `givens`", None, "the key `givens` is missing"),
        ];
        for (message, allowed, expected) in cases {
            assert_eq!(plain(message, allowed), expected);
        }
    }

    #[test]
    fn echoes_are_short_and_printable() {
        assert_eq!(shortened("abc"), "abc");
        let long = "x".repeat(100);
        assert_eq!(shortened(&long).chars().count(), ECHO_LIMIT);
        assert!(shortened(&long).ends_with('…'));
        assert_eq!(shortened("a\u{1b}[2Jb"), "a [2Jb");
    }
}
