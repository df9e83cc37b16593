package dev.animus.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegistrationsTest {
    private static KindPattern p(String text) {
        return KindPattern.parse(text);
    }

    private static String refused(List<String> kinds, List<KindAlias> aliases) {
        return assertThrows(IllegalArgumentException.class, () -> Registrations.forPlugin("tasks", kinds, aliases))
                .getMessage();
    }

    @Test
    void oneRegistrationPerDistinctMarkerInOrder() {
        assertEquals(
                List.of(Registration.of("tasks", p("task")), Registration.of("tasks", p("requirement"))),
                Registrations.forPlugin("tasks", List.of("task", "requirement", "task"), List.of()));
        assertEquals(List.of(), Registrations.forPlugin("tasks", List.of(), List.of()));
    }

    @Test
    void anAliasedMarkerIsRegisteredUnderItsAlias() {
        KindAlias a = KindAlias.parse("task=task2", List.of("task", "requirement"));
        assertEquals(
                List.of(new Registration("tasks", p("task2"), p("task")), Registration.of("tasks", p("requirement"))),
                Registrations.forPlugin("tasks", List.of("task", "requirement"), List.of(a)));
    }

    @Test
    void aliasesThatDoNotFitThePluginAreRefused() {
        KindAlias ticket = new KindAlias(p("ticket"), p("t2"));
        assertTrue(refused(List.of("task"), List.of(ticket)).contains("serves no kind 'ticket'"));
        KindAlias one = new KindAlias(p("task"), p("t2"));
        KindAlias two = new KindAlias(p("task"), p("t3"));
        assertTrue(refused(List.of("task"), List.of(one, two)).contains("2 aliases of its kind 'task'"));
        KindAlias ontoOwn = new KindAlias(p("task"), p("requirement"));
        assertTrue(refused(List.of("task", "requirement"), List.of(ontoOwn)).contains("a kind it already serves"));
        KindAlias r = new KindAlias(p("requirement"), p("t2"));
        assertTrue(
                refused(List.of("task", "requirement"), List.of(one, r)).contains("'t2' is a kind it already serves"));
        assertTrue(refused(List.of("Task"), List.of()).startsWith("plugin 'tasks': 'Task' is not"));
    }

    @Test
    void twoBackendsOfOneKindAreBothRoutableOnceOneIsAliased() {
        List<Registration> all = new ArrayList<>(Registrations.forPlugin("a", List.of("task"), List.of()));
        all.addAll(Registrations.forPlugin("b", List.of("task"), List.of()));
        RouterConflict e = assertThrows(RouterConflict.class, () -> SubjectRouter.of(all));
        assertEquals("b", e.second());
        all.removeLast();
        all.addAll(Registrations.forPlugin("b", List.of("task"), List.of(KindAlias.parse("task2", List.of("task")))));
        SubjectRouter r = SubjectRouter.of(all);
        assertEquals("a", r.route("task").plugin());
        assertEquals(new Route(new Registration("b", p("task2"), p("task")), "task"), r.route("task2"));
    }
}
