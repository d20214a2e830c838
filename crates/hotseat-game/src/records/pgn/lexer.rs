//! PGN text to tokens, each with the line and column where it starts.
//!
//! The lexer is where the reader is forgiving about form: comments in both forms,
//! `%` escape lines, NAGs, `!?` suffixes and text glyphs such as `+-`, move numbers
//! with any number of dots, CRLF or bare CR line ends, and variations (it checks that
//! every `(` is closed, and no tag comes inside one). What it cannot read it refuses
//! with a location.

use std::borrow::Cow;
use std::fmt;

use super::{PgnError, PgnErrorKind, TagProblem};
use crate::annotations::Nag;
use hotseat_chess::GameResult;

/// A place in the text: 1-based line and column, columns counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters (a tab counts as one).
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, col {}", self.line, self.column)
    }
}

/// What a token is. Text is borrowed from the file wherever it can be, so reading a
/// file copies out only what it keeps (tag values), never the movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind<'a> {
    /// `[Name "value"]`; `value_at` is where the value's opening quote stands.
    Tag { name: &'a str, value: Cow<'a, str>, value_at: Location },
    /// `12.`, `12...`, or a bare number.
    MoveNumber,
    /// A move in SAN or coordinates, annotations stripped, figurines replaced.
    Move(Cow<'a, str>),
    /// A null move: `--`, `Z0`, `0000`, `@@@@`.
    Null(&'a str),
    /// `$12`, `!?`, or a text annotation glyph such as `+-`, as its NAG.
    Nag(Nag),
    /// A remark that says nothing a NAG can: `e.p.`, or a glyph no NAG stands for.
    Annotation,
    /// The text of a `{...}` or `; ...` comment.
    Comment(&'a str),
    /// The `(` that opens a variation.
    VariationStart,
    /// The `)` that closes one.
    VariationEnd,
    /// `1-0`, `0-1`, `1/2-1/2` (`Some`) or `*` (`None`).
    Result(Option<GameResult>),
}

/// A token, where it starts, and the bytes of the text it spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub kind: TokenKind<'a>,
    pub at: Location,
    /// The byte offset of its first character.
    pub start: usize,
    /// The byte offset just past it.
    pub end: usize,
}

/// A cursor over the text that keeps the line and column up to date.
#[derive(Clone)]
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn at(&self) -> Location {
        Location { line: self.line, column: self.column }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        match c {
            '\n' => {
                self.line += 1;
                self.column = 1;
            }
            // A CR ends a line by itself only when no LF follows (old Mac files);
            // in CRLF the LF does it.
            '\r' if self.peek() != Some('\n') => {
                self.line += 1;
                self.column = 1;
            }
            '\r' => {}
            _ => self.column += 1,
        }
        Some(c)
    }

    fn bump_while(&mut self, mut keep: impl FnMut(char) -> bool) -> &'a str {
        let rest = &self.text[self.pos..];
        let len = rest.char_indices().find(|&(_, c)| !keep(c)).map_or(rest.len(), |(at, _)| at);
        self.advance(len)
    }

    /// Consumes the next `len` bytes, which end on a character boundary, as that many
    /// [`bump`](Self::bump)s would: a short span a byte at a time, a long one (a
    /// comment may be megabytes) with searches, which cost more to set up.
    fn advance(&mut self, len: usize) -> &'a str {
        if len < 64 { self.advance_bytewise(len) } else { self.advance_searching(len) }
    }

    fn advance_bytewise(&mut self, len: usize) -> &'a str {
        let start = self.pos;
        let skipped = &self.text[start..start + len];
        let bytes = self.text.as_bytes();
        for (at, &byte) in skipped.as_bytes().iter().enumerate() {
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                b'\r' if bytes.get(start + at + 1) != Some(&b'\n') => {
                    self.line += 1;
                    self.column = 1;
                }
                b'\r' => {}
                // The first byte of each character (not a continuation byte).
                _ if byte & 0xC0 != 0x80 => self.column += 1,
                _ => {}
            }
        }
        self.pos = start + len;
        skipped
    }

    fn advance_searching(&mut self, len: usize) -> &'a str {
        let start = self.pos;
        let skipped = &self.text[start..start + len];
        let bytes = self.text.as_bytes();
        // A CR ends a line unless an LF follows it, even one past the span.
        let lone = |at: usize| bytes.get(start + at + 1) != Some(&b'\n');
        let mut lines = skipped.matches('\n').count();
        let mut last_break = skipped.rfind('\n');
        for (at, _) in skipped.match_indices('\r') {
            if lone(at) {
                lines += 1;
                last_break = last_break.max(Some(at));
            }
        }
        // The CR of a CRLF whose LF is past the span counts for nothing yet.
        let uncounted = usize::from(skipped.ends_with('\r') && !lone(len - 1));
        match last_break {
            Some(at) => {
                self.line += lines;
                self.column = 1 + skipped[at + 1..].chars().count() - uncounted;
            }
            None => self.column += skipped.chars().count() - uncounted,
        }
        self.pos = start + len;
        skipped
    }

    /// Consumes the next `len` bytes, which must end on a character boundary.
    fn bump_bytes(&mut self, len: usize) -> &'a str {
        let start = self.pos;
        while self.pos < start + len && self.bump().is_some() {}
        &self.text[start..self.pos]
    }

    fn skip_line(&mut self) -> &'a str {
        let text = self.bump_while(|c| c != '\n' && c != '\r');
        if self.peek() == Some('\r') {
            self.bump();
        }
        if self.peek() == Some('\n') {
            self.bump();
        }
        text
    }

    /// The rest of the current line, without consuming it.
    fn rest_of_line(&self) -> &'a str {
        let rest = &self.text[self.pos..];
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        &rest[..end]
    }
}

