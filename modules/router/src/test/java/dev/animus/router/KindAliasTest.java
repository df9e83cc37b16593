package dev.animus.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class KindAliasTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode json(String text) {
        return JSON.readTree(text.replace('\'', '"'));
    }

    private static String refused(String asKind, List<String> kinds) {
        String m = assertThrows(IllegalArgumentException.class, () -> KindAlias.parse(asKind, kinds))
                .getMessage();
        assertFalse(m.contains("\n"), m);
        assertTrue(m.startsWith("--as-kind "), m);
        return m;
    }

    private final KindAlias task2 = KindAlias.parse("task2", List.of("task"));

    @Test
    void aBareAliasRenamesThePluginsOneKind() {
        assertEquals(new KindAlias(KindPattern.parse("task"), KindPattern.parse("task2")), task2);
        assertEquals("task=task2", task2.text());
        assertEquals(task2, KindAlias.parse(task2.text(), List.of("task")));
        assertEquals(
                new KindAlias(KindPattern.parse("task.*"), KindPattern.parse("t2.*")),
                KindAlias.parse("t2.*", List.of("task.*")));
    }

    @Test
    void theNamedFormPicksOneOfSeveralKinds() {
        KindAlias a = KindAlias.parse("requirement=req2", List.of("task", "requirement"));
        assertEquals("req2", a.aliasedKind("requirement"));
        assertEquals("task", a.aliasedKind("task"));
        KindAlias g = KindAlias.parse("task.*=t2.*", List.of("task", "task.*"));
        assertEquals("task.bug", g.nativeKind("t2.bug"));
    }

    @Test
    void badAliasesAreRefusedWithOneLineSayingWhatToWrite() {
        assertTrue(refused("task2", List.of()).contains("declares no subject kind"));
        String several = refused("x2", List.of("task", "requirement"));
        assertTrue(several.contains("task, requirement") && several.contains("--as-kind task=task2"), several);
        assertTrue(refused("ticket=t2", List.of("task")).contains("serves no kind 'ticket' (it serves task)"));
        assertTrue(refused("task=", List.of("task")).contains("is not a subject kind pattern"));
        assertTrue(refused("Task2", List.of("task")).contains("'Task2' is not a subject kind pattern"));
        assertTrue(refused("", List.of("task")).contains("is not a subject kind pattern"));
        assertTrue(refused("t2.*", List.of("task")).contains("a kind for a kind"));
        assertTrue(refused("t2", List.of("task.*")).contains("a glob for a glob"));
        assertTrue(refused("*", List.of("task")).contains("cannot be aliased"));
        assertTrue(refused("t2", List.of("*")).contains("cannot be aliased"));
        assertTrue(refused("task", List.of("task")).contains("overlaps"));
        assertTrue(refused("task.x.*", List.of("task.*")).contains("overlaps"));
        assertTrue(refused("task.*=task.x.*", List.of("task.*")).contains("e.g. task2.*"));
        assertTrue(refused("a.*", List.of("a.b.*")).contains("overlaps"));
        assertThrows(
                IllegalArgumentException.class,
                () -> new KindAlias(KindPattern.parse("task"), KindPattern.parse("task")));
    }

    @Test
    void kindsAndMethodsAreRenamedBothWaysAndOthersPassUnchanged() {
        assertEquals("task", task2.nativeKind("task2"));
        assertEquals("task2", task2.aliasedKind("task"));
        assertEquals("other", task2.nativeKind("other"));
        assertEquals("task2.x", task2.nativeKind("task2.x"));
        assertEquals("task/get", task2.outboundMethod("task2/get"));
        assertEquals("task2/get", task2.inboundMethod("task/get"));
        assertEquals("subject/watch", task2.outboundMethod("subject/watch"));
        assertEquals("ping", task2.outboundMethod("ping"));
        KindAlias g = KindAlias.parse("t2.*", List.of("task.*"));
        assertEquals("task.a.b", g.nativeKind("t2.a.b"));
        assertEquals("t2.a.b", g.aliasedKind("task.a.b"));
        assertEquals("t2", g.nativeKind("t2"));
        assertEquals("task.bug/list", g.outboundMethod("t2.bug/list"));
    }

    @Test
    void outboundRewritesIdsKindsAndFiltersToTheNativeKindOnACopy() {
        JsonNode params = json("{'id':'task2:42','subject_id':'task2:7:x','kind':'task2','filter':{'kind':['task2',"
                + "'other'],'status':['ready']},'custom':{'kind':'task2'},'n':1.50}");
        JsonNode out = task2.outbound(params);
        assertEquals(
                json("{'id':'task:42','subject_id':'task:7:x','kind':'task','filter':{'kind':['task','other'],"
                        + "'status':['ready']},'custom':{'kind':'task2'},'n':1.50}"),
                out);
        assertEquals("task2:42", params.get("id").stringValue(), "the input is untouched");
        assertEquals(json("{'filter':{'kind':'task'}}"), task2.outbound(json("{'filter':{'kind':'task2'}}")));
        assertEquals(json("[1]"), task2.outbound(json("[1]")));
        assertEquals(json("{'id':42}"), task2.outbound(json("{'id':42}")));
    }

    @Test
    void inboundRewritesSubjectsListsBareSubjectsEventsAndSchemasBack() {
        assertEquals(
                json("{'subject':{'id':'task2:1','kind':'task2','parent':'task2:0','children':['task2:2','x:3']}}"),
                task2.inbound(json("{'subject':{'id':'task:1','kind':'task','parent':'task:0','children':['task:2',"
                        + "'x:3']}}")));
        assertEquals(
                json(
                        "{'subjects':[{'id':'task2:1','kind':'task2'},{'id':'req:1','kind':'req'}],'next_cursor':'task:9'}"),
                task2.inbound(json("{'subjects':[{'id':'task:1','kind':'task'},{'id':'req:1','kind':'req'}],"
                        + "'next_cursor':'task:9'}")));
        assertEquals(
                json("{'id':'task2:1','kind':'task2','title':'t'}"),
                task2.inbound(json("{'id':'task:1','kind':'task','title':'t'}")));
        assertEquals(
                json("{'id':'task:5','event':{'id':'task2:1','change_kind':'updated','subject':{'id':'task2:1',"
                        + "'kind':'task2'}}}"),
                task2.inbound(json("{'id':'task:5','event':{'id':'task:1','change_kind':'updated','subject':{"
                        + "'id':'task:1','kind':'task'}}}")),
                "beside an event, id is the watch's request id");
        assertEquals(
                json("{'id':'task2:1','change_kind':'deleted'}"),
                task2.inbound(json("{'id':'task:1','change_kind':'deleted'}")));
        KindAlias g = KindAlias.parse("t2.*", List.of("task.*"));
        assertEquals(
                json("{'kinds':['t2.*','t2.bug','task','*'],'supports_watch':true}"),
                g.inbound(json("{'kinds':['task.*','task.bug','task','*'],'supports_watch':true}")));
        assertEquals(json("{'ok':true}"), task2.inbound(json("{'ok':true}")));
    }
}
