/// duosite's version: what `duosite --version` prints, the language
/// server tells its client and the link check's requests carry, and part
/// of the build's fingerprint (a new version reads every page again).
public enum DuoSiteVersion {
    /// The version number.
    public static let number = "0.1.0"
}
