// One fsync of the log that took long, as the log hands it to probes (SlowSyncRecord).
namespace SharpCoreDB.Wal;

/// <summary>One slow fsync of the log: when it ended (UTC ticks, the wall clock) and how long it took.</summary>
internal readonly record struct WalSlowSync(long EndUtcTicks, TimeSpan Duration);
