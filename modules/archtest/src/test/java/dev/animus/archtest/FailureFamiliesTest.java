package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every public exception of the main code belongs to one closed family, a sealed type the front
 * ends switch over exhaustively: a new failure cannot silently become the shell's "internal error".
 * Exceptions that are not public are signals inside their package and never reach a caller.
 */
class FailureFamiliesTest {
    /** The sealed families (and the sdk's one failure, which plugins throw, not the host). */
    private static final List<String> FAMILIES = List.of(
            "dev.animus.core.CoreFailure",
            "dev.animus.store.StoreFailure",
            "dev.animus.fetch.FetchFailure",
            "dev.animus.sigstore.SigstoreFailure",
            "dev.animus.process.ProcessFailure",
            "dev.animus.rpc.RpcException",
            "dev.animus.host.SupervisionFailure",
            "dev.animus.providers.ProviderFailure",
            "dev.animus.install.InstallationFailure",
            "dev.animus.discovery.DiscoveryFailure",
            "dev.animus.router.RoutingFailure",
            "dev.animus.subjects.SubjectFailure",
            "dev.animus.runtime.UseCaseFailure",
            "dev.animus.daemon.DaemonFailure",
            "dev.animus.control.ControlError",
            "dev.animus.sdk.PluginError",
            // the sdk's control client's one failure: plugins catch it, the host never sees it
            "dev.animus.sdk.control.ControlException");

    @Test
    void everyPublicExceptionBelongsToASealedFamily() {
        JavaClasses main = BuiltClasses.main();
        classes()
                .that(throwables())
                .and()
                .haveModifier(JavaModifier.PUBLIC)
                .and()
                .resideOutsideOfPackage("dev.animus.shell..") // CommandFailed is what the mapping produces
                .should(belongTo(FAMILIES))
                .because("the shell's failure mapping switches over these sealed families without a default")
                .check(main);
    }

    /**
     * The exceptions and errors. The JDK's classes are not imported, so ArchUnit cannot follow a
     * class's supertypes past {@code RuntimeException}; they are read by reflection.
     */
    private static DescribedPredicate<JavaClass> throwables() {
        return DescribedPredicate.describe(
                "are throwables",
                c -> !c.isArray() && !c.isPrimitive() && Throwable.class.isAssignableFrom(c.reflect()));
    }

    @Test
    void everyFamilyIsSealed() {
        JavaClasses main = BuiltClasses.main();
        for (String family : FAMILIES) {
            JavaClass type = main.get(family);
            boolean closed = type.reflect().isSealed() || type.getModifiers().contains(JavaModifier.FINAL);
            assertTrue(closed, family + " is neither sealed nor final");
        }
    }

    private static ArchCondition<JavaClass> belongTo(List<String> families) {
        DescribedPredicate<JavaClass> inFamily = DescribedPredicate.describe(
                "in a failure family", c -> families.stream().anyMatch(c::isAssignableTo));
        return new ArchCondition<>("belong to one of " + families) {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                if (!inFamily.test(c)) {
                    events.add(SimpleConditionEvent.violated(
                            c, c.getName() + " is a public exception outside every sealed failure family"));
                }
            }
        };
    }
}
