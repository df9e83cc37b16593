package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.animus.sdk.PluginError;
import java.net.InetAddress;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

class LoopbackBindTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ParameterizedTest
    @CsvSource({
        "127.0.0.1:0, 127.0.0.1, 0",
        "127.0.0.1, 127.0.0.1, 7000",
        "localhost:8080, 127.0.0.1, 8080",
        "[::1]:9000, 0:0:0:0:0:0:0:1, 9000",
        "127.1.2.3:5, 127.1.2.3, 5"
    })
    void aLoopbackBindTakesItsPortElseTheConfigs(String bind, String address, int port) {
        LoopbackBind b = LoopbackBind.of(Optional.of(bind), JSON.readTree("{\"port\":7000}"));
        assertEquals(InetAddress.ofLiteral(address), b.address());
        assertEquals(port, b.port());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0:0", "[::]:80", "192.168.0.1:80", "example.com", "127.0.0.1:65536", "[::1"})
    void anythingElseIsRefused(String bind) {
        PluginError e = assertThrows(PluginError.class, () -> LoopbackBind.of(Optional.of(bind), JSON.readTree("{}")));
        assertEquals(PluginError.INVALID_PARAMS, e.code());
    }

    @org.junit.jupiter.api.Test
    void withoutABindItIsLoopbackOnTheConfigsPortOrAnyFreeOne() {
        assertEquals(0, LoopbackBind.of(Optional.empty(), JSON.readTree("{}")).port());
        assertEquals(
                4321,
                LoopbackBind.of(Optional.empty(), JSON.readTree("{\"port\":4321}"))
                        .port());
        assertThrows(PluginError.class, () -> LoopbackBind.of(Optional.empty(), JSON.readTree("{\"port\":\"80\"}")));
    }
}
