package dev.animus.archtest;

/**
 * One citation that does not resolve.
 *
 * @param file the file, relative to the repository root
 * @param line its line, from 1
 * @param cited what the file says
 * @param why what is wrong and what to write instead
 */
record Finding(String file, int line, String cited, String why) {
    @Override
    public String toString() {
        return file + ":" + line + ": '" + cited + "': " + why;
    }
}
