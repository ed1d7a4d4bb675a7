// What a suite asks of one database, through one connection (or, for LiteDB, the shared
// database object). One session per thread: ADO.NET connections are not thread-safe.
// Every read returns a number derived from what it read, so nothing can be optimised away.
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public abstract class ContenderSession : IDisposable
{
    /// <summary>One autocommitted insert (a durable commit where the contender is durable).</summary>
    public abstract void InsertUser(UserRow row);

    /// <summary>All rows in one transaction (LiteDB: InsertBulk).</summary>
    public abstract void InsertUsers(IReadOnlyList<UserRow> rows);

    public abstract void InsertOrders(IReadOnlyList<OrderRow> rows);

    public abstract void InsertPayloads(IReadOnlyList<PayloadRow> rows);

    /// <summary>Point read by primary key; the row's age, or -1 when absent.</summary>
    public abstract long ReadUser(long id);

    /// <summary>Reads the rows of the given keys in one query; the number found.</summary>
    public abstract int ReadUsers(long[] ids);

    /// <summary>Rows with from &lt;= created_at &lt; to, through the index on created_at.</summary>
    public abstract int ReadCreatedBetween(DateTime from, DateTime to);

    /// <summary>Rows whose email ends with the suffix (no index: a scan).</summary>
    public abstract int SearchEmail(string suffix);

    public abstract long CountUsers();

    /// <summary>SELECT age, COUNT(*) ... GROUP BY age; the number of groups.</summary>
    public abstract int CountByAge();

    /// <summary>Users with fromId &lt;= id &lt; toId joined with their orders; rows returned.</summary>
    public abstract int JoinOrders(long fromId, long toId);

    /// <summary>
    /// Walks the users as a binary tree (the children of id are 2*id and 2*id + 1) from id 1 down
    /// through the first <paramref name="nodes"/> ids; the number of nodes visited.
    /// </summary>
    public abstract long TreeWalk(long nodes);

    /// <summary>
    /// Every user with the running total of ages and the rank by age within its active/inactive partition
    /// (a window query); the sum of every row's rank and running total, so that no contender can skip either.
    /// </summary>
    public abstract long RankWithinPartitions();

    public abstract void UpdateAge(long id, int age);

    public abstract void DeleteUser(long id);

    /// <summary>The payload's length, or -1 when absent.</summary>
    public abstract int ReadPayload(long id);

    public abstract void Dispose();
}
