//! How strong the engine plays: eight levels in the spirit of lichess's (a level's move
//! time grows with it), or an Elo rating the engine itself can keep to.
//!
//! The engine's own weakening is used only within the range it advertises, and never
//! with a value it would ignore: Stockfish 15.1's `UCI_Elo` starts at 1350, and its
//! `Skill Level` 0 is still a club player, so levels 1 to 3 are made here, below the
//! engine's floor. The engine searches several lines (`MultiPV`) for a short time and
//! hotseat chooses among them ([`super::choose`]) with a chance that falls with the
//! level and with how much worse a line is: level 1 sometimes hangs a piece.
//!
//! | level | move time | made by |
//! |-------|-----------|---------|
//! | 1 | 50 ms | 10 lines to depth 4, chosen at a temperature of 300 centipawns |
//! | 2 | 100 ms | 8 lines to depth 6, at 150 |
//! | 3 | 150 ms | 6 lines to depth 8, at 60 |
//! | 4 | 200 ms | `Skill Level` 6 of 20 (of the range offered) |
//! | 5 | 300 ms | `Skill Level` 10 of 20 |
//! | 6 | 400 ms | `Skill Level` 14 of 20 |
//! | 7 | 500 ms | `Skill Level` 17 of 20 |
//! | 8 | 1000 ms | the engine at full strength |
//!
//! An engine without `MultiPV` plays levels 1 to 3 as its best line with a chance of a
//! random legal move instead (25, 12 and 6 in 100); one without `Skill Level` plays
//! levels 4 to 7 through `UCI_Elo` where it has it, else as hotseat's choice among 4
//! lines at a temperature falling from 40 to 10.

use std::time::Duration;

use super::strings;
use crate::engine::Greeting;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level: the engine at full strength for its move time.
pub const MAX_LEVEL: u8 = 8;
/// The level when none is given.
pub const DEFAULT_LEVEL: u8 = 2;

/// What the players asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A level, 1 to 8.
    Level(u8),
    /// A rating the engine keeps to through `UCI_Elo`.
    Elo(u32),
}

impl Strength {
    /// How the saved game names it: `level 2`, `1800 Elo`.
    pub fn label(self) -> String {
        match self {
            Strength::Level(level) => format!("level {level}"),
            Strength::Elo(elo) => format!("{elo} Elo"),
        }
    }

    /// The strength a saved game names ([`Strength::label`]): `level 2`, `1800 Elo`;
    /// `None` for anything else (a level out of range, a word of another program's).
    pub fn from_label(label: &str) -> Option<Strength> {
        let words: Vec<&str> = label.split_whitespace().collect();
        match words[..] {
            ["level", level] => {
                let level: u8 = level.parse().ok()?;
                (MIN_LEVEL..=MAX_LEVEL).contains(&level).then_some(Strength::Level(level))
            }
            [elo, "Elo"] => elo.parse().ok().map(Strength::Elo),
            _ => None,
        }
    }
}

/// How the engine is asked, and how its answer is taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The engine's thinking time for a move (the clocks may cut it).
    pub movetime: Duration,
    /// The deepest it may search, when limited.
    pub depth: Option<u32>,
    /// The options to set (name, value), each within the range the engine offers.
    pub options: Vec<(String, String)>,
    /// Lines asked for (`MultiPV`; 1 when the engine has no such option).
    pub lines: u32,
    /// hotseat's choice among the lines: the drop in centipawns that makes a line
    /// `e` times less likely than the best; `None` to play the engine's best move.
    pub temperature: Option<f64>,
    /// The chance in 100 of a random legal move instead (an engine without `MultiPV`
    /// at levels 1 to 3).
    pub random: u32,
    /// Whether it resigns a hopeless position (level 6 and up, or an Elo).
    pub resigns: bool,
}

/// How a level is made from the engine's options.
#[derive(Clone, Copy)]
enum How {
    Choose { lines: u32, depth: u32, temperature: u32, random: u32 },
    Skill(i64),
    Full,
}

