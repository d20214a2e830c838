//! The rules core's integration tests, one binary: the rules one by one, the perft
//! suites, property tests against a brute-force generator, and a differential test
//! against shakmaty.

mod common;
mod differential;
mod perft;
mod properties;
mod rules;