fn error(at: Location, kind: PgnErrorKind) -> PgnError {
    PgnError { line: at.line, column: at.column, kind }
}

/// Characters that may start a symbol (a move, a move number or a result).
fn starts_symbol(c: char) -> bool {
    c.is_ascii_alphanumeric() || figurine(c).is_some()
}

/// Characters that may continue a symbol.
fn continues_symbol(c: char) -> bool {
    starts_symbol(c) || matches!(c, '_' | '+' | '#' | '=' | ':' | '-' | '/')
}

/// Figurine notation, as some programs export it: `♘f3`.
fn figurine(c: char) -> Option<char> {
    match c {
        '♔' | '♚' => Some('K'),
        '♕' | '♛' => Some('Q'),
        '♖' | '♜' => Some('R'),
        '♗' | '♝' => Some('B'),
        '♘' | '♞' => Some('N'),
        '♙' | '♟' => Some('P'),
        _ => None,
    }
}

/// Evaluation glyphs some programs write as text: `+-`, `=`, `±`, `∞`.
fn is_annotation_glyph(c: char) -> bool {
    matches!(c, '+' | '-' | '=' | '/' | '±' | '∓' | '∞' | '⩲' | '⩱' | '→' | '↑' | '⇆' | '□' | '⨀' | '○')
}

