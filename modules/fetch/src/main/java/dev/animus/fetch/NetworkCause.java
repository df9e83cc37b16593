package dev.animus.fetch;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Why a connection failed, in words for people: the JDK's exception text ({@code PKIX path
 * building failed: sun.security...}, a bare {@code ConnectException}) never reaches a message.
 * The cause chain is searched from the outermost exception inwards for the first one that says
 * something; what says nothing known is "the connection failed". Stateless.
 */
final class NetworkCause {
    /** A Java package or exception class name: such text is not shown. */
    private static final Pattern JAVA_TEXT =
            Pattern.compile("\\b(java|javax|jdk|sun|com\\.sun)\\.[a-z]|\\b[A-Z]\\w*(Exception|Error)\\b|PKIX");

    private NetworkCause() {}

    static String describe(Throwable failure) {
        Set<Throwable> seen = new HashSet<>();
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            String said = said(t);
            if (said != null) {
                return said;
            }
        }
        String own = failure.getMessage();
        if (own != null && !own.isBlank() && !JAVA_TEXT.matcher(own).find()) {
            return own.strip();
        }
        return "the connection failed";
    }

    /** What {@code t} says in words, or null when it is not a kind known here. */
    private static String said(Throwable t) {
        return switch (t) {
            case CertPathBuilderException c ->
                "the server's TLS certificate is not trusted (no trusted certificate authority issued it)";
            case CertPathValidatorException c -> "the server's TLS certificate is not valid (" + reason(c) + ")";
            case SSLPeerUnverifiedException p -> "the server's TLS certificate does not name this host";
            case CertificateException c when c.getCause() != null -> null; // its cause says why
            case CertificateException c when mentionsName(c) -> "the server's TLS certificate does not name this host";
            case CertificateException c -> "the server's TLS certificate was refused";
            case SSLHandshakeException h when t.getCause() == null -> "the TLS handshake failed";
            case SSLHandshakeException h -> null; // its cause says why
            case SSLException s when t.getCause() == null -> "the TLS connection failed";
            case SSLException s -> null;
            case UnknownHostException u -> "the host name cannot be resolved (check the name and the DNS)";
            case HttpConnectTimeoutException c -> "the connection timed out";
            case SocketTimeoutException s -> "the connection timed out";
            case NoRouteToHostException n -> "no route to the host";
            case PortUnreachableException p -> "the port is unreachable";
            case ConnectException c
            when c.getMessage() != null && c.getMessage().contains("timed out") -> "the connection timed out";
            case ConnectException c -> "the connection was refused (nothing listens there?)";
            case ClosedChannelException c -> "the server closed the connection";
            case EOFException e -> "the server closed the connection early";
            case SocketException s
            when s.getMessage() != null && !JAVA_TEXT.matcher(s.getMessage()).find() ->
                "the connection failed (" + s.getMessage().strip().toLowerCase(Locale.ROOT) + ")";
            case NumberFormatException n -> "the server sent a Content-Length that is not a number";
            default -> null;
        };
    }

    private static boolean mentionsName(CertificateException c) {
        String m = c.getMessage();
        return m != null && (m.contains("subject alternative") || m.contains("No name matching"));
    }

    private static String reason(CertPathValidatorException c) {
        return switch (c.getReason()) {
            case CertPathValidatorException.BasicReason b
            when b == CertPathValidatorException.BasicReason.EXPIRED -> "expired";
            case CertPathValidatorException.BasicReason b
            when b == CertPathValidatorException.BasicReason.NOT_YET_VALID -> "not yet valid";
            case CertPathValidatorException.BasicReason b
            when b == CertPathValidatorException.BasicReason.REVOKED -> "revoked";
            default -> "its chain does not validate";
        };
    }
}
