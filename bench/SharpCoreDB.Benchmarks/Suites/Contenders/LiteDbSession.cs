// The LiteDB side of a session: typed collections of the shared LiteDatabase. LiteDB has
// no SQL join: the join benchmark reads the users of the id range and looks up each
// user's orders through the index on UserId, which is how a LiteDB user would write it.
using LiteDB;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class LiteDbSession : ContenderSession
{
    private readonly ILiteCollection<UserRow> _users;
    private readonly ILiteCollection<OrderRow> _orders;
    private readonly ILiteCollection<PayloadRow> _payloads;
    private readonly ILiteCollection<BsonDocument> _stats;
    private readonly LiteDatabase _database;

    public LiteDbSession(LiteDatabase database)
    {
        _users = database.GetCollection<UserRow>("users");
        _orders = database.GetCollection<OrderRow>("orders");
        _payloads = database.GetCollection<PayloadRow>("payloads");
        _stats = database.GetCollection("user_stats");
        _database = database;
    }

    public override void InsertUser(UserRow row) => _users.Insert(row);

    public override void InsertUsers(IReadOnlyList<UserRow> rows) => _users.InsertBulk(rows);

    // LiteDB has no foreign keys: the application looks each order's user up itself, as it would have to.
    public override void InsertOrders(IReadOnlyList<OrderRow> rows)
    {
        foreach (OrderRow row in rows)
        {
            if (!_users.Exists(Query.EQ("_id", row.UserId)))
            {
                throw new InvalidOperationException($"order {row.Id}: no user {row.UserId}");
            }
        }

        // No triggers either: the application keeps each user's order count and total itself, in the same transaction.
        _database.BeginTrans();
        _orders.InsertBulk(rows);
        foreach (OrderRow row in rows)
        {
            BsonDocument? stats = _stats.FindById(row.UserId);
            if (stats is null)
            {
                _stats.Insert(new BsonDocument { ["_id"] = row.UserId, ["orders"] = 1, ["total"] = row.Amount });
            }
            else
            {
                stats["orders"] = stats["orders"].AsInt32 + 1;
                stats["total"] = stats["total"].AsDouble + row.Amount;
                _stats.Update(stats);
            }
        }

        _database.Commit();
    }

    public override void InsertPayloads(IReadOnlyList<PayloadRow> rows) => _payloads.InsertBulk(rows);

    public override long ReadUser(long id) => _users.FindById(id)?.Age ?? -1;

    public override int ReadUsers(long[] ids)
    {
        var keys = new BsonArray();
        foreach (long id in ids)
        {
            keys.Add(id);
        }

        return Count(_users.Find(Query.In("_id", keys)));
    }

    public override int ReadCreatedBetween(DateTime from, DateTime to) =>
        Count(_users.Find(x => x.CreatedAt >= from && x.CreatedAt < to));

    public override int SearchEmail(string suffix) => Count(_users.Find(x => x.Email.EndsWith(suffix)));

    public override long CountUsers() => _users.LongCount();

    public override int CountByAge()
    {
        int groups = 0;
        foreach (BsonDocument _ in _users.Query().GroupBy("$.Age").Select("{ age: @key, n: COUNT(*) }").ToDocuments())
        {
            groups++;
        }

        return groups;
    }

    // LiteDB has no window functions: each partition is sorted and walked in memory. Rows of
    // equal age are peers: they share a rank and a running total that includes all of them.
    public override long RankWithinPartitions()
    {
        long sum = 0;
        foreach (IGrouping<bool, UserRow> partition in _users.FindAll().GroupBy(u => u.Active))
        {
            long running = 0;
            int position = 0;
            foreach (IGrouping<int, UserRow> peers in partition.GroupBy(u => u.Age).OrderBy(g => g.Key))
            {
                int rank = position + 1;
                int count = peers.Count();
                running += (long)peers.Key * count;
                position += count;
                sum += (rank + running) * count;
            }
        }

        return sum;
    }

    // LiteDB has no recursive query: the walk is a breadth-first loop of primary-key lookups
    // (a range Find on Id scans the collection in LiteDB, which would make this quadratic).
    public override long TreeWalk(long nodes)
    {
        var queue = new Queue<long>();
        queue.Enqueue(1);
        long visited = 0;
        while (queue.TryDequeue(out long id))
        {
            visited++;
            for (long child = id * 2; child <= id * 2 + 1 && child <= nodes; child++)
            {
                if (_users.FindById(child) is not null)
                {
                    queue.Enqueue(child);
                }
            }
        }

        return visited;
    }

    public override int JoinOrders(long fromId, long toId)
    {
        int rows = 0;
        foreach (UserRow user in _users.Find(x => x.Id >= fromId && x.Id < toId))
        {
            long id = user.Id;
            rows += Count(_orders.Find(x => x.UserId == id));
        }

        return rows;
    }

    public override void UpdateAge(long id, int age)
    {
        UserRow row = UserRow.Create(id);
        row.Age = age;
        _users.Update(row);
    }

    public override void DeleteUser(long id) => _users.Delete(id);

    public override int ReadPayload(long id) => _payloads.FindById(id)?.Data.Length ?? -1;

    public override void Dispose()
    {
    }

    private static int Count<T>(IEnumerable<T> rows)
    {
        int count = 0;
        foreach (T _ in rows)
        {
            count++;
        }

        return count;
    }
}
