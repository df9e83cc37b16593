package dev.animus.core;

import java.util.List;
import java.util.Set;

/**
 * The host's own deterministic classifier of shell commands, the fallback of the
 * {@code classify.command-risk} policy hook (docs/lifecycle.md#hooks-and-events): a read-only
 * allowlist, low-risk commands, high-risk patterns, and everything else high-risk. A line is cut
 * into its simple commands first ({@link ShellSegments}), so quoting tricks ({@code r''m}),
 * chains and pipes are seen through; what cannot be seen through (a substitution, a variable in
 * command position, an unbalanced quote) is high-risk. The riskiest part decides. Pure and
 * allocation-light: it runs for every command an agent proposes.
 */
public final class BuiltinCommandRisk {
    /** The longest command the hook accepts. */
    public static final int MAX_COMMAND_CHARS = 4000;

    private static final Set<String> READ_ONLY = Set.of(
            "ls",
            "cat",
            "head",
            "tail",
            "grep",
            "egrep",
            "fgrep",
            "rg",
            "ag",
            "wc",
            "pwd",
            "echo",
            "printf",
            "which",
            "whereis",
            "type",
            "file",
            "stat",
            "du",
            "df",
            "tree",
            "less",
            "more",
            "sort",
            "uniq",
            "cut",
            "tr",
            "diff",
            "cmp",
            "basename",
            "dirname",
            "realpath",
            "readlink",
            "date",
            "whoami",
            "id",
            "uname",
            "hostname",
            "printenv",
            "true",
            "false",
            "test",
            "[",
            "jq",
            "nl",
            "column",
            "ps",
            "free",
            "uptime",
            "sha256sum",
            "sha1sum",
            "md5sum",
            "cksum",
            "comm",
            "rev",
            "seq",
            "yes",
            "man",
            "tac");
    private static final Set<String> LOW_RISK = Set.of(
            "mkdir", "touch", "cp", "mv", "ln", "rmdir", "tar", "zip", "unzip", "gzip", "gunzip", "make", "mvn", "mvnw",
            "gradle", "gradlew", "curl", "wget", "javac", "java", "gcc", "cc", "tee");
    private static final Set<String> HIGH_RISK = Set.of(
            "dd",
            "fdisk",
            "sfdisk",
            "parted",
            "shred",
            "wipefs",
            "mount",
            "umount",
            "kill",
            "killall",
            "pkill",
            "reboot",
            "shutdown",
            "halt",
            "poweroff",
            "systemctl",
            "chown",
            "chgrp",
            "iptables",
            "crontab",
            "passwd",
            "useradd",
            "userdel",
            "usermod",
            "truncate",
            "mkswap",
            "swapoff",
            "insmod",
            "rmmod",
            "modprobe",
            "chattr",
            "setfacl",
            "at",
            "nc",
            "ncat",
            "socat",
            "ssh",
            "scp",
            "rsync");
    private static final Set<String> ESCALATE = Set.of("sudo", "doas", "su", "pkexec", "runuser");
    private static final Set<String> INTERPRETERS = Set.of(
            "sh",
            "bash",
            "zsh",
            "dash",
            "ksh",
            "csh",
            "tcsh",
            "fish",
            "python",
            "python2",
            "python3",
            "perl",
            "ruby",
            "node",
            "deno",
            "php",
            "lua",
            "tclsh",
            "eval",
            "exec",
            "source",
            ".",
            "osascript",
            "pwsh");
    private static final Set<String> WRAPPERS = Set.of("time", "nice", "nohup", "command", "builtin", "stdbuf");
    private static final Set<String> GIT_READ = Set.of(
            "status",
            "log",
            "diff",
            "show",
            "blame",
            "rev-parse",
            "ls-files",
            "ls-tree",
            "describe",
            "shortlog",
            "grep",
            "cat-file",
            "reflog",
            "whatchanged",
            "help",
            "version");
    private static final Set<String> GIT_LOW = Set.of(
            "add",
            "commit",
            "checkout",
            "switch",
            "stash",
            "fetch",
            "pull",
            "merge",
            "restore",
            "mv",
            "init",
            "clone",
            "cherry-pick",
            "revert",
            "worktree",
            "notes",
            "am",
            "apply",
            "rebase");
    private static final Set<String> FIND_ACTIONS =
            Set.of("-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls");

    private BuiltinCommandRisk() {}

