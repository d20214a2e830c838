//! `hotseat man`: the manual page, from the same clap definitions as the options and
//! the help, so the three cannot drift apart; with a command's name, that command's
//! page (`hotseat-host(1)`).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::CommandFactory;
use clap_mangen::Man;

use super::{Cli, strings};

/// Prints the page of `command` (`None`: hotseat's own) to `out`.
pub fn run(command: Option<&str>, out: &mut dyn Write) -> Result<ExitCode> {
    match write_page(command, out) {
        // `hotseat man | head` is no failure.
        Err(err)
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(ExitCode::SUCCESS)
        }
        result => result.map(|()| ExitCode::SUCCESS),
    }
}

/// Writes the page of `command` (`None`: hotseat's own) as roff to `out`.
pub fn write_page(command: Option<&str>, out: &mut dyn Write) -> Result<()> {
    let mut cli = Cli::command();
    cli.build();
    let (page, main) = match command {
        None => (Man::new(cli.clone()), true),
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name).filter(|s| !s.is_hide_set()) else {
                bail!("{}", strings::no_such_command(name));
            };
            let sub = sub.clone().version(env!("CARGO_PKG_VERSION"));
            (Man::new(sub).title(format!("hotseat-{name}")), false)
        }
    };
    let page = page.source(format!("hotseat {}", env!("CARGO_PKG_VERSION"))).manual("hotseat");
    page.render_title(out)?;
    page.render_name_section(out)?;
    page.render_synopsis_section(out)?;
    page.render_description_section(out)?;
    page.render_options_section(out)?;
    if main {
        page.render_subcommands_section(out)?;
    }
    write!(out, "{}", list_section("FILES", strings::MAN_FILES))?;
    if main {
        write!(out, "{}", list_section("ENVIRONMENT", strings::MAN_ENVIRONMENT))?;
    }
    write!(out, ".SH \"SEE ALSO\"\n{}\n", escaped(strings::MAN_SEE_ALSO))?;
    page.render_version_section(out)?;
    Ok(())
}

/// A section of terms, each with its paragraph.
fn list_section(title: &str, items: &[(&str, &str)]) -> String {
    let mut out = format!(".SH {title}\n");
    for (term, text) in items {
        let _ = write!(out, ".TP\n\\fB{}\\fR\n{}\n", escaped(term), escaped(text));
    }
    out
}

/// Text as roff prints it: backslashes and hyphens escaped, and no line taken for a
/// request.
fn escaped(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with('.') || text.starts_with('\'') { format!("\\&{text}") } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_lists_the_options_and_the_commands() {
        let mut page = Vec::new();
        write_page(None, &mut page).expect("written");
        let page = String::from_utf8(page).expect("text");
        assert!(page.contains("\n.TH hotseat 1"), "{page}");
        for wanted in ["\\-\\-clock", "\\-\\-engine", "host", "HOTSEAT_CONFIG", "config.toml"] {
            assert!(page.contains(wanted), "{wanted}");
        }
        assert!(!page.contains("\\-\\-no\\-ascii"), "hidden options stay hidden");
        let mut host = Vec::new();
        write_page(Some("host"), &mut host).expect("written");
        let host = String::from_utf8(host).expect("text");
        assert!(host.contains("\n.TH hotseat-host 1"), "{host}");
        assert!(host.contains("\\-\\-clock") && host.contains("\\-\\-as"));
        assert!(write_page(Some("nonsense"), &mut Vec::new()).is_err());
    }
}
