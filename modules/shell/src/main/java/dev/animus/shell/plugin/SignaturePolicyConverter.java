package dev.animus.shell.plugin;

import dev.animus.install.SignaturePolicy;
import picocli.CommandLine;

/** {@code --signature-policy strict|warn|disabled}, with the choices named when the word is wrong. */
final class SignaturePolicyConverter implements CommandLine.ITypeConverter<SignaturePolicy> {
    @Override
    public SignaturePolicy convert(String value) {
        return SignaturePolicy.ofWord(value)
                .orElseThrow(() -> new CommandLine.TypeConversionException(
                        "'" + value + "' is not a signature policy: use strict, warn or disabled"));
    }
}
