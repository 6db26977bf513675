"""simulate(), chunking, parallel backends, shard and merge."""
