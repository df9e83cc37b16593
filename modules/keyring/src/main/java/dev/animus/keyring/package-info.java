/** The Secret Service backend of the secrets port; see the module description. */
package dev.animus.keyring;
