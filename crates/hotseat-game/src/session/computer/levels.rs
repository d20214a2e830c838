//! How strong the engine plays: eight levels a person can climb, about 250 points apart
//! from a beginner's 500 up, or a rating (`--elo`) anywhere from the lowest level's to
//! the engine's top.
//!
//! The engine's own weakening is used only within the range it advertises, and never
//! with a value it would ignore: Stockfish 15.1's `UCI_Elo` starts at 1350. Below that
//! floor the strength is hotseat's own: the engine searches several lines (`MultiPV`)
//! to a small depth, and hotseat chooses among them ([`super::choose`]) with a chance
//! that falls with how much worse a line is, and now and then plays a random legal
//! move instead, as a beginner who does not see what hangs (but never in place of a
//! mate the engine saw: even level 1 mates a player who never defends). An `--elo` below the floor
//! is made the same way, its settings interpolated between the two made levels around
//! it, and is said to be hotseat's own (on screen and in the saved game's seat name).
//!
//! | level | rating aimed at | made by | move time |
//! |-------|-----------------|---------|-----------|
//! | 1 | 500 | a random move 13 times in 20, else 10 lines to depth 2 at a temperature of 300 cp | depth 2 |
//! | 2 | 750 | a random move 1 time in 5 (190 in 1000), else 8 lines to depth 3 at 230 | depth 3 |
//! | 3 | 1000 | 1 in 10, else 6 lines to depth 4 at 140 | depth 4 |
//! | 4 | 1250 | 6 in 100, else 5 lines to depth 5 at 105 | depth 5 |
//! | 5 | 1500 | `UCI_Elo` 1500 | 300 ms |
//! | 6 | 1750 | `UCI_Elo` 1800 | 300 ms |
//! | 7 | 2000 | `UCI_Elo` 2000 | 300 ms |
//! | 8 | full | the engine at full strength | 1000 ms |
//!
//! Levels 1 to 4 are made by depth, not by time (a second is only a cap, which the
//! depth reaches first by far, in a few milliseconds), so a loaded machine changes them
//! little. Levels 5 and 7 ask the engine for the rating they aim at, level 6 for a
//! little more (1750 played about 1640); an `--elo` from the engine's floor up is the
//! engine's own rating, as it states it. On the ladder's scale each level's aim lies
//! within its measured interval.
//! Which rating each level really plays at is measured by the ladder bench
//! (`tests/bench/levels.rs`, docs/engine.md). The random moves are a choice among what
//! the engine's lines offer: an engine without `MultiPV` plays the made levels as its
//! best line at their depth; one without `UCI_Elo`
//! plays levels 5 to 7 through `Skill Level` where it has it (a fraction of its range),
//! else as hotseat's choice among 4 lines at a temperature falling from 40 to 10.
//!
//! **Resigning**, one rule for levels and ratings alike: the engine resigns a hopeless
//! position when it plays at its own strength (levels 5 to 8, and any `--elo` from the
//! engine's floor up); hotseat's own levels below the floor play on to the end, as a
//! beginner does.

use std::time::Duration;

use super::StartError;
use crate::engine::Greeting;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level: the engine at full strength for its move time.
pub const MAX_LEVEL: u8 = 8;
/// The level when none is given.
pub const DEFAULT_LEVEL: u8 = 2;

/// The lowest rating that can be asked for (`--elo`): the weakest level's.
pub const MIN_ELO: u32 = MADE[0].elo;

/// The rating where hotseat's own levels meet the engine's: an `--elo` below it is made
/// by hotseat when the engine's own floor is higher (Stockfish's is 1350).
const MADE_TOP: u32 = MADE[MADE.len() - 1].elo;

/// What the players asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A level, 1 to 8.
    Level(u8),
    /// A rating: the engine's own `UCI_Elo` within its range, hotseat's levels below.
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
    /// The chance in 1000 of a random legal move instead of the engine's, where its
    /// lines offer a choice.
    pub random: u32,
    /// Whether it resigns a hopeless position: where the engine plays at its own
    /// strength (see the module's rule).
    pub resigns: bool,
    /// Whether the strength is hotseat's own, below the engine's floor (said so).
    pub made: bool,
}

/// One of hotseat's own levels below the engine's floor, at the rating it aims at.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Made {
    elo: u32,
    /// The chance in 1000 of a random legal move.
    random: u32,
    lines: u32,
    depth: u32,
    /// In centipawns.
    temperature: u32,
}

