/**
 * For tests only: seeded byte-level mutations shared by the fuzz tests of rpc, store and runtime.
 * Never a dependency of production code.
 */
module dev.animus.testfuzz {
    exports dev.animus.testfuzz;
}
