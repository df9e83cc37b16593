package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stores (the state document, the digest store, the lockfile, the secrets file, the trusted
 * organisations) are built once, by runtime, the composition root; everything else is handed the
 * store it needs. Two instances of one store would each take their own view of the same files.
 * Tests build their own stores: this module reads main classes only.
 */
class StoreConstructionTest {
    /** The store types of dev.animus.store: each owns a file (or a directory) and its lock. */
    private static final Set<String> STORES = Set.of(
            "dev.animus.store.StateStore",
            "dev.animus.store.DigestStore",
            "dev.animus.store.LockfileStore",
            "dev.animus.store.SecretsFile",
            "dev.animus.store.TrustedOrgs");

    private static boolean isStore(JavaClass c) {
        return STORES.contains(c.getName());
    }

    @Test
    void everyStoreTypeExists() {
        for (String store : STORES) {
            // a renamed store would silently drop out of the rule below
            BuiltClasses.main().get(store);
        }
    }

    @Test
    void noModuleButRuntimeBuildsAStore() {
        noClasses()
                .that()
                .resideOutsideOfPackages("dev.animus.runtime..", "dev.animus.store..")
                .should()
                .callConstructorWhere(
                        DescribedPredicate.describe("it builds a store", call -> isStore(call.getTargetOwner())))
                .orShould()
                .callMethodWhere(DescribedPredicate.describe("it is a store's static factory", call -> {
                    JavaCodeUnit target = call.getTarget().resolveMember().orElse(null);
                    return isStore(call.getTargetOwner())
                            && target != null
                            && target.getModifiers().contains(JavaModifier.STATIC)
                            && isStore(target.getRawReturnType());
                }))
                .because("runtime, the composition root, builds each store once and hands it on")
                .check(BuiltClasses.main());
    }
}