/// hotseat's own levels (1 to 4), and where they meet the engine's floor: `--elo`
/// between two of them is made with settings between theirs.
const MADE: [Made; 5] = [
    Made { elo: 500, random: 650, lines: 10, depth: 2, temperature: 300 },
    Made { elo: 750, random: 190, lines: 8, depth: 3, temperature: 230 },
    Made { elo: 1000, random: 100, lines: 6, depth: 4, temperature: 140 },
    Made { elo: 1250, random: 60, lines: 5, depth: 5, temperature: 105 },
    Made { elo: 1350, random: 35, lines: 5, depth: 6, temperature: 70 },
];

/// The most a made level thinks: only a cap, its depth stops it first (in a few
/// milliseconds), so that a loaded machine changes its strength little.
const MADE_MOVETIME: Duration = Duration::from_secs(1);

/// The ratings levels 5 to 7 ask of the engine (`UCI_Elo`): their aims, level 6 a little
/// more (1750 played about 1640 on the ladder; 1825 and 1900 for levels 6 and 7 once
/// played nearly alike).
const ENGINE_LEVELS: [u32; 3] = [1500, 1800, 2000];

/// The move time when the engine keeps to a rating of its own.
const ELO_MOVETIME: Duration = Duration::from_millis(300);

/// The move time of level 8, the engine at full strength.
const FULL_MOVETIME: Duration = Duration::from_secs(1);

/// The rating a level aims at, 250 apart from 500 (level 8: none, the engine's full
/// strength). Levels 5 to 7 ask the engine for about these ratings ([`ENGINE_LEVELS`]).
pub fn aimed_at(level: u8) -> Option<u32> {
    (MIN_LEVEL..MAX_LEVEL).contains(&level).then(|| 250 + 250 * u32::from(level))
}

/// hotseat's settings for a rating from [`MIN_ELO`] to the top of its own levels,
/// interpolated between the two made levels around it.
fn made_at(elo: u32) -> Made {
    let elo = elo.clamp(MIN_ELO, MADE_TOP);
    let upper = MADE.iter().position(|made| made.elo >= elo).unwrap_or(MADE.len() - 1).max(1);
    let (low, high) = (MADE[upper - 1], MADE[upper]);
    let t = f64::from(elo - low.elo) / f64::from(high.elo - low.elo);
    let mix = |a: u32, b: u32| {
        let value = f64::from(a) + (f64::from(b) - f64::from(a)) * t;
        // Within a u32's range: between two u32s.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let value = value.round() as u32;
        value
    };
    Made {
        elo,
        random: mix(low.random, high.random),
        lines: mix(low.lines, high.lines),
        depth: mix(low.depth, high.depth),
        temperature: mix(low.temperature, high.temperature),
    }
}

/// The plan for `strength` with the engine that greeted so; a rating that cannot be
/// played is refused with what can be asked ([`StartError::OutOfRange`]).
pub fn plan(strength: Strength, greeting: &Greeting, engine: &str) -> Result<Plan, StartError> {
    let multipv = greeting.spin("MultiPV");
    let uci_elo = match (greeting.spin("UCI_Elo"), greeting.option("UCI_LimitStrength")) {
        (Some(range), Some(_)) => Some(range),
        _ => None,
    };
    match strength {
        Strength::Level(level) => {
            let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
            Ok(match level {
                1..=4 => made(MADE[usize::from(level - 1)], multipv),
                5..=7 => engine_level(level, greeting, multipv, uci_elo),
                _ => Plan { options: single(multipv), resigns: true, ..base(FULL_MOVETIME) },
            })
        }
        Strength::Elo(elo) => {
            let top = uci_elo.map_or(i64::from(MADE_TOP), |(_, max)| max);
            let floor = uci_elo.map_or(i64::from(MADE_TOP), |(min, _)| min);
            if i64::from(elo) < i64::from(MIN_ELO) || i64::from(elo) > top {
                return Err(StartError::OutOfRange {
                    engine: engine.to_owned(),
                    elo,
                    min: MIN_ELO,
                    top,
                    engine_elo: uci_elo.is_some(),
                });
            }
            if i64::from(elo) < floor || uci_elo.is_none() {
                return Ok(Plan { made: true, ..made(made_at(elo), multipv) });
            }
            Ok(engine_elo(elo, multipv))
        }
    }
}