/// Reads a text token by token, inside variations as outside.
///
/// The lexer keeps no more than a cursor and a nesting depth, so reading takes time
/// linear in the text and no memory beyond the tokens the caller keeps.
pub(crate) struct Lexer<'a> {
    cur: Cursor<'a>,
    /// How many variations are open.
    depth: usize,
    /// Where the outermost open variation began.
    outermost: Location,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer::resume(text, 0, Location { line: 1, column: 1 })
    }

    /// A lexer that goes on reading `text` from byte `offset`, which stands at `at`
    /// and outside any variation: the start of a token an earlier pass returned.
    pub(crate) fn resume(text: &'a str, offset: usize, at: Location) -> Lexer<'a> {
        let cur = Cursor { text, pos: offset, line: at.line, column: at.column };
        Lexer { cur, depth: 0, outermost: at }
    }

    /// The next token, `None` at the end of the text.
    #[allow(clippy::too_many_lines)] // one match over the token kinds reads best whole
    pub(crate) fn next_token(&mut self) -> Result<Option<Token<'a>>, PgnError> {
        let cur = &mut self.cur;
        loop {
            cur.bump_while(char::is_whitespace);
            let at = cur.at();
            let start = cur.pos;
            let Some(c) = cur.peek() else {
                if self.depth > 0 {
                    return Err(error(self.outermost, PgnErrorKind::UnclosedVariation));
                }
                return Ok(None);
            };
            let kind = match c {
                '%' if at.column == 1 => {
                    cur.skip_line();
                    continue;
                }
                ';' => {
                    cur.bump();
                    TokenKind::Comment(cur.skip_line())
                }
                '{' => {
                    cur.bump();
                    // Found at the speed of memchr: a comment may be megabytes long.
                    let rest = &cur.text[cur.pos..];
                    let body = cur.advance(rest.find('}').unwrap_or(rest.len()));
                    if cur.bump().is_none() {
                        return Err(error(at, PgnErrorKind::UnclosedComment));
                    }
                    TokenKind::Comment(body)
                }
                '}' => return Err(error(at, PgnErrorKind::Unexpected("}".to_owned()))),
                '(' => {
                    cur.bump();
                    if self.depth == 0 {
                        self.outermost = at;
                    }
                    self.depth += 1;
                    TokenKind::VariationStart
                }
                ')' => {
                    if self.depth == 0 {
                        return Err(error(at, PgnErrorKind::Unexpected(")".to_owned())));
                    }
                    self.depth -= 1;
                    cur.bump();
                    TokenKind::VariationEnd
                }
                '[' => {
                    if self.depth > 0 {
                        return Err(error(self.outermost, PgnErrorKind::UnclosedVariation));
                    }
                    tag(cur)?
                }
                ']' => return Err(error(at, PgnErrorKind::Unexpected("]".to_owned()))),
                '$' => {
                    cur.bump();
                    let digits = cur.bump_while(|c| c.is_ascii_digit());
                    if digits.is_empty() {
                        return Err(error(at, PgnErrorKind::Unexpected("$".to_owned())));
                    }
                    // PGN's glyphs go up to $255; a larger number names none.
                    match digits.parse::<u8>() {
                        Ok(n) => TokenKind::Nag(Nag(n)),
                        Err(_) => return Err(error(at, PgnErrorKind::NagOutOfRange(format!("${digits}")))),
                    }
                }
                '!' | '?' => {
                    let run = cur.bump_while(|c| c == '!' || c == '?');
                    // A run PGN gives no meaning (`!!!`) would be dropped on saving:
                    // refused where it stands instead.
                    match glyph(run) {
                        TokenKind::Annotation => {
                            return Err(error(at, PgnErrorKind::UnknownGlyph(run.to_owned())));
                        }
                        nag => nag,
                    }
                }
                '*' => {
                    cur.bump();
                    TokenKind::Result(None)
                }
                '.' | '…' => {
                    cur.bump_while(|c| c == '.' || c == '…');
                    continue;
                }
                '@' => {
                    let run = cur.bump_while(|c| c == '@');
                    if run.len() == 4 {
                        TokenKind::Null(run)
                    } else {
                        return Err(error(at, PgnErrorKind::Unexpected(run.to_owned())));
                    }
                }
                '½' => {
                    let run = cur.bump_while(|c| c == '½' || c == '-');
                    if run == "½-½" {
                        TokenKind::Result(Some(GameResult::Draw))
                    } else {
                        return Err(error(at, PgnErrorKind::Unexpected(run.to_owned())));
                    }
                }
                c if starts_symbol(c) => {
                    let text = cur.bump_while(continues_symbol);
                    // `exd6 e.p.`: the en-passant remark, not a move.
                    if text == "e" && cur.text[cur.pos..].starts_with(".p.") {
                        cur.bump_bytes(3);
                        TokenKind::Annotation
                    } else if text == "ep" {
                        TokenKind::Annotation
                    } else {
                        symbol(text)
                    }
                }
                c if is_annotation_glyph(c) => {
                    let run = cur.bump_while(is_annotation_glyph);
                    if run == "--" { TokenKind::Null(run) } else { glyph(run) }
                }
                c => return Err(error(at, PgnErrorKind::UnexpectedChar(c))),
            };
            return Ok(Some(Token { kind, at, start, end: cur.pos }));
        }
    }
}

/// The NAG a run of glyphs stands for (`!?` is `$5`, `+-` is `$18`), or a plain
/// [`TokenKind::Annotation`] when none does.
fn glyph(run: &str) -> TokenKind<'_> {
    let nag = match run {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "⩲" | "+=" | "+/=" => 14,
        "⩱" | "=+" | "=/+" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" => 18,
        "-+" => 19,
        "⨀" => 22,
        "↑" => 36,
        "→" => 40,
        "⇆" => 132,
        _ => return TokenKind::Annotation,
    };
    TokenKind::Nag(Nag(nag))
}

/// Sorts a run of symbol characters into a result, a move number, a null move or a move.
fn symbol(text: &str) -> TokenKind<'_> {
    match text {
        "1-0" => return TokenKind::Result(Some(GameResult::WhiteWins)),
        "0-1" => return TokenKind::Result(Some(GameResult::BlackWins)),
        "1/2-1/2" => return TokenKind::Result(Some(GameResult::Draw)),
        "Z0" | "z0" | "0000" | "--" => return TokenKind::Null(text),
        _ => {}
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return TokenKind::MoveNumber;
    }
    if text.chars().any(|c| figurine(c).is_some()) {
        TokenKind::Move(Cow::Owned(text.chars().map(|c| figurine(c).unwrap_or(c)).collect()))
    } else {
        TokenKind::Move(Cow::Borrowed(text))
    }
}

