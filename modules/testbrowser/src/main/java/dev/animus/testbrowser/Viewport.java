package dev.animus.testbrowser;

/**
 * The size a page is laid out and captured at, in CSS pixels; {@code mobile} lays it out as a phone
 * does (the viewport meta tag applies, overlay scrollbars).
 *
 * @param width CSS pixels, at least 1
 * @param height CSS pixels, at least 1
 * @param scale device pixels per CSS pixel (a screenshot is {@code width * scale} pixels wide)
 * @param mobile whether to emulate a phone
 */
public record Viewport(int width, int height, double scale, boolean mobile) {
    /** A laptop screen: 1280 by 800. */
    public static final Viewport DESKTOP = new Viewport(1280, 800, 1, false);
    /** A phone held upright: 390 by 844 (an iPhone 12 to 14). */
    public static final Viewport PHONE = new Viewport(390, 844, 1, true);

    public Viewport {
        if (width < 1 || height < 1 || !(scale > 0)) {
            throw new IllegalArgumentException("viewport " + width + "x" + height + " at " + scale);
        }
    }
}