/// A plan with nothing set yet: the engine's best move in `movetime`.
fn base(movetime: Duration) -> Plan {
    Plan {
        movetime,
        depth: None,
        options: Vec::new(),
        lines: 1,
        temperature: None,
        random: 0,
        resigns: false,
        made: false,
    }
}

/// `MultiPV` set back to one where hotseat does not choose, so the engine's strength
/// is all in one line.
fn single(multipv: Option<(i64, i64)>) -> Vec<(String, String)> {
    multipv.map(|_| ("MultiPV".to_owned(), "1".to_owned())).into_iter().collect()
}

/// One of hotseat's own levels: lines to a depth, chosen among, and random moves.
fn made(made: Made, multipv: Option<(i64, i64)>) -> Plan {
    let mut plan = Plan { depth: Some(made.depth), random: made.random, ..base(MADE_MOVETIME) };
    if let Some((min, max)) = multipv.filter(|(_, max)| *max >= 2) {
        plan.lines =
            made.lines.clamp(u32::try_from(min.max(1)).unwrap_or(1), u32::try_from(max).unwrap_or(1));
        plan.options.push(("MultiPV".into(), plan.lines.to_string()));
        plan.temperature = Some(f64::from(made.temperature));
    }
    plan
}

/// A rating the engine keeps to itself (`UCI_Elo`, within its range).
fn engine_elo(elo: u32, multipv: Option<(i64, i64)>) -> Plan {
    let mut options = single(multipv);
    options.push(("UCI_LimitStrength".into(), "true".into()));
    options.push(("UCI_Elo".into(), elo.to_string()));
    Plan { options, resigns: true, ..base(ELO_MOVETIME) }
}

