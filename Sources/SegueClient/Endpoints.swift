// Replaced by the client.
