package dev.animus.fetch;

import static dev.animus.fetch.ReleaseFixtures.release;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AssetChoiceTest {
    static final Platform LINUX_AMD64 = Platform.of("Linux", "amd64");
    static final Platform LINUX_ARM64 = Platform.of("Linux", "aarch64");
    static final Platform MAC_ARM64 = Platform.of("Mac OS X", "aarch64");
    static final Platform WINDOWS_AMD64 = Platform.of("Windows 11", "amd64");

    static String chosen(Platform p, String... names) {
        return switch (AssetChoice.choose(release(names), p)) {
            case AssetChoice.Chosen c -> c.asset().name();
            case AssetChoice.None _ -> "none";
        };
    }

    static Platform platform(String name) {
        return switch (name) {
            case "linux/amd64" -> LINUX_AMD64;
            case "linux/arm64" -> LINUX_ARM64;
            case "mac/arm64" -> MAC_ARM64;
            case "windows/amd64" -> WINDOWS_AMD64;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Each row: the platform, the release's assets (space-separated), the asset chosen or none. */
    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "linux/amd64   | tool-linux-amd64.tar.gz                                     | tool-linux-amd64.tar.gz",
                "linux/amd64   | tool_Linux_x86_64.zip                                       | tool_Linux_x86_64.zip",
                "linux/amd64   | tool-darwin-arm64 tool-linux-amd64                          | tool-linux-amd64",
                "mac/arm64     | tool-darwin-arm64 tool-linux-amd64                          | tool-darwin-arm64",
                "linux/arm64   | tool-linux-amd64 tool-linux-arm64                           | tool-linux-arm64",
                "linux/amd64   | tool-linux-amd64 tool-linux-arm64                           | tool-linux-amd64",
                "linux/amd64   | tool-linuxish-x64 tool-xlinux-amd64 tool-linux-amd64x       | none",
                "linux/amd64   | tool-linux-amd64.tar.gz.sha256 tool-linux-amd64.sig         | none",
                "linux/amd64   | SHA256SUMS-linux-amd64 tool-linux-amd64.txt tool-linux-amd64.pem tool-linux-amd64.asc | none",
                "linux/amd64   | tool-linux-amd64.sigstore.json tool-linux-amd64.bundle tool-linux-amd64.sha256sum | none",
                "linux/amd64   | tool-linux-amd64.deb tool-linux-amd64.rpm tool-linux-amd64.tar.xz | none",
                "linux/amd64   | tool-linux-amd64.deb tool-linux-amd64.tar.gz                | tool-linux-amd64.tar.gz",
                "linux/amd64   | tool-linux-amd64.tar.gz tool-linux-amd64.tar.gz.sha256      | tool-linux-amd64.tar.gz",
                "linux/amd64   | tool-linux-x64.zip tool-linux-amd64.zip tool-linux-x86_64.zip | tool-linux-x86_64.zip",
                "linux/amd64   | tool-linux-amd64.tgz tool-linux-x64.tgz                     | tool-linux-amd64.tgz",
                "linux/amd64   | tool-linux-amd64.tar.gz tool-linux-amd64                    | tool-linux-amd64",
                "linux/amd64   | x86_64-unknown-linux-musl.tar.gz x86_64-unknown-linux-gnu.tar.gz | x86_64-unknown-linux-gnu.tar.gz",
                "mac/arm64     | tool-aarch64-apple-darwin.tar.gz tool-x86_64-apple-darwin.tar.gz | tool-aarch64-apple-darwin.tar.gz",
                "mac/arm64     | tool_Darwin_all.tar.gz tool_Darwin_arm64.tar.gz             | tool_Darwin_arm64.tar.gz",
                "mac/arm64     | tool_Darwin_all.tar.gz tool_Linux_arm64.tar.gz              | tool_Darwin_all.tar.gz",
                "mac/arm64     | tool-macos-universal tool-linux-arm64                       | tool-macos-universal",
                "mac/arm64     | tool-macosx-arm64                                           | tool-macosx-arm64",
                "mac/arm64     | tool-macintosh-arm64                                        | none",
                "windows/amd64 | tool-x86_64-pc-windows-msvc.zip tool-x86_64-unknown-linux-gnu.tar.gz | tool-x86_64-pc-windows-msvc.zip",
                "windows/amd64 | tool-win-x64.exe tool-linux-x64                             | tool-win-x64.exe",
                "windows/amd64 | tool-darwin-amd64                                           | none",
                "linux/amd64   | tool.Linux.AMD64.ZIP                                        | tool.Linux.AMD64.ZIP",
                "linux/amd64   | tool-1.2.3-linux-amd64                                      | tool-1.2.3-linux-amd64",
                "linux/arm64   | tool-linux-arm64e tool-linux-armv7                          | none"
            })
    void theAssetForThePlatformIsChosenByItsWords(String platform, String names, String expected) {
        assertEquals(expected, chosen(platform(platform), names.split(" ")));
    }

    @Test
    void theChoiceDoesNotDependOnTheApisOrder() {
        String[] names = {"tool-linux-x64.zip", "tool-linux-amd64.tar.gz", "tool-linux-amd64.zip", "tool-linux-amd64"};
        String[] reversed = Arrays.asList(names).reversed().toArray(String[]::new);
        assertEquals("tool-linux-amd64", chosen(LINUX_AMD64, names));
        assertEquals("tool-linux-amd64", chosen(LINUX_AMD64, reversed));
    }

    @Test
    void namesOfEqualLengthAreOrderedByCodePoint() {
        assertEquals("tool-linux-amd64.tgz", chosen(LINUX_AMD64, "tool-linux-amd64.zip", "tool-linux-amd64.tgz"));
    }

    @Nested
    class NoAsset {
        @Test
        void theReasonNamesTheReleaseThePlatformItsTokensAndEveryAsset() {
            AssetChoice.None none = assertInstanceOf(
                    AssetChoice.None.class,
                    AssetChoice.choose(
                            release("tool-darwin-arm64.zip", "tool-windows-amd64.zip", "SHA256SUMS"), LINUX_AMD64));
            String reason = none.reason();
            assertTrue(reason.startsWith("the release 'v1.0.0' has no asset for linux/x86_64"), reason);
            assertTrue(reason.contains("[linux]") && reason.contains("[x86_64, amd64, x64]"), reason);
            assertTrue(reason.contains("'tool-darwin-arm64.zip', 'tool-windows-amd64.zip', 'SHA256SUMS'"), reason);
            assertTrue(reason.endsWith("or install from a local path"), reason);
        }

        @Test
        void aReleaseWithoutAssetsSaysSo() {
            AssetChoice.None none =
                    assertInstanceOf(AssetChoice.None.class, AssetChoice.choose(release(), LINUX_AMD64));
            assertTrue(none.reason().contains("its assets are: none"), none.reason());
        }

        @Test
        void aReleaseOfManyAssetsListsThirtyAndCountsTheRest() {
            String[] names =
                    IntStream.range(0, 40).mapToObj(i -> "tool-plan9-mips-" + i).toArray(String[]::new);
            AssetChoice.None none =
                    assertInstanceOf(AssetChoice.None.class, AssetChoice.choose(release(names), LINUX_AMD64));
            assertTrue(none.reason().contains("'tool-plan9-mips-29' and 10 more;"), none.reason());
            assertFalse(none.reason().contains("'tool-plan9-mips-30'"), none.reason());
        }
    }
}
