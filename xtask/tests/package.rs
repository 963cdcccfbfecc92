//! `cargo xtask package`'s copy of the repository's test profiles into the unpacked workspace.

use xtask::package::profiles;

#[test]
fn profiles_keep_the_sections_of_known_packages() {
    let manifest = "[workspace]\nmembers = []\n\n[profile.test]\nopt-level = 3\n# why\n\
                    [profile.test.package.\"*\"]\nopt-level = 1\n\
                    [profile.test.package.syn]\nopt-level = 0\n\
                    [profile.test.package.xtask]\nopt-level = 1\n[lints]\nx = 1\n";
    let known = ["syn".to_string()].into_iter().collect();
    assert_eq!(
        profiles(manifest, &known),
        "\n[profile.test]\nopt-level = 3\n# why\n\
         \n[profile.test.package.\"*\"]\nopt-level = 1\n\
         \n[profile.test.package.syn]\nopt-level = 0\n"
    );
}