/// Reads `[Name "value"]`, forgiving an unescaped quote inside the value when the
/// line still ends the tag with `"]`.
fn tag<'a>(cur: &mut Cursor<'a>) -> Result<TokenKind<'a>, PgnError> {
    let open = cur.at();
    cur.bump(); // '['
    cur.bump_while(|c| c == ' ' || c == '\t');
    let name_at = cur.at();
    let name = cur.bump_while(|c| c.is_ascii_alphanumeric() || c == '_');
    if name.is_empty() {
        return Err(error(name_at, bad_tag(name, TagProblem::NoName)));
    }
    cur.bump_while(|c| c == ' ' || c == '\t');
    let value_at = cur.at();
    if cur.peek() != Some('"') {
        return Err(error(value_at, bad_tag(name, TagProblem::Unquoted)));
    }
    cur.bump();
    let after_quote = cur.clone();
    // Borrowed until an escape makes the value differ from the text.
    let mut value: Cow<'a, str> = Cow::Borrowed("");
    loop {
        match cur.peek() {
            None | Some('\n' | '\r') => {
                return Err(error(value_at, bad_tag(name, TagProblem::ValueNotClosed)));
            }
            Some('"') => {
                cur.bump();
                break;
            }
            Some('\\') => {
                cur.bump();
                match cur.peek() {
                    Some(c @ ('"' | '\\')) => {
                        cur.bump();
                        value.to_mut().push(c);
                    }
                    _ => value.to_mut().push('\\'),
                }
            }
            Some(_) => {
                let run = cur.bump_while(|c| !matches!(c, '"' | '\\' | '\n' | '\r'));
                if run.chars().any(char::is_control) {
                    value.to_mut().extend(run.chars().map(printable));
                } else {
                    match &mut value {
                        Cow::Borrowed(v) if v.is_empty() => *v = run,
                        _ => value.to_mut().push_str(run),
                    }
                }
            }
        }
    }
    cur.bump_while(|c| c == ' ' || c == '\t');
    if cur.peek() == Some(']') {
        cur.bump();
        return Ok(TokenKind::Tag { name, value, value_at });
    }
    // An unescaped quote inside the value: `[Event "The "Big" Game"]`. Take the
    // value up to the last quote on the line that is followed by `]`.
    let line = after_quote.rest_of_line();
    let Some(end) = closing_quote(line) else {
        return Err(error(open, bad_tag(name, TagProblem::NotClosed)));
    };
    *cur = after_quote;
    let raw = cur.bump_bytes(end);
    let value = Cow::Owned(raw.replace("\\\"", "\"").replace("\\\\", "\\").chars().map(printable).collect());
    cur.bump(); // the closing quote
    cur.bump_while(|c| c == ' ' || c == '\t');
    cur.bump(); // ']'
    Ok(TokenKind::Tag { name, value, value_at })
}

fn bad_tag(name: &str, problem: TagProblem) -> PgnErrorKind {
    PgnErrorKind::BadTag { name: name.to_owned(), problem }
}

/// A tag value's character as it is kept: a control character (a tab, an escape
/// sequence's ESC) is a space, as the writer saves it, so that a value means the
/// same before and after saving and never reaches a terminal.
fn printable(c: char) -> char {
    if c.is_control() { ' ' } else { c }
}

/// The byte index, in `line` (the text after a tag value's opening quote), of the
/// last quote that is followed by optional spaces and `]`.
fn closing_quote(line: &str) -> Option<usize> {
    let bracket = line.rfind(']')?;
    let before = line[..bracket].trim_end_matches([' ', '\t']);
    before.ends_with('"').then(|| before.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::Cursor;

    /// The line and column after each character, one [`Cursor::bump`] at a time.
    fn one_at_a_time(text: &str) -> Vec<(usize, usize, usize)> {
        let mut cur = Cursor { text, pos: 0, line: 1, column: 1 };
        let mut seen = vec![(cur.pos, cur.line, cur.column)];
        while cur.bump().is_some() {
            seen.push((cur.pos, cur.line, cur.column));
        }
        seen
    }

    #[test]
    fn advancing_over_a_span_counts_lines_and_columns_as_bumping_through_it() {
        let texts = [
            "",
            "a",
            "\r\r",
            "a\r\n\rb",
            "ab\ncd",
            "a\r\nb",
            "a\rb",
            "\r",
            "\r\n",
            "\n\r",
            "é½…x\r\r\n\n€",
            "{x}\r",
        ];
        for text in texts {
            let expected = one_at_a_time(text);
            // From every boundary to every later one: the same place as one at a time.
            for (from, &(start, line, column)) in expected.iter().enumerate() {
                for &(end, line_after, column_after) in &expected[from..] {
                    // Both ways, whatever the span's length.
                    for way in [Cursor::advance_bytewise, Cursor::advance_searching] {
                        let mut cur = Cursor { text, pos: start, line, column };
                        assert_eq!(way(&mut cur, end - start), &text[start..end]);
                        let reached = (cur.pos, cur.line, cur.column);
                        assert_eq!(reached, (end, line_after, column_after), "{text:?} {start}..{end}");
                    }
                }
            }
        }
    }
}
