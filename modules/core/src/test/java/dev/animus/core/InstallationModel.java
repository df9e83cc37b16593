package dev.animus.core;

import dev.animus.core.InstallationRefused.Reason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * A deliberately naive model of the installation lifecycle, written from
 * docs/lifecycle.md#installation-lifecycle and not from {@link Installation}: mutable entries,
 * codes and manifest variants by number. The property test runs random operations on both and
 * compares.
 */
final class InstallationModel {
    static final List<String> NAMES = List.of("echo", "git.tools", "x-1");
    static final List<String> AGENTS = List.of("alice", "bob", "ci");
    static final List<String> CODES = List.of(
            InstallFixtures.digest(1), InstallFixtures.digest(2), InstallFixtures.digest(3), InstallFixtures.digest(4));
    /** Manifest variants: none, the fixture, the fixture with another destination, one that does not validate. */
    static final List<Optional<RecordedManifest>> MANIFESTS = List.of(
            Optional.empty(),
            Optional.of(InstallFixtures.recorded()),
            Optional.of(
                    InstallFixtures.edited(d -> d.put("network", Map.of("destinations", List.of("b.example.com"))))),
            Optional.of(InstallFixtures.edited(d -> d.put("events", List.of("no-such-event")))));

    /** One install: which code, with which manifest variant. */
    record Slot(String code, int manifest) {
        InstallRecord record() {
            return InstallFixtures.record(code, MANIFESTS.get(manifest));
        }

        /** The disclosure digest, if the manifest is there and valid (variants 1 and 2). */
        Optional<String> consentDigest() {
            return manifest == 1 || manifest == 2
                    ? Optional.of(Disclosure.of(
                                    code, MANIFESTS.get(manifest).orElseThrow().validate("model", false))
                            .digest())
                    : Optional.empty();
        }
    }

    static final class Entry {
        Slot current;
        Slot previous;
        final Set<String> trusted = new HashSet<>();
        final List<ConsentGrant> grants = new ArrayList<>();
        final Set<String> agents = new HashSet<>();
        boolean all;
    }

    /** An operation of the lifecycle, as the operator would issue it. */
    sealed interface Op {
        String name();
    }

    record Install(String name, Slot slot) implements Op {}

    record Update(String name, Slot slot) implements Op {}

    record Rollback(String name) implements Op {}

    record RecordManifest(String name, Slot slot) implements Op {}

    record Trust(String name, String shown) implements Op {}

    record TrustDigest(String name, String code) implements Op {}

    record Consent(String name, String shown, Instant now) implements Op {}

    record Enable(String name, AgentScope scope) implements Op {}

    record Disable(String name, AgentScope scope) implements Op {}

    record Remove(String name) implements Op {}

    final Map<String, Entry> entries = new TreeMap<>();

    /** Applies {@code op}; on a refusal nothing changes and the reason is returned. */
    Optional<Reason> apply(Op op) {
        Entry e = entries.get(op.name());
        Optional<Reason> refused = refusal(op, e).or(() -> hookConflict(op));
        if (refused.isPresent()) {
            return refused;
        }
        switch (op) {
            case Install i -> {
                Entry fresh = e == null ? new Entry() : e;
                fresh.current = i.slot();
                fresh.agents.clear();
                fresh.all = false;
                entries.put(i.name(), fresh);
            }
            case Update u -> {
                e.previous = e.current;
                e.current = u.slot();
                e.agents.clear();
                e.all = false;
            }
            case Rollback r -> {
                Slot was = e.current;
                e.current = e.previous;
                e.previous = was;
                e.agents.clear();
                e.all = false;
            }
            case RecordManifest m -> {
                if (e.current != null && e.current.code().equals(m.slot().code())) {
                    e.current = m.slot();
                }
                if (e.previous != null && e.previous.code().equals(m.slot().code())) {
                    e.previous = m.slot();
                }
            }
            case Trust t -> e.trusted.add(t.shown());
            case TrustDigest t ->
                entries.computeIfAbsent(t.name(), n -> new Entry()).trusted.add(t.code());
            case Consent c -> {
                if (e.grants.stream().noneMatch(g -> g.digest().equals(c.shown()))) {
                    e.grants.add(new ConsentGrant(c.shown(), c.now()));
                }
            }
            case Enable en -> {
                switch (en.scope()) {
                    case AgentScope.One one -> e.agents.add(one.agent());
                    case AgentScope.All all -> e.all = true;
                }
            }
            case Disable d -> {
                switch (d.scope()) {
                    case AgentScope.One one -> e.agents.remove(one.agent());
                    case AgentScope.All all -> {
                        e.agents.clear();
                        e.all = false;
                    }
                }
            }
            case Remove r -> entries.remove(r.name());
        }
        return Optional.empty();
    }

