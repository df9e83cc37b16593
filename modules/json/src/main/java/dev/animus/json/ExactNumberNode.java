package dev.animus.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.node.NumericFPNode;

/**
 * A JSON number kept exactly as it was written: {@code 1e1000000}, {@code -0.0}, {@code 1E+2},
 * {@code 0.1000000000000000000000000001}. It serializes as its text, byte for byte, and reads as
 * a number through the usual accessors: {@link #decimalValue()} is exact (when the exponent fits a
 * {@code BigDecimal}), {@link #asDouble()} the nearest double, and a double or float accessor
 * fails, as Jackson's do, when the value is out of that type's range.
 *
 * <p>Only numbers that Jackson's own nodes would rewrite are kept this way (see {@link ExactJson});
 * {@code 2.5} stays a {@code DoubleNode}, {@code 7} an {@code IntNode}. Two such nodes are equal
 * when their texts are. Immutable and thread-safe.
 */
public final class ExactNumberNode extends NumericFPNode {
    private static final long serialVersionUID = 1L;
    private static final BigDecimal MIN_SHORT = BigDecimal.valueOf(Short.MIN_VALUE);
    private static final BigDecimal MAX_SHORT = BigDecimal.valueOf(Short.MAX_VALUE);
    private static final BigDecimal MIN_INT = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal MAX_INT = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal MIN_LONG = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);

    /** Marks an exponent that does not fit a {@code BigDecimal} (beyond ±2^31). */
    private static final BigDecimal UNREPRESENTABLE = new BigDecimal("-1");

    private final String text;
    private final double nearest;
    /** Parsed on first use: parsing a long number is quadratic, and most are only passed on. */
    private transient volatile BigDecimal exact;

    /** @param text a number in the JSON grammar (RFC 8259 §6); not checked here */
    public ExactNumberNode(String text) {
        this.text = Objects.requireNonNull(text, "text");
        this.nearest = Double.parseDouble(text);
    }

    /** The number as it was written. */
    public String text() {
        return text;
    }

    @Override
    public JsonParser.NumberType numberType() {
        return JsonParser.NumberType.BIG_DECIMAL;
    }

    @Override
    public boolean isBigDecimal() {
        return true;
    }

    @Override
    public boolean isNaN() {
        return false;
    }

    @Override
    protected String _asString() {
        return text;
    }

    @Override
    public Number numberValue() {
        return exact() != null ? exact() : Double.valueOf(nearest);
    }

    @Override
    public float floatValue() {
        float f = (float) nearest;
        return Float.isFinite(f) ? f : _reportFloatConversionRangeFail("floatValue()");
    }

    @Override
    public float floatValue(float defaultValue) {
        float f = (float) nearest;
        return Float.isFinite(f) ? f : defaultValue;
    }

    @Override
    public Optional<Float> floatValueOpt() {
        float f = (float) nearest;
        return Float.isFinite(f) ? Optional.of(f) : Optional.empty();
    }

    @Override
    public float asFloat() {
        return floatValue();
    }

    @Override
    public float asFloat(float defaultValue) {
        return floatValue(defaultValue);
    }

    @Override
    public Optional<Float> asFloatOpt() {
        return floatValueOpt();
    }

    @Override
    public double doubleValue() {
        return Double.isFinite(nearest) ? nearest : _reportDoubleConversionRangeFail("doubleValue()");
    }

    @Override
    public double doubleValue(double defaultValue) {
        return Double.isFinite(nearest) ? nearest : defaultValue;
    }

    @Override
    public OptionalDouble doubleValueOpt() {
        return Double.isFinite(nearest) ? OptionalDouble.of(nearest) : OptionalDouble.empty();
    }

    @Override
    public double asDouble() {
        return doubleValue();
    }

    @Override
    public double asDouble(double defaultValue) {
        return doubleValue(defaultValue);
    }

    @Override
    public OptionalDouble asDoubleOpt() {
        return doubleValueOpt();
    }

    @Override
    public short _asShortValueUnchecked() {
        return exact() != null ? exact().shortValue() : (short) nearest;
    }

    @Override
    public int _asIntValueUnchecked() {
        return exact() != null ? exact().intValue() : (int) nearest;
    }

    @Override
    public long _asLongValueUnchecked() {
        return exact() != null ? exact().longValue() : (long) nearest;
    }

    @Override
    protected BigInteger _asBigIntegerValueUnchecked() {
        return _asDecimalValueUnchecked().toBigInteger();
    }

    @Override
    protected BigDecimal _asDecimalValueUnchecked() {
        return exact() != null
                ? exact()
                : _reportCoercionFail("decimalValue()", BigDecimal.class, "exponent out of the range of BigDecimal");
    }

    @Override
    public boolean hasFractionalPart() {
        return exact() != null
                ? exact().signum() != 0 && exact().stripTrailingZeros().scale() > 0
                : nearest != Math.rint(nearest);
    }

    @Override
    public boolean inShortRange() {
        return within(MIN_SHORT, MAX_SHORT);
    }

    @Override
    public boolean inIntRange() {
        return within(MIN_INT, MAX_INT);
    }

    @Override
    public boolean inLongRange() {
        return within(MIN_LONG, MAX_LONG);
    }

    /** Writes the text as it was, through {@link JsonGenerator#writeNumber(String)}. */
    @Override
    public void serialize(JsonGenerator g, SerializationContext ctxt) throws JacksonException {
        g.writeNumber(text);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof ExactNumberNode other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    private boolean within(BigDecimal min, BigDecimal max) {
        BigDecimal exact = exact();
        return exact != null && exact.compareTo(min) >= 0 && exact.compareTo(max) <= 0;
    }

    /** The exact value, or null when its exponent does not fit a {@code BigDecimal}. */
    private BigDecimal exact() {
        BigDecimal value = exact;
        if (value == null) {
            try {
                value = new BigDecimal(text);
            } catch (NumberFormatException exponentTooLarge) {
                value = UNREPRESENTABLE;
            }
            exact = value;
        }
        return value == UNREPRESENTABLE ? null : value;
    }
}
