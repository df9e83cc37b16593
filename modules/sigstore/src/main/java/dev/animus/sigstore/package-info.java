/** Sigstore bundle verification; see the module description. */
package dev.animus.sigstore;
