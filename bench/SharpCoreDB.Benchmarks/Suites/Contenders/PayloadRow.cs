// An opaque value of a chosen size (the payload suite writes and reads ~100 B, ~1 KB, ~10 KB).
// LiteDB stores it in a typed collection; SQL contenders in `payloads (id, data BLOB)`.
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class PayloadRow
{
    public long Id { get; set; }

    public byte[] Data { get; set; } = [];
}
