package zpagent;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.logging.Level;
import org.neo4j.logging.log4j.Log4jLogProvider;

/**
 * Runs Neo4j 5 Community embedded with only a Bolt connector, so tests and CI
 * get a real Neo4j server without Docker or a Neo4j distribution download.
 *
 * <pre>
 *   NEO4J_PASSWORD=... java -Xmx512m -jar neo4j-launcher.jar DATA_DIR [PORT]
 * </pre>
 *
 * DATA_DIR is throw-away: it must be empty or absent and is deleted on exit.
 * Prints "NEO4J_READY bolt://127.0.0.1:PORT" once a client can log in.
 */
public final class Neo4jLauncher {

    private static final String HOST = "127.0.0.1";

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            // Neo4j starts non-daemon threads, so an exception escaping main
            // would leave a half-started JVM running; exit explicitly instead.
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: NEO4J_PASSWORD=... java -jar neo4j-launcher.jar DATA_DIR [PORT]");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        int port = args.length > 1 ? Integer.parseInt(args[1]) : BoltConnector.DEFAULT_PORT;
        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            // Neo4j rejects passwords shorter than 8 chars by default; the
            // neo4j:5 Docker image does too, so we keep that rule for parity.
            System.err.println("NEO4J_PASSWORD must be set and at least 8 characters long");
            System.exit(2);
        }
        // We delete DATA_DIR recursively at exit, so refuse anything that
        // could hold somebody's files.
        if (Files.exists(home) && !isEmptyDir(home)) {
            System.err.println("DATA_DIR must be an empty or missing directory: " + home);
            System.exit(2);
        }
        Files.createDirectories(home);

        long t0 = System.nanoTime();
        DatabaseManagementService dbms;
        try {
            dbms = build(home, port);
        } catch (RuntimeException e) {
            // e.g. port in use: no shutdown hook yet, so clean up here.
            deleteRecursively(home);
            throw e;
        }

        CountDownLatch stopped = new CountDownLatch(1);
        // SIGTERM/SIGINT run shutdown hooks: stop Neo4j cleanly (flushes the
        // store, closes Bolt) and then remove the throw-away data.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long s0 = System.nanoTime();
            System.out.println("NEO4J_STOPPING");
            System.out.flush();
            try {
                dbms.shutdown();
            } catch (RuntimeException e) {
                System.err.println("Neo4j shutdown failed: " + e);
            }
            try {
                deleteRecursively(home);
            } catch (IOException e) {
                System.err.println("could not delete " + home + ": " + e);
            }
            System.out.printf("NEO4J_STOPPED (in %d ms)%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - s0));
            System.out.flush();
            stopped.countDown();
        }, "neo4j-launcher-shutdown"));

        // Community creates user neo4j/neo4j with "password change required",
        // which the Python driver cannot get past. Embedded access to the system
        // database is not authenticated, so set the real password here.
        dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                "ALTER USER neo4j SET PLAINTEXT PASSWORD $password CHANGE NOT REQUIRED",
                Map.of("password", password));

        long availableTimeout = TimeUnit.SECONDS.toMillis(60);
        if (!dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).isAvailable(availableTimeout)) {
            System.err.println("default database did not become available");
            System.exit(1);
        }
        // build() returns once the connector is bound, but callers poll for the
        // READY line only, so make sure the port really accepts connections.
        waitForPort(HOST, port, 30_000);

        System.out.printf("NEO4J_READY bolt://%s:%d (started in %d ms)%n",
                HOST, port, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        System.out.flush();
        stopped.await();
    }

    private static DatabaseManagementService build(Path home, int port) {
        return new DatabaseManagementServiceBuilder(home)
                // Without a user log provider embedded Neo4j is silent on stdout;
                // we want startup problems in the caller's log file.
                .setUserLogProvider(new Log4jLogProvider(System.out, Level.INFO))
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(HOST, port))
                .setConfig(BoltConnector.advertised_address, new SocketAddress(HOST, port))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                // Small footprint: CI machines run this next to the test suite.
                .setConfig(GraphDatabaseSettings.pagecache_memory, 64L * 1024 * 1024)
                // Default is to preallocate 256 MiB transaction log files; pointless
                // (and slow on some filesystems) for a throw-away test store.
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .setConfig(GraphDatabaseSettings.logical_log_rotation_threshold, 16L * 1024 * 1024)
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "false")
                // Usage-data reporting would try to reach the internet.
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                // Bolt waits a 5 s Netty "quiet period" per event loop group on
                // shutdown (~10 s in total); a test server has no in-flight work
                // worth waiting for. Internal settings, so pinned to this version.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(5))
                // Open transactions of a test that is being torn down would hold
                // shutdown for 10 s by default; they are rolled back either way.
                .setConfig(GraphDatabaseSettings.shutdown_transaction_end_timeout, Duration.ofSeconds(2))
                .build();
    }

    private static boolean isEmptyDir(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void waitForPort(String host, int port, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 1000);
                return;
            } catch (IOException e) {
                if (System.currentTimeMillis() > deadline) {
                    System.err.println("Bolt port " + port + " never accepted connections: " + e);
                    System.exit(1);
                }
                Thread.sleep(100);
            }
        }
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
