package dev.animus.sigstore;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What a bundle signs: an artifact's digest (a message signature) or a DSSE envelope. */
public sealed interface SignedContent {

    /**
     * A signature over an artifact.
     *
     * @param sha256 the artifact's SHA-256 as the bundle states it, if it does
     * @param signature the signature bytes
     */
    record MessageSignature(Optional<byte[]> sha256, byte[] signature) implements SignedContent {
        public MessageSignature {
            sha256 = sha256.map(byte[]::clone);
            signature = signature.clone();
        }

        @Override
        public byte[] signature() {
            return signature.clone();
        }
    }

    /**
     * A DSSE envelope (an in-toto statement, usually).
     *
     * @param payloadType the payload's media type
     * @param payload the payload bytes
     * @param signatures the signatures over {@code PAE(payloadType, payload)}
     */
    record Envelope(String payloadType, byte[] payload, List<byte[]> signatures) implements SignedContent {
        public Envelope {
            Objects.requireNonNull(payloadType, "payloadType");
            payload = payload.clone();
            signatures = signatures.stream().map(byte[]::clone).toList();
        }

        @Override
        public byte[] payload() {
            return payload.clone();
        }

        /** DSSE's pre-authentication encoding: what the signatures sign. */
        public byte[] pae() {
            byte[] type = payloadType.getBytes(StandardCharsets.UTF_8);
            byte[] head = ("DSSEv1 " + type.length + " " + payloadType + " " + payload.length + " ")
                    .getBytes(StandardCharsets.UTF_8);
            byte[] pae = Arrays.copyOf(head, head.length + payload.length);
            System.arraycopy(payload, 0, pae, head.length, payload.length);
            return pae;
        }
    }
}
