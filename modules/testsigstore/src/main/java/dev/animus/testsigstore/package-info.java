/** A test-time Sigstore; see the module description. */
package dev.animus.testsigstore;
