// LiteDB 5 on a file, used as its documentation recommends: one LiteDatabase shared by all
// threads (it is thread-safe), typed collections, InsertBulk for batches, EnsureIndex for
// the indexed columns. Durability: LiteDB's commit puts the pages in a queue that a
// background writer writes and flushes to disk (FlushToDisk) shortly after; the commit
// does not wait for that flush, so it is not durable when Insert returns.
using LiteDB;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class LiteDbContender : Contender
{
    private LiteDatabase? _database;

    public LiteDbContender(string name, string directory)
        : base(name, directory) => FilePath = Path.Combine(directory, "bench.litedb");

    public string FilePath { get; }

    public LiteDatabase Database => _database ??= Open(FilePath);

    public static LiteDatabase Open(string path) => new(new ConnectionString { Filename = path, Connection = ConnectionType.Direct });

    public override void CreateSchema()
    {
        Database.GetCollection<UserRow>("users").EnsureIndex(x => x.CreatedAt);
        Database.GetCollection<OrderRow>("orders").EnsureIndex(x => x.UserId);
        Database.GetCollection<PayloadRow>("payloads");
    }

    protected override ContenderSession CreateSession() => new LiteDbSession(Database);

    protected override void Release()
    {
        _database?.Dispose();
        _database = null;
    }
}
