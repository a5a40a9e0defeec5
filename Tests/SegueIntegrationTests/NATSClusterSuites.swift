import Testing

/// The suites that start nats-server clusters, run one at a time: each cluster is three servers, and several
/// clusters starting at once on a small machine miss their readiness deadlines.
@Suite(.serialized) enum NATSClusterSuites {}
