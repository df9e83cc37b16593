package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The keys and certificates a verification trusts (the Sigstore {@code TrustedRoot}, media type
 * {@code application/vnd.dev.sigstore.trustedroot+json;version=0.1}): transparency logs, Fulcio
 * certificate authorities, CT logs and timestamp authorities, each with its validity window.
 *
 * <p>Parsing is strict for what verification relies on: a log or authority without a validity start
 * makes the whole root invalid (it would otherwise be trusted at any time). A CT log whose key this
 * verifier cannot read is left out, since an SCT from it could never be checked anyway.
 */
public record TrustedRoot(
        List<TransparencyLog> tlogs,
        List<CertificateAuthority> certificateAuthorities,
        List<TransparencyLog> ctlogs,
        List<CertificateAuthority> timestampAuthorities) {
    /** The resource holding the production root; see {@link #production()}. */
    static final String PRODUCTION = "trusted_root.production.json";

    private static final String MEDIA_TYPE = "application/vnd.dev.sigstore.trustedroot+json;version=0.1";

    public TrustedRoot {
        tlogs = List.copyOf(tlogs);
        certificateAuthorities = List.copyOf(certificateAuthorities);
        ctlogs = List.copyOf(ctlogs);
        timestampAuthorities = List.copyOf(timestampAuthorities);
    }

    /**
     * The Sigstore public-good root shipped with Animus: a copy of {@code targets/trusted_root.json}
     * of github.com/sigstore/root-signing, snapshot of 2026-08-21 (docs/security.md). Replace it with
     * {@code ANIMUS_SIGSTORE_TRUSTED_ROOT} or {@code verify-bundle --trusted-root} when it is stale.
     */
    public static TrustedRoot production() {
        try (InputStream in = TrustedRoot.class.getResourceAsStream(PRODUCTION)) {
            if (in == null) {
                throw new IllegalStateException("the production trusted root is missing from the sigstore module");
            }
            return parse(in.readAllBytes(), "the built-in trusted root");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a trusted root file; errors name the file. */
    public static TrustedRoot read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new VerificationFailed(
                    Reason.MALFORMED_TRUSTED_ROOT, "cannot read the trusted root " + file + ": " + e.getMessage(), e);
        }
        return parse(bytes, file.toString());
    }

    /**
     * Parses a trusted root.
     *
     * @param name names the document in errors
     * @throws VerificationFailed {@link Reason#MALFORMED_TRUSTED_ROOT}
     */
    public static TrustedRoot parse(byte[] json, String name) {
        Fields fields = new Fields(Reason.MALFORMED_TRUSTED_ROOT, "trusted root " + name);
        JsonNode root = fields.document(json);
        String mediaType = fields.text(root, "mediaType", "$");
        if (!MEDIA_TYPE.equals(mediaType)) {
            throw fields.bad("$.mediaType", "is " + mediaType + "; this verifier reads " + MEDIA_TYPE);
        }
        List<TransparencyLog> tlogs = logs(fields, root, "tlogs", true);
        List<TransparencyLog> ctlogs = logs(fields, root, "ctlogs", false);
        return new TrustedRoot(
                tlogs,
                authorities(fields, root, "certificateAuthorities"),
                ctlogs,
                authorities(fields, root, "timestampAuthorities"));
    }

    /** The transparency log with this id, if the root knows one. */
    Optional<TransparencyLog> tlog(byte[] logId) {
        return tlogs.stream().filter(log -> log.hasId(logId)).findFirst();
    }

    Optional<TransparencyLog> ctlog(byte[] logId) {
        return ctlogs.stream().filter(log -> log.hasId(logId)).findFirst();
    }

    private static List<TransparencyLog> logs(Fields fields, JsonNode root, String name, boolean strictKeys) {
        List<TransparencyLog> logs = new ArrayList<>();
        List<JsonNode> nodes = fields.array(root, name, "$");
        for (int i = 0; i < nodes.size(); i++) {
            String path = "$." + name + "[" + i + "]";
            JsonNode node = nodes.get(i);
            String baseUrl = fields.optionalText(node, "baseUrl", path).orElse("");
            JsonNode key = fields.object(node, "publicKey", path);
            byte[] raw = fields.base64(key, "rawBytes", path + ".publicKey");
            Validity validity =
                    validity(fields, fields.object(key, "validFor", path + ".publicKey"), path + ".publicKey.validFor");
            byte[] logId = fields.base64(fields.object(node, "logId", path), "keyId", path + ".logId");
            PublicKey publicKey;
            try {
                publicKey = Crypto.publicKey(raw);
            } catch (GeneralSecurityException e) {
                if (strictKeys) {
                    throw fields.bad(path + ".publicKey.rawBytes", "is not a usable public key: " + e.getMessage());
                }
                continue;
            }
            logs.add(new TransparencyLog(baseUrl, logId, publicKey, validity));
        }
        return logs;
    }

    private static List<CertificateAuthority> authorities(Fields fields, JsonNode root, String name) {
        List<CertificateAuthority> authorities = new ArrayList<>();
        List<JsonNode> nodes = fields.array(root, name, "$");
        for (int i = 0; i < nodes.size(); i++) {
            String path = "$." + name + "[" + i + "]";
            JsonNode node = nodes.get(i);
            List<JsonNode> certificates =
                    fields.array(fields.object(node, "certChain", path), "certificates", path + ".certChain");
            if (certificates.isEmpty()) {
                throw fields.bad(path + ".certChain.certificates", "is empty");
            }
            List<X509Certificate> chain = new ArrayList<>();
            for (int c = 0; c < certificates.size(); c++) {
                String certPath = path + ".certChain.certificates[" + c + "]";
                byte[] der = fields.base64(certificates.get(c), "rawBytes", certPath);
                try {
                    chain.add(Crypto.certificate(der));
                } catch (CertificateException e) {
                    throw fields.bad(certPath + ".rawBytes", "is not an X.509 certificate: " + e.getMessage());
                }
            }
            Validity validity = validity(fields, fields.object(node, "validFor", path), path + ".validFor");
            authorities.add(new CertificateAuthority(
                    fields.optionalText(node, "uri", path).orElse(""), chain, validity));
        }
        return authorities;
    }

    private static Validity validity(Fields fields, JsonNode node, String path) {
        return new Validity(fields.timestamp(node, "start", path), fields.optionalTimestamp(node, "end", path));
    }

    @Override
    public String toString() {
        return "TrustedRoot[" + tlogs.size() + " tlogs, " + certificateAuthorities.size() + " CAs, " + ctlogs.size()
                + " CT logs, " + timestampAuthorities.size() + " TSAs]";
    }
}