    /** What the host's rules say of {@code command}; never throws for a non-null line. */
    public static CommandRisk classify(String command) {
        if (command.isEmpty() || command.length() > MAX_COMMAND_CHARS) {
            return CommandRisk.unknown("not a command of 1 to " + MAX_COMMAND_CHARS + " characters");
        }
        ShellSegments parsed = ShellSegments.parse(command);
        if (parsed.problem().isPresent()) {
            return CommandRisk.known(
                    RiskLevel.HIGH_RISK,
                    "it hides what it runs: " + parsed.problem().get());
        }
        if (parsed.segments().isEmpty()) {
            return CommandRisk.unknown("no command in it");
        }
        CommandRisk worst = null;
        for (ShellSegments.Segment segment : parsed.segments()) {
            CommandRisk r = segment(segment.words(), segment.piped());
            worst = worst == null ? r : worst.worse(r);
        }
        for (String target : parsed.redirects()) {
            worst = worst.worse(redirect(target));
        }
        return worst;
    }

    private static CommandRisk redirect(String target) {
        if (target.equals("/dev/null") || target.equals("/dev/stdout") || target.equals("/dev/stderr")) {
            return CommandRisk.known(RiskLevel.READ_ONLY, "a redirect to " + target);
        }
        if (target.startsWith("/dev/")) {
            return CommandRisk.known(RiskLevel.HIGH_RISK, "a redirect to the device " + target);
        }
        if (target.startsWith("/") || target.startsWith("~") || target.contains("..")) {
            return CommandRisk.known(RiskLevel.HIGH_RISK, "a redirect over " + target + ", outside the project");
        }
        return CommandRisk.known(RiskLevel.LOW_RISK, "a redirect writes " + target);
    }

    private static CommandRisk segment(List<String> words, boolean piped) {
        int k = 0;
        while (k < words.size() && isAssignment(words.get(k))) {
            k++;
        }
        while (k < words.size()) {
            String name = commandName(words.get(k));
            if (WRAPPERS.contains(name) || name.equals("env") && k + 1 < words.size()) {
                k++;
                while (k < words.size() && (words.get(k).startsWith("-") || isAssignment(words.get(k)))) {
                    k++;
                }
                continue;
            }
            if (name.equals("timeout") || name.equals("xargs")) {
                k++;
                while (k < words.size() && (words.get(k).startsWith("-") || isDuration(words.get(k)))) {
                    k++;
                }
                continue;
            }
            break;
        }
        if (k >= words.size()) {
            return CommandRisk.known(RiskLevel.READ_ONLY, "only variable assignments");
        }
        String name = commandName(words.get(k));
        List<String> args = words.subList(k + 1, words.size());
        if (ESCALATE.contains(name)) {
            return CommandRisk.known(RiskLevel.HIGH_RISK, name + " runs as another user");
        }
        if (INTERPRETERS.contains(name)) {
            return CommandRisk.known(
                    RiskLevel.HIGH_RISK, piped ? "it pipes into " + name : name + " runs arbitrary code");
        }
        if (name.startsWith("mkfs")) {
            return CommandRisk.known(RiskLevel.HIGH_RISK, name + " formats a file system");
        }
        if (HIGH_RISK.contains(name)) {
            return CommandRisk.known(RiskLevel.HIGH_RISK, name + " is a high-risk command");
        }
        return switch (name) {
            case "rm", "unlink" ->
                CommandRisk.known(
                        RiskLevel.HIGH_RISK,
                        name + " deletes files"
                                + (hasFlag(args, 'r') || hasFlag(args, 'R') || args.contains("--recursive")
                                        ? " recursively"
                                        : ""));
            case "chmod" ->
                hasFlag(args, 'R') || args.contains("--recursive")
                        ? CommandRisk.known(RiskLevel.HIGH_RISK, "chmod -R changes modes recursively")
                        : CommandRisk.known(RiskLevel.LOW_RISK, "chmod changes a file's mode");
            case "git" -> git(args);
            case "find" ->
                args.stream().anyMatch(FIND_ACTIONS::contains)
                        ? CommandRisk.known(RiskLevel.HIGH_RISK, "find with an action that runs or deletes")
                        : CommandRisk.known(RiskLevel.READ_ONLY, "find lists files");
            case "sed" ->
                args.stream().anyMatch(a -> a.startsWith("-i") || a.equals("--in-place"))
                        ? CommandRisk.known(RiskLevel.LOW_RISK, "sed -i edits files in place")
                        : CommandRisk.known(RiskLevel.READ_ONLY, "sed prints");
            case "npm", "pnpm", "yarn", "pip", "pip3", "cargo", "go", "gem" -> packages(name, args);
            case "env" -> CommandRisk.known(RiskLevel.READ_ONLY, "env prints the environment");
            default -> {
                if (READ_ONLY.contains(name)) {
                    yield CommandRisk.known(RiskLevel.READ_ONLY, name + " only reads");
                }
                if (LOW_RISK.contains(name)) {
                    yield CommandRisk.known(RiskLevel.LOW_RISK, name + " changes files or reaches the network");
                }
                yield CommandRisk.unknown(OneLine.of(name) + " is not a command the host knows");
            }
        };
    }

