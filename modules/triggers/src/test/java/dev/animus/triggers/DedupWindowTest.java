package dev.animus.triggers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DedupWindowTest {

    @Test
    void randomAddsAgreeWithAListOfTheLastIds() {
        Random random = new Random(4096);
        for (int round = 0; round < 300; round++) {
            int capacity = 1 + random.nextInt(20);
            DedupWindow w = new DedupWindow(capacity);
            ArrayDeque<String> model = new ArrayDeque<>();
            for (int step = 0; step < 200; step++) {
                String id = "e" + random.nextInt(40);
                boolean held = model.contains(id);
                assertEquals(held, w.contains(id), id);
                assertEquals(!held, w.add(id));
                if (!held) {
                    model.addLast(id);
                    if (model.size() > capacity) {
                        model.removeFirst();
                    }
                }
                assertEquals(List.copyOf(model), w.ids());
            }
        }
    }

    @Test
    void theDefaultWindowHoldsTheLast4096Ids() {
        DedupWindow w = new DedupWindow(DedupWindow.DEFAULT_CAPACITY);
        for (int i = 0; i < 5000; i++) {
            w.add("e" + i);
        }
        assertEquals(4096, w.size());
        assertEquals(false, w.contains("e903"));
        assertEquals(true, w.contains("e904"));
    }
}