    private static Optional<Reason> refusal(Op op, Entry e) {
        boolean installed = e != null && e.current != null;
        Optional<Reason> notInstalled = installed ? Optional.empty() : Optional.of(Reason.NOT_INSTALLED);
        return switch (op) {
            case Install i -> installed ? Optional.of(Reason.ALREADY_INSTALLED) : Optional.empty();
            case Update u -> notInstalled;
            case Rollback r ->
                notInstalled.or(() -> e.previous == null ? Optional.of(Reason.NO_PREVIOUS) : Optional.empty());
            case RecordManifest m ->
                e != null && (holds(e.current, m) || holds(e.previous, m))
                        ? Optional.empty()
                        : Optional.of(Reason.NOT_INSTALLED);
            case Trust t ->
                notInstalled.or(() -> e.current.code().equals(t.shown())
                        ? Optional.empty()
                        : Optional.of(Reason.CHANGED_SINCE_SHOWN));
            case TrustDigest t -> Optional.empty();
            case Consent c ->
                notInstalled
                        .or(() -> consentable(e))
                        .or(() -> e.current.consentDigest().orElseThrow().equals(c.shown())
                                ? Optional.empty()
                                : Optional.of(Reason.CHANGED_SINCE_SHOWN));
            case Enable en ->
                notInstalled
                        .or(() -> consentable(e))
                        .or(() -> consented(e) ? Optional.empty() : Optional.of(Reason.NOT_CONSENTED));
            case Disable d -> notInstalled;
            case Remove r -> e == null ? Optional.of(Reason.NOT_INSTALLED) : Optional.empty();
        };
    }

    /**
     * An enable of a consented plugin is refused while another consented plugin is enabled where the
     * scope reaches: every valid manifest variant declares the same hooks, so any two conflict.
     */
    private Optional<Reason> hookConflict(Op op) {
        if (!(op instanceof Enable en)) {
            return Optional.empty();
        }
        for (Map.Entry<String, Entry> other : entries.entrySet()) {
            Entry o = other.getValue();
            if (other.getKey().equals(en.name())
                    || o.current == null
                    || !o.trusted.contains(o.current.code())
                    || !consented(o)) {
                continue;
            }
            boolean meets = switch (en.scope()) {
                case AgentScope.One one -> o.all || o.agents.contains(one.agent());
                case AgentScope.All all -> o.all || !o.agents.isEmpty();
            };
            if (meets) {
                return Optional.of(Reason.HOOK_CONFLICT);
            }
        }
        return Optional.empty();
    }

    private static boolean holds(Slot slot, RecordManifest m) {
        return slot != null && slot.code().equals(m.slot().code());
    }

    private static Optional<Reason> consentable(Entry e) {
        if (!e.trusted.contains(e.current.code())) {
            return Optional.of(Reason.NOT_TRUSTED);
        }
        return e.current.consentDigest().isEmpty() ? Optional.of(Reason.NO_MANIFEST) : Optional.empty();
    }

    private static boolean consented(Entry e) {
        return e.current
                .consentDigest()
                .filter(d -> e.grants.stream().anyMatch(g -> g.digest().equals(d)))
                .isPresent();
    }

    InstallStage stage(String name, String agent) {
        Entry e = entries.get(name);
        if (e == null || e.current == null) {
            return InstallStage.NOT_INSTALLED;
        }
        if (!e.trusted.contains(e.current.code())) {
            return InstallStage.UNTRUSTED;
        }
        if (!consented(e)) {
            return InstallStage.TRUSTED;
        }
        return e.all || e.agents.contains(agent) ? InstallStage.ENABLED : InstallStage.CONSENTED;
    }

    /** A random operation, biased towards the ones that move a plugin forward and towards what was shown. */
    Op next(SplittableRandom random, Instant now) {
        String name = pick(random, NAMES);
        Entry e = entries.get(name);
        Slot slot = new Slot(pick(random, CODES), random.nextInt(4) == 0 ? random.nextInt(MANIFESTS.size()) : 1);
        AgentScope scope = random.nextInt(4) == 0 ? new AgentScope.All() : new AgentScope.One(pick(random, AGENTS));
        boolean honest = random.nextInt(5) > 0;
        return switch (random.nextInt(14)) {
            case 0, 1 -> new Install(name, slot);
            case 2 -> new Update(name, slot);
            case 3 -> new Rollback(name);
            case 4 -> new RecordManifest(name, new Slot(slot.code(), 1 + random.nextInt(MANIFESTS.size() - 1)));
            case 5, 6 ->
                new Trust(name, honest && e != null && e.current != null ? e.current.code() : pick(random, CODES));
            case 7 -> new TrustDigest(name, pick(random, CODES));
            case 8, 9 ->
                new Consent(
                        name,
                        honest && e != null && e.current != null
                                ? e.current.consentDigest().orElse(pick(random, CODES))
                                : pick(random, CODES),
                        now);
            case 10, 11 -> new Enable(name, scope);
            case 12 -> new Disable(name, scope);
            default -> new Remove(name);
        };
    }

    private static <T> T pick(SplittableRandom random, List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}
