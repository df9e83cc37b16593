package dev.animus.testsigstore;

/**
 * Alterations of the trusted root JSON. A null window means the default, from one day before
 * {@link TestSigstore#now()} with no end.
 *
 * @param tlogValidFor the Rekor key's window
 * @param ctlogValidFor the CT log key's window
 * @param certificateAuthorityValidFor the Fulcio-like CA's window
 * @param timestampAuthorityValidFor the TSA's window
 * @param includeTlogs whether {@code tlogs} lists the Rekor log (else it is empty)
 * @param includeCtlogs whether {@code ctlogs} lists the CT log (else it is empty)
 * @param includeCertificateAuthorities whether {@code certificateAuthorities} lists the CA
 * @param includeTimestampAuthorities whether {@code timestampAuthorities} lists the TSA
 */
public record TrustedRootOptions(
        ValidFor tlogValidFor,
        ValidFor ctlogValidFor,
        ValidFor certificateAuthorityValidFor,
        ValidFor timestampAuthorityValidFor,
        boolean includeTlogs,
        boolean includeCtlogs,
        boolean includeCertificateAuthorities,
        boolean includeTimestampAuthorities) {

    /** Every section present, every window the default. */
    public static TrustedRootOptions defaults() {
        return new TrustedRootOptions(null, null, null, null, true, true, true, true);
    }

    public TrustedRootOptions withTlogValidFor(ValidFor v) {
        return new TrustedRootOptions(
                v,
                ctlogValidFor,
                certificateAuthorityValidFor,
                timestampAuthorityValidFor,
                includeTlogs,
                includeCtlogs,
                includeCertificateAuthorities,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withCtlogValidFor(ValidFor v) {
        return new TrustedRootOptions(
                tlogValidFor,
                v,
                certificateAuthorityValidFor,
                timestampAuthorityValidFor,
                includeTlogs,
                includeCtlogs,
                includeCertificateAuthorities,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withCertificateAuthorityValidFor(ValidFor v) {
        return new TrustedRootOptions(
                tlogValidFor,
                ctlogValidFor,
                v,
                timestampAuthorityValidFor,
                includeTlogs,
                includeCtlogs,
                includeCertificateAuthorities,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withTimestampAuthorityValidFor(ValidFor v) {
        return new TrustedRootOptions(
                tlogValidFor,
                ctlogValidFor,
                certificateAuthorityValidFor,
                v,
                includeTlogs,
                includeCtlogs,
                includeCertificateAuthorities,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withTlogs(boolean include) {
        return new TrustedRootOptions(
                tlogValidFor,
                ctlogValidFor,
                certificateAuthorityValidFor,
                timestampAuthorityValidFor,
                include,
                includeCtlogs,
                includeCertificateAuthorities,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withCtlogs(boolean include) {
        return new TrustedRootOptions(
                tlogValidFor,
                ctlogValidFor,
                certificateAuthorityValidFor,
                timestampAuthorityValidFor,
                includeTlogs,
                include,
                includeCertificateAuthorities,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withCertificateAuthorities(boolean include) {
        return new TrustedRootOptions(
                tlogValidFor,
                ctlogValidFor,
                certificateAuthorityValidFor,
                timestampAuthorityValidFor,
                includeTlogs,
                includeCtlogs,
                include,
                includeTimestampAuthorities);
    }

    public TrustedRootOptions withTimestampAuthorities(boolean include) {
        return new TrustedRootOptions(
                tlogValidFor,
                ctlogValidFor,
                certificateAuthorityValidFor,
                timestampAuthorityValidFor,
                includeTlogs,
                includeCtlogs,
                includeCertificateAuthorities,
                include);
    }
}
