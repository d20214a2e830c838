//! Opening names: the table generated from `assets/openings/*.tsv` is up to date, every
//! row of the data set is named by its position, and hand-checked games are named as
//! the data set names them.

#[path = "openings/generate.rs"]
mod generate;

use std::fs;
use std::path::{Path, PathBuf};

use generate::Row;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn rows() -> Vec<Row> {
    ["a", "b", "c", "d", "e"]
        .iter()
        .flat_map(|volume| {
            let file = format!("{volume}.tsv");
            let path = root().join("assets/openings").join(&file);
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            generate::read_rows(&file, &text)
        })
        .collect()
}

#[test]
fn the_table_is_generated_from_the_data_set_as_shipped() {
    let rows = rows();
    assert_eq!(rows.len(), 3807, "the data set has 3,807 rows");
    let (text, shadowed) = generate::generate(&rows);
    assert!(shadowed.is_empty(), "rows that name a position another row names: {shadowed:#?}");
    let path = root().join("src/openings/table.rs");
    if std::env::var_os("OPENINGS_UPDATE").is_some() {
        fs::write(&path, &text).expect("write the table");
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "src/openings/table.rs is stale: run `OPENINGS_UPDATE=1 cargo test --test openings`"
    );
}
