package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class NetworkDestinationsTest {

    @Nested
    class Normalisation {

        @ParameterizedTest(name = "[{0}] -> {1}")
        @CsvSource(
                delimiter = '|',
                ignoreLeadingAndTrailingWhitespace = false,
                value = {
                    "api.example.com|api.example.com",
                    "  API.Example.COM \t|api.example.com",
                    "api.example.com:443|api.example.com",
                    "api.example.com:8443|api.example.com:8443",
                    "api.example.com:08080|api.example.com:8080",
                    "api.example.com.|api.example.com",
                    "api.example.com.:80|api.example.com:80",
                    "xn--bcher-kva.example|xn--bcher-kva.example",
                    "localhost.example.com|localhost.example.com",
                    "127.example.com|127.example.com",
                    "a-b.c0|a-b.c0",
                    "93.184.216.34|93.184.216.34",
                    "93.184.216.34:443|93.184.216.34",
                    "1.0.0.1:1|1.0.0.1:1",
                    "example.com:65535|example.com:65535",
                    "[2001:DB8:0:0:0:0:0:1]:443|[2001:db8::1]",
                    "[2001:db8::1]:8080|[2001:db8::1]:8080",
                    "[2001:0db8:0000:0000:0001:0000:0000:0001]|[2001:db8::1:0:0:1]",
                    "[2001:db8:0:1:1:1:1:1]|[2001:db8:0:1:1:1:1:1]",
                    "[::ffff:93.184.216.34]|[::ffff:5db8:d822]",
                    "[fe80::]|[fe80::]",
                })
        void aDestinationIsTrimmedLowercasedAndWrittenCanonically(String given, String expected) {
            assertEquals(expected, NetworkDestinations.normalize(given));
        }

        @ParameterizedTest(name = "[{0}]: {1}")
        @CsvSource(
                delimiter = '|',
                ignoreLeadingAndTrailingWhitespace = false,
                value = {
                    "|is empty",
                    "   |is empty",
                    "https://api.example.com|has a scheme",
                    "HTTP://api.example.com:80|has a scheme",
                    "api.example.com/v1|path",
                    "api.example.com?x=1|path",
                    "api.example.com#top|path",
                    "user:pw@api.example.com|user information",
                    "*.example.com|wildcard",
                    "api.*.com|wildcard",
                    "localhost|local address",
                    "LOCALHOST:8080|local address",
                    "localhost.|local address",
                    "foo.localhost|local address",
                    "127.0.0.1|local address",
                    "127.255.1.2:80|local address",
                    "0.0.0.0|local address",
                    "0.1.2.3|local address",
                    "[::1]|local address",
                    "[0:0:0:0:0:0:0:1]:8080|local address",
                    "[::]|local address",
                    "[::ffff:127.0.0.1]|local address",
                    "api.example.com:0|invalid port",
                    "api.example.com:65536|invalid port",
                    "api.example.com:|invalid port",
                    "api.example.com:http|invalid port",
                    "api.example.com:123456|invalid port",
                    ":8080|has no host",
                    ".|has no host",
                    "2001:db8::1|in brackets",
                    "[2001:db8::1|never closes",
                    "[2001:db8::1]8080|only :port",
                    "[fe80::1%eth0]|zone ids",
                    "[1.2.3.4]|not an IPv6 address",
                    "[2001:db8::1::2]|not an IPv6 address",
                    "[1:2:3:4:5:6:7:8:9]|not an IPv6 address",
                    "[12345::]|not an IPv6 address",
                    "exa mple.com|whitespace",
                    "bücher.example|non-ASCII",
                    "\u212Aocalhost|non-ASCII",
                    "ex_ample.com|the label 'ex_ample'",
                    "-api.example.com|not starting or ending with '-'",
                    "api-.example.com|not starting or ending with '-'",
                    "a..b|empty label",
                    ".example.com|empty label",
                    "256.1.1.1|not a valid IPv4 address",
                    "01.2.3.4|not a valid IPv4 address",
                    "1.2.3|not a valid IPv4 address",
                    "example.123|last label is numeric",
                })
        void aDestinationThatIsNotABareRemoteHostAndPortIsRefused(String given, String fragment) {
            String destination = given == null ? "" : given;
            var e = assertThrows(IllegalArgumentException.class, () -> NetworkDestinations.normalize(destination));
            assertEquals(IllegalArgumentException.class, e.getClass());
            assertTrue(e.getMessage().contains(fragment), () -> "expected '" + fragment + "' in: " + e.getMessage());
        }

        @Test
        void aLabelOf63CharactersIsAcceptedAndOf64Refused() {
            String ok = "a".repeat(63) + ".com";
            assertEquals(ok, NetworkDestinations.normalize(ok));
            assertThrows(IllegalArgumentException.class, () -> NetworkDestinations.normalize("a".repeat(64) + ".com"));
        }

        @Test
        void aHostNameLongerThan253CharactersIsRefused() {
            String label = "a".repeat(63);
            String longName = String.join(".", List.of(label, label, label, label, "com"));
            var e = assertThrows(IllegalArgumentException.class, () -> NetworkDestinations.normalize(longName));
            assertTrue(e.getMessage().contains("longer than 253"), e.getMessage());
        }
    }

    @Nested
    class Properties {

        static LongStream seeds() {
            return LongStream.range(0, 200);
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("dev.animus.core.NetworkDestinationsTest$Properties#seeds")
        void aMessySpellingNormalisesLikeTheCleanOneAndNormalisingTwiceChangesNothing(long seed) {
            var g = new ManifestGenerator(seed);
            String clean = g.destination();
            String messy = mess(new SplittableRandom(seed), clean);
            String normal = NetworkDestinations.normalize(messy);
            assertEquals(NetworkDestinations.normalize(clean), normal, "seed " + seed + ": " + messy);
            assertEquals(normal, NetworkDestinations.normalize(normal), "seed " + seed);
            assertEquals(clean, normal, "seed " + seed + ": the generator writes normal forms");
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("dev.animus.core.NetworkDestinationsTest$Properties#seeds")
        void arbitraryTextIsEitherRefusedWithAReasonOrNormalisedIdempotently(long seed) {
            var random = new SplittableRandom(seed);
            String alphabet = "ab.-:[]0123456789f/@*% \u00e9LOCALHOST";
            for (int i = 0; i < 50; i++) {
                StringBuilder b = new StringBuilder();
                for (int n = random.nextInt(24); n > 0; n--) {
                    b.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                String text = b.toString();
                try {
                    String normal = NetworkDestinations.normalize(text);
                    assertEquals(normal, NetworkDestinations.normalize(normal), "seed " + seed + ": " + text);
                } catch (IllegalArgumentException e) {
                    assertEquals(IllegalArgumentException.class, e.getClass(), "seed " + seed + ": " + text);
                }
            }
        }

        /** The same destination, spelled carelessly: case, surrounding blanks, explicit :443, a trailing dot, long IPv6. */
        private static String mess(SplittableRandom random, String clean) {
            String host = clean;
            String port = "";
            int close = clean.lastIndexOf(']');
            int colon = clean.lastIndexOf(':');
            if (colon > close) {
                host = clean.substring(0, colon);
                port = clean.substring(colon);
            }
            if (host.startsWith("[2001:db8::")) {
                String last = host.substring("[2001:db8::".length(), host.length() - 1);
                host = "[2001:0DB8:0:0:0:0:0:" + "0".repeat(4 - last.length()) + last + "]";
            } else if (!Character.isDigit(host.charAt(0)) && random.nextBoolean()) {
                host = host + ".";
            }
            if (port.isEmpty() && random.nextBoolean()) {
                port = ":443";
            }
            String cased = random.nextBoolean() ? host.toUpperCase(Locale.ROOT) : host;
            return " ".repeat(random.nextInt(3)) + cased + port + "\t".repeat(random.nextInt(2));
        }
    }
}
