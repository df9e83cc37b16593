package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlatformTest {
    @ParameterizedTest
    @CsvSource({
        "Linux,      amd64,   linux,   x86_64",
        "Linux,      aarch64, linux,   aarch64",
        "Mac OS X,   aarch64, darwin,  aarch64",
        "Mac OS X,   x86_64,  darwin,  x86_64",
        "Darwin,     arm64,   darwin,  aarch64",
        "Windows 11, amd64,   windows, x86_64",
        "Windows Server 2022, x86, windows, x86",
        "FreeBSD,    amd64,   freebsd, x86_64",
        "Linux,      arm,     linux,   arm",
        "Linux,      riscv64, linux,   riscv64",
        "SunOS,      sparcv9, sunos,   sparcv9"
    })
    void systemPropertyValuesMapToACanonicalOsAndArchitecture(String osName, String osArch, String os, String arch) {
        Platform p = Platform.of(osName, osArch);
        assertEquals(os, p.os());
        assertEquals(arch, p.arch());
        assertEquals(os + "/" + arch, p.toString());
    }

    @Test
    void linuxOnAmd64IsNamedLinuxAndX86_64ThenAmd64ThenX64() {
        Platform p = Platform.of("Linux", "amd64");
        assertEquals(List.of("linux"), p.osTokens());
        assertEquals(List.of("x86_64", "amd64", "x64"), p.archTokens());
    }

    @Test
    void arm64IsNamedAarch64ThenArm64() {
        assertEquals(
                List.of("aarch64", "arm64"), Platform.of("Linux", "aarch64").archTokens());
    }

    @Test
    void macOsHasItsManyNamesAndTakesAUniversalBinaryAfterANativeOne() {
        Platform p = Platform.of("Mac OS X", "aarch64");
        assertEquals(List.of("darwin", "macos", "macosx", "apple", "osx", "mac"), p.osTokens());
        assertEquals(List.of("aarch64", "arm64", "universal", "universal2", "all"), p.archTokens());
    }

    @Test
    void windowsIsNamedWindowsOrWin() {
        assertEquals(
                List.of("windows", "win"), Platform.of("Windows 10", "amd64").osTokens());
    }

    @Test
    void thirtyTwoBitX86IsNotNamedX86SinceThatWordIsThePrefixOfX86_64() {
        assertFalse(Platform.of("Linux", "i686").archTokens().contains("x86"));
    }

    @Test
    void theCurrentPlatformIsTheOneOfThisJvmsProperties() {
        assertEquals(Platform.of(System.getProperty("os.name"), System.getProperty("os.arch")), Platform.current());
    }

    @Test
    void aBlankOsOrArchitectureIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Platform.of(" ", "amd64"));
        assertThrows(IllegalArgumentException.class, () -> Platform.of("Linux", ""));
    }

    @Test
    void tokensMustBeLowerCaseAndPresent() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new Platform("linux", "x86_64", List.of("Linux"), List.of("x64")));
        assertThrows(IllegalArgumentException.class, () -> new Platform("linux", "x86_64", List.of(), List.of("x64")));
    }
}
