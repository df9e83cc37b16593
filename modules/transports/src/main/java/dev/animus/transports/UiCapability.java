package dev.animus.transports;

import tools.jackson.databind.JsonNode;

/**
 * Whether an {@code initialize} answer says its transport serves a browser UI: the capability
 * {@code $ui/web}, or the legacy {@code web_ui} (as a capability or as the plugin kind). The
 * manifest says it too ({@code Manifest.servesWebUi}); either suffices. Pure.
 */
final class UiCapability {
    static final String UI_WEB = "$ui/web";
    static final String LEGACY = "web_ui";

    private UiCapability() {}

    static boolean in(JsonNode initializeAnswer) {
        for (JsonNode m : initializeAnswer.path("capabilities").path("methods")) {
            if (m.isString() && (m.asString().equals(UI_WEB) || m.asString().equals(LEGACY))) {
                return true;
            }
        }
        JsonNode kind = initializeAnswer.path("plugin_info").path("plugin_kind");
        return kind.isString() && kind.asString().equals(LEGACY);
    }
}
