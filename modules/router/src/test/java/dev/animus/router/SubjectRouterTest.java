package dev.animus.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.ErrorCodes;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubjectRouterTest {
    private static Registration reg(String plugin, String pattern) {
        return Registration.of(plugin, KindPattern.parse(pattern));
    }

    private static Optional<String> plugin(SubjectRouter router, String kind) {
        return router.resolve(kind).map(Route::plugin);
    }

    private final SubjectRouter router = SubjectRouter.of(List.of(
            reg("all", "*"),
            reg("linear", "linear.*"),
            reg("issues", "linear.issue.*"),
            reg("tasks", "task"),
            reg("subtasks", "task.*"),
            reg("special", "linear.issue.x")));

    @Test
    void anExactKindBeatsTheLongestGlobWhichBeatsTheCatchAll() {
        assertEquals(Optional.of("tasks"), plugin(router, "task"));
        assertEquals(Optional.of("subtasks"), plugin(router, "task.bug"));
        assertEquals(Optional.of("subtasks"), plugin(router, "task.a.b"));
        assertEquals(Optional.of("linear"), plugin(router, "linear.project"));
        assertEquals(Optional.of("issues"), plugin(router, "linear.issue.bug"));
        assertEquals(Optional.of("issues"), plugin(router, "linear.issue.x.y"));
        assertEquals(Optional.of("special"), plugin(router, "linear.issue.x"));
        assertEquals(Optional.of("linear"), plugin(router, "linear.issue"));
        assertEquals(Optional.of("all"), plugin(router, "linear"));
        assertEquals(Optional.of("all"), plugin(router, "taskx"));
        assertEquals(Optional.of("all"), plugin(router, "requirement"));
    }

    @Test
    void withoutACatchAllAnUnclaimedKindHasNoRoute() {
        SubjectRouter r = SubjectRouter.of(List.of(reg("tasks", "task"), reg("sub", "task.*")));
        assertEquals(Optional.empty(), r.resolve("requirement"));
        assertEquals(Optional.empty(), r.resolve("taskx"));
        assertEquals(Optional.of("tasks"), plugin(r, "task"));
    }

    @Test
    void aNonKindHasNoRouteEvenWithACatchAll() {
        assertEquals(Optional.empty(), router.resolve(""));
        assertEquals(Optional.empty(), router.resolve("Task"));
        assertEquals(Optional.empty(), router.resolve("task.*"));
        assertEquals(Optional.empty(), router.resolve("*"));
    }

    @Test
    void aMethodRoutesOnTheTextBeforeItsFirstSlash() {
        assertEquals(Optional.of("tasks"), router.forMethod("task/get").map(Route::plugin));
        assertEquals(
                Optional.of("issues"),
                router.forMethod("linear.issue.bug/list/x").map(Route::plugin));
        assertEquals(Optional.empty(), router.forMethod("task"));
        assertEquals(Optional.empty(), router.forMethod("/get"));
        SubjectRouter none = SubjectRouter.of(List.of(reg("tasks", "task")));
        assertEquals(Optional.empty(), none.forMethod("requirement/get"));
    }

    @Test
    void anIdRoutesOnTheTextBeforeItsFirstColon() {
        assertEquals(Optional.of("task"), SubjectRouter.kindOfId("task:42"));
        assertEquals(Optional.of("linear.issue"), SubjectRouter.kindOfId("linear.issue:ABC-1:x"));
        assertEquals(Optional.empty(), SubjectRouter.kindOfId("42"));
        assertEquals(Optional.empty(), SubjectRouter.kindOfId(":42"));
        assertEquals(Optional.empty(), SubjectRouter.kindOfId("Task:42"));
        assertEquals(Optional.of("subtasks"), router.forId("task.bug:7").map(Route::plugin));
        assertEquals(Optional.empty(), router.forId("nokind"));
    }

    @Test
    void routeFailsWithTheMinus32601MessageWhenNothingServesTheKind() {
        SubjectRouter r = SubjectRouter.of(List.of(reg("tasks", "task")));
        NoSubjectBackend e = assertThrows(NoSubjectBackend.class, () -> r.route("requirement"));
        assertEquals("requirement", e.kind());
        assertEquals(ErrorCodes.METHOD_NOT_FOUND, e.code());
        assertTrue(e.getMessage().startsWith("no subject backend for kind 'requirement': "), e.getMessage());
        assertTrue(e.getMessage().contains("animus subject kinds"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals("tasks", r.route("task").plugin());
        String notAKind =
                assertThrows(NoSubjectBackend.class, () -> r.route("Task")).getMessage();
        assertTrue(notAKind.startsWith("no subject backend for kind 'Task': it is not a kind"), notAKind);
        assertEquals(Duration.ofMinutes(2), SubjectRouter.DEFAULT_DEADLINE);
    }

    @Test
    void twoExactKindsConflictNamingBothPluginsInOrder() {
        RouterConflict e =
                assertThrows(RouterConflict.class, () -> SubjectRouter.of(List.of(reg("a", "task"), reg("b", "task"))));
        assertEquals("task", e.pattern());
        assertEquals("a", e.first());
        assertEquals("b", e.second());
        assertEquals(
                "subject kind 'task' is claimed by both 'a' and 'b': install one with --as-kind <other kind>"
                        + " (e.g. animus plugin install … --as-kind task2)",
                e.getMessage());
    }

    @Test
    void twoGlobsOfOnePrefixConflict() {
        RouterConflict e = assertThrows(
                RouterConflict.class,
                () -> SubjectRouter.of(List.of(reg("x", "task"), reg("a", "task.*"), reg("b", "task.*"))));
        assertEquals("task.*", e.pattern());
        assertTrue(e.getMessage().startsWith("subject kind 'task.*' is claimed by both 'a' and 'b': "), e.getMessage());
        assertTrue(e.getMessage().contains("--as-kind task.*=task2.*"), e.getMessage());
    }

    @Test
    void twoCatchAllsConflictAndTheMessageSaysItCannotBeAliased() {
        RouterConflict e =
                assertThrows(RouterConflict.class, () -> SubjectRouter.of(List.of(reg("a", "*"), reg("b", "*"))));
        assertEquals("*", e.pattern());
        assertTrue(e.getMessage().contains("'a' and 'b'"), e.getMessage());
        assertTrue(e.getMessage().contains("cannot be aliased"), e.getMessage());
        assertTrue(e.getMessage().contains("animus plugin disable b"), e.getMessage());
    }

    @Test
    void oneRegistrationGivenTwiceCountsOnceButOnePluginClaimingTwiceConflicts() {
        SubjectRouter r = SubjectRouter.of(List.of(reg("a", "task"), reg("a", "task")));
        assertEquals(List.of(reg("a", "task")), r.table());
        Registration viaAlias = new Registration("a", KindPattern.parse("task"), KindPattern.parse("ticket"));
        RouterConflict e =
                assertThrows(RouterConflict.class, () -> SubjectRouter.of(List.of(reg("a", "task"), viaAlias)));
        assertTrue(e.getMessage().startsWith("subject kind 'task' is claimed twice by 'a': "), e.getMessage());
    }

    @Test
    void anExactKindAndAGlobOfItNeverConflict() {
        SubjectRouter r = SubjectRouter.of(List.of(reg("a", "task"), reg("b", "task.*"), reg("c", "task.x.*")));
        assertEquals(3, r.table().size());
    }

    @Test
    void theTableListsExactThenGlobsThenTheCatchAllEachSorted() {
        assertEquals(
                List.of("linear.issue.x", "task", "linear.*", "linear.issue.*", "task.*", "*"),
                router.table().stream().map(r -> r.pattern().text()).toList());
        assertEquals(Set.of("all", "issues", "linear", "special", "subtasks", "tasks"), router.plugins());
        assertEquals(List.of("all", "issues", "linear", "special", "subtasks", "tasks"), List.copyOf(router.plugins()));
        assertEquals(List.of(reg("tasks", "task")), router.registrationsOf("tasks"));
        assertTrue(SubjectRouter.of(List.of()).isEmpty());
    }

    @Test
    void anAliasedRouteCarriesTheKindThePluginKnows() {
        SubjectRouter r = SubjectRouter.of(List.of(
                reg("a", "task"),
                new Registration("b", KindPattern.parse("task2"), KindPattern.parse("task")),
                new Registration("c", KindPattern.parse("t2.*"), KindPattern.parse("task.*"))));
        assertEquals(new Route(reg("a", "task"), "task"), r.route("task"));
        assertEquals("b", r.route("task2").plugin());
        assertEquals("task", r.route("task2").nativeKind());
        assertEquals("task.bug.x", r.route("t2.bug.x").nativeKind());
        assertEquals("c", r.forMethod("t2.bug/get").orElseThrow().plugin());
    }

    @Test
    void aRegistrationRefusesPatternsOfTwoTypes() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new Registration("b", KindPattern.parse("task2.*"), KindPattern.parse("task")));
        assertTrue(e.getMessage().contains("same type"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> reg(" ", "task"));
    }
}
