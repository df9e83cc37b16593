/**
 * For tests only: headless Chromium driven over the DevTools protocol (a WebSocket of the JDK's
 * java.net.http and JSON trees of Jackson; no Selenium, no driver binary). A test launches the
 * browser, opens a page, navigates, evaluates JavaScript, awaits a condition in the page, clicks,
 * presses keys, sizes the viewport and writes screenshots. Never a dependency of production code,
 * and never shipped in the image.
 */
module dev.animus.testbrowser {
    requires java.net.http;
    requires transitive tools.jackson.databind;

    exports dev.animus.testbrowser;
}