/// Levels 5 to 7: the engine's own rating where it keeps to one, else its skill.
fn engine_level(
    level: u8,
    greeting: &Greeting,
    multipv: Option<(i64, i64)>,
    uci_elo: Option<(i64, i64)>,
) -> Plan {
    let aimed = ENGINE_LEVELS[usize::from(level - 5)];
    if let Some((min, max)) = uci_elo {
        let elo = i64::from(aimed).clamp(min, max);
        return engine_elo(u32::try_from(elo).unwrap_or(aimed), multipv);
    }
    // The fraction of a range this level takes: 10, 14 and 17 twentieths.
    let k = [10, 14, 17][usize::from(level - 5)];
    let mut plan = Plan { options: single(multipv), resigns: true, ..base(ELO_MOVETIME) };
    if let Some((min, max)) = greeting.spin("Skill Level") {
        plan.options.push(("Skill Level".into(), (min + (max - min) * k / 20).to_string()));
    } else if let Some((_, max)) = multipv.filter(|(_, max)| *max >= 2) {
        plan.options = vec![("MultiPV".into(), max.min(4).to_string())];
        plan.lines = u32::try_from(max.min(4)).unwrap_or(1);
        plan.temperature = Some(f64::from(u32::try_from(40 - (k - 10) * 30 / 7).unwrap_or(10)));
    }
    plan
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
    fn the_made_levels_choose_among_lines_and_never_ask_the_engine_below_its_floor() {
        let sf = stockfish();
        let (mut temperature, mut random, mut depth) = (f64::INFINITY, u32::MAX, 0);
        for level in 1..=4 {
            let plan = plan(Strength::Level(level), &sf, "Stockfish").expect("a plan");
            assert!(plan.lines > 1, "{plan:?}");
            assert_eq!(option(&plan, "MultiPV"), Some(plan.lines.to_string().as_str()));
            assert_eq!(option(&plan, "UCI_Elo"), None, "below the floor the engine ignores");
            assert_eq!(option(&plan, "Skill Level"), None);
            let t = plan.temperature.expect("hotseat chooses");
            assert!(t < temperature && plan.random < random, "the chances of a worse move fall: {plan:?}");
            assert!(plan.depth.expect("a depth") > depth);
            (temperature, random, depth) = (t, plan.random, plan.depth.expect("a depth"));
            assert!(!plan.resigns && !plan.made, "a level is no --elo, and plays on: {plan:?}");
        }
    }

    #[test]
    fn levels_five_to_seven_are_the_engines_own_ratings_and_eight_its_full_strength() {
        let sf = stockfish();
        for (level, elo) in [(5, "1500"), (6, "1800"), (7, "2000")] {
            let plan = plan(Strength::Level(level), &sf, "").expect("plan");
            assert_eq!(option(&plan, "UCI_Elo"), Some(elo));
            assert_eq!(option(&plan, "UCI_LimitStrength"), Some("true"));
            assert_eq!(option(&plan, "MultiPV"), Some("1"));
            assert!(plan.resigns);
        }
        let full = plan(Strength::Level(8), &sf, "").expect("plan");
        assert_eq!(full.options, vec![("MultiPV".to_owned(), "1".to_owned())]);
        assert!(full.resigns && full.movetime > plan(Strength::Level(7), &sf, "").expect("plan").movetime);
        // An engine whose skill runs from -10 to 10, and no UCI_Elo: ten twentieths of it.
        let odd = greeting(&["option name Skill Level type spin default 0 min -10 max 10"]);
        assert_eq!(option(&plan(Strength::Level(5), &odd, "").expect("plan"), "Skill Level"), Some("0"));
        // MultiPV clamped to what the engine offers.
        let small = greeting(&["option name MultiPV type spin default 1 min 1 max 3"]);
        let low = plan(Strength::Level(1), &small, "").expect("plan");
        assert_eq!((low.lines, option(&low, "MultiPV")), (3, Some("3")));
    }

    #[test]
    fn an_engine_with_no_options_is_asked_to_the_made_levels_depth() {
        let bare = greeting(&[]);
        let plan1 = plan(Strength::Level(1), &bare, "").expect("plan");
        assert!(plan1.options.is_empty());
        assert_eq!((plan1.lines, plan1.temperature, plan1.depth), (1, None, Some(2)));
        assert!(plan(Strength::Level(2), &bare, "").expect("plan").random < plan1.random);
        assert_eq!(plan(Strength::Level(8), &bare, "").expect("plan").random, 0);
    }

    #[test]
    fn an_elo_below_the_engines_floor_is_hotseats_own_and_interpolated() {
        let sf = stockfish();
        let at = |elo| plan(Strength::Elo(elo), &sf, "Stockfish 15.1").expect("plan");
        let p800 = at(800);
        assert!(p800.made && !p800.resigns, "{p800:?}");
        assert_eq!(option(&p800, "UCI_Elo"), None);
        let (p750, p1000) = (at(750), at(1000));
        assert!(p750.random > p800.random && p800.random > p1000.random, "between its neighbours");
        // A made level and the same rating asked for are played alike.
        let level2 = plan(Strength::Level(2), &sf, "").expect("plan");
        assert_eq!(Plan { made: false, ..p750 }, level2);
        assert!(at(1349).made);
        let within = at(1350);
        assert!(!within.made && within.resigns);
        assert_eq!(option(&within, "UCI_Elo"), Some("1350"));
        assert_eq!(option(&at(1800), "UCI_Elo"), Some("1800"));
    }

    #[test]
    fn a_rating_out_of_reach_is_refused_naming_what_can_be_asked() {
        let sf = stockfish();
        for elo in [499, 2851, 0] {
            let refused =
                plan(Strength::Elo(elo), &sf, "Stockfish 15.1").expect_err("out of reach").to_string();
            assert!(refused.contains("500") && refused.contains("2850"), "{refused}");
        }
        // An engine without UCI_Elo: only hotseat's own range.
        let bare = greeting(&[]);
        assert!(plan(Strength::Elo(900), &bare, "Fake").expect("plan").made);
        let refused = plan(Strength::Elo(1800), &bare, "Fake").expect_err("no UCI_Elo").to_string();
        assert!(refused.contains("Fake") && refused.contains("500") && refused.contains("1350"), "{refused}");
    }

    #[test]
    fn a_strength_is_read_back_as_the_saved_game_names_it() {
        for strength in [Strength::Level(1), Strength::Level(8), Strength::Elo(1800), Strength::Elo(800)] {
            assert_eq!(Strength::from_label(&strength.label()), Some(strength));
        }
        for other in ["level 0", "level 9", "level", "level 2 3", "fast", "", "-5 Elo", "1800 elo"] {
            assert_eq!(Strength::from_label(other), None, "{other:?}");
        }
    }
}
