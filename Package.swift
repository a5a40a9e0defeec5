// swift-tools-version: 6.0
import PackageDescription

// Every Swift target is built in Swift 6 language mode with the same strictness.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segued", targets: ["segued"]),
        .executable(name: "segue", targets: ["segue"]),
        .library(name: "SegueClient", targets: ["SegueClient"]),
        .library(name: "SegueClusterClient", targets: ["SegueClusterClient"]),
        .library(name: "SegueJSON", targets: ["SegueJSON"]),
        .library(name: "SegueDisplay", targets: ["SegueDisplay"]),
        .library(name: "SegueEngine", targets: ["SegueEngine"]),
        // For the fuzzers in Fuzz/, a separate package that depends on this one by path.
        .library(name: "SegueWire", targets: ["SegueWire"]),
        .library(name: "SegueCore", targets: ["SegueCore"]),
    ],
    targets: [
        // No pkgConfig: zmq.h is in the default include path and the module map links zmq, while libzmq.pc's cflags
        // carry `-isystem /usr/include/mit-krb5` (from its Kerberos dependency), which SwiftPM refuses with a warning.
        .systemLibrary(
            name: "CZeroMQ",
            providers: [.apt(["libzmq3-dev"])]
        ),
        .target(name: "ZMQ", dependencies: ["CZeroMQ"], swiftSettings: strictSettings),
        // libwebsockets for `segue web`: HTTP, WebSocket framing and non-blocking writes (docs/architecture.md).
        .systemLibrary(
            name: "CWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .target(name: "WebSockets", dependencies: ["CWebSockets"], swiftSettings: strictSettings),
        // The NATS C client for cluster mode: a replicated JetStream stream is the log, a KV bucket holds the lease.
        .systemLibrary(
            name: "CNats",
            pkgConfig: "libnats",
            providers: [.apt(["libnats-dev"])]
        ),
        .target(name: "NATS", dependencies: ["CNats", "Ed25519"], swiftSettings: strictSettings),
        // libsodium (libzmq's CURVE needs it too), for Ed25519.
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // Ed25519 keys and signatures over libsodium, for the cluster's key and NATS nkeys.
        .target(name: "Ed25519", dependencies: ["CSodium"], swiftSettings: strictSettings),
        // The servers the integration tests and the bench start alike: segued read to its ready line, a loopback
        // nats-server cluster, free loopback ports; and a shard's stream filled with a long history.
        .target(
            name: "SegueTestSupport",
            dependencies: ["NATS", "SegueClient", "SegueClusterClient", "SegueCore", "SegueSystem", "SegueWire"],
            swiftSettings: strictSettings),
        // A cluster as its clients read it from NATS: where stacks are served (`ClusterDirectory`), every shard's
        // events (`ClusterEventFeed`), and the signatures and layout every reader of a shard checks.
        .target(
            name: "SegueClusterClient", dependencies: ["Ed25519", "NATS", "SegueCommandLine", "SegueWire"],
            swiftSettings: strictSettings
        ),
        // A cluster's daemon: its shard taken over, its lease held and the engine's log replicated to its stream.
        .target(
            name: "SegueCluster",
            dependencies: [
                "NATS", "SegueClusterClient", "SegueEngine", "SegueLog", "SegueLogging", "SegueSystem", "SegueWire",
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "SegueWire", swiftSettings: strictSettings),
        .target(name: "SegueCore", dependencies: ["SegueWire"], swiftSettings: strictSettings),
        .target(name: "SegueLog", swiftSettings: strictSettings),
        .target(
            name: "SegueEngine",
            dependencies: ["ZMQ", "SegueWire", "SegueCore", "SegueLog", "SegueLogging", "SegueSystem"],
            swiftSettings: strictSettings
        ),
        .target(name: "SegueClient", dependencies: ["ZMQ", "SegueWire"], swiftSettings: strictSettings),
        .target(name: "SegueJSON", dependencies: ["SegueWire"], swiftSettings: strictSettings),
        .target(name: "SegueDisplay", dependencies: ["SegueWire"], swiftSettings: strictSettings),
        .target(name: "SegueCommandLine", dependencies: ["SegueLogging"], swiftSettings: strictSettings),
        .target(name: "SegueLogging", swiftSettings: strictSettings),
        // The spawn under `SpawnedProcess`: posix_spawn with a working directory (a GNU extension Swift does not
        // see), or fork, prctl(PR_SET_PDEATHSIG) and exec for a daemon that must not outlive `segue demo`: Swift can
        // neither call prctl (variadic) nor run code between fork and exec safely.
        .target(name: "CChildSpawn"),
        .target(name: "SegueSystem", dependencies: ["CChildSpawn"], swiftSettings: strictSettings),
        .target(
            name: "SegueGateway",
            dependencies: [
                "WebSockets", "ZMQ", "SegueWire", "SegueCore", "SegueClient", "SegueJSON", "SegueSystem",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "segued",
            dependencies: [
                "SegueEngine", "SegueCluster", "SegueClusterClient", "SegueCommandLine", "SegueLogging", "SegueSystem",
                "SegueWire", "WebSockets", "ZMQ",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueClient", "SegueJSON", "SegueDisplay", "SegueWire", "SegueCore", "SegueEngine", "SegueCommandLine",
                "SegueGateway", "SegueSystem",
                "SegueClusterClient", "WebSockets", "ZMQ",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "segue-bench",
            dependencies: [
                "ZMQ", "SegueWire", "SegueCore", "SegueLog", "SegueClient", "SegueJSON", "SegueCommandLine",
                "SegueSystem", "WebSockets", "SegueTestSupport", "SegueClusterClient",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ZMQTests", dependencies: ["ZMQ"], swiftSettings: strictSettings),
        .testTarget(name: "SegueSystemTests", dependencies: ["SegueSystem"], swiftSettings: strictSettings),
        .testTarget(
            name: "SegueTestSupportTests", dependencies: ["SegueTestSupport", "SegueSystem"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SegueBenchTests", dependencies: ["segue-bench", "SegueWire", "SegueSystem", "SegueTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SegueWireTests",
            dependencies: ["SegueWire", "SegueJSON"],
            resources: [.copy("Golden")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SegueCoreTests", dependencies: ["SegueCore"], exclude: ["Fixtures"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SegueGatewayTests",
            dependencies: ["SegueGateway", "SegueClient", "SegueJSON", "SegueWire", "SegueSystem", "WebSockets"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "SegueLogTests", dependencies: ["SegueLog"], swiftSettings: strictSettings),
        .testTarget(
            name: "SegueCommandLineTests", dependencies: ["SegueCommandLine", "SegueLogging"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SegueEngineTests",
            dependencies: ["SegueEngine", "SegueClient", "SegueCore", "SegueLogging"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SegueIntegrationTests",
            dependencies: [
                "SegueClient", "SegueJSON", "SegueDisplay", "SegueWire", "SegueCore", "SegueEngine", "ZMQ", "NATS",
                "SegueCluster", "SegueClusterClient", "SegueSystem", "SegueTestSupport", "SegueGateway", "WebSockets",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ]
)
