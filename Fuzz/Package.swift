// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for Segue, kept out of the main package so that `swift build` and `make test` never build
// them. scripts/fuzz.sh builds them with `-sanitize=fuzzer,address -parse-as-library` and runs them; FuzzSeeds
// (built without those flags) writes the seed inputs.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "SegueFuzz",
    dependencies: [
        .package(name: "Segue", path: ".."),
    ],
    targets: [
        // The checks, shared with the corpus replays of the main test suite (its files are symlinks to them).
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "SegueWire", package: "Segue"),
                .product(name: "SegueCore", package: "Segue"),
            ],
            swiftSettings: strictSettings
        ),
        // libFuzzer's driver, declared for Swift: the fuzzers' entry points call it (see FuzzWireDecoder.swift).
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "FuzzWireDecoder", dependencies: ["FuzzSupport", "CLibFuzzer"], swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzReducer", dependencies: ["FuzzSupport", "CLibFuzzer"], swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzSeeds",
            dependencies: ["FuzzSupport", .product(name: "SegueWire", package: "Segue")],
            swiftSettings: strictSettings
        ),
    ]
)