    private static CommandRisk git(List<String> args) {
        int k = 0;
        while (k < args.size() && args.get(k).startsWith("-")) {
            String opt = args.get(k);
            k += opt.equals("-C") || opt.equals("-c") || opt.equals("--git-dir") || opt.equals("--work-tree") ? 2 : 1;
        }
        if (k >= args.size()) {
            return CommandRisk.known(RiskLevel.READ_ONLY, "git prints its help");
        }
        String sub = args.get(k);
        List<String> rest = args.subList(k + 1, args.size());
        boolean force = rest.stream().anyMatch(a -> a.equals("--force") || a.equals("-f") || a.startsWith("--force-"));
        if (GIT_READ.contains(sub)) {
            return CommandRisk.known(RiskLevel.READ_ONLY, "git " + sub + " only reads");
        }
        if (sub.equals("branch") || sub.equals("tag") || sub.equals("remote")) {
            boolean lists = rest.stream()
                    .allMatch(a -> a.startsWith("-")
                            && !a.equals("-d")
                            && !a.equals("-D")
                            && !a.equals("--delete")
                            && !a.equals("-m")
                            && !a.equals("-M"));
            return lists
                    ? CommandRisk.known(RiskLevel.READ_ONLY, "git " + sub + " lists")
                    : CommandRisk.known(RiskLevel.LOW_RISK, "git " + sub + " changes refs");
        }
        if (GIT_LOW.contains(sub) && !force) {
            return CommandRisk.known(RiskLevel.LOW_RISK, "git " + sub + " changes the work tree or history locally");
        }
        if (sub.equals("reset") && !rest.contains("--hard")) {
            return CommandRisk.known(RiskLevel.LOW_RISK, "git reset moves the index");
        }
        return switch (sub) {
            case "push", "reset", "clean", "filter-branch", "gc", "prune", "rm", "update-ref", "checkout", "switch" ->
                CommandRisk.known(
                        RiskLevel.HIGH_RISK, "git " + sub + (force ? " --force" : "") + " can lose work or publish it");
            default -> CommandRisk.unknown("git " + OneLine.of(sub) + " is not a git command the host knows");
        };
    }

    private static CommandRisk packages(String tool, List<String> args) {
        String sub = args.isEmpty() ? "" : args.getFirst();
        return switch (sub) {
            case "install", "i", "add", "ci", "update", "upgrade", "uninstall", "remove", "publish", "exec", "x" ->
                CommandRisk.known(RiskLevel.HIGH_RISK, tool + " " + sub + " runs or changes code from a registry");
            case "test", "run", "build", "check", "list", "ls", "show", "fmt", "vet", "version", "--version" ->
                CommandRisk.known(RiskLevel.LOW_RISK, tool + " " + sub + " runs the project's own tasks");
            default -> CommandRisk.unknown(tool + " " + OneLine.of(sub) + " is not a use the host knows");
        };
    }

    private static boolean hasFlag(List<String> args, char flag) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            if (a.startsWith("-") && !a.startsWith("--") && a.indexOf(flag) > 0) {
                return true;
            }
        }
        return false;
    }

    private static String commandName(String word) {
        int slash = word.lastIndexOf('/');
        return slash >= 0 && slash < word.length() - 1 ? word.substring(slash + 1) : word;
    }

    private static boolean isAssignment(String word) {
        int eq = word.indexOf('=');
        if (eq <= 0) {
            return false;
        }
        for (int i = 0; i < eq; i++) {
            char c = word.charAt(i);
            if (!(c == '_' || Character.isLetterOrDigit(c)) || i == 0 && Character.isDigit(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDuration(String word) {
        return !word.isEmpty() && Character.isDigit(word.charAt(0));
    }
}