const LEVELS: [(u64, How); 8] = [
    (50, How::Choose { lines: 10, depth: 4, temperature: 300, random: 25 }),
    (100, How::Choose { lines: 8, depth: 6, temperature: 150, random: 12 }),
    (150, How::Choose { lines: 6, depth: 8, temperature: 60, random: 6 }),
    (200, How::Skill(6)),
    (300, How::Skill(10)),
    (400, How::Skill(14)),
    (500, How::Skill(17)),
    (1000, How::Full),
];

/// The move time of `--elo`.
const ELO_MOVETIME: Duration = Duration::from_millis(500);

/// The plan for `strength` with the engine that greeted so; an Elo it cannot keep to
/// is a sentence for the player.
pub fn plan(strength: Strength, greeting: &Greeting, engine: &str) -> Result<Plan, String> {
    let multipv = greeting.spin("MultiPV");
    // MultiPV set back to one where hotseat does not choose, so the engine's strength
    // is all in one line.
    let single = || multipv.map(|_| ("MultiPV".to_owned(), "1".to_owned())).into_iter().collect::<Vec<_>>();
    let level = match strength {
        Strength::Level(level) => level.clamp(MIN_LEVEL, MAX_LEVEL),
        Strength::Elo(elo) => {
            let (Some((min, max)), Some(_)) =
                (greeting.spin("UCI_Elo"), greeting.option("UCI_LimitStrength"))
            else {
                return Err(strings::no_elo(engine));
            };
            if !(min..=max).contains(&i64::from(elo)) {
                return Err(strings::elo_out_of_range(engine, elo, min, max));
            }
            let mut options = single();
            options.push(("UCI_LimitStrength".into(), "true".into()));
            options.push(("UCI_Elo".into(), elo.to_string()));
            return Ok(Plan {
                movetime: ELO_MOVETIME,
                depth: None,
                options,
                lines: 1,
                temperature: None,
                random: 0,
                resigns: true,
            });
        }
    };
    let (ms, how) = LEVELS[usize::from(level - 1)];
    let mut plan = Plan {
        movetime: Duration::from_millis(ms),
        depth: None,
        options: Vec::new(),
        lines: 1,
        temperature: None,
        random: 0,
        resigns: level >= 6,
    };
    let fraction = |(min, max): (i64, i64), k: i64| min + (max - min) * k / 20;
    match how {
        How::Choose { lines, depth, temperature, random } => {
            plan.depth = Some(depth);
            match multipv {
                Some((min, max)) if max >= 2 => {
                    plan.lines = lines
                        .clamp(u32::try_from(min.max(1)).unwrap_or(1), u32::try_from(max).unwrap_or(lines));
                    plan.options.push(("MultiPV".into(), plan.lines.to_string()));
                    plan.temperature = Some(f64::from(temperature));
                }
                _ => plan.random = random,
            }
        }
        How::Skill(k) => {
            plan.options = single();
            if let Some(range) = greeting.spin("Skill Level") {
                plan.options.push(("Skill Level".into(), fraction(range, k).to_string()));
            } else if let (Some(range), Some(_)) =
                (greeting.spin("UCI_Elo"), greeting.option("UCI_LimitStrength"))
            {
                plan.options.push(("UCI_LimitStrength".into(), "true".into()));
                plan.options.push(("UCI_Elo".into(), fraction(range, k).to_string()));
            } else if let Some((_, max)) = multipv.filter(|(_, max)| *max >= 2) {
                plan.options = vec![("MultiPV".into(), max.min(4).to_string())];
                plan.lines = u32::try_from(max.min(4)).unwrap_or(1);
                plan.temperature = Some(f64::from(u32::try_from(40 - (k - 6) * 30 / 11).unwrap_or(10)));
            }
        }
        How::Full => plan.options = single(),
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_option;

    fn greeting(options: &[&str]) -> Greeting {
        Greeting {
            name: Some("Test".into()),
            options: options.iter().map(|line| parse_option(line).expect("an option")).collect(),
        }
    }

    fn stockfish() -> Greeting {
        greeting(&[
            "option name MultiPV type spin default 1 min 1 max 500",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
        ])
    }

    fn option<'p>(plan: &'p Plan, name: &str) -> Option<&'p str> {
        plan.options.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    #[test]
    fn the_low_levels_choose_among_lines_and_never_ask_the_engine_below_its_floor() {
        let sf = stockfish();
        let mut last = f64::INFINITY;
        for level in 1..=3 {
            let plan = plan(Strength::Level(level), &sf, "Stockfish").expect("a plan");
            assert!(plan.lines > 1, "{plan:?}");
            assert_eq!(option(&plan, "MultiPV"), Some(plan.lines.to_string().as_str()));
            assert_eq!(option(&plan, "UCI_Elo"), None, "below the floor the engine ignores");
            assert_eq!(option(&plan, "Skill Level"), None);
            let temperature = plan.temperature.expect("hotseat chooses");
            assert!(temperature < last, "the chance of a worse line falls with the level");
            last = temperature;
        }
    }

    #[test]
    fn skill_is_set_within_the_range_offered_and_move_time_grows() {
        let sf = stockfish();
        let mut last = Duration::ZERO;
        for level in 1..=8 {
            let plan = plan(Strength::Level(level), &sf, "Stockfish").expect("a plan");
            assert!(plan.movetime > last, "level {level}");
            last = plan.movetime;
            assert_eq!(plan.resigns, level >= 6);
        }
        assert_eq!(option(&plan(Strength::Level(4), &sf, "").expect("plan"), "Skill Level"), Some("6"));
        assert_eq!(option(&plan(Strength::Level(8), &sf, "").expect("plan"), "Skill Level"), None);
        // An engine whose skill runs from -10 to 10: six twentieths of that range.
        let odd = greeting(&["option name Skill Level type spin default 0 min -10 max 10"]);
        assert_eq!(option(&plan(Strength::Level(4), &odd, "").expect("plan"), "Skill Level"), Some("-4"));
        // MultiPV clamped to what the engine offers.
        let small = greeting(&["option name MultiPV type spin default 1 min 1 max 3"]);
        let low = plan(Strength::Level(1), &small, "").expect("plan");
        assert_eq!((low.lines, option(&low, "MultiPV")), (3, Some("3")));
    }

    #[test]
    fn an_engine_with_no_options_plays_random_moves_at_the_low_levels() {
        let bare = greeting(&[]);
        let plan1 = plan(Strength::Level(1), &bare, "").expect("plan");
        assert!(plan1.options.is_empty());
        assert_eq!((plan1.lines, plan1.temperature, plan1.random), (1, None, 25));
        assert!(plan(Strength::Level(2), &bare, "").expect("plan").random < 25);
        assert_eq!(plan(Strength::Level(8), &bare, "").expect("plan").random, 0);
    }

    #[test]
    fn an_elo_is_asked_only_within_the_range_offered() {
        let sf = stockfish();
        let plan1800 = plan(Strength::Elo(1800), &sf, "Stockfish 15.1").expect("plan");
        assert_eq!(option(&plan1800, "UCI_Elo"), Some("1800"));
        assert_eq!(option(&plan1800, "UCI_LimitStrength"), Some("true"));
        let low = plan(Strength::Elo(800), &sf, "Stockfish 15.1").expect_err("below the floor");
        assert!(low.contains("1350") && low.contains("--level"), "{low}");
        let none = plan(Strength::Elo(1800), &greeting(&[]), "Fake").expect_err("no UCI_Elo");
        assert!(none.contains("Fake"), "{none}");
    }

    #[test]
    fn a_strength_is_read_back_as_the_saved_game_names_it() {
        for strength in [Strength::Level(1), Strength::Level(8), Strength::Elo(1800)] {
            assert_eq!(Strength::from_label(&strength.label()), Some(strength));
        }
        for other in ["level 0", "level 9", "level", "level 2 3", "fast", "", "-5 Elo", "1800 elo"] {
            assert_eq!(Strength::from_label(other), None, "{other:?}");
        }
    }
}
