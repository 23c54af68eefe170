//! The optional parts of the command (cargo features `pictures` and `web`,
//! both on by default): a build without one says so in one line when its
//! subcommand or flag is asked for, instead of clap's "unrecognized
//! subcommand".

/// The subcommands and flags behind each feature, and whether this build
/// has it.
const PARTS: &[(&str, &str, bool)] = &[
    ("plot", "pictures", cfg!(feature = "pictures")),
    ("graph", "pictures", cfg!(feature = "pictures")),
    ("--heatmap", "pictures", cfg!(feature = "pictures")),
    ("serve", "web", cfg!(feature = "web")),
];

/// The one-line error for `part` (a subcommand or flag) when this build
/// lacks its feature; `None` when it is built in or unknown.
pub fn missing(part: &str) -> Option<String> {
    let (_, feature, built) = PARTS.iter().find(|(p, ..)| *p == part)?;
    (!built).then(|| {
        format!(
            "'{part}' is not in this build of grundy (built without the \
             feature '{feature}'); install the default build with \
             'cargo install --path crates/grundy-cli --locked'"
        )
    })
}

/// Fails with [`missing`]'s message when `part` is not built in.
pub fn require(part: &str) -> anyhow::Result<()> {
    match missing(part) {
        Some(message) => Err(anyhow::anyhow!(message)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_missing_exactly_when_their_feature_is_off() {
        assert_eq!(missing("plot").is_none(), cfg!(feature = "pictures"));
        assert_eq!(missing("--heatmap").is_none(), cfg!(feature = "pictures"));
        assert_eq!(missing("serve").is_none(), cfg!(feature = "web"));
        assert!(missing("values").is_none());
    }
}
