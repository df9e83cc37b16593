package dev.animus.shell.hook;

import dev.animus.core.HookId;
import java.util.Iterator;

/** What Tab offers for a hook's or an event's name. */
final class HookWords {
    private HookWords() {}

    /** The hooks. */
    static final class Hooks implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return HookId.wires().iterator();
        }
    }

    /** The lifecycle events. */
    static final class Events implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return HookId.events().iterator();
        }
    }
}
