package dev.animus.shell.render;

import dev.animus.core.SignatureCheck;
import tools.jackson.databind.node.ObjectNode;

/** How a signature check reads in tables and in {@code --json}. */
public final class SignatureText {
    private SignatureText() {}

    /** {@code verified by <identity> (bundle sha256 …)}, {@code unsigned}, … */
    public static String describe(SignatureCheck check) {
        StringBuilder text = new StringBuilder(check.word());
        check.signer()
                .ifPresent(signer -> text.append(
                        switch (check.status()) {
                            case UNTRUSTED_SIGNER -> " (signed by " + signer + ")";
                            default -> " by " + signer;
                        }));
        check.bundleSha256().ifPresent(d -> text.append(", bundle sha256 ").append(d));
        return text.toString();
    }

    /** {@code signature}, {@code signature_bundle_sha256} and {@code signer}, the last two null when absent. */
    public static ObjectNode put(ObjectNode json, SignatureCheck check) {
        json.put("signature", check.word());
        check.bundleSha256()
                .ifPresentOrElse(
                        d -> json.put("signature_bundle_sha256", d), () -> json.putNull("signature_bundle_sha256"));
        check.signer().ifPresentOrElse(s -> json.put("signer", s), () -> json.putNull("signer"));
        return json;
    }
}
