package dev.animus.shell.render;

import dev.animus.core.InstallSource;
import dev.animus.core.OneLine;
import dev.animus.install.InstallReport;
import dev.animus.install.RemoteReport;
import dev.animus.install.TrustReport;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.trust.TrustCommand;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/** What install-like commands print: warnings on stderr, then one screen of what was done and what is next. */
public final class Summary {
    private Summary() {}

    /** The report's notes and a replaced lockfile pin, as warnings. */
    public static void warnings(Terminal t, InstallReport r) {
        r.notes().forEach(n -> t.warn(FixText.render(n)));
        r.replacedPin()
                .ifPresent(old -> t.warn(r.lockfile() + ": the pin of " + r.name() + " changed from sha256 " + old
                        + " to sha256 " + r.digest() + " (--force)"));
    }

    /** The trust an install committed together with it, with the manifest it read. */
    public static TrustReport trusted(AnimusCommand root, InstallReport r) {
        var manifest =
                root.animus().inspect(r.name(), root.agent()).inspection().manifest();
        return new TrustReport(r.name(), r.digest(), manifest, List.of());
    }

    public static void print(PrintWriter out, RemoteReport report, Optional<TrustReport> trusted) {
        InstallReport r = report.install();
        InstallSource s = report.source();
        out.println(OneLine.of(
                (r.restored() ? "restored the stored code of " : r.unchanged() ? "already installed: " : "installed ")
                        + r.name() + " ("
                        + r.shape().word() + ", sha256 " + r.digest() + ")"
                        + (r.restored() ? "; its trust, consent and enablement hold again" : "")));
        DevInfo.row(
                out,
                "source",
                s.kind().word() + " " + s.origin()
                        + s.tag().map(tag -> " " + tag).orElse(""));
        s.asset().ifPresent(a -> DevInfo.row(out, "asset", a));
        DevInfo.row(out, "checked by", s.sha256Verified() ? FixText.render(report.checksum()) : "nothing (unverified)");
        DevInfo.row(out, "signature", SignatureText.describe(report.signature()));
        DevInfo.row(out, "stored at", r.stored().toString());
        DevInfo.row(out, "pinned in", r.lockfile().toString());
        if (trusted.isPresent()) {
            TrustCommand.printTrusted(out, trusted.get());
        } else {
            DevInfo.row(out, "next", "animus plugin trust " + r.name());
        }
        out.flush();
    }

    public static ObjectNode json(RemoteReport report, boolean trusted) {
        InstallReport r = report.install();
        InstallSource s = report.source();
        ObjectNode env = Terminal.envelope("plugin.install")
                .put("name", r.name())
                .put("sha256", r.digest())
                .put("shape", r.shape().word())
                .put("stored", r.stored().toString())
                .put("unchanged", r.unchanged())
                .put("restored", r.restored())
                .put("lockfile", r.lockfile().toString())
                .put("trusted", trusted)
                .put("source", s.kind().word())
                .put("origin", s.origin())
                .put("sha256_verified", s.sha256Verified())
                .put("checksum", FixText.render(report.checksum()));
        SignatureText.put(env, report.signature());
        s.tag().ifPresentOrElse(tag -> env.put("tag", tag), () -> env.putNull("tag"));
        s.asset().ifPresentOrElse(a -> env.put("asset", a), () -> env.putNull("asset"));
        r.replacedPin().ifPresent(old -> env.put("replaced_pin", old));
        var warnings = env.putArray("warnings");
        report.warnings().forEach(warnings::add);
        r.notes().forEach(n -> warnings.add(FixText.render(n)));
        return env;
    }
}
